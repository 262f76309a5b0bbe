/**
 * `npm run bench:web -- --trace [FILE]`: a Chromium performance trace of one customers-list load,
 * saved for chrome://tracing or DevTools, and read here: what the renderer's main thread did from
 * the moment the first row was put into the document to the frame that painted it (and, before,
 * in the task that built it), with the JavaScript samples named by package and function.
 */
import fs from 'node:fs';
import type { CDPSession, Page } from 'playwright-core';
import { count, ms } from './measure';
import type { Origin } from './web-sourcemap';
import type { Probe } from './web-probe';

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { data?: Record<string, unknown>; elementCount?: number; beginData?: Record<string, unknown> };
}

const CATEGORIES = [
  'toplevel',
  'blink',
  'blink.user_timing',
  'loading',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
];

/** Records a trace around a page load: `before` starts it, `after` saves it to `file`. */
export function traceTo(file: string) {
  let session: CDPSession | undefined;
  let events: TraceEvent[] = [];
  return {
    before: async (page: Page) => {
      session = await page.context().newCDPSession(page);
      await session.send('Tracing.start', {
        transferMode: 'ReturnAsStream',
        traceConfig: { includedCategories: CATEGORIES },
      });
    },
    after: async () => {
      const cdp = session!;
      const complete = new Promise<string>((resolve) =>
        cdp.once('Tracing.tracingComplete', (event) => resolve(event.stream!)),
      );
      await cdp.send('Tracing.end');
      const stream = await complete;
      const parts: Buffer[] = [];
      for (;;) {
        const chunk = await cdp.send('IO.read', { handle: stream });
        parts.push(Buffer.from(chunk.data, chunk.base64Encoded ? 'base64' : 'utf8'));
        if (chunk.eof) break;
      }
      await cdp.send('IO.close', { handle: stream });
      const text = Buffer.concat(parts).toString('utf8');
      fs.writeFileSync(file, text);
      const parsed = JSON.parse(text) as { traceEvents: TraceEvent[] } | TraceEvent[];
      events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
    },
    events: () => events,
  };
}

type Namer = (url: string, line: number, column: number, name: string) => Origin;

interface CpuNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber?: number; columnNumber?: number };
}

/** The JavaScript samples of one thread: when, and which function was running. */
function samplesOf(events: TraceEvent[], pid: number, tid: number): { ts: number; node: CpuNode }[] {
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  if (!profile) return [];
  const nodes = new Map<number, CpuNode>();
  const samples: { ts: number; node: CpuNode }[] = [];
  let ts = (profile.args?.data?.startTime as number | undefined) ?? profile.ts;
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.id !== profile.id || e.pid !== pid) continue;
    const data = e.args!.data as {
      cpuProfile?: { nodes?: CpuNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    (data.cpuProfile?.samples ?? []).forEach((id, i) => {
      ts += data.timeDeltas?.[i] ?? 0;
      const node = nodes.get(id);
      if (node) samples.push({ ts, node });
    });
  }
  return samples;
}

/** Where the sampled time of a window went: by package, and the functions that held it most. */
function jsBreakdown(
  samples: { ts: number; node: CpuNode }[],
  from: number,
  to: number,
  name: Namer | null,
): string[] {
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (let i = 0; i < samples.length - 1; i++) {
    const { ts, node } = samples[i]!;
    if (ts < from || ts >= to) continue;
    const span = (samples[i + 1]!.ts - ts) / 1000;
    const frame = node.callFrame;
    const origin: Origin = frame.url
      ? name
        ? name(frame.url, frame.lineNumber ?? 0, frame.columnNumber ?? 0, frame.functionName)
        : { owner: frame.url.split('/').pop()!, label: `${frame.functionName} ${frame.url.split('/').pop()}` }
      : { owner: `(${frame.functionName.replace(/[()]/g, '') || 'nativo'})`, label: frame.functionName };
    if (origin.owner === '(idle)') continue;
    total += span;
    byOwner.set(origin.owner, (byOwner.get(origin.owner) ?? 0) + span);
    byFunction.set(origin.label, (byFunction.get(origin.label) ?? 0) + span);
  }
  const top = (map: Map<string, number>, n: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
  return [
    `amostras de JavaScript: ${ms(total)} ms; por pacote: ${top(byOwner, 8)
      .map(([owner, time]) => `${owner} ${ms(time)}`)
      .join(', ')}`,
    ...top(byFunction, 10).map(([label, time]) => `  ${ms(time).padStart(7)} ms  ${label}`),
  ];
}

/** What a main-thread task was mostly doing, from the events inside it. */
function kindOf(inside: TraceEvent[]): string {
  const has = (name: string) => inside.some((e) => e.name === name);
  if (has('ProxyMain::BeginMainFrame') || has('WebFrameWidgetImpl::UpdateLifecycle'))
    return 'quadro (estilo, layout, pintura)';
  if (has('SVGImage::DataChanged')) return 'SVG de avatar recebido';
  if (has('v8.compileModule') || has('v8.compile')) return 'compilação de script';
  if (has('v8.evaluateModule') || has('EvaluateScript')) return 'avaliação de script';
  if (has('ParseHTML')) return 'HTML';
  if (has('FunctionCall') || has('RunMicrotasks') || has('TimerFire')) return 'JavaScript';
  if (has('MajorGC') || has('MinorGC')) return 'coleta de lixo';
  return 'outros';
}

const sum = (events: TraceEvent[], name: string) =>
  events.filter((e) => e.name === name).reduce((total, e) => total + (e.dur ?? 0), 0) / 1000;

/**
 * Reads a trace of a list load: the tasks between the row's insertion and its paint, the one that
 * inserted it, the frame that painted it, the avatars' cost, and the long tasks of the whole load.
 */
export function explainPaintDelay(events: TraceEvent[], probe: Probe, name: Namer | null): string[] {
  const mark = events.find((e) => e.name === 'web-bench:inserted');
  if (!mark || probe.inserted === null || probe.painted === null) {
    return ['O rastro não tem a marca da inserção da linha ou a pintura: nada a explicar.'];
  }
  const { pid, tid } = mark;
  const origin = mark.ts - probe.inserted * 1000;
  const at = (ts: number) => (ts - origin) / 1000;
  const paintedTs = origin + probe.painted * 1000;
  const thread = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined);
  const topName = thread.some((e) => e.name === 'RunTask') ? 'RunTask' : 'ThreadControllerImpl::RunTask';
  const tasks = thread.filter((e) => e.name === topName).sort((a, b) => a.ts - b.ts);
  const within = (task: TraceEvent) =>
    thread.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur!);
  const samples = samplesOf(events, pid, tid);
  const lines: string[] = [
    `linha inserida em ${ms(probe.inserted)} ms, pintada em ${ms(probe.painted)} ms: ` +
      `${ms(probe.painted - probe.inserted)} ms entre as duas (tempos desde o início da navegação)`,
  ];

  const insertion = tasks.find((t) => t.ts <= mark.ts && mark.ts <= t.ts + t.dur!);
  if (insertion) {
    const inside = within(insertion);
    const after = inside.filter((e) => e.ts >= mark.ts);
    const requests = after.filter((e) => e.name === 'ResourceFetcher::requestResource');
    lines.push(
      '',
      `A tarefa que inseriu a linha: ${ms(at(insertion.ts))} a ${ms(at(insertion.ts + insertion.dur!))} ms ` +
        `(${ms(insertion.dur! / 1000)} ms, ${kindOf(inside)}); ${ms((mark.ts - insertion.ts) / 1000)} ms antes ` +
        `da inserção, ${ms((insertion.ts + insertion.dur! - mark.ts) / 1000)} ms depois dela, dos quais ` +
        `${count(requests.length)} pedidos de imagem (ResourceFetcher::requestResource, ` +
        `${ms(sum(requests, 'ResourceFetcher::requestResource'))} ms).`,
      'Antes da inserção (o React monta a página):',
      ...jsBreakdown(samples, insertion.ts, mark.ts, name).map((l) => `  ${l}`),
      'Depois da inserção, na mesma tarefa (fim do commit, efeitos, pedidos de imagem):',
      ...jsBreakdown(samples, mark.ts, insertion.ts + insertion.dur!, name).map((l) => `  ${l}`),
    );
  }

  lines.push('', 'Da inserção à pintura, na thread principal:');
  let busy = 0;
  for (const task of tasks) {
    const start = Math.max(task.ts, mark.ts);
    const end = Math.min(task.ts + task.dur!, paintedTs);
    if (end - start < 1000) continue;
    busy += (end - start) / 1000;
    const inside = within(task);
    let detail = '';
    if (inside.some((e) => e.name === 'WebFrameWidgetImpl::UpdateLifecycle')) {
      const style = inside.filter((e) => e.name === 'UpdateLayoutTree');
      const layout = inside.filter((e) => e.name === 'Layout');
      const elements = style.reduce((n, e) => n + (e.args?.elementCount ?? 0), 0);
      const objects = layout.reduce((n, e) => n + Number(e.args?.beginData?.dirtyObjects ?? 0), 0);
      detail =
        `: estilo ${ms(sum(inside, 'UpdateLayoutTree'))} ms (${count(elements)} elementos), ` +
        `layout ${ms(sum(inside, 'Layout'))} ms (${count(objects)} objetos), ` +
        `pré-pintura ${ms(sum(inside, 'PrePaint'))} ms, ` +
        `pintura ${ms(sum(inside, 'LocalFrameView::RunPaintLifecyclePhase'))} ms`;
    }
    lines.push(
      `  ${ms(at(start)).padStart(9)} ms  ${ms((end - start) / 1000).padStart(7)} ms  ${kindOf(inside)}${detail}`,
    );
  }
  lines.push(
    `  ocupada ${ms(busy)} ms de ${ms(probe.painted - probe.inserted)} ms; o resto é a espera do quadro ` +
      '(rasterização, composição, vsync)',
  );

  const svg = thread.filter((e) => e.name === 'SVGImage::DataChanged');
  const requests = thread.filter((e) => e.name === 'ResourceFetcher::requestResource' && e.ts >= mark.ts);
  lines.push(
    '',
    `Avatares: ${count(requests.length)} pedidos de imagem desde a inserção ` +
      `(${ms(sum(requests, 'ResourceFetcher::requestResource'))} ms), ${count(svg.length)} documentos SVG montados ` +
      `na thread principal (SVGImage::DataChanged, ${ms(sum(svg, 'SVGImage::DataChanged'))} ms, ` +
      `${count(svg.filter((e) => e.ts < paintedTs).length)} antes da pintura).`,
  );

  lines.push('', 'Tarefas longas (≥ 50 ms) até a pintura:');
  for (const task of tasks) {
    if (task.dur! < 50_000 || task.ts > paintedTs) continue;
    lines.push(
      `  ${ms(at(task.ts)).padStart(9)} ms  ${ms(task.dur! / 1000).padStart(7)} ms  ${kindOf(within(task))}`,
    );
  }
  return lines;
}
