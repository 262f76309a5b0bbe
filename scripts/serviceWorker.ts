/**
 * A Vite plugin: after the build, the back-office's service worker (src/serviceWorker/worker.ts)
 * is built as one classic script, `dist/sw.js`, with the list of the build's files to precache
 * written in — every script, style and picture of the app with the page itself (as '/', the
 * address the server answers it at), so a tablet that visited once opens every screen with no
 * network. Files with a hash in their names need no revision; the others carry their content's.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'vite';

export const SERVICE_WORKER_FILE = 'sw.js';

/** Not precached: the compressed twins (the browser asks for the file and takes an encoding), the guest page. */
const SKIPPED = /\.(br|gz)$|^mesa\.html$|^sw\.js$/;
/** Vite's content hash in a name: 'index-B1x2y3z4.js'. */
const HASHED = /-[\w-]{8,}\.\w+$/;

interface PrecacheEntry {
  url: string;
  revision: string | null;
}

function filesOf(dir: string, base = ''): string[] {
  return fs.readdirSync(path.join(dir, base), { withFileTypes: true }).flatMap((entry) => {
    const name = path.posix.join(base, entry.name);
    return entry.isDirectory() ? filesOf(dir, name) : [name];
  });
}

/** The build's files to precache, in a stable order. */
export function precacheList(outDir: string): PrecacheEntry[] {
  return filesOf(outDir)
    .filter((name) => !SKIPPED.test(name))
    .sort()
    .map((name) => {
      const revision = HASHED.test(name)
        ? null
        : crypto.createHash('sha256').update(fs.readFileSync(path.join(outDir, name))).digest('hex').slice(0, 16);
      return { url: name === 'index.html' ? '/' : `/${name}`, revision };
    });
}

export function serviceWorker(): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  return {
    name: 'painel-service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (!fs.existsSync(path.join(outDir, 'index.html'))) return;
      const precache = precacheList(outDir);
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        publicDir: false,
        define: {
          __PRECACHE__: JSON.stringify(precache),
          // Workbox's logs are for its development builds.
          'process.env.NODE_ENV': JSON.stringify('production'),
        },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          minify: true,
          lib: {
            entry: path.join(root, 'src/serviceWorker/worker.ts'),
            formats: ['iife'],
            name: 'painelServiceWorker',
            fileName: () => SERVICE_WORKER_FILE,
          },
        },
      });
    },
  };
}
