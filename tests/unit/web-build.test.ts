import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildWebIfChanged, sourcesDigest } from '../../scripts/web-build';

/**
 * `npm start` builds the web app only when its sources changed (scripts/web-build.ts): the digest
 * follows every source's path and contents, and a build made from the same sources is kept.
 */
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

function project() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-build-'));
  roots.push(root);
  fs.mkdirSync(path.join(root, 'src/resources'), { recursive: true });
  fs.writeFileSync(path.join(root, 'src/main.tsx'), 'export {};\n');
  fs.writeFileSync(path.join(root, 'src/resources/a.ts'), 'export const a = 1;\n');
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html>\n');
  return root;
}

describe("the web app's build, only when its sources changed", () => {
  it('digests every source by path and contents, and nothing else', () => {
    const root = project();
    const first = sourcesDigest(root);
    expect(sourcesDigest(root)).toBe(first);
    // Outside the sources: the same.
    fs.writeFileSync(path.join(root, 'notes.txt'), 'x');
    expect(sourcesDigest(root)).toBe(first);
    // A source's contents, a new source, a source moved: each another digest.
    fs.writeFileSync(path.join(root, 'src/resources/a.ts'), 'export const a = 2;\n');
    const changed = sourcesDigest(root);
    expect(changed).not.toBe(first);
    fs.mkdirSync(path.join(root, 'contract'));
    fs.writeFileSync(path.join(root, 'contract/b.ts'), '');
    const added = sourcesDigest(root);
    expect(added).not.toBe(changed);
    fs.renameSync(path.join(root, 'contract/b.ts'), path.join(root, 'contract/c.ts'));
    const moved = sourcesDigest(root);
    expect(moved).not.toBe(added);
    // A build-time setting the app is built with.
    expect(sourcesDigest(root, { VITE_LIVE: '0' })).not.toBe(sourcesDigest(root, {}));
    expect(sourcesDigest(root, { PORT: '4000' })).toBe(sourcesDigest(root, {}));
  });

  it('keeps a build made from the same sources, and builds again when one changed (a failed build leaves no digest)', async () => {
    const root = project();
    fs.mkdirSync(path.join(root, 'dist'));
    fs.writeFileSync(path.join(root, 'dist/index.html'), '<!doctype html>\n');
    fs.writeFileSync(path.join(root, 'dist/.sources-sha256'), `${sourcesDigest(root)}\n`);
    expect(await buildWebIfChanged(root)).toBe(false);
    // Changed: it builds (here Vite is not installed in the folder, so the build fails) and the
    // digest of the old build is gone.
    fs.writeFileSync(path.join(root, 'src/main.tsx'), 'export const changed = true;\n');
    await expect(buildWebIfChanged(root)).rejects.toThrow(/a construção do aplicativo web falhou/);
    expect(fs.existsSync(path.join(root, 'dist/.sources-sha256'))).toBe(false);
  });
});
