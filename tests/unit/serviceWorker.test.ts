import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { precacheList } from '../../scripts/serviceWorker';
import { isCachedRead, isKeptAnswer } from '../../src/serviceWorker/rules';

describe('what the service worker keeps a copy of', () => {
  it("keeps the API's JSON reads, not its writes, its live stream, its reference or a list's CSV", () => {
    expect(isCachedRead('GET', '/api/tables', 'application/json')).toBe(true);
    expect(isCachedRead('GET', '/api/commands/id/4', null)).toBe(true);
    expect(isCachedRead('POST', '/api/commands/id/4/settle', 'application/json')).toBe(false);
    expect(isCachedRead('GET', '/api/live', 'text/event-stream')).toBe(false);
    expect(isCachedRead('GET', '/api/docs/json', 'application/json')).toBe(false);
    // The CSV of a list is asked at the list's own address.
    expect(isCachedRead('GET', '/api/cuisines', 'text/csv')).toBe(false);
    expect(isCachedRead('GET', '/uploads/logo.png', 'image/png')).toBe(false);
    expect(isCachedRead('GET', '/assets/index-abc.js', '*/*')).toBe(false);
  });

  it('keeps complete JSON answers only: not a 304, not an error, not a file', () => {
    expect(isKeptAnswer(200, 'application/json; charset=utf-8')).toBe(true);
    expect(isKeptAnswer(304, null)).toBe(false);
    expect(isKeptAnswer(503, 'application/json; charset=utf-8')).toBe(false);
    expect(isKeptAnswer(200, 'text/csv; charset=utf-8')).toBe(false);
  });
});

describe('the precache list the build writes into the worker', () => {
  let dir = '';
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("lists the app's files once, the page as '/', with a revision only where the name has no hash", () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-dist-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.mkdirSync(path.join(dir, 'icons'));
    for (const name of ['index.html', 'mesa.html', 'sw.js', 'favicon.svg', 'manifest.webmanifest']) {
      fs.writeFileSync(path.join(dir, name), name);
    }
    fs.writeFileSync(path.join(dir, 'icons', 'painel-192.png'), 'png');
    for (const name of ['index-B1x2y3z4.js', 'index-B1x2y3z4.js.br', 'index-B1x2y3z4.js.gz', 'style-Ab12Cd34.css']) {
      fs.writeFileSync(path.join(dir, 'assets', name), name);
    }
    const list = precacheList(dir);
    expect(list.map((entry) => entry.url)).toEqual([
      '/assets/index-B1x2y3z4.js',
      '/assets/style-Ab12Cd34.css',
      '/favicon.svg',
      '/icons/painel-192.png',
      '/',
      '/manifest.webmanifest',
    ]);
    expect(list.find((entry) => entry.url === '/assets/index-B1x2y3z4.js')?.revision).toBeNull();
    const page = list.find((entry) => entry.url === '/')?.revision;
    expect(page).toMatch(/^[0-9a-f]{16}$/);
    // A new build of the page is a new revision: the tablets fetch it again.
    fs.writeFileSync(path.join(dir, 'index.html'), 'index.html, rebuilt');
    expect(precacheList(dir).find((entry) => entry.url === '/')?.revision).not.toBe(page);
  });
});
