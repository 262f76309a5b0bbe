/**
 * A local OPDV: the point-of-sale API the demo and the tests talk to, so that the import runs
 * end to end with nothing else installed (docs/ARCHITECTURE.md, "The OPDV integration"). It
 * behaves like the real one where the client cares: a Bearer token check (401 without one, 400
 * for a token no store is configured with), the catalogue of nested categories and items, pictures
 * (real PNGs, some missing: 404), a rate limit per token (429), and failures on demand.
 *
 *   GET  /v1/catalog        Authorization: Bearer <token>  → { data: OpdvCategory[] }
 *   GET  /images/<code>.png                                 → image/png, or 404
 *   POST /__control         { mode: 'ok' | 'rate-limit' | 'fail' | 'slow', times? }  (no token)
 *   GET  /health
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { drawPlate } from './png';
import {
  allItems,
  CANTINA_BELLA_CATALOGUE,
  DEMO_OPDV_TOKEN,
  type StandInCategory,
  type StandInItem,
} from './catalogue';

export { DEMO_OPDV_TOKEN };

export type StandInMode = 'ok' | 'rate-limit' | 'fail' | 'slow';
const MODES: readonly StandInMode[] = ['ok', 'rate-limit', 'fail', 'slow'];

export interface StandInOptions {
  port?: number;
  host?: string;
  /**
   * Whether a store is configured with this token. Default: the demo's token and any token that
   * starts with `opdv-` (so that an integration added by hand in the demo works too).
   */
  knows?: (token: string) => boolean;
  catalogue?: StandInCategory[];
  /** Catalogue calls a token may make per minute. */
  callsPerMinute?: number;
  /** How long a call takes in `slow` mode. */
  slowMs?: number;
}

export interface StandIn {
  url: string;
  /** Catalogue calls answered so far (any status), for tests that count retries. */
  calls(): number;
  setMode(mode: StandInMode, times?: number): void;
  close(): Promise<void>;
}

const defaultKnows = (token: string) => token === DEMO_OPDV_TOKEN || /^opdv-[\w-]{3,}$/.test(token);

export async function startStandIn(options: StandInOptions = {}): Promise<StandIn> {
  const catalogue = options.catalogue ?? CANTINA_BELLA_CATALOGUE;
  const knows = options.knows ?? defaultKnows;
  const limit = options.callsPerMinute ?? 30;
  const slowMs = options.slowMs ?? 15_000;
  const items = new Map(allItems(catalogue).map((entry) => [entry.code, entry]));
  const windows = new Map<string, { start: number; count: number }>();
  let mode: StandInMode = 'ok';
  // A mode given with `times` lasts that many catalogue calls, then the stand-in is well again.
  let remaining = Infinity;
  let calls = 0;
  const timers = new Set<NodeJS.Timeout>();

  const send = (response: http.ServerResponse, status: number, body: unknown, headers = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };

  async function catalogueCall(request: http.IncomingMessage, response: http.ServerResponse) {
    calls += 1;
    const current = mode;
    if (current !== 'ok' && --remaining <= 0) {
      mode = 'ok';
      remaining = Infinity;
    }
    const header = request.headers.authorization ?? '';
    const token = /^Bearer (\S+)$/.exec(header)?.[1];
    if (!token) return send(response, 401, { status: 401, message: 'Missing or malformed bearer token' });
    if (!knows(token))
      return send(response, 400, { status: 400, message: 'No store configured for this token' });
    const now = Date.now();
    const window = windows.get(token);
    if (!window || now - window.start >= 60_000) windows.set(token, { start: now, count: 1 });
    else window.count += 1;
    const used = windows.get(token)!;
    if (current === 'rate-limit' || used.count > limit) {
      const retryAfter = Math.max(1, Math.ceil((used.start + 60_000 - now) / 1000));
      return send(
        response,
        429,
        { status: 429, message: 'Too many requests' },
        { 'retry-after': retryAfter },
      );
    }
    if (current === 'fail') return send(response, 500, { status: 500, message: 'Internal error' });
    if (current === 'slow') {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, slowMs);
        timers.add(timer);
      });
      if (response.destroyed) return;
    }
    const base = `http://${request.headers.host ?? 'localhost'}`;
    send(response, 200, { data: catalogue.map((category) => wire(category, base)) });
  }

  async function control(request: http.IncomingMessage, response: http.ServerResponse) {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    let body: { mode?: unknown; times?: unknown } = {};
    try {
      body = JSON.parse(text || '{}') as typeof body;
    } catch {
      return send(response, 400, { status: 400, message: 'Invalid JSON' });
    }
    if (!MODES.includes(body.mode as StandInMode)) {
      return send(response, 400, { status: 400, message: `mode must be one of ${MODES.join(', ')}` });
    }
    const times = typeof body.times === 'number' && body.times > 0 ? body.times : undefined;
    setMode(body.mode as StandInMode, times);
    // A demo switched back to normal starts with a fresh allowance.
    if (body.mode === 'ok') windows.clear();
    send(response, 200, { mode, times: times ?? null });
  }

  function setMode(next: StandInMode, times?: number) {
    mode = next;
    remaining = next === 'ok' ? Infinity : (times ?? Infinity);
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const picture = /^\/images\/([\w-]+)\.png$/.exec(url.pathname);
    if (request.method === 'GET' && url.pathname === '/v1/catalog') {
      void catalogueCall(request, response);
    } else if (request.method === 'POST' && url.pathname === '/__control') {
      void control(request, response);
    } else if (request.method === 'GET' && picture) {
      const found = items.get(picture[1]!);
      if (!found || found.picture !== 'ok') return send(response, 404, { status: 404, message: 'Not found' });
      response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600' });
      response.end(pictureOf(found));
    } else if (request.method === 'GET' && url.pathname === '/health') {
      send(response, 200, { status: 'ok' });
    } else {
      send(response, 404, { status: 404, message: 'Not found' });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}`,
    calls: () => calls,
    setMode,
    close: () =>
      new Promise((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A category as the OPDV sends it: items with their picture's address (or null). */
function wire(category: StandInCategory, base: string): unknown {
  return {
    code: category.code,
    name: category.name,
    categories: category.categories.map((child) => wire(child, base)),
    items: category.items.map((entry) => ({
      code: entry.code,
      name: entry.name,
      description: entry.description,
      price: entry.price,
      image_url: entry.picture === 'none' ? null : `${base}/images/${entry.code}.png`,
      options: entry.options,
    })),
  };
}

const pictures = new Map<string, Buffer>();

/** A plate on a coloured table, 128 × 128, drawn once per item. */
function pictureOf(entry: StandInItem): Buffer {
  let png = pictures.get(entry.code);
  if (!png) {
    png = drawPlate(entry.hue);
    pictures.set(entry.code, png);
  }
  return png;
}
