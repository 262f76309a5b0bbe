/**
 * A product picture named by the point of sale, fetched by the server. The address comes from a
 * third party's catalogue, so it could name a machine inside our network (the database, a cloud
 * metadata service): pictures are fetched freely only from the point of sale's own address, which
 * an administrator or the server's configuration chose; any other host must resolve to public
 * addresses only. The check is made on the address the connection really uses (the socket's own
 * lookup), so a name that resolves to a public address once and a private one the next time gains
 * nothing, and it is made again on every redirect.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Readable } from 'node:stream';
import ipaddr from 'ipaddr.js';

const MAX_REDIRECTS = 3;

export interface PictureAnswer {
  status: number;
  /** The size the server announced, when it did. */
  length: number | null;
  body: ReadableStream<Uint8Array>;
}

export interface PictureOptions {
  /** The origin (scheme, host, port) fetched without the address check: the point of sale's. */
  trustedOrigin: string | null;
  timeoutMs: number;
}

export class RefusedAddress extends Error {
  readonly code = 'EREFUSEDADDRESS';
}

/** Only ordinary public unicast addresses: no loopback, private, link-local, CGNAT, multicast… */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/** `dns.lookup` for a socket, refusing a name with any non-public address among its answers. */
const publicLookup = ((
  hostname: string,
  options: dns.LookupOptions,
  callback: (...args: unknown[]) => void,
) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error);
    if (addresses.length === 0 || addresses.some(({ address }) => !isPublicAddress(address))) {
      return callback(new RefusedAddress(`${hostname} resolve para um endereço interno`));
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}) as unknown as net.LookupFunction;

function request(url: URL, checked: boolean, signal: AbortSignal): Promise<http.IncomingMessage> {
  // A literal address is connected to without a lookup: checked here instead.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (checked && net.isIP(host) && !isPublicAddress(host)) {
    return Promise.reject(new RefusedAddress(`${host} é um endereço interno`));
  }
  const get = url.protocol === 'https:' ? https.get : http.get;
  return new Promise((resolve, reject) => {
    const call = get(url, { signal, lookup: checked ? publicLookup : undefined }, resolve);
    call.on('error', reject);
  });
}

/**
 * Opens a picture's address, following up to three redirects, each checked as the first address;
 * null when the address is not http(s).
 */
export async function openPicture(address: string, options: PictureOptions): Promise<PictureAnswer | null> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const response = await request(url, url.origin !== options.trustedOrigin, signal);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location && hop < MAX_REDIRECTS) {
      response.resume();
      url = new URL(location, url);
      continue;
    }
    const length = response.headers['content-length'];
    return {
      status,
      length: length === undefined ? null : Number(length),
      body: Readable.toWeb(response) as ReadableStream<Uint8Array>,
    };
  }
}
