/**
 * The web app's build, done only when what it is built from changed: a digest of its sources
 * (the app, the contract, the pages, the public files, the build's configuration and plugins, the
 * locked dependencies, the `VITE_*` settings) is kept beside the build, so that a start after nothing changed serves the
 * build it has instead of building it again.
 */
import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashFiles } from '../server/files-digest';

/** What the build reads, under the project's folder: folders whole, and single files. */
const SOURCES = [
  'src',
  'contract',
  'public',
  'index.html',
  'mesa.html',
  'vite.config.ts',
  'scripts/precompress.ts',
  'scripts/serviceWorker.ts',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.base.json',
];
/** Beside the build: the digest of the sources it was built from. */
const STAMP = '.sources-sha256';

/**
 * The digest of the sources: each file's path and contents, in a fixed order, and the build-time
 * settings (`VITE_*`, which the build writes into the app).
 */
export function sourcesDigest(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const hash = crypto.createHash('sha256');
  for (const name of Object.keys(env)
    .filter((key) => key.startsWith('VITE_'))
    .sort())
    hash.update(`${name}=${env[name]}\0`);
  hashFiles(hash, root, SOURCES);
  return hash.digest('hex');
}

/**
 * Builds the web app into `dist/` unless the build there was made from the same sources. Answers
 * whether it built. The digest is written only after a build that succeeded, and removed before
 * one starts (a build cut short leaves none, so the next start builds again).
 */
export async function buildWebIfChanged(root: string): Promise<boolean> {
  const stamp = path.join(root, 'dist', STAMP);
  const digest = sourcesDigest(root);
  const built = fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8').trim() : null;
  if (built === digest && fs.existsSync(path.join(root, 'dist', 'index.html'))) return false;
  fs.rmSync(stamp, { force: true });
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
      cwd: root,
      stdio: 'inherit',
    });
    // The build yields the cores to the server's own start (its database is created and the demo
    // written meanwhile), and takes what they leave: the server waits for it only to read the app.
    if (child.pid) {
      try {
        os.setPriority(child.pid, 10);
      } catch {
        // (not allowed here: it runs at the usual priority)
      }
    }
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`a construção do aplicativo web falhou (código ${code})`);
  fs.writeFileSync(stamp, `${digest}\n`);
  return true;
}
