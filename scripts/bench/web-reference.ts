/**
 * The reference of `npm run bench:web`, measured in the same run as the product: the plain
 * react-admin app of `plain-admin/`, built here with Vite (the product's precompress plugin: its
 * scripts brotli 11 too) and served by a small HTTP server that answers ra-data-simple-rest's list
 * call with the product's own customers, read from the product once at the start. Like the
 * product's API, it refuses a request without the session's token and compresses its answers with
 * brotli 4 (@fastify/compress's level); the token is compared, as the product compares a token it
 * already knows (it holds a caller for a minute), so both sides do the same work per request.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { precompress } from '../precompress';

const here = path.dirname(fileURLToPath(import.meta.url));
const PAGE = 200;
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

const EXTENSION = { br: 'br', gzip: 'gz' } as const;

/** What the browser accepts, brotli first, as @fastify/compress and the product's static files choose. */
function encodingFor(request: http.IncomingMessage): 'br' | 'gzip' | null {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  return /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
}

export interface Reference {
  url: string;
  stop: () => Promise<void>;
}

/** Every customer the product lists, as its API answers them, 200 a page. */
async function productCustomers(productUrl: string, token: string): Promise<Record<string, unknown>[]> {
  const all: Record<string, unknown>[] = [];
  for (let page = 1; ; page++) {
    const answer = await fetch(`${productUrl}/api/customers?page=${page}&page_size=${PAGE}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (!answer.ok) throw new Error(`A lista de usuários do produto respondeu ${answer.status}.`);
    const { data } = (await answer.json()) as { data: { results: Record<string, unknown>[]; total: number } };
    all.push(...data.results);
    if (data.results.length < PAGE || all.length >= data.total) return all;
  }
}

/** Builds the plain app into a throw-away folder. */
async function buildPlainApp(): Promise<string> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-bench-plain-'));
  await build({
    configFile: false,
    root: path.join(here, 'plain-admin'),
    logLevel: 'warn',
    plugins: [react(), precompress()],
    build: { outDir, emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 5000 },
  });
  return outDir;
}

/**
 * Starts the reference: its app built, the product's customers read (`token`, the demo
 * administrator's), on a free port of 127.0.0.1. The avatars are the product's, passed through.
 */
export async function startReference(productUrl: string, token: string): Promise<Reference> {
  const [outDir, customers] = await Promise.all([buildPlainApp(), productCustomers(productUrl, token)]);
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://reference');
    if (url.pathname === '/api/customers') {
      if (request.headers.authorization !== `Bearer ${token}`) {
        response.writeHead(401).end();
        return;
      }
      const [start, end] = JSON.parse(url.searchParams.get('range') ?? `[0,${PAGE - 1}]`) as [number, number];
      const json = Buffer.from(JSON.stringify(customers.slice(start, end + 1)));
      const encoding = encodingFor(request);
      const body =
        encoding === 'br'
          ? zlib.brotliCompressSync(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
          : encoding === 'gzip'
            ? zlib.gzipSync(json)
            : json;
      response.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        ...(encoding ? { 'Content-Encoding': encoding } : {}),
        'Content-Range': `customers ${start}-${Math.min(end, customers.length - 1)}/${customers.length}`,
        'Access-Control-Expose-Headers': 'Content-Range',
      });
      response.end(body);
      return;
    }
    if (url.pathname.startsWith('/uploads/')) {
      // The avatars, the product's files: the product keeps them to its own origin.
      void fetch(`${productUrl}${url.pathname}`).then(async (answer) => {
        response.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? '' });
        response.end(Buffer.from(await answer.arrayBuffer()));
      });
      return;
    }
    const file = path.join(outDir, url.pathname === '/' ? 'index.html' : path.normalize(url.pathname));
    if (!file.startsWith(outDir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    // As the product's server: the build's brotli (or gzip) file where the browser takes it.
    const encoding = encodingFor(request);
    const compressed = encoding && fs.existsSync(`${file}.${EXTENSION[encoding]}`);
    response.writeHead(200, {
      'Content-Type': type,
      ...(compressed ? { 'Content-Encoding': encoding } : {}),
    });
    fs.createReadStream(compressed ? `${file}.${EXTENSION[encoding]}` : file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(outDir, { recursive: true, force: true });
    },
  };
}
