/**
 * How the API's answers are compressed: the options @fastify/compress is registered with
 * (server/app.ts), and the same choice made once for an answer kept as bytes
 * (server/resources/floor-tag.ts), so that a kept answer is sent as the plugin would send it.
 */
import zlib from 'node:zlib';

/** Answers smaller than this go uncompressed. */
const THRESHOLD = 1024;
/** Brotli at quality 4: a fraction of the higher levels' time, for answers made per request. */
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/** @fastify/compress's options. */
export const COMPRESSION = { threshold: THRESHOLD, brotliOptions: BROTLI } as const;

/**
 * The encoding the plugin chooses for `accept` among br and gzip: the highest quality (`*` and
 * x-gzip count as gzip), br on a tie; null for neither (tests/server/tables.test.ts holds a kept
 * answer to the plugin's own choice).
 */
export function preferredEncoding(accept: string): 'br' | 'gzip' | null {
  let best: 'br' | 'gzip' | null = null;
  let bestQ = 0;
  for (const part of accept.toLowerCase().split(',')) {
    const [token = '', ...params] = part.split(';').map((piece) => piece.trim());
    const name = token === '*' || token === 'x-gzip' ? 'gzip' : token;
    if (name !== 'br' && name !== 'gzip') continue;
    const q = Number(params.find((param) => param.startsWith('q='))?.slice(2) ?? 1);
    if (!(q > 0)) continue;
    if (q > bestQ || (q === bestQ && name === 'br')) {
      best = name;
      bestQ = q;
    }
  }
  return best;
}

/** `json` as the plugin would send it to `accept`: its encoding (null: as it is) and its bytes. */
export function compressedAs(json: string, accept: string): { encoding: 'br' | 'gzip' | null; body: Buffer } {
  const encoding = Buffer.byteLength(json) < THRESHOLD ? null : preferredEncoding(accept);
  const body =
    encoding === 'br'
      ? zlib.brotliCompressSync(json, BROTLI)
      : encoding === 'gzip'
        ? zlib.gzipSync(json)
        : Buffer.from(json);
  return { encoding, body };
}
