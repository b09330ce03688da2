// The pictures of `remoteImage` columns, against a real HTTP server on this machine: a
// phone-sized JPEG is downloaded once and becomes a File node linked from its row; a dead, slow,
// non-image or oversized answer becomes a warning naming the table, the row and the URL, and never
// fails the sourcing; a second build with the same cache asks the server for nothing it already has.
// Only URLs under the site's sources are asked for at all, and a redirect to another host (a second
// server here) is never followed.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { Driver } from '../src/drivers';
import { ERROR_CODES, ERROR_MAP } from '../src/errors';
import { pictureSourceRule } from '../src/picture-sources';
import { MAX_REDIRECTS, downloadPicture, fetchPictures, pictureFormat, type PictureLimits } from '../src/pictures';
import { PLUGIN_NAME, sourceContent } from '../src/source-nodes';
import { fakeCache, fakeGatsby, removeFakeCacheFolders } from '../testing';
import { AUTHORS } from './fixtures/model';

// The pictures' cache folders the sourcing made.
afterAll(removeFakeCacheFolders);

/**
 * A phone-sized photo: 3000×2000 pixels of noise, which JPEG compresses about as badly as a
 * camera's grain (some 4.9 MB at quality 90). Made here, so the package carries no large binary;
 * the noise is SHAKE256's output, the same every run and made in native code.
 */
async function phonePhoto(): Promise<Buffer> {
  const [width, height] = [3000, 2000];
  const pixels = createHash('shake256', { outputLength: width * height * 3 })
    .update('phone photo')
    .digest();
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

// Downloads get a timeout a busy test machine cannot run out of; the timeout cases get a short one.
const LIMITS: PictureLimits = { timeoutMs: 10_000, maxBytes: 8 * 1024 * 1024, concurrency: 4 };
const SMALL_CAP: PictureLimits = { ...LIMITS, maxBytes: 1024 * 1024 };
const SHORT_TIMEOUT: PictureLimits = { ...LIMITS, timeoutMs: 1000 };

let photo: Buffer;
let server: Server;
let base: string;
/** Requests per path since the last reset. */
const hits = new Map<string, number>();
const hitsOf = (path: string) => hits.get(path) ?? 0;
/** Another host: what a redirect out of the picture's origin would reach. */
let elsewhere: Server;
let elsewhereBase: string;
let elsewhereHits = 0;
/** The rule of a site whose pictures all come from the test server. */
const onTheServer = (url: string) => pictureSourceRule([`${base}/`])(url);

beforeAll(async () => {
  photo = await phonePhoto();
  server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    hits.set(pathname, hitsOf(pathname) + 1);
    const jpeg = { 'Content-Type': 'image/jpeg', 'Content-Length': String(photo.length) };
    switch (pathname) {
      case '/photo.jpg':
      case '/same-photo-elsewhere.jpg':
      case '/huge.jpg':
        res.writeHead(200, jpeg).end(photo);
        return;
      case '/huge-streamed.jpg':
        // No Content-Length: the size is only known while reading.
        res.writeHead(200, { 'Content-Type': 'image/jpeg' });
        res.end(photo);
        return;
      case '/moved.jpg':
        res.writeHead(302, { Location: '/photo.jpg' }).end();
        return;
      case '/to-elsewhere.jpg':
        res.writeHead(302, { Location: `${elsewhereBase}/photo.jpg` }).end();
        return;
      case '/to-metadata.jpg':
        // The address a cloud build machine's credentials are read from.
        res.writeHead(307, { Location: 'http://169.254.169.254/latest/meta-data/' }).end();
        return;
      case '/to-localhost.jpg':
        // The same server under another name is another origin.
        res.writeHead(301, { Location: `http://localhost:${(server.address() as AddressInfo).port}/photo.jpg` }).end();
        return;
      case '/loop.jpg':
        res.writeHead(302, { Location: '/loop.jpg' }).end();
        return;
      case '/slow.jpg':
        {
          // Answers long after the client's timeout, unless the client has gone by then.
          const late = setTimeout(() => res.writeHead(200, jpeg).end(photo), 8000);
          res.on('close', () => clearTimeout(late));
        }
        return;
      case '/slow-body.jpg':
        // Headers at once, then a first part of the body and nothing more.
        res.writeHead(200, jpeg);
        res.write(photo.subarray(0, 64 * 1024));
        return;
      case '/page.html':
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end('<html><body>Not found</body></html>');
        return;
      case '/mislabelled.jpg':
        res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end('<html><body>Sign in to see this file</body></html>');
        return;
      default:
        res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"not_found"}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  elsewhere = createServer((_req, res) => {
    elsewhereHits += 1;
    res.writeHead(200, { 'Content-Type': 'image/jpeg', 'Content-Length': String(photo.length) }).end(photo);
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  elsewhereBase = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
});

beforeEach(() => {
  hits.clear();
  elsewhereHits = 0;
});

afterAll(async () => {
  for (const each of [server, elsewhere]) {
    each.closeAllConnections();
    await new Promise((resolve) => each.close(resolve));
  }
});

describe('downloadPicture', () => {
  it('downloads a 3000×2000 phone photo of several MB, following a redirect within its host', async () => {
    expect(photo.length).toBeGreaterThan(3 * 1024 * 1024);
    for (const path of ['/photo.jpg', '/moved.jpg']) {
      const download = await downloadPicture(`${base}${path}`, LIMITS);
      expect(download.ok && { ext: download.ext, same: download.bytes.equals(photo) }).toEqual({ ext: 'jpg', same: true });
    }
  });

  it('follows no redirect to another host: the other host is never asked', async () => {
    const port = (server.address() as AddressInfo).port;
    expect(await downloadPicture(`${base}/to-elsewhere.jpg`, LIMITS)).toEqual({
      ok: false,
      reason: `HTTP 302 to another host, ${elsewhereBase}, not followed`,
    });
    expect(await downloadPicture(`${base}/to-metadata.jpg`, LIMITS)).toEqual({
      ok: false,
      reason: 'HTTP 307 to another host, http://169.254.169.254, not followed',
    });
    expect(await downloadPicture(`${base}/to-localhost.jpg`, LIMITS)).toEqual({
      ok: false,
      reason: `HTTP 301 to another host, http://localhost:${port}, not followed`,
    });
    expect(elsewhereHits).toBe(0);
    expect(hitsOf('/photo.jpg')).toBe(0);
  });

  it(`stops after ${MAX_REDIRECTS} redirects within the host`, async () => {
    expect(await downloadPicture(`${base}/loop.jpg`, LIMITS)).toEqual({ ok: false, reason: `more than ${MAX_REDIRECTS} redirects` });
    expect(hitsOf('/loop.jpg')).toBe(MAX_REDIRECTS + 1);
  });

  it.each([
    ['a dead URL', '/missing.jpg', LIMITS, 'HTTP 404'],
    ['an answer that takes longer than the timeout', '/slow.jpg', SHORT_TIMEOUT, 'no complete answer within 1 s'],
    ['a body that stops arriving', '/slow-body.jpg', SHORT_TIMEOUT, 'no complete answer within 1 s'],
    ['a web page', '/page.html', LIMITS, 'the answer is text/html; charset=utf-8, not an image'],
    ['a page sent as image/jpeg', '/mislabelled.jpg', LIMITS, 'image/jpeg that is not a JPEG, PNG, WebP, AVIF or TIFF picture'],
    ['a body declared over the size cap', '/huge.jpg', SMALL_CAP, 'MB, over the 1.0 MB limit'],
    ['a body that grows over the size cap', '/huge-streamed.jpg', SMALL_CAP, 'more than the 1.0 MB limit'],
  ])('refuses %s and says why', async (_name, path, limits, reason) => {
    const started = Date.now();
    // The declared size is the photo's own, e.g. "3.4 MB, over the 1.0 MB limit".
    const expected = reason.startsWith('MB') ? `${(photo.length / 1024 / 1024).toFixed(1)} ${reason}` : reason;
    expect(await downloadPicture(`${base}${path}`, limits)).toEqual({ ok: false, reason: expected });
    // The timeout covers the whole answer: nothing waits for the slow server's 8 s.
    expect(Date.now() - started).toBeLessThan(6000);
  });

  it('names the network failure of an unreachable host', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const download = await downloadPicture(`http://127.0.0.1:${port}/photo.jpg`, LIMITS);
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Jest's asymmetric matchers are typed any
    expect(download).toEqual({ ok: false, reason: expect.stringContaining('ECONNREFUSED') });
  });
});

describe('pictureFormat', () => {
  it('knows the formats the image pipeline processes by their first bytes, and nothing else', async () => {
    const pixel = sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a7' } });
    expect(pictureFormat(await pixel.clone().jpeg().toBuffer())).toBe('jpg');
    expect(pictureFormat(await pixel.clone().png().toBuffer())).toBe('png');
    expect(pictureFormat(await pixel.clone().webp().toBuffer())).toBe('webp');
    expect(pictureFormat(await pixel.clone().avif().toBuffer())).toBe('avif');
    expect(pictureFormat(await pixel.clone().tiff().toBuffer())).toBe('tiff');
    expect(pictureFormat(await pixel.clone().gif().toBuffer())).toBeNull();
    expect(pictureFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });
});

describe('fetchPictures', () => {
  const use = (path: string, row: string) => ({ url: `${base}${path}`, where: `authors row ${row}, "portrait"` });

  it('asks the server only for what the cache lacks on the next build, and keeps only what is used', async () => {
    const cache = fakeCache();
    const warnings: string[] = [];
    const uses = [use('/photo.jpg', '1'), use('/photo.jpg', '2'), use('/missing.jpg', '3')];

    const first = await fetchPictures(uses, cache, LIMITS, (w) => warnings.push(w), onTheServer);
    expect({ downloaded: first.downloaded, fromCache: first.fromCache, failed: first.failed }).toEqual({
      downloaded: 1,
      fromCache: 0,
      failed: 1,
    });
    expect(hitsOf('/photo.jpg')).toBe(1);
    expect((await readFile(first.files.get(`${base}/photo.jpg`) as string)).equals(photo)).toBe(true);
    expect(warnings).toEqual([
      `authors row 3, "portrait": picture ${base}/missing.jpg not used (HTTP 404); the row is published without it`,
    ]);

    // The next build, content changed elsewhere: the photo comes from the cache without a request.
    // A picture that failed is asked again: it may have been uploaded since.
    hits.clear();
    const second = await fetchPictures(uses, cache, LIMITS, () => undefined, onTheServer);
    expect({ downloaded: second.downloaded, fromCache: second.fromCache, failed: second.failed }).toEqual({
      downloaded: 0,
      fromCache: 1,
      failed: 1,
    });
    expect(hitsOf('/photo.jpg')).toBe(0);
    expect(hitsOf('/missing.jpg')).toBe(1);
    expect(second.files.get(`${base}/photo.jpg`)).toBe(first.files.get(`${base}/photo.jpg`));

    // The same picture under another URL is the same file (already processed by the image pipeline).
    const moved = await fetchPictures([use('/same-photo-elsewhere.jpg', '1')], cache, LIMITS, () => undefined, onTheServer);
    expect(moved.files.get(`${base}/same-photo-elsewhere.jpg`)).toBe(first.files.get(`${base}/photo.jpg`));

    // A build whose rows no longer name the photo leaves nothing of it in the cache.
    const none = await fetchPictures([], cache, LIMITS, () => undefined, onTheServer);
    expect(none.files.size).toBe(0);
    hits.clear();
    await fetchPictures([use('/photo.jpg', '1')], cache, LIMITS, () => undefined, onTheServer);
    expect(hitsOf('/photo.jpg')).toBe(1);
  });

  it('neither asks for nor takes from the cache a picture the rule refuses', async () => {
    const cache = fakeCache();
    await fetchPictures([use('/photo.jpg', '1')], cache, LIMITS, () => undefined, onTheServer);
    hits.clear();
    // The host has left the site\'s list since the last build.
    const warnings: string[] = [];
    const refused = await fetchPictures([use('/photo.jpg', '1')], cache, LIMITS, (w) => warnings.push(w), pictureSourceRule([]));
    expect({ files: refused.files.size, fromCache: refused.fromCache, failed: refused.failed }).toEqual({
      files: 0,
      fromCache: 0,
      failed: 1,
    });
    expect(hitsOf('/photo.jpg')).toBe(0);
    expect(warnings).toEqual([
      `authors row 1, "portrait": picture ${base}/photo.jpg not used (not from a place the site takes pictures from); the row is published without it`,
    ]);
  });

  it('never keeps more downloads running than the limit', async () => {
    let running = 0;
    let most = 0;
    const counting = createServer((req, res) => {
      running += 1;
      most = Math.max(most, running);
      setTimeout(() => {
        running -= 1;
        res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(photo.subarray(0, 1024));
      }, 50);
    });
    await new Promise<void>((resolve) => counting.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(counting.address() as AddressInfo).port}`;
    const uses = Array.from({ length: 8 }, (_, i) => ({ url: `${origin}/${i}.jpg`, where: `row ${i}` }));
    await fetchPictures(
      uses,
      fakeCache(),
      { ...LIMITS, concurrency: 2 },
      () => undefined,
      (url) => pictureSourceRule([`${origin}/`])(url),
    );
    counting.closeAllConnections();
    await new Promise((resolve) => counting.close(resolve));
    expect(most).toBe(2);
  });
});

describe('sourcing a table with a remoteImage column', () => {
  const port = () => (server.address() as AddressInfo).port;
  const rows = () => [
    { id: 1, name: 'Photo', portrait: `${base}/photo.jpg`, is_active: true, order_index: 1 },
    { id: 2, name: 'Dead', portrait: `${base}/missing.jpg`, is_active: true, order_index: 2 },
    { id: 3, name: 'Site path', portrait: '/images/authors/budi.svg', is_active: true, order_index: 3 },
    { id: 4, name: 'None', portrait: null, is_active: true, order_index: 4 },
    { id: 5, name: 'Moved away', portrait: `${base}/to-elsewhere.jpg`, is_active: true, order_index: 5 },
    { id: 6, name: 'Metadata', portrait: 'http://169.254.169.254/latest/meta-data/', is_active: true, order_index: 6 },
    // The allowed host as a user name: the request would go to another host.
    { id: 7, name: 'User', portrait: `http://127.0.0.1:${port()}@169.254.169.254/photo.jpg`, is_active: true, order_index: 7 },
    // The allowed host as the request's host, behind a user name another parser could take for the host.
    { id: 8, name: 'Other user', portrait: `http://evil.example@127.0.0.1:${port()}/photo.jpg`, is_active: true, order_index: 8 },
    { id: 9, name: 'Backslash', portrait: `${base}\\@169.254.169.254/photo.jpg`, is_active: true, order_index: 9 },
  ];
  const driver = (sources: unknown = null): Driver => ({
    label: 'test rows',
    read: async () => rows(),
    // The options below name no revision function.
    revision: () => Promise.reject(new Error('no revision was asked for')),
    pictureSources: async () => sources,
    close: async () => undefined,
  });
  // Remote settings, so the plugin does not warn about the embedded default; the rows come from `driver`.
  const options = (sources?: object) => ({
    tables: [AUTHORS],
    url: 'https://abcd.supabase.co',
    anonKey: 'key',
    remoteImages: { timeoutMs: 10_000, sources: sources ?? { prefixes: [`${base}/`] } },
  });
  const notUsed = (row: number, url: string, reason: string) =>
    `${PLUGIN_NAME}: authors row ${row}, "portrait": picture ${url} not used (${reason}); the row is published without it`;
  const refusedRows = () => [
    notUsed(5, `${base}/to-elsewhere.jpg`, `HTTP 302 to another host, ${elsewhereBase}, not followed`),
    notUsed(6, 'http://169.254.169.254/latest/meta-data/', 'not from a place the site takes pictures from'),
    notUsed(7, `http://127.0.0.1:${port()}@169.254.169.254/photo.jpg`, 'its address names a user'),
    notUsed(8, `http://evil.example@127.0.0.1:${port()}/photo.jpg`, 'its address names a user'),
    notUsed(9, `${base}\\@169.254.169.254/photo.jpg`, 'its address holds a blank, a backslash or a character outside plain ASCII'),
  ];

  it('links the downloaded picture as a File node of gatsby-source-filesystem and publishes every row', async () => {
    const gatsby = fakeGatsby();
    await sourceContent(gatsby.args, options(), async () => driver());

    expect(gatsby.errors).toEqual([]);
    const [file, ...others] = gatsby.ofType('File');
    expect(others).toEqual([]);
    expect(file).toMatchObject({ url: `${base}/photo.jpg`, extension: 'jpg', internal: { owner: 'gatsby-source-filesystem' } });
    expect((await readFile(String(file?.absolutePath))).equals(photo)).toBe(true);
    expect(gatsby.ofType('Author').map(({ name, portrait_file }) => ({ name, portrait_file }))).toEqual([
      { name: 'Photo', portrait_file: file?.id },
      ...['Dead', 'Site path', 'None', 'Moved away', 'Metadata', 'User', 'Other user', 'Backslash'].map((name) => ({
        name,
        portrait_file: null,
      })),
    ]);
    expect(gatsby.warnings).toEqual([notUsed(2, `${base}/missing.jpg`, 'HTTP 404'), ...refusedRows()]);
    expect(gatsby.infos).toContain(`${PLUGIN_NAME}: pictures: 1 downloaded, 0 from the cache, 6 not used`);
    // The redirect was asked for and not followed; nothing else reached a server.
    expect([...hits.keys()].sort()).toEqual(['/missing.jpg', '/photo.jpg', '/to-elsewhere.jpg']);
    expect(elsewhereHits).toBe(0);
  });

  it('makes the same File node from the cache on the next build, without a request', async () => {
    const cache = fakeCache();
    const first = fakeGatsby({ cache });
    await sourceContent(first.args, options(), async () => driver());
    hits.clear();
    const second = fakeGatsby({ cache });
    await sourceContent(second.args, options(), async () => driver());

    expect(hitsOf('/photo.jpg')).toBe(0);
    expect(second.ofType('File').map((node) => node.id)).toEqual(first.ofType('File').map((node) => node.id));
    expect(second.ofType('Author')[0]?.portrait_file).toBe(first.ofType('Author')[0]?.portrait_file);
    expect(second.infos).toContain(`${PLUGIN_NAME}: pictures: 0 downloaded, 1 from the cache, 6 not used`);
  });

  it("takes the prefixes a database function answers, and without the option only the project's public Storage", async () => {
    const fromFunction = fakeGatsby();
    await sourceContent(fromFunction.args, options({ function: 'picture_sources' }), async () => driver([`${base}/`]));
    expect(fromFunction.errors).toEqual([]);
    expect(fromFunction.ofType('File').map((node) => node.url)).toEqual([`${base}/photo.jpg`]);

    hits.clear();
    const byDefault = fakeGatsby();
    await sourceContent(byDefault.args, { ...options(), remoteImages: { timeoutMs: 10_000 } }, async () => driver());
    expect(byDefault.ofType('File')).toEqual([]);
    expect(byDefault.warnings[0]).toBe(notUsed(1, `${base}/photo.jpg`, 'not from a place the site takes pictures from'));
    expect(hits.size).toBe(0);
  });

  it('fails the build when the function answers no list of prefixes, publishing nothing', async () => {
    const gatsby = fakeGatsby();
    gatsby.reporter.setErrorMap(ERROR_MAP);
    await sourceContent(gatsby.args, options({ function: 'picture_sources' }), async () => driver(['https://images.example.com']));
    expect(gatsby.errors).toEqual([
      {
        id: ERROR_CODES.BadPictureSources,
        text: 'test rows did not return the picture sources (rpc/picture_sources): expected an array of http(s) URLs ending in "/", got ["https://images.example.com"]',
      },
    ]);
    expect(gatsby.ofType('Author')).toEqual([]);
    expect(hits.size).toBe(0);
  });
});
