import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, openPicture, RefusedAddress } from '../../server/opdv/picture';

/**
 * The pictures of an OPDV catalogue are fetched by the server: from the point of sale's own
 * address freely, from anywhere else only when the host is public, redirects included.
 */

let server: http.Server;
let origin: string;
let port: number;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url === '/dish.png') {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': '4' });
      response.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    } else if (request.url?.startsWith('/to/')) {
      response.writeHead(302, { location: decodeURIComponent(request.url.slice('/to/'.length)) });
      response.end();
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const text = async (body: ReadableStream<Uint8Array>) => Buffer.from(await new Response(body).arrayBuffer());

describe('the addresses a picture may come from', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.9',
    '192.168.0.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fc00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '200.147.67.142', '2001:4860:4860::8888', '::ffff:8.8.8.8'])(
    'accepts %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('openPicture', () => {
  // The point of sale's origin is known once its server listens.
  const trusted = () => ({ trustedOrigin: origin, timeoutMs: 2_000 });
  const elsewhere = { trustedOrigin: 'https://opdv.example.com', timeoutMs: 2_000 };

  it('fetches a picture from the point of sale’s own address, though it is on this machine', async () => {
    const answer = await openPicture(`${origin}/dish.png`, trusted());
    expect(answer).toMatchObject({ status: 200, length: 4 });
    expect([...(await text(answer!.body))]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it('refuses the same machine when the catalogue names it from another address', async () => {
    await expect(openPicture(`${origin}/dish.png`, elsewhere)).rejects.toBeInstanceOf(RefusedAddress);
    await expect(openPicture(`http://[::1]:${port}/dish.png`, elsewhere)).rejects.toBeInstanceOf(
      RefusedAddress,
    );
  });

  it('refuses a name that resolves inside the network, when the socket looks it up', async () => {
    await expect(openPicture(`http://localhost:${port}/dish.png`, elsewhere)).rejects.toBeInstanceOf(
      RefusedAddress,
    );
  });

  it('checks every redirect again: the point of sale cannot send the server to another internal host', async () => {
    const inside = encodeURIComponent(`http://localhost:${port}/dish.png`);
    await expect(openPicture(`${origin}/to/${inside}`, trusted())).rejects.toBeInstanceOf(RefusedAddress);
    const ownPicture = encodeURIComponent(`${origin}/dish.png`);
    expect(await openPicture(`${origin}/to/${ownPicture}`, trusted())).toMatchObject({ status: 200 });
  });

  it('answers the status of a missing picture, and nothing for an address that is not http', async () => {
    const missing = await openPicture(`${origin}/nothing.png`, trusted());
    expect(missing?.status).toBe(404);
    await missing?.body.cancel();
    expect(await openPicture('file:///etc/passwd', trusted())).toBeNull();
    expect(await openPicture('not a url', trusted())).toBeNull();
  });
});
