/**
 * A digest of files by their paths and contents: what tells a build or a template made from them
 * apart from one made from anything else (scripts/web-build.ts for the web app, server/db/template.ts
 * for the embedded database's template).
 */
import type { Hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The files of `entry` under `root` (a folder's whole, or a single file; none when it is not
 * there), as paths relative to `root`, in a fixed order.
 */
export function filesUnder(root: string, entry: string): string[] {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [entry];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((child) => filesUnder(root, path.join(entry, child.name)));
}

/** Adds to `hash` each file of `entries` under `root`: its path (with `/`) and its contents. */
export function hashFiles(hash: Hash, root: string, entries: readonly string[]): void {
  for (const file of entries.flatMap((entry) => filesUnder(root, entry))) {
    hash.update(file.split(path.sep).join('/'));
    hash.update('\0');
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
}
