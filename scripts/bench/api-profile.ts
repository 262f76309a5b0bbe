/**
 * `npm run bench:api -- --profile`: what a server's CPU went to while it answered one route. The
 * server ran under `node --cpu-prof`; the samples taken during that route's measured windows
 * (the profile's clock is the monotonic one of `process.hrtime`) are summed by where each
 * function comes from — a package, a file of Painel's own, Node's core, V8's GC — both where the
 * time was spent (self) and with whatever it called (on the stack), and divided by the requests
 * answered meanwhile: microseconds of CPU per request.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface CallFrame {
  functionName: string;
  /** '0' for V8's and Node's native functions. */
  scriptId: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A stretch of monotonic time, in µs (`process.hrtime.bigint() / 1000n`). */
export interface Span {
  from: number;
  to: number;
}

export interface ProfileSummary {
  /** µs of CPU sampled in the windows, idle left out. */
  busy: number;
  /** By origin: µs spent in its own functions, and µs with one of them on the stack. */
  origins: Map<string, { self: number; stack: number }>;
  /** By function (name, file and line): µs spent in it. */
  functions: Map<string, number>;
}

/**
 * Where a function comes from: a package, a file of the repository, Node, V8; code compiled at
 * run time (`new Function`: fast-json-stringify's serializers, zod's parsers, pino's redaction)
 * has no file, and is named after the origin that called it.
 */
function originOf(node: ProfileNode, parentOf: (node: ProfileNode) => ProfileNode | undefined): string {
  const { url, functionName, scriptId } = node.callFrame;
  if (!url && scriptId !== '0') {
    for (let caller = parentOf(node); caller; caller = parentOf(caller))
      if (caller.callFrame.url) return `código gerado, chamado de ${originOf(caller, parentOf)}`;
    return 'código gerado';
  }
  if (!url) return functionName.startsWith('(') ? functionName : '(nativo: V8, C++)';
  if (url.startsWith('node:')) return 'Node (núcleo)';
  if (url.startsWith('wasm://')) return '@electric-sql/pglite (WASM)';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const [scope, name] = url.slice(modules + '/node_modules/'.length).split('/');
    return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
  }
  const file = url.startsWith('file://') ? fileURLToPath(url) : url;
  return path.relative(root, file);
}

function place({ url, functionName, lineNumber }: CallFrame): string {
  const name = functionName || '(anônima)';
  if (!url) return name;
  const modules = url.lastIndexOf('/node_modules/');
  const file =
    modules >= 0
      ? url.slice(modules + '/node_modules/'.length)
      : url.startsWith('file://')
        ? path.relative(root, fileURLToPath(url))
        : url;
  return `${name} ${file}:${lineNumber + 1}`;
}

/** Sums the samples of `file` that fall within `spans`. */
export function summarizeProfile(file: string, spans: Span[]): ProfileSummary {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, ProfileNode>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node);
  const parentOf = (node: ProfileNode) => parents.get(node.id);
  const origins = new Map<number, string>();
  const origin = (node: ProfileNode) => {
    let found = origins.get(node.id);
    if (found === undefined) origins.set(node.id, (found = originOf(node, parentOf)));
    return found;
  };
  const summary: ProfileSummary = { busy: 0, origins: new Map(), functions: new Map() };
  const add = (key: string, field: 'self' | 'stack', us: number) => {
    const entry = summary.origins.get(key) ?? { self: 0, stack: 0 };
    entry[field] += us;
    summary.origins.set(key, entry);
  };
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i]!;
    // A sample stands for the time until the next one.
    const us = profile.timeDeltas[i + 1] ?? 0;
    if (!spans.some((span) => at >= span.from && at < span.to)) continue;
    const node = nodes.get(profile.samples[i]!)!;
    if (node.callFrame.functionName === '(idle)') continue;
    summary.busy += us;
    add(origin(node), 'self', us);
    const key = place(node.callFrame);
    summary.functions.set(key, (summary.functions.get(key) ?? 0) + us);
    const onStack = new Set<string>();
    for (let frame: ProfileNode | undefined = node; frame; frame = parentOf(frame))
      if (frame.callFrame.functionName !== '(root)') onStack.add(origin(frame));
    for (const key of onStack) add(key, 'stack', us);
  }
  return summary;
}
