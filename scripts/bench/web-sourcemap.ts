/**
 * Names the code behind a position in a built chunk, for `npm run bench:web -- --trace`. The build
 * ships without source maps, so a twin build writes them to a throw-away folder: the same sources
 * give the same chunk names and contents, hence the same positions. A chunk the twin lacks (the
 * sources changed since `npm run build`) keeps its minified name.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Origin {
  /** 'react-dom', '@mui/material', 'Painel' (src/ and contract/), or the chunk's name when unmapped. */
  owner: string;
  /** The function's original name and where it is, e.g. `commitRoot react-dom/cjs/…:12906`. */
  label: string;
}

interface Segment {
  column: number;
  source: number;
  line: number;
  name: number;
}

interface SourceMap {
  sources: string[];
  names: string[];
  lines: Segment[][];
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** One line of a source map's `mappings`: base64 VLQ fields, each relative to the previous one. */
function decodeLine(text: string, state: number[]): Segment[] {
  const segments: Segment[] = [];
  let column = 0;
  for (const part of text.split(',')) {
    if (!part) continue;
    const fields: number[] = [];
    let value = 0;
    let shift = 0;
    for (const char of part) {
      const digit = BASE64.indexOf(char);
      value += (digit & 31) << shift;
      if (digit & 32) {
        shift += 5;
      } else {
        fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
    }
    column += fields[0]!;
    if (fields.length < 4) continue;
    state[0]! += fields[1]!;
    state[1]! += fields[2]!;
    state[2]! += fields[3]!;
    if (fields.length > 4) state[3]! += fields[4]!;
    segments.push({ column, source: state[0]!, line: state[1]!, name: fields.length > 4 ? state[3]! : -1 });
  }
  return segments;
}

function readMap(file: string): SourceMap {
  const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    sources: string[];
    names: string[];
    mappings: string;
  };
  const state = [0, 0, 0, 0];
  return {
    sources: raw.sources,
    names: raw.names,
    lines: raw.mappings.split(';').map((l) => decodeLine(l, state)),
  };
}

function ownerOf(source: string): string {
  const at = source.lastIndexOf('node_modules/');
  if (at === -1) return source.includes('src/') || source.includes('contract/') ? 'Painel' : source;
  const [first, second] = source.slice(at + 'node_modules/'.length).split('/');
  return first!.startsWith('@') ? `${first}/${second}` : first!;
}

/** Writes the twin build's source maps; returns how to name a position, or null if the build fails. */
export function buildSourceMaps():
  ((url: string, line: number, column: number, name: string) => Origin) | null {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-bench-web-maps-'));
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const build = spawnSync(
    process.execPath,
    [vite, 'build', '--sourcemap', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (build.status !== 0) return null;
  const maps = new Map<string, SourceMap | null>();
  const mapOf = (chunk: string) => {
    if (!maps.has(chunk)) {
      const file = path.join(outDir, 'assets', `${chunk}.map`);
      maps.set(chunk, fs.existsSync(file) ? readMap(file) : null);
    }
    return maps.get(chunk)!;
  };
  process.once('exit', () => fs.rmSync(outDir, { recursive: true, force: true }));
  return (url, line, column, name) => {
    const chunk = url.split('/').pop() ?? url;
    const map = mapOf(chunk);
    // The last segment that starts at or before the column.
    let found: Segment | undefined;
    for (const segment of map?.lines[line] ?? []) {
      if (segment.column > column) break;
      found = segment;
    }
    if (!map || !found) return { owner: chunk, label: `${name || '(anônima)'} ${chunk}` };
    const source = map.sources[found.source] ?? '?';
    const original = found.name >= 0 ? map.names[found.name] : undefined;
    const where = source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
    return {
      owner: ownerOf(source),
      label: `${original ?? (name || '(anônima)')} ${where}:${found.line + 1}`,
    };
  };
}
