import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OpdvClient, OpdvError, type OpdvSettings } from '../../server/opdv/client';
import { integrationKey, openToken, sealToken, tokenHint } from '../../server/opdv/crypto';
import { DEMO_OPDV_TOKEN, startStandIn, type StandIn } from '../../server/opdv/stand-in';

/**
 * The OPDV client against the local OPDV (server/opdv/stand-in.ts): the catalogue, the point of
 * sale's refusals as typed errors (429, 400/401), 5xx tried again with back-off, a timeout, and a
 * point of sale that is not there. Tokens are sealed at rest and opened only by the client.
 */

const key = integrationKey('a-sign-in-secret-of-the-tests-0123456789');
let standIn: StandIn;

const settings = (over: Partial<OpdvSettings> = {}): OpdvSettings => ({
  defaultUrl: standIn.url,
  timeoutMs: 2_000,
  tries: 3,
  backoffMs: 20,
  key,
  ...over,
});
const demoIntegration = () => ({ token: sealToken(DEMO_OPDV_TOKEN, key), base_url: null });

async function failureOf(promise: Promise<unknown>): Promise<OpdvError> {
  const error = await promise.then(
    () => new Error('the call did not fail'),
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(OpdvError);
  // Whatever went wrong, the token is not in what the caller may log.
  expect((error as Error).message).not.toContain(DEMO_OPDV_TOKEN);
  return error as OpdvError;
}

beforeAll(async () => {
  standIn = await startStandIn({ slowMs: 1_500, callsPerMinute: 1_000 });
});
afterEach(() => standIn.setMode('ok'));
afterAll(() => standIn?.close());

describe('tokens at rest', () => {
  it('seals a token so that only the same key opens it, and keeps its last 4 characters apart', () => {
    const sealed = sealToken(DEMO_OPDV_TOKEN, key);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(DEMO_OPDV_TOKEN);
    expect(sealToken(DEMO_OPDV_TOKEN, key)).not.toBe(sealed); // a fresh nonce each time
    expect(openToken(sealed, key)).toBe(DEMO_OPDV_TOKEN);
    expect(openToken(sealed, integrationKey('another-secret-of-another-deployment'))).toBeNull();
    expect(tokenHint(DEMO_OPDV_TOKEN)).toBe('3a9c');
  });
});

describe('the catalogue', () => {
  it('reads nested categories and items with decimal prices, pictures and empty descriptions', async () => {
    const catalogue = await new OpdvClient(settings()).catalogue(demoIntegration());
    expect(catalogue.map((category) => category.name)).toEqual([
      'Antipasti',
      'Primi piatti',
      'Pizze',
      'Secondi',
      'Dolci',
      'Bevande',
    ]);
    const all = catalogue.flatMap((c) => [...c.items, ...c.categories.flatMap((sub) => sub.items)]);
    expect(all).toHaveLength(40);
    expect(catalogue.filter((c) => c.categories.length > 0).map((c) => c.categories[0]!.name)).toEqual([
      'Paste fresche',
      'Pizze dolci',
    ]);
    expect(all.every((item) => /^\d+\.\d{2}$/.test(item.price))).toBe(true);
    expect(all.some((item) => item.description === '')).toBe(true);
    expect(all.some((item) => item.image_url === null)).toBe(true);
    const margherita = all.find((item) => item.name === 'Margherita')!;
    expect(margherita.options.map((option) => option.name)).toContain('Grande (8 fatias)');
    const picture = await fetch(margherita.image_url!);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect([...new Uint8Array(await picture.arrayBuffer()).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const burrata = all.find((item) => item.code === 'OP-1003')!;
    expect((await fetch(burrata.image_url!)).status).toBe(404);
  });

  it('uses the integration’s own address over the default one', async () => {
    const client = new OpdvClient(settings({ defaultUrl: 'http://127.0.0.1:9' }));
    const catalogue = await client.catalogue({ ...demoIntegration(), base_url: `${standIn.url}/` });
    expect(catalogue).toHaveLength(6);
  });
});

describe('refusals of the point of sale', () => {
  it('a 429 comes back at once as a rate limit, without trying again', async () => {
    standIn.setMode('rate-limit');
    const before = standIn.calls();
    expect((await failureOf(new OpdvClient(settings()).catalogue(demoIntegration()))).failure).toBe(
      'rate-limit',
    );
    expect(standIn.calls() - before).toBe(1);
  });

  it('its own limit per token answers 429 past the calls a minute allow', async () => {
    const strict = await startStandIn({ callsPerMinute: 2 });
    try {
      const client = new OpdvClient(settings({ defaultUrl: strict.url }));
      await client.catalogue(demoIntegration());
      await client.catalogue(demoIntegration());
      expect((await failureOf(client.catalogue(demoIntegration()))).failure).toBe('rate-limit');
    } finally {
      await strict.close();
    }
  });

  it('a token no store is configured with (400) is "no integration"', async () => {
    const client = new OpdvClient(settings());
    const unknown = { token: sealToken('someone-elses-token', key), base_url: null };
    expect((await failureOf(client.catalogue(unknown))).failure).toBe('no-integration');
  });

  it('a token sealed under another key is "no integration", without calling the point of sale', async () => {
    const before = standIn.calls();
    const foreign = {
      token: sealToken(DEMO_OPDV_TOKEN, integrationKey('another-deployment-secret')),
      base_url: null,
    };
    expect((await failureOf(new OpdvClient(settings()).catalogue(foreign))).failure).toBe('no-integration');
    expect(standIn.calls()).toBe(before);
  });
});

describe('failures of the point of sale', () => {
  it('tries again after a 5xx, with back-off, and succeeds when the point of sale recovers', async () => {
    standIn.setMode('fail', 2);
    const before = standIn.calls();
    const started = performance.now();
    const catalogue = await new OpdvClient(settings({ backoffMs: 100 })).catalogue(demoIntegration());
    expect(catalogue).toHaveLength(6);
    expect(standIn.calls() - before).toBe(3);
    // Paused 100 ms, then 200 ms.
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('gives up after 3 tries of 5xx as unreachable', async () => {
    standIn.setMode('fail');
    const before = standIn.calls();
    expect((await failureOf(new OpdvClient(settings()).catalogue(demoIntegration()))).failure).toBe(
      'unreachable',
    );
    expect(standIn.calls() - before).toBe(3);
  });

  it('a point of sale slower than the timeout is unreachable, without waiting for it', async () => {
    standIn.setMode('slow');
    const started = performance.now();
    const failure = await failureOf(
      new OpdvClient(settings({ timeoutMs: 300 })).catalogue(demoIntegration()),
    );
    expect(failure.failure).toBe('unreachable');
    expect(performance.now() - started).toBeLessThan(1_200);
  });

  it('an address where nothing answers is unreachable after 3 tries', async () => {
    const closed = await startStandIn();
    const url = closed.url;
    await closed.close();
    const client = new OpdvClient(settings({ defaultUrl: url }));
    expect((await failureOf(client.catalogue(demoIntegration()))).failure).toBe('unreachable');
  });

  it('the control endpoint switches modes without a token, and refuses an unknown one', async () => {
    const set = (mode: string) =>
      fetch(`${standIn.url}/__control`, { method: 'POST', body: JSON.stringify({ mode }) });
    expect((await set('fail')).status).toBe(200);
    expect((await failureOf(new OpdvClient(settings()).catalogue(demoIntegration()))).failure).toBe(
      'unreachable',
    );
    expect((await set('ok')).status).toBe(200);
    expect(await new OpdvClient(settings()).catalogue(demoIntegration())).toHaveLength(6);
    expect((await set('explode')).status).toBe(400);
  });
});

describe('redirects', () => {
  /** A machine inside the network: it would answer anybody with a catalogue of its secrets. */
  let internal: http.Server;
  let internalUrl: string;
  let internalCalls = 0;
  /** The point of sale, which redirects as each path says. */
  let pos: http.Server;
  let posUrl: string;

  const listen = async (server: http.Server, host: string) => {
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    return `http://${host}:${(server.address() as AddressInfo).port}`;
  };

  beforeAll(async () => {
    internal = http.createServer((_request, response) => {
      internalCalls++;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ data: [{ code: '1', name: 'segredo interno', items: [] }] }));
    });
    internalUrl = await listen(internal, '127.0.0.1');
    pos = http.createServer((request, response) => {
      const path = request.url ?? '';
      const redirect = (status: number, location?: string) => {
        response.writeHead(status, location === undefined ? {} : { location });
        response.end('<p>moved</p>');
      };
      if (path === '/same/v1/catalog') return redirect(302, '/v2/catalog');
      if (path === '/v2/catalog') {
        if (request.headers.authorization !== `Bearer ${DEMO_OPDV_TOKEN}`) return redirect(401);
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end(JSON.stringify({ data: [{ code: '9', name: 'Pizze', items: [] }] }));
      }
      if (path === '/away/v1/catalog') return redirect(302, `${internalUrl}/v1/catalog`);
      if (path === '/loopback-name/v1/catalog') {
        return redirect(307, `${internalUrl.replace('127.0.0.1', 'localhost')}/v1/catalog`);
      }
      if (path === '/https/v1/catalog') return redirect(301, `https://${request.headers.host}/v1/catalog`);
      if (path === '/loop/v1/catalog') return redirect(302, '/loop/v1/catalog');
      if (path === '/nowhere/v1/catalog') return redirect(302);
      if (path === '/garbage/v1/catalog') return redirect(302, 'http://[::1');
      redirect(404);
    });
    posUrl = await listen(pos, '127.0.0.1');
  });
  afterAll(async () => {
    await new Promise((resolve) => internal.close(resolve));
    await new Promise((resolve) => pos.close(resolve));
  });

  const catalogueAt = (path: string) =>
    new OpdvClient(settings({ tries: 1 })).catalogue({ ...demoIntegration(), base_url: `${posUrl}${path}` });

  it('follows a redirect within the point of sale’s own address, token and all', async () => {
    const catalogue = await catalogueAt('/same');
    expect(catalogue.map((category) => category.name)).toEqual(['Pizze']);
  });

  it.each([
    ['another machine', '/away'],
    ['another name for this machine', '/loopback-name'],
    ['the same host over another scheme', '/https'],
    ['a redirect without an address', '/nowhere'],
    ['a malformed address', '/garbage'],
    ['a loop', '/loop'],
  ])('refuses a redirect to %s, without reading what it answers', async (_, path) => {
    const before = internalCalls;
    const failure = await failureOf(catalogueAt(path));
    expect(failure.failure).toBe('unreachable');
    expect(failure.message).not.toContain('segredo');
    expect(internalCalls).toBe(before);
  });
});
