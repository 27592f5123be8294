import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.ts';

/** The inline loader of login.html's entry (decision 056), as the build writes it. */
const LOADER =
  "document.head.append(Object.assign(document.createElement('script'), { src: '/assets/index-abc.js' }))";

/** A built web app in miniature: a page, a hashed chunk with its compressed copies, the preload list. */
function fakeDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'toolkit-web-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>App</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    path.join(dir, 'login.html'),
    `<!doctype html><html><head><title>App</title></head><body><div id="root"><main>Sign in</main></div><script>${LOADER}</script></body></html>`,
  );
  writeFileSync(
    path.join(dir, 'vehicles.html'),
    '<!doctype html><html><head><title>App</title></head><body><div id="root"><div inert=""><h1>Vehicles</h1></div></div></body></html>',
  );
  const chunk = `export const screen = ${JSON.stringify('x'.repeat(4000))};\n`;
  writeFileSync(path.join(dir, 'assets/login-abc123.js'), chunk);
  writeFileSync(path.join(dir, 'assets/login-abc123.js.br'), brotliCompressSync(chunk));
  writeFileSync(path.join(dir, 'assets/login-abc123.js.gz'), gzipSync(chunk));
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  const routes = [
    { path: '/login', html: 'login.html', preload: ['/assets/login-abc123.js'] },
    { path: '/vehicles', html: 'vehicles.html', preload: [] },
    { path: '/devices/:deviceId', preload: ['/assets/device-def456.js'] },
    { path: '*', preload: [] },
  ];
  writeFileSync(path.join(dir, '.vite/route-preloads.json'), JSON.stringify({ routes }));
  return dir;
}

describe('web app serving', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ WEB_DIST_DIR: fakeDist() });
  });
  afterAll(() => ctx.close());
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });

  it('sends the build’s brotli copy of a hashed asset, cached for a year', async () => {
    const res = await get('/assets/login-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.rawPayload.length).toBeLessThan(200);
  });

  it("lets a page's own inline loader run, by its hash, and no other inline script", async () => {
    const res = await get('/login');
    expect(res.body).toContain(`<script>${LOADER}</script>`);
    const hash = createHash('sha256').update(LOADER).digest('base64');
    const scriptSrc = String(res.headers['content-security-policy'])
      .split('; ')
      .find((d) => d.startsWith('script-src'));
    expect(scriptSrc).toBe(`script-src 'self' 'wasm-unsafe-eval' 'sha256-${hash}'`);
    // The same policy on every response (the page as a file, the API); scripts never 'unsafe-inline'.
    const api = await get('/api/health');
    expect(api.headers['content-security-policy']).toBe(res.headers['content-security-policy']);
  });

  it('falls back to gzip, and to the plain file', async () => {
    const gz = await get('/assets/login-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/login-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('export const screen');
  });

  it('revalidates the service worker and the plain page (its offline fallback) every time', async () => {
    for (const url of ['/sw.js', '/index.html']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers a screen’s URL with its page (prerendered if built so) and modulepreload links for its chunks', async () => {
    const login = await get('/login?next=1');
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('<div id="root"><main>Sign in</main></div>');
    expect(login.headers['content-type']).toMatch(/text\/html/);
    expect(login.headers['cache-control']).toBe('no-cache');
    expect(login.body).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/login-abc123.js"></head>',
    );
    const device = await get('/devices/ESN%2042');
    expect(device.body).toContain('href="/assets/device-def456.js"');
    expect(device.body).not.toContain('login-abc123');
    expect(device.body).not.toContain('Sign in');
    for (const url of ['/', '/no/such/screen']) {
      const other = await get(url);
      expect(other.statusCode).toBe(200);
      expect(other.body).toContain('<div id="root">');
      expect(other.body).not.toContain('modulepreload');
    }
  });

  it('answers a signed-in screen’s URL with its app shell, and only that URL (decision 030)', async () => {
    for (const url of ['/vehicles', '/vehicles/', '/vehicles?filter=online']) {
      const shell = await get(url);
      expect(shell.statusCode).toBe(200);
      expect(shell.headers['cache-control']).toBe('no-cache');
      expect(shell.body).toContain('<div id="root"><div inert=""><h1>Vehicles</h1></div></div>');
    }
    for (const url of ['/vehicles/12/installation', '/devices/ESN%2042', '/']) {
      const other = await get(url);
      expect(other.body, url).not.toContain('<h1>Vehicles</h1>');
    }
  });

  it('answers a repeated page request with 304 when unchanged', async () => {
    const first = await get('/login');
    const etag = first.headers.etag;
    expect(typeof etag).toBe('string');
    const again = await get('/login', { 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
  });

  it('sends a page compressed as the browser accepts it, each encoding with its own ETag (decision 062)', async () => {
    const plain = await get('/vehicles');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    const br = await get('/vehicles', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/text\/html/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get('/vehicles', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const etags = [plain, br, gz].map((r) => String(r.headers.etag));
    expect(new Set(etags).size).toBe(3);
    // A copy kept in one encoding is confirmed in that encoding only.
    const again = await get('/vehicles', {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    const other = await get('/vehicles', {
      'accept-encoding': 'gzip',
      'if-none-match': String(br.headers.etag),
    });
    expect(other.statusCode).toBe(200);
    expect(gunzipSync(other.rawPayload).toString()).toBe(plain.body);
  });

  it('keeps API paths out of the app’s fallback', async () => {
    const res = await get('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
