/**
 * A Vite plugin: after the build, every text asset of `dist/assets` (scripts, styles, SVG) is also
 * written compressed at the highest levels, `name.br` (brotli 11) and `name.gz` (gzip 9), which
 * the server sends as they are (server/routes/web.ts). Compressing once at build time costs
 * seconds; compressing on every request could only afford a fast level (13 % larger for brotli).
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What is worth compressing: text. Images (PNG, JPEG, WebP) are compressed already. */
const TEXT = /\.(js|css|svg|json|txt)$/;

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'painel-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const assets = path.join(outDir, 'assets');
      if (!fs.existsSync(assets)) return;
      const files = fs.readdirSync(assets).filter((name) => TEXT.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(assets, name);
          const content = await fs.promises.readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          await fs.promises.writeFile(`${file}.br`, br);
          await fs.promises.writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}
