import { createHash } from 'node:crypto';
import { contentSecurityPolicy, headersFile, inlineScriptHashes, originOf } from '../../plugins/gatsby-plugin-security-headers/src/headers';
import { deferScripts, loaderSource } from '../../plugins/gatsby-plugin-security-headers/src/defer-scripts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes the exact text of each inline script, once, and skips external and empty ones', () => {
    const chunkMap = 'window.___chunkMapping="{}";';
    const html = [
      `<script id="gatsby-chunk-mapping">${chunkMap}</script>`,
      '<script src="/app.js" async></script>',
      '<script type="module">\n const a = 1;\n</script>',
      `<script>${chunkMap}</script>`,
      '<script></script>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([sha(chunkMap), sha('\n const a = 1;\n')].sort());
  });
});

describe('originOf', () => {
  it.each([
    ['https://abcd.supabase.co/', 'https://abcd.supabase.co'],
    ['http://127.0.0.1:54321/rest/v1', 'http://127.0.0.1:54321'],
    ['/_vercel/insights/script.js', null],
    ['', null],
    [undefined, null],
    ['javascript:alert(1)', null],
  ])('%s → %s', (url, origin) => expect(originOf(url)).toBe(origin));
});

describe('contentSecurityPolicy', () => {
  const policy = contentSecurityPolicy(["'sha256-abc='"], {
    connectOrigins: ['https://abcd.supabase.co'],
    scriptOrigins: ['https://cdn.example.net'],
    imageOrigins: ['https://abcd.supabase.co'],
  });
  const directive = (name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `));

  it('allows scripts from the site, the hashed inline scripts and the analytics origin only', () => {
    expect(directive('script-src')).toBe("script-src 'self' 'sha256-abc=' https://cdn.example.net");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('lets the page talk to its backend and to nothing else', () => {
    expect(directive('connect-src')).toBe("connect-src 'self' https://abcd.supabase.co");
  });

  it('shows pictures from the site, data: placeholders and the Supabase project only, never any https: origin', () => {
    expect(directive('img-src')).toBe("img-src 'self' data: https://abcd.supabase.co");
  });

  it('shows pictures from the site and data: only on a build without a backend', () => {
    const bare = contentSecurityPolicy([], { connectOrigins: [], scriptOrigins: [], imageOrigins: [] });
    expect(bare.split('; ')).toContain("img-src 'self' data:");
  });

  it('forbids framing, plugins and foreign form targets', () => {
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(directive('form-action')).toBe("form-action 'self'");
  });
});

describe('headersFile', () => {
  it('puts the policy on every path and long caching on hashed assets only', () => {
    const file = headersFile("default-src 'self'");
    expect(file).toMatch(/^\/\*\n {2}Content-Security-Policy: default-src 'self'\n/);
    expect(file).toContain('/static/*\n  Cache-Control: public, max-age=31536000, immutable');
    expect(file).toContain('/page-data/*\n  Cache-Control: public, max-age=0, must-revalidate');
  });
});

describe('deferScripts', () => {
  const tail =
    '<script id="gatsby-chunk-mapping">x</script><script src="/webpack-runtime-1.js" async></script><script src="/framework-2.js" async></script><script src="/app-3.js" async></script></body>';

  it('replaces the async bundle tags with one loader that starts the same files in order', () => {
    const out = deferScripts(`<body><p>content</p>${tail}`);
    expect(out).not.toMatch(/<script src=/);
    expect(out).toContain('<script id="gatsby-chunk-mapping">x</script>');
    expect(out).toContain(`<script>${loaderSource(['/webpack-runtime-1.js', '/framework-2.js', '/app-3.js'])}</script></body>`);
    expect(out.match(/<script>/g)).toHaveLength(1);
  });

  /** Runs the loader against stand-ins for the browser; returns what it appended so far and the hooks. */
  function runLoader(window: Record<string, unknown>) {
    const appended: string[] = [];
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    const document = { createElement: () => ({}) as { src?: string }, body: { appendChild: (e: { src: string }) => appended.push(e.src) } };
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the test runs the loader's own source text, as the page's inline script runs it
    const loader = new Function('window', 'document', 'requestAnimationFrame', 'setTimeout', loaderSource(['/a.js', '/b.js']));
    (loader as (...browser: unknown[]) => void)(
      window,
      document,
      (fn: () => void) => frames.push(fn),
      (fn: () => void) => timers.push(fn),
    );
    return { appended, frames, timers };
  }

  /** A PerformanceObserver stand-in that supports "paint" and lets the test deliver entries. */
  function paintObserver() {
    const observers: { callback: (list: unknown, observer: unknown) => void; options?: unknown; disconnected: boolean }[] = [];
    class FakeObserver {
      static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
      private readonly record: (typeof observers)[number];
      constructor(callback: (list: unknown, observer: unknown) => void) {
        this.record = { callback, disconnected: false };
        observers.push(this.record);
      }
      observe(options: unknown) {
        this.record.options = options;
      }
      disconnect() {
        this.record.disconnected = true;
      }
    }
    const deliver = (...names: string[]) => {
      for (const record of observers.filter((o) => !o.disconnected)) {
        const observer = { disconnect: () => (record.disconnected = true) };
        record.callback({ getEntriesByName: (name: string) => names.filter((n) => n === name).map((n) => ({ name: n })) }, observer);
      }
    };
    return { PerformanceObserver: FakeObserver, observers, deliver };
  }

  it('starts the bundles once the first contentful paint is reported, not before', () => {
    const paint = paintObserver();
    const { appended, frames, timers } = runLoader({ PerformanceObserver: paint.PerformanceObserver });
    expect(paint.observers).toHaveLength(1);
    // Buffered: a paint that happened before the loader ran still counts.
    expect(paint.observers[0]?.options).toEqual({ type: 'paint', buffered: true });
    expect(frames).toEqual([]);
    // "first-paint" can come before anything contentful is on screen: not yet.
    paint.deliver('first-paint');
    timers.forEach((fn) => fn());
    expect(appended).toEqual([]);
    paint.deliver('first-contentful-paint');
    expect(paint.observers[0]?.disconnected).toBe(true);
    expect(appended).toEqual([]);
    timers.forEach((fn) => fn());
    expect(appended).toEqual(['/a.js', '/b.js']);
    // A second report (or timer) never starts the bundles twice.
    timers.forEach((fn) => fn());
    expect(appended).toEqual(['/a.js', '/b.js']);
  });

  it('falls back to after the first frame where paint timing is not reported', () => {
    for (const window of [{}, { PerformanceObserver: class {} }, { PerformanceObserver: { supportedEntryTypes: ['resource'] } }]) {
      const { appended, frames, timers } = runLoader(window);
      expect(appended).toEqual([]);
      frames.forEach((fn) => fn());
      expect(appended).toEqual([]);
      timers.forEach((fn) => fn());
      expect(appended).toEqual(['/a.js', '/b.js']);
    }
  });

  it('leaves a page without async bundles as it is', () => {
    expect(deferScripts('<body><script src="/x.js"></script></body>')).toBe('<body><script src="/x.js"></script></body>');
  });
});
