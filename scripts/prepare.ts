/**
 * `npm install`'s last step (npm's `prepare`): what a first `npm start` would otherwise do before it
 * answers, done once here. The web app is built (unless built already from the same sources:
 * scripts/web-build.ts) and the embedded database's template is made (server/db/template.ts), side
 * by side. Either may be missing later (an install with `--ignore-scripts`, a migration added since):
 * `npm start` then builds, or creates the database, itself.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTemplate } from '../server/db/template';
import { buildWebIfChanged } from './web-build';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = performance.now();
const [built, template] = await Promise.all([buildWebIfChanged(root), makeTemplate()]);
console.log(
  [
    built ? 'Aplicativo web construído.' : 'Aplicativo web já construído: as fontes não mudaram.',
    template.made
      ? `Modelo do banco embutido criado em ${path.relative(root, template.file)}.`
      : 'Modelo do banco embutido já existe.',
    `(${((performance.now() - started) / 1000).toFixed(1)} s)`,
  ].join(' '),
);
