import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onPostBuild } from '../gatsby-node';
import {
  contentSecurityPolicy,
  headerOnlyPolicy,
  headersFile,
  hostHeaderRules,
  inlineScriptHashes,
  insertPolicyMeta,
  metaPolicy,
  originOf,
  servedPath,
} from '../src/headers';
import { deferScripts, loaderSource } from '../src/defer-scripts';

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

describe('servedPath', () => {
  it.each([
    ['index.html', '/'],
    ['edit/index.html', '/edit/'],
    ['id/edit/index.html', '/id/edit/'],
    ['404.html', '/404.html'],
    ['page/other.html', '/page/other.html'],
  ])('%s is served at %s', (file, served) => expect(servedPath(file)).toBe(served));
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

  it("has no frame-src of its own (frames fall back to default-src 'self') unless a widget needs one", () => {
    expect(directive('frame-src')).toBeUndefined();
    const withWidget = contentSecurityPolicy([], {
      connectOrigins: [],
      scriptOrigins: [],
      frameOrigins: ['https://challenges.example.com'],
    });
    expect(withWidget.split('; ')).toContain("frame-src 'self' https://challenges.example.com");
  });

  it('forbids framing, plugins and foreign form targets', () => {
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(directive('form-action')).toBe("form-action 'self'");
  });
});

describe('metaPolicy and headerOnlyPolicy', () => {
  const policy = "default-src 'self'; script-src 'self' 'sha256-abc='; frame-ancestors 'none'; report-uri /csp; sandbox";

  it('split a policy into what a meta element can carry and what only a header can', () => {
    expect(metaPolicy(policy)).toBe("default-src 'self'; script-src 'self' 'sha256-abc='");
    expect(headerOnlyPolicy(policy)).toBe("frame-ancestors 'none'; report-uri /csp; sandbox");
  });

  it("leave the site's own policy with framing refused by header only", () => {
    const site = contentSecurityPolicy(["'sha256-abc='"], { connectOrigins: [], scriptOrigins: [] });
    expect(headerOnlyPolicy(site)).toBe("frame-ancestors 'none'");
    expect(metaPolicy(site)).toMatch(/^default-src 'self'; script-src 'self' 'sha256-abc='; /);
    expect(metaPolicy(site)).not.toMatch(/frame-ancestors/);
  });
});

describe('insertPolicyMeta', () => {
  const policy = contentSecurityPolicy(["'sha256-abc='"], { connectOrigins: ['https://abcd.supabase.co'], scriptOrigins: [] });
  const page =
    '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><meta name="viewport" content="x"/><style>a{}</style><link rel="preload" href="/f.woff2"/><script>a()</script></head><body><script src="/app.js"></script></body></html>';
  const metaOf = (html: string) => [...html.matchAll(/<meta http-equiv="Content-Security-Policy" content="([^"]*)"\/>/g)];

  it('puts the policy right after the charset declaration, before every script, style and link', () => {
    const html = insertPolicyMeta(page, policy);
    expect(
      html.startsWith('<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><meta http-equiv="Content-Security-Policy" content="'),
    ).toBe(true);
    const at = html.indexOf('http-equiv="Content-Security-Policy"');
    for (const tag of ['<script', '<style', '<link']) expect(html.indexOf(tag)).toBeGreaterThan(at);
    expect(metaOf(html).map((m) => m[1])).toEqual([metaPolicy(policy)]);
    // The rest of the page is untouched.
    expect(html.replace(metaOf(html)[0]?.[0] ?? '', '')).toBe(page);
  });

  it('keeps the charset declaration within the first 1024 bytes, as the HTML standard asks', () => {
    const long = contentSecurityPolicy(
      Array.from({ length: 40 }, (_, i) => `'sha256-${String(i).padStart(43, 'x')}='`),
      { connectOrigins: [], scriptOrigins: [] },
    );
    expect(insertPolicyMeta(page, long).indexOf('<meta charSet="utf-8"/>')).toBeLessThan(1024 - 30);
  });

  it('puts it first in <head> where there is no charset declaration', () => {
    expect(insertPolicyMeta('<html><head><title>t</title></head></html>', policy)).toMatch(
      /^<html><head><meta http-equiv="Content-Security-Policy" content="[^"]+"\/><title>/,
    );
  });

  it('replaces the policy of an earlier build rather than adding a second one', () => {
    const once = insertPolicyMeta(page, policy);
    const other = contentSecurityPolicy(["'sha256-new='"], { connectOrigins: [], scriptOrigins: [] });
    const twice = insertPolicyMeta(once, other);
    expect(metaOf(twice).map((m) => m[1])).toEqual([metaPolicy(other)]);
    expect(insertPolicyMeta(once, policy)).toBe(once);
  });

  it('escapes the attribute value', () => {
    const html = insertPolicyMeta(page, `default-src 'self'; connect-src https://a.test/?x="1"&y`);
    expect(metaOf(html)[0]?.[1]).toBe("default-src 'self'; connect-src https://a.test/?x=&quot;1&quot;&amp;y");
  });

  it('refuses a page without a head', () => {
    expect(() => insertPolicyMeta('<p>fragment</p>', policy)).toThrow(/<head>/);
  });
});

describe('hostHeaderRules and headersFile', () => {
  it('send what a meta element cannot carry on every path, and nothing of a particular build', () => {
    const [all] = hostHeaderRules();
    expect(all?.path).toBe('/*');
    expect(Object.fromEntries(all?.headers ?? [])).toEqual({
      'Content-Security-Policy': "frame-ancestors 'none'",
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
      'Cross-Origin-Opener-Policy': 'same-origin',
    });
    expect(headersFile()).not.toMatch(/sha256|script-src/);
  });

  it('cache hashed assets for a year and revalidate pages and page data', () => {
    const file = headersFile();
    expect(file).toMatch(/^\/\*\n {2}Content-Security-Policy: frame-ancestors 'none'\n/);
    for (const hashed of ['/static/*', '/*.js', '/*.css'])
      expect(file).toContain(`${hashed}\n  Cache-Control: public, max-age=31536000, immutable\n`);
    for (const page of ['/', '/*.html', '/page-data/*'])
      expect(file).toContain(`${page}\n  Cache-Control: public, max-age=0, must-revalidate\n`);
  });
});

describe('onPostBuild', () => {
  let site: string;
  const reporter = { info: jest.fn() };
  const run = (options: { scriptSrc?: string[]; frameSrc?: string[]; ownScriptsOnly?: string[] } = {}) =>
    (onPostBuild as (args: unknown, options: unknown) => Promise<void>)(
      { store: { getState: () => ({ program: { directory: site } }) }, reporter },
      // The options as Gatsby hands them over, validated with pluginOptionsSchema's defaults.
      {
        connectSrc: ['https://abcd.supabase.co/'],
        scriptSrc: [],
        imgSrc: ['https://abcd.supabase.co/'],
        frameSrc: [],
        ownScriptsOnly: [],
        deferScripts: true,
        plugins: [],
        ...options,
      },
    );
  const policyOf = async (file: string) =>
    /<meta http-equiv="Content-Security-Policy" content="([^"]*)"\/>/.exec(await readFile(path.join(site, 'public', file), 'utf8'))?.[1] ??
    '';
  // Gatsby's scripts slice: a fragment it stitches into each page.
  const SLICE = '<script src="/app-1.js" async=""></script>';
  const page = (inline: string) =>
    `<!DOCTYPE html><html><head><meta charSet="utf-8"/><script>${inline}</script></head><body><p>x</p><script src="/app-1.js" async=""></script></body></html>`;

  beforeEach(async () => {
    site = await mkdtemp(path.join(tmpdir(), 'csp-site-'));
    await mkdir(path.join(site, 'public', 'about'), { recursive: true });
    await writeFile(path.join(site, 'public', 'index.html'), page('home()'));
    await writeFile(path.join(site, 'public', 'about', 'index.html'), page('about()'));
    await mkdir(path.join(site, 'public', '_gatsby', 'slices'), { recursive: true });
    await writeFile(path.join(site, 'public', '_gatsby', 'slices', '_gatsby-scripts-1.html'), SLICE);
  });
  afterEach(() => rm(site, { recursive: true, force: true }));

  it('gives each page a policy allowing exactly its own inline scripts, the loader included, and writes _headers', async () => {
    await run();
    for (const [file, inline] of [
      ['index.html', 'home()'],
      [path.join('about', 'index.html'), 'about()'],
    ] as const) {
      const html = await readFile(path.join(site, 'public', file), 'utf8');
      const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"\/>/.exec(html)?.[1] ?? '';
      const allowed = policy.match(/'sha256-[^']+'/g) ?? [];
      expect(allowed.sort()).toEqual(inlineScriptHashes(html));
      expect(allowed).toContain(sha(inline));
      expect(allowed).not.toContain(sha(inline === 'home()' ? 'about()' : 'home()'));
      expect(html).not.toContain('<script src="/app-1.js"');
      expect(policy).toContain("connect-src 'self' https://abcd.supabase.co;");
      expect(policy).toContain("img-src 'self' data: https://abcd.supabase.co;");
    }
    const slice = await readFile(path.join(site, 'public', '_gatsby', 'slices', '_gatsby-scripts-1.html'), 'utf8');
    expect(slice).toBe(deferScripts(SLICE));
    expect(slice).not.toContain('Content-Security-Policy');
    expect(await readFile(path.join(site, 'public', '_headers'), 'utf8')).toBe(headersFile());
    expect(reporter.info).toHaveBeenCalledWith(expect.stringMatching(/meta element in 2 pages \(/));
  });

  it('lets the pages under ownScriptsOnly load scripts and frames from the site alone, and the others what they are given', async () => {
    await mkdir(path.join(site, 'public', 'id', 'edit'), { recursive: true });
    await writeFile(path.join(site, 'public', 'id', 'edit', 'index.html'), page('edit()'));
    await run({
      scriptSrc: ['https://analytics.example.net/script.js', 'https://challenges.example.com/api.js'],
      frameSrc: ['https://challenges.example.com'],
      ownScriptsOnly: ['/id/edit/', '/about/'],
    });
    for (const file of [path.join('id', 'edit', 'index.html'), path.join('about', 'index.html')]) {
      const policy = await policyOf(file);
      expect(policy).toMatch(/script-src 'self' 'sha256-[^']+' 'sha256-[^']+';/);
      expect(policy).not.toContain('example.net');
      expect(policy).not.toContain('example.com');
      expect(policy).not.toContain('frame-src');
      expect(policy).toContain("connect-src 'self' https://abcd.supabase.co;");
    }
    const home = await policyOf('index.html');
    expect(home).toContain(' https://analytics.example.net https://challenges.example.com;');
    expect(home).toContain("frame-src 'self' https://challenges.example.com;");
  });

  it('leaves the pages as they are when it runs again on them (an incremental build)', async () => {
    await run();
    const first = await readFile(path.join(site, 'public', 'index.html'), 'utf8');
    await run();
    expect(await readFile(path.join(site, 'public', 'index.html'), 'utf8')).toBe(first);
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
