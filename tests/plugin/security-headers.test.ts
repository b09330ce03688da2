import { createHash } from 'node:crypto';
import {
  contentSecurityPolicy,
  headersFile,
  inlineScriptHashes,
  originOf,
} from '../../plugins/gatsby-plugin-security-headers/src/headers';
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
  });
  const directive = (name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `));

  it('allows scripts from the site, the hashed inline scripts and the analytics origin only', () => {
    expect(directive('script-src')).toBe("script-src 'self' 'sha256-abc=' https://cdn.example.net");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('lets the page talk to its backend and to nothing else', () => {
    expect(directive('connect-src')).toBe("connect-src 'self' https://abcd.supabase.co");
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
  const tail = '<script id="gatsby-chunk-mapping">x</script><script src="/webpack-runtime-1.js" async></script><script src="/framework-2.js" async></script><script src="/app-3.js" async></script></body>';

  it('replaces the async bundle tags with one loader that starts the same files in order', () => {
    const out = deferScripts(`<body><p>content</p>${tail}`);
    expect(out).not.toMatch(/<script src=/);
    expect(out).toContain('<script id="gatsby-chunk-mapping">x</script>');
    expect(out).toContain(`<script>${loaderSource(['/webpack-runtime-1.js', '/framework-2.js', '/app-3.js'])}</script></body>`);
    expect(out.match(/<script>/g)).toHaveLength(1);
  });

  it('starts the bundles only after the first frame has been painted', () => {
    const appended: string[] = [];
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    const document = { createElement: () => ({}) as { src?: string }, body: { appendChild: (e: { src: string }) => appended.push(e.src) } };
    new Function('document', 'requestAnimationFrame', 'setTimeout', loaderSource(['/a.js', '/b.js']))(
      document,
      (fn: () => void) => frames.push(fn),
      (fn: () => void) => timers.push(fn),
    );
    expect(appended).toEqual([]);
    frames.forEach((fn) => fn());
    expect(appended).toEqual([]);
    timers.forEach((fn) => fn());
    expect(appended).toEqual(['/a.js', '/b.js']);
  });

  it('leaves a page without async bundles as it is', () => {
    expect(deferScripts('<body><script src="/x.js"></script></body>')).toBe('<body><script src="/x.js"></script></body>');
  });
});
