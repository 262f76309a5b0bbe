import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { as, createTestApp, demo, login, type TestApp } from './helpers';

let t: TestApp;
let behindProxy: FastifyInstance;
let webRoot: string;
const SCRIPT = `export const greeting = ${JSON.stringify('Olá, salão! '.repeat(400))};\n`;

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-web-'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Painel</title>');
  fs.writeFileSync(path.join(webRoot, 'mesa.html'), '<!doctype html><title>Cardápio</title>');
  fs.writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // What makes the app installable and open with no network (scripts/serviceWorker.ts).
  fs.writeFileSync(path.join(webRoot, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  fs.writeFileSync(path.join(webRoot, 'manifest.webmanifest'), '{"name":"Painel"}');
  fs.mkdirSync(path.join(webRoot, 'icons'));
  fs.writeFileSync(path.join(webRoot, 'icons', 'painel-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  // A built script with the twins the build writes (scripts/precompress.ts).
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'assets', 'app-1a2b3c.js'), SCRIPT);
  fs.writeFileSync(
    path.join(webRoot, 'assets', 'app-1a2b3c.js.br'),
    zlib.brotliCompressSync(SCRIPT, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  fs.writeFileSync(path.join(webRoot, 'assets', 'app-1a2b3c.js.gz'), zlib.gzipSync(SCRIPT, { level: 9 }));
  fs.writeFileSync(path.join(webRoot, 'assets', 'plain-4d5e6f.js'), SCRIPT);
  t = await createTestApp({ webRoot });
  // The same database behind a TLS-terminating proxy (TRUST_PROXY=1).
  behindProxy = await buildApp({
    database: t.database,
    jwtSecret: 'z'.repeat(48),
    uploadsDir: t.uploadsDir,
    webRoot,
    trustProxy: 1,
  });
});

afterAll(async () => {
  await behindProxy?.close();
  await t?.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const policyOf = (response: { headers: Record<string, unknown> }) =>
  String(response.headers['content-security-policy']);

describe('content security policy', () => {
  it('loads over plain http on a LAN address: no upgrade to https', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { host: '192.168.0.10:3000' } });
    expect(page.statusCode).toBe(200);
    expect(policyOf(page)).toContain("default-src 'self'");
    expect(policyOf(page)).not.toContain('upgrade-insecure-requests');
    // Without a trusted proxy, a client's X-Forwarded-Proto changes nothing.
    const claimed = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(policyOf(claimed)).not.toContain('upgrade-insecure-requests');
  });

  it('asks for the upgrade when the request came over TLS through a trusted proxy', async () => {
    const page = await behindProxy.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(policyOf(page)).toMatch(/;upgrade-insecure-requests$/);
    const plain = await behindProxy.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(policyOf(plain)).not.toContain('upgrade-insecure-requests');
  });

  it('asks for the upgrade on the API reference, a page, over TLS as well', async () => {
    const overTls = await behindProxy.inject({
      method: 'GET',
      url: '/api/docs/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(policyOf(overTls)).toMatch(/;upgrade-insecure-requests$/);
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(policyOf(plain)).not.toContain('upgrade-insecure-requests');
  });

  it("answers what is not a page with a data's headers only: nothing runs, nothing frames it", async () => {
    for (const url of ['/api/health', '/api/nada']) {
      for (const app of [t.app, behindProxy]) {
        const answer = await app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
        expect(answer.headers['content-type'], url).toMatch(/^application\/json/);
        expect(policyOf(answer), url).toBe("default-src 'none';frame-ancestors 'none'");
        expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
        expect(answer.headers['cross-origin-resource-policy'], url).toBe('same-origin');
        // HSTS only over TLS: behind the trusted proxy that says so, never for a client's own claim.
        expect(answer.headers['strict-transport-security'], url).toBe(
          app === behindProxy ? 'max-age=31536000; includeSubDomains' : undefined,
        );
        // A document's instructions are a page's only.
        expect(answer.headers['x-frame-options'], url).toBeUndefined();
        expect(answer.headers['cross-origin-opener-policy'], url).toBeUndefined();
      }
    }
    const script = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(script.statusCode).toBe(200);
    expect(policyOf(script)).toBe("default-src 'none';frame-ancestors 'none'");
    expect(script.headers['x-frame-options']).toBeUndefined();
  });

  it("leaves a revalidated page's headers as the browser keeps them: a 304 brings no policy", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    const tag = page.headers.etag ?? page.headers['last-modified'];
    expect(tag).toBeDefined();
    const again = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: page.headers.etag ? { 'if-none-match': String(tag) } : { 'if-modified-since': String(tag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-security-policy']).toBeUndefined();
    expect(again.headers['x-frame-options']).toBeUndefined();
  });

  it('keeps the other security headers and directives', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "frame-ancestors 'self'",
      "base-uri 'self'",
      "form-action 'self'",
    ]) {
      expect(policyOf(page)).toContain(directive);
    }
  });

  it('sends HSTS only over https: never over plain http, where browsers ignore it and a LAN tablet would be misled', async () => {
    for (const url of ['/', '/api/health', '/assets/app-1a2b3c.js']) {
      const plain = await t.app.inject({ method: 'GET', url });
      expect(plain.headers['strict-transport-security'], url).toBeUndefined();
      const overHttpBehindProxy = await behindProxy.inject({
        method: 'GET',
        url,
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(overHttpBehindProxy.headers['strict-transport-security'], url).toBeUndefined();
      const overTls = await behindProxy.inject({
        method: 'GET',
        url,
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(overTls.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('lets Swagger UI open at /api/docs over plain http', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
    expect(policyOf(docs)).not.toContain('upgrade-insecure-requests');
  });
});

describe('caching of personal data and tokens', () => {
  it('answers the API and the sign-in with Cache-Control: no-store, errors included', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/auth/email',
      payload: { email: demo.admin.email, password: demo.admin.password },
    });
    expect(signIn.headers['cache-control']).toBe('no-store');
    const admin = as(t.app, await login(t.app, demo.admin));
    for (const url of [
      '/api/account',
      '/api/customers?perPage=1',
      '/api/admins',
      '/api/nada',
      '/api/health',
    ]) {
      const response = await admin({ method: 'GET', url });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const refused = await t.app.inject({ method: 'GET', url: '/api/account' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it("answers the router's own refusals with no-store too", async () => {
    const badUrl = await t.app.inject({ method: 'GET', url: '/api/stores/%E0%A4%A' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.headers['cache-control']).toBe('no-store');
    const long = await t.app.inject({ method: 'GET', url: `/api/stores/id/${'1'.repeat(300)}` });
    expect(long.statusCode).toBe(414);
    expect(long.headers['cache-control']).toBe('no-store');
  });

  it("leaves the web app's and the stored files' own caching alone", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('public, max-age=0');
    fs.mkdirSync(path.join(t.uploadsDir, 'images'), { recursive: true });
    fs.writeFileSync(path.join(t.uploadsDir, 'images', 'foto.webp'), 'RIFF');
    const file = await t.app.inject({ method: 'GET', url: '/uploads/images/foto.webp' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=2592000, immutable');
  });
});

describe('the web app files', () => {
  const asset = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends a script as the build compressed it, brotli first, cached for a year', async () => {
    const br = await asset('/assets/app-1a2b3c.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    // The twin's very bytes, not a compression made for this request.
    const twin = (suffix: string) => fs.readFileSync(path.join(webRoot, 'assets', `app-1a2b3c.js${suffix}`));
    expect(br.rawPayload.equals(twin('.br'))).toBe(true);

    const gz = await asset('/assets/app-1a2b3c.js', 'gzip, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    expect(gz.rawPayload.equals(twin('.gz'))).toBe(true);

    const plain = await asset('/assets/app-1a2b3c.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('still serves a file without compressed twins, and nothing outside the web app', async () => {
    const plain = await asset('/assets/plain-4d5e6f.js', 'br');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const outside = await asset('/assets/..%2F..%2F..%2Fetc%2Fpasswd', 'br');
    expect(outside.statusCode).not.toBe(200);
    expect(outside.body).not.toMatch(/root:/);
  });

  it("serves the guest page at /mesa, with or without the slash and with the QR code's query: a page, asked again on every visit", async () => {
    for (const url of ['/mesa', '/mesa/', '/mesa?s=1&t=4&k=abcdefghijklmnop']) {
      const page = await asset(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<title>Cardápio</title>');
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.headers['cache-control'], url).toBe('public, no-cache');
      // A page's policy: its own scripts only, none inline.
      expect(policyOf(page), url).toContain("script-src 'self'");
      expect(page.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    const revalidated = await t.app.inject({
      method: 'GET',
      url: '/mesa',
      headers: { 'if-none-match': String((await asset('/mesa')).headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('keeps the favicon a day, so that no navigation fetches it again', async () => {
    const icon = await asset('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('asks for the service worker again on every visit, and lets it fetch from this origin only', async () => {
    const worker = await asset('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.headers['cache-control']).toBe('no-cache');
    // An answer's usual "default-src 'none'" would forbid the worker every fetch it exists for.
    expect(policyOf(worker)).toBe("default-src 'self';frame-ancestors 'none'");
  });

  it('serves the manifest with its type, and the icons, but nothing outside their folder', async () => {
    const manifest = await asset('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect((await asset('/icons/painel-192.png')).statusCode).toBe(200);
    expect((await asset('/icons/..%2Findex.html')).statusCode).toBe(404);
  });
});
