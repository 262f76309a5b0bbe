import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { as, createTestApp, demo, login, type TestApp } from './helpers';

let t: TestApp;
let behindProxy: FastifyInstance;
let webRoot: string;

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-web-'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Painel</title>');
  t = await createTestApp({ webRoot });
  // The same database behind a TLS-terminating proxy (TRUST_PROXY=1).
  behindProxy = await buildApp({
    database: t.database,
    jwtSecret: 'z'.repeat(48),
    uploadsDir: t.uploadsDir,
    webRoot,
    trustProxy: true,
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

  it('asks for the upgrade on API answers and errors over TLS as well', async () => {
    for (const url of ['/api/health', '/api/nada', '/api/docs/']) {
      const overTls = await behindProxy.inject({
        method: 'GET',
        url,
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(policyOf(overTls), url).toMatch(/;upgrade-insecure-requests$/);
      const plain = await t.app.inject({ method: 'GET', url });
      expect(policyOf(plain), url).not.toContain('upgrade-insecure-requests');
    }
  });

  it('keeps the other security headers and directives', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['strict-transport-security']).toBeDefined();
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
