/**
 * `npm run bench:live [-- options]`: the live service at scale. 100 restaurants are generated (10
 * tables, 4 open tabs with their customers and items, a manager each); the server runs as the
 * product runs it (`server/main.ts`, a child process whose CPU and memory are read from /proc),
 * and 1,100 screens use it as the web client does — on every store 10 floor tablets (Salão, the
 * tables every 1 s) and a kitchen board (Pedidos, the items every 5 s), each with its own session,
 * conditional requests, gzip/br, keep-alive — while the store's staff change things through the
 * API (an item moved on the board, a table taken or freed, R$ 1,00 received at the table) at 10
 * changes a second across the stores; the simulator is off (it plays only the demo's stores).
 *
 *   - Phase A, polling: the screens poll at the spec's rates.
 *   - Phase B, live push: each screen holds `GET /api/live` open and reads again only when a
 *     notice names its topic, plus a safety read every 30 s.
 *
 *   - Phase C, writes with and without live push: the same changes as fast as 8 staff tablets
 *     make them (no screen open), on a server with live push on (LIVE_PUSH=1: the triggers append
 *     store events, the relay sends them) and off (LIVE_PUSH=0: the floor versions move, nothing
 *     else), restarted on the same database for each round, alternating on, off, on… and ending
 *     on; each round off is set against the mean of the rounds on just before and after it (the
 *     ratio of writes per second, on / off), which cancels a steady drift through the run.
 *
 * For each phase: reads per second; median, p95 and p99 of the unchanged (304) and changed (200)
 * reads; errors; the server's CPU and peak memory; and, for each change, the time from its request
 * returning until one screen and every screen of its store knew it (a notice, with live push;
 * the read that brings it, with both). On the embedded PGlite (a fresh DATA_DIR prepared before
 * the server starts), then on PostgreSQL when DATABASE_URL is set (a throw-away database created
 * there, dropped at the end). Exits with 1 when a target is missed, saying why it may have been.
 * The machine's load is printed (load average, and the CPU of other processes in every window):
 * a window in which other processes took more than a fifth of a core claims nothing, neither met
 * nor missed, and the run says so.
 *
 * Options:
 *   --seconds N            measured seconds per phase (default 30)
 *   --stores N             restaurants (default 100)
 *   --floors-per-store N   floor tablets per restaurant, besides its kitchen board (default 10)
 *   --changes N            changes per second across the restaurants (default 10)
 *   --mode poll|live|both  which phases (default both)
 *   --db pglite|postgres   only one of the databases (default: both with DATABASE_URL, else PGlite)
 *   --write-rounds N       write rounds with live push off, each between two with it on (default
 *                          8, so 17 rounds: a single round moves by ±10–15 % with the same code,
 *                          and the median of 8 ratios holds still where that of 5 did not; 0: no
 *                          phase C)
 *   --write-seconds N      measured seconds per write round (default 5)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { LIVE_SPREAD_MS } from '../contract/live';
import { openDatabase, type Database } from '../server/db/client';
import { Load, POLL_MS, PhaseRecord } from './bench/live-load';
import { machineTicks, PostgresActivity, ServerProcess, UsageWindow, type Usage } from './bench/live-server';
import { prepareStores, type BenchStore } from './bench/live-stores';
import { count, median, mib, ms, percentile, table } from './bench/measure';
import { runScript, UsageError, verdict } from './bench/cli';

/** PGLITE_THREAD=0 (passed on to the server): the embedded database in the server's own thread. */
const PGLITE_IN_SERVER_THREAD = process.env.PGLITE_THREAD === '0';
/** Targets on a 2-core machine, load generator included. */
const TARGETS = { unchangedP99: 20, changeToEveryScreenP99: 1_000, writesWithPush: 95 };
/**
 * What other processes may take of one core in a window before its numbers say nothing about the
 * server: on 2 cores a fifth of one is a tenth of the machine taken from the server, the database
 * and the load generator, which share the rest, and enough to move a p99 or a throughput by more
 * than the margins measured.
 */
const OTHERS_LIMIT_CORE = 20;
/** Staff tablets writing at once in phase C: enough to keep the server busy, as many stores. */
const WRITERS = 8;
/** Unmeasured writes after each restart in phase C: the server's code and the database warm. */
const WRITE_WARMUP_MS = 1_500;
const TABLES_PER_STORE = 10;
/** Unmeasured seconds before each window: timers spread, connections warm. */
const WARMUP_MS = 3_000;
/** After a window, how long a change may still take to reach every screen before it counts as lost. */
const GRACE_MS = { poll: POLL_MS.board + 2_000, live: 5_000 };
const STREAMS_TIMEOUT_MS = 60_000;

const USAGE = `Uso: npm run bench:live -- [--seconds N] [--stores N] [--floors-per-store N] [--changes N]
                             [--mode poll|live|both] [--db pglite|postgres]
  --seconds N            segundos medidos por fase (padrão 30)
  --stores N             restaurantes gerados (padrão 100)
  --floors-per-store N   tablets do salão por restaurante, além do quadro da cozinha (padrão 10)
  --changes N            mudanças por segundo, somando os restaurantes (padrão 10)
  --mode poll|live|both  polling, ao vivo ou as duas fases (padrão both)
  --db pglite|postgres   só um dos bancos
  --write-rounds N       rodadas de escrita sem aviso ao vivo, cada uma entre duas com (padrão 8; 0: sem a fase C)
  --write-seconds N      segundos medidos por rodada de escrita (padrão 5)
Roda no PGlite e, com DATABASE_URL, também no PostgreSQL (num banco descartável criado lá).`;

interface Options {
  seconds: number;
  stores: number;
  floorsPerStore: number;
  changes: number;
  mode: 'poll' | 'live' | 'both';
  databases: Database['kind'][];
  writeRounds: number;
  writeSeconds: number;
}

function parseArgs(argv: string[]): Options | 'help' {
  const options: Options = {
    seconds: 30,
    stores: 100,
    floorsPerStore: 10,
    changes: 10,
    mode: 'both',
    databases: process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'],
    writeRounds: 8,
    writeSeconds: 5,
  };
  const numeric: Record<
    string,
    'seconds' | 'stores' | 'floorsPerStore' | 'changes' | 'writeRounds' | 'writeSeconds'
  > = {
    '--write-seconds': 'writeSeconds',
    '--seconds': 'seconds',
    '--stores': 'stores',
    '--floors-per-store': 'floorsPerStore',
    '--changes': 'changes',
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    const raw = inline ?? argv[i + 1];
    if (flag === '--help' || flag === '-h') return 'help';
    if (flag === '--mode') {
      if (raw !== 'poll' && raw !== 'live' && raw !== 'both')
        throw new UsageError(`--mode espera poll, live ou both, não "${raw ?? ''}".`);
      options.mode = raw;
    } else if (flag === '--db') {
      if (raw !== 'pglite' && raw !== 'postgres')
        throw new UsageError(`--db espera pglite ou postgres, não "${raw ?? ''}".`);
      if (raw === 'postgres' && !process.env.DATABASE_URL)
        throw new UsageError('--db postgres precisa de DATABASE_URL.');
      options.databases = [raw];
    } else if (flag === '--write-rounds') {
      const value = Number(raw);
      if (!Number.isSafeInteger(value) || value < 0)
        throw new UsageError(`--write-rounds espera um número inteiro ≥ 0, não "${raw ?? ''}".`);
      options.writeRounds = value;
    } else if (flag in numeric) {
      const value = Number(raw);
      if (!Number.isSafeInteger(value) || value < 1)
        throw new UsageError(`${flag} espera um número inteiro ≥ 1, não "${raw ?? ''}".`);
      options[numeric[flag]!] = value;
    } else throw new UsageError(`Opção desconhecida: ${argv[i]}`);
    if (inline === undefined) i++;
  }
  return options;
}

interface PhaseResult {
  record: PhaseRecord;
  usage: Usage;
  seconds: number;
  /** PostgreSQL: the server's busy connections over the window. */
  connections?: { mean: number; max: number };
  /** The machine's 1-minute load average when the window ended. */
  loadAverage: number;
}

/** One round of phase C: a server with live push on or off, writing as fast as it can. */
interface WriteRound {
  push: boolean;
  perSecond: number;
  failed: number;
  usage: Usage;
}

/** The machine before a run: load averages (1, 5, 15 min) and how busy it was for 2 s. */
interface MachineLoad {
  averages: number[];
  busy: number;
}

interface DatabaseRun {
  name: string;
  kind: Database['kind'];
  prepareSeconds: number;
  startSeconds: number;
  poll?: PhaseResult;
  /** 'missing': the server has no /api/live yet. */
  live?: PhaseResult | 'missing';
  /** Seconds until every screen's stream had its first event. */
  streamsSeconds?: number;
  before: MachineLoad;
  writes?: WriteRound[];
}

const sleep = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));
const seconds = (since: number) => (performance.now() - since) / 1000;
const sum = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);
/** The screens' reads of a phase, answered or not. */
const reads = (record: PhaseRecord) => record.unchanged.length + record.changed.length + sum(record.failures);
/** A percentile of unsorted values, formatted; — when there are none. */
const percentileOf = (values: number[], q: number) =>
  values.length === 0
    ? '—'
    : ms(
        percentile(
          [...values].sort((a, b) => a - b),
          q,
        ),
      );

/** Measures one window of `options.seconds` with a fresh record; changes run until it ends. */
async function measure(
  load: Load,
  server: ServerProcess,
  options: Options,
  postgres: { url: string; name: string } | null,
): Promise<PhaseResult> {
  load.startChanges(options.changes);
  await sleep(WARMUP_MS);
  const record = new PhaseRecord();
  load.record = record;
  record.measuring = true;
  const window = new UsageWindow(server, postgres?.name);
  const activity = postgres ? await PostgresActivity.start(postgres.url, postgres.name) : null;
  const started = performance.now();
  await sleep(options.seconds * 1000);
  record.measuring = false;
  const usage = window.finish();
  const connections = await activity?.finish();
  const elapsed = seconds(started);
  const loadAverage = os.loadavg()[0]!;
  load.stopChanges();
  await sleep(GRACE_MS[load.mode]);
  load.abandonChanges();
  load.stopTimers();
  return { record, usage, seconds: elapsed, connections, loadAverage };
}

/** How busy the machine is for 2 s before anything of the run starts. */
async function machineLoad(): Promise<MachineLoad> {
  const start = machineTicks();
  await sleep(2_000);
  const end = machineTicks();
  return { averages: os.loadavg(), busy: ((end.busy - start.busy) / (end.total - start.total)) * 100 };
}

/**
 * Phase C: the same changes, as fast as WRITERS tablets make them, on a server restarted for
 * each round on the same database: on, off, on… ending on, so that every round off lies between
 * two on. The writes drift through a run (measured: 137 → 194 writes a second on PostgreSQL from
 * the first round to the last, the same code throughout, as the tabs are paid off and the
 * database settles), and a drift that large sets any pair's first round apart from its second;
 * the mean of the rounds just before and after stands for "on" at the moment of the round off.
 */
async function measureWrites(
  env: Record<string, string | undefined>,
  stores: BenchStore[],
  options: Options,
  postgres: { name: string } | null,
): Promise<WriteRound[]> {
  const rounds: WriteRound[] = [];
  const total = options.writeRounds * 2 + 1;
  for (let i = 0; i < total; i++) {
    const push = i % 2 === 0;
    process.stderr.write(
      `Fase C, escritas: rodada ${i + 1} de ${total}, aviso ao vivo ${push ? 'ligado' : 'desligado'}…\n`,
    );
    const server = await ServerProcess.start({ ...env, LIVE_PUSH: push ? '1' : '0' });
    const load = new Load(server.base, stores, options.floorsPerStore);
    try {
      await load.writeFlat(WRITERS, WRITE_WARMUP_MS);
      const window = new UsageWindow(server, postgres?.name);
      const started = performance.now();
      const { made, failed } = await load.writeFlat(WRITERS, options.writeSeconds * 1000);
      const elapsed = seconds(started);
      rounds.push({ push, perSecond: made / elapsed, failed, usage: window.finish() });
    } finally {
      load.close();
      await server.stop();
    }
  }
  return rounds;
}

/**
 * The CPU of one write, the server's and PostgreSQL's, in ms: what the writes cost whatever else
 * the machine runs, which moves the writes per second of a crowded machine far more.
 */
const cpuPerWrite = (round: WriteRound) =>
  ((round.usage.serverCore + round.usage.postgresCore) * 10) / round.perSecond;

/**
 * For each round with live push off, in %: the writes per second of the rounds on just before and
 * after it (their mean) over its own.
 */
function pushRatios(rounds: readonly Pick<WriteRound, 'push' | 'perSecond'>[]): number[] {
  const ratios: number[] = [];
  for (let i = 1; i + 1 < rounds.length; i++) {
    const [before, off, after] = [rounds[i - 1]!, rounds[i]!, rounds[i + 1]!];
    if (off.push || !before.push || !after.push) continue;
    ratios.push(((before.perSecond + after.perSecond) / 2 / off.perSecond) * 100);
  }
  return ratios;
}

async function runOn(target: Database['kind'], options: Options): Promise<DatabaseRun> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-bench-live-'));
  const jwtSecret = crypto.randomBytes(32).toString('hex');
  let throwaway: Awaited<ReturnType<typeof createDatabase>> | null = null;
  let server: ServerProcess | undefined;
  let load: Load | undefined;
  try {
    if (target === 'postgres') throwaway = await createDatabase(process.env.DATABASE_URL!);
    const name = throwaway
      ? `PostgreSQL (banco ${throwaway.name}, criado para a medida)`
      : `PGlite em ${dataDir}`;
    process.stderr.write(`\n${name}: medindo a carga da máquina (2 s)…\n`);
    const before = await machineLoad();
    process.stderr.write(`${name}: gerando ${count(options.stores)} restaurantes…\n`);
    let started = performance.now();
    const database = await openDatabase(
      throwaway ? { kind: 'postgres', url: throwaway.url } : { kind: 'pglite', dataDir },
    );
    const stores = await prepareStores(database, {
      stores: options.stores,
      tablesPerStore: TABLES_PER_STORE,
      screensPerStore: options.floorsPerStore + 1,
      jwtSecret,
      uploadsDir: path.join(dataDir, 'uploads'),
    }).finally(() => database.close());
    const run: DatabaseRun = {
      name,
      kind: database.kind,
      prepareSeconds: seconds(started),
      startSeconds: 0,
      before,
    };

    started = performance.now();
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: throwaway?.url,
      JWT_SECRET: jwtSecret,
      PORT: '0',
      HOST: '127.0.0.1',
      SIMULATOR: '0',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
    };
    server = await ServerProcess.start(env);
    run.startSeconds = seconds(started);
    load = new Load(server.base, stores, options.floorsPerStore);
    process.stderr.write(
      `Servidor pronto (PID ${server.pid}); ${count(load.screens.length)} telas abrindo…\n`,
    );
    await load.openScreens();

    if (options.mode !== 'live') {
      process.stderr.write(`Fase A, polling: ${options.seconds} s…\n`);
      load.startPolling();
      run.poll = await measure(load, server, options, throwaway);
    }
    if (options.mode !== 'poll') {
      if (!(await load.hasLiveRoute())) {
        run.live = 'missing';
      } else {
        process.stderr.write(`Fase B, ao vivo: abrindo ${count(load.screens.length)} fluxos…\n`);
        started = performance.now();
        await load.openStreams(STREAMS_TIMEOUT_MS);
        run.streamsSeconds = seconds(started);
        process.stderr.write(`Fase B, ao vivo: ${options.seconds} s…\n`);
        load.startSafetyPolls();
        run.live = await measure(load, server, options, throwaway);
        load.closeStreams();
      }
    }
    if (options.writeRounds > 0) {
      // One server at a time on the database (PGlite's folder has one owner).
      load.close();
      load = undefined;
      await server.stop();
      server = undefined;
      run.writes = await measureWrites(env, stores, options, throwaway);
    }
    return run;
  } catch (error) {
    if (server) process.stderr.write(`Últimas linhas do servidor:\n${server.lastLines()}\n`);
    throw error;
  } finally {
    load?.close();
    await server?.stop();
    await throwaway?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A database of its own on the PostgreSQL of `url`, so that every run starts from the same state. */
async function createDatabase(
  url: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `painel_bench_live_${crypto.randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return { name, url: target.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** A window that other processes took too much of: its numbers claim nothing. */
function crowded(usage: Usage): string | null {
  return usage.othersCore > OTHERS_LIMIT_CORE
    ? `outros processos usaram ${ms(usage.othersCore)} % de um núcleo (limite ${OTHERS_LIMIT_CORE} %)`
    : null;
}

/** Phase C's misses. */
function writeMisses(rounds: WriteRound[]): string[] {
  const ratios = pushRatios(rounds).sort((a, b) => a - b);
  const middle = median(ratios);
  const found: string[] = [];
  if (middle < TARGETS.writesWithPush)
    found.push(
      `escritas com aviso ao vivo: ${ms(middle)} % das sem (mediana; meta ≥ ${TARGETS.writesWithPush} %)`,
    );
  const failed = rounds.reduce((total, round) => total + round.failed, 0);
  if (failed > 0) found.push(`${count(failed)} escritas falharam (meta 0)`);
  return found;
}

/** A phase's misses: what passed its target. */
function misses(phase: PhaseResult, live: boolean): string[] {
  const { record } = phase;
  const found: string[] = [];
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const unchangedP99 = record.unchanged.length ? percentile(sorted(record.unchanged), 0.99) : 0;
  if (unchangedP99 > TARGETS.unchangedP99)
    found.push(`p99 de uma leitura sem mudança: ${ms(unchangedP99)} ms (meta ≤ ${TARGETS.unchangedP99} ms)`);
  const errors = record.errors();
  if (errors > 0) found.push(`${count(errors)} erros (meta 0)`);
  if (record.undelivered > 0)
    found.push(
      `${count(record.undelivered)} mudanças que alguma tela não soube em ${GRACE_MS[live ? 'live' : 'poll'] / 1000} s`,
    );
  if (record.streamDrops > 0) found.push(`${count(record.streamDrops)} quedas de fluxo ao vivo (meta 0)`);
  if (live) {
    const all = record.noticeAll.length ? percentile(sorted(record.noticeAll), 0.99) : Infinity;
    if (all > TARGETS.changeToEveryScreenP99)
      found.push(
        `p99 de mudança → todas as telas: ${Number.isFinite(all) ? `${ms(all)} ms` : 'nenhuma medida'} (meta ≤ ${count(TARGETS.changeToEveryScreenP99)} ms)`,
      );
  }
  return found;
}

/** Why a phase may have missed its targets, from what was measured beside them. */
function reasons(phase: PhaseResult, kind: Database['kind'], live: boolean, options: Options): string[] {
  const { usage, record, connections } = phase;
  const cpus = os.cpus().length;
  const found: string[] = [];
  const requests = reads(record) + 2 * record.changesMade;
  const cpuPerRequest = (usage.serverCore * phase.seconds * 10) / requests;
  if (!live) {
    // What the screens ask for, whatever the server managed to answer.
    const asked = options.stores * (options.floorsPerStore * (1000 / POLL_MS.floor) + 1000 / POLL_MS.board);
    const needed = (asked * cpuPerRequest) / 10;
    if (needed > 85)
      found.push(
        `cada requisição custou ${ms(cpuPerRequest)} ms de CPU ao servidor: as ${count(asked)} leituras/s das ` +
          `telas pedem ~${ms(needed)} % de um núcleo, e o servidor atende numa thread só`,
      );
  }
  if (usage.serverCore >= 85)
    found.push(
      `o servidor usou ${ms(usage.serverCore)} % de um núcleo` +
        (kind === 'pglite'
          ? PGLITE_IN_SERVER_THREAD
            ? ' (o PGlite, WASM, roda na mesma thread, uma consulta por vez)'
            : ' (somando a thread do PGlite)'
          : '') +
        ': as requisições esperam na fila',
    );
  if (connections && connections.max > 0 && connections.mean >= 0.8 * connections.max)
    found.push(
      `as conexões do servidor ao PostgreSQL ficaram quase sempre todas ocupadas (média ${ms(connections.mean)}, ` +
        `máximo ${connections.max}): as consultas esperam por uma conexão livre`,
    );
  if (usage.machineBusy >= 75)
    found.push(
      `a máquina ficou ${ms(usage.machineBusy)} % ocupada (${cpus} CPUs): o servidor divide os núcleos com ` +
        (kind === 'postgres' ? `o PostgreSQL (${ms(usage.postgresCore)} % de um núcleo), ` : '') +
        `o gerador de carga (${ms(usage.benchCore)} %) e outros processos (${ms(usage.othersCore)} %)`,
    );
  if (kind === 'pglite' && record.changesMade > 0)
    found.push(
      (PGLITE_IN_SERVER_THREAD
        ? `cada uma das ${ms(record.changesMade / phase.seconds)} mudanças/s é uma transação que o PGlite (WASM) ` +
          'executa na thread do servidor, sem ceder a vez: uma leitura que chega nesse instante espera por ela '
        : `cada uma das ${ms(record.changesMade / phase.seconds)} mudanças/s é uma transação que ocupa a única ` +
          'sessão do PGlite (na sua thread): uma leitura que precisa do banco nesse instante espera por ela ') +
        `(e cada mudança faz ~${ms(record.changed.length / record.changesMade)} telas relerem, espalhadas em ` +
        `${LIVE_SPREAD_MS} ms); com o PostgreSQL as consultas rodam em paralelo`,
    );
  if (usage.benchLoopP99 > 10)
    found.push(
      `o laço de eventos do gerador atrasou até ${ms(usage.benchLoopP99)} ms (p99): parte do tempo medido ` +
        'é espera no próprio gerador, não no servidor',
    );
  return found;
}

function report(run: DatabaseRun, options: Options): string[] {
  const poll = run.poll;
  const live = run.live === 'missing' ? undefined : run.live;
  const phases = [poll, live];
  const cell = (f: (phase: PhaseResult, isLive: boolean) => string, only?: 'poll' | 'live') =>
    phases.map((phase, i) =>
      !phase || (only === 'live' && i === 0) || (only === 'poll' && i === 1) ? '—' : f(phase, i === 1),
    );
  const rate = (phase: PhaseResult, n: number) => ms(n / phase.seconds);
  const rows: string[][] = [
    ['leituras das telas por s', ...cell((ph) => rate(ph, reads(ph.record))), ''],
    ['  sem mudança (304)', ...cell((ph) => count(ph.record.unchanged.length)), ''],
    ['  304: mediana ms', ...cell((ph) => percentileOf(ph.record.unchanged, 0.5)), ''],
    ['  304: p95 ms', ...cell((ph) => percentileOf(ph.record.unchanged, 0.95)), ''],
    ['  304: p99 ms', ...cell((ph) => percentileOf(ph.record.unchanged, 0.99)), `≤ ${TARGETS.unchangedP99}`],
    ['  com mudança (200)', ...cell((ph) => count(ph.record.changed.length)), ''],
    ['  200: mediana ms', ...cell((ph) => percentileOf(ph.record.changed, 0.5)), ''],
    ['  200: p95 ms', ...cell((ph) => percentileOf(ph.record.changed, 0.95)), ''],
    ['  200: p99 ms', ...cell((ph) => percentileOf(ph.record.changed, 0.99)), ''],
    ['  puladas (a anterior em curso)', ...cell((ph) => count(ph.record.skipped), 'poll'), ''],
    ['mudanças por s', ...cell((ph) => rate(ph, ph.record.changesMade)), ''],
    [
      'mudança → aviso na 1ª tela: p50 ms',
      ...cell((ph) => percentileOf(ph.record.noticeFirst, 0.5), 'live'),
      '',
    ],
    [
      'mudança → aviso na 1ª tela: p99 ms',
      ...cell((ph) => percentileOf(ph.record.noticeFirst, 0.99), 'live'),
      '',
    ],
    ['mudança → aviso em todas: p50 ms', ...cell((ph) => percentileOf(ph.record.noticeAll, 0.5), 'live'), ''],
    [
      'mudança → aviso em todas: p99 ms',
      ...cell((ph) => percentileOf(ph.record.noticeAll, 0.99), 'live'),
      `≤ ${count(TARGETS.changeToEveryScreenP99)}`,
    ],
    ['mudança → dados na 1ª tela: p50 ms', ...cell((ph) => percentileOf(ph.record.dataFirst, 0.5)), ''],
    ['mudança → dados em todas: p50 ms', ...cell((ph) => percentileOf(ph.record.dataAll, 0.5)), ''],
    ['mudança → dados em todas: p99 ms', ...cell((ph) => percentileOf(ph.record.dataAll, 0.99)), ''],
    ['mudanças que não chegaram', ...cell((ph) => count(ph.record.undelivered)), '0'],
    ['quedas de fluxo', ...cell((ph) => count(ph.record.streamDrops), 'live'), '0'],
    ['erros', ...cell((ph) => count(ph.record.errors())), '0'],
    // Apart, so that a run beside another job says which side gave way: the screens' reads (a
    // timeout is a slow answer), the changes written (a lost write), or the live streams.
    ['  das leituras das telas', ...cell((ph) => count(sum(ph.record.failures))), ''],
    ['  das mudanças (escritas)', ...cell((ph) => count(sum(ph.record.changeFailures))), ''],
    ['  dos fluxos ao vivo', ...cell((ph) => count(sum(ph.record.streamFailures)), 'live'), ''],
    ['CPU do servidor, % de 1 núcleo', ...cell((ph) => ms(ph.usage.serverCore)), ''],
    [`CPU do servidor, % da máquina`, ...cell((ph) => ms(ph.usage.serverMachine)), ''],
    [
      'CPU do servidor por requisição, ms',
      ...cell((ph) =>
        ms((ph.usage.serverCore * ph.seconds * 10) / (reads(ph.record) + 2 * ph.record.changesMade)),
      ),
      '',
    ],
    ['memória do servidor (RSS, pico)', ...cell((ph) => mib(ph.usage.serverPeakRss)), ''],
    ['máquina ocupada, %', ...cell((ph) => ms(ph.usage.machineBusy)), ''],
    ['CPU do gerador, % de 1 núcleo', ...cell((ph) => ms(ph.usage.benchCore)), ''],
    ...(run.kind === 'postgres'
      ? [
          ['CPU do PostgreSQL, % de 1 núcleo', ...cell((ph) => ms(ph.usage.postgresCore)), ''],
          [
            'conexões ao PostgreSQL ocupadas, média / máx',
            ...cell((ph) => (ph.connections ? `${ms(ph.connections.mean)} / ${ph.connections.max}` : '—')),
            '',
          ],
        ]
      : []),
    ['CPU de outros processos, % de 1 núcleo', ...cell((ph) => ms(ph.usage.othersCore)), ''],
    ['atraso do laço do gerador p99 ms', ...cell((ph) => ms(ph.usage.benchLoopP99)), ''],
  ];
  const floors = options.stores * options.floorsPerStore;
  const lines = [
    '',
    `Banco: ${run.name}`,
    `${count(options.stores)} restaurantes de ${TABLES_PER_STORE} mesas; ${count(floors)} telas do salão (a cada 1 s) e ` +
      `${count(options.stores)} quadros da cozinha (a cada 5 s); ${count(options.changes)} mudanças/s; ` +
      `${options.seconds} s medidos por fase; ${os.cpus().length} CPUs. Dados gerados em ${ms(run.prepareSeconds)} s, ` +
      `servidor no ar em ${ms(run.startSeconds)} s` +
      (run.streamsSeconds === undefined
        ? '.'
        : `, ${count(floors + options.stores)} fluxos ao vivo abertos em ${ms(run.streamsSeconds)} s.`),
    'Dados: com polling, a leitura seguinte; ao vivo, a releitura das telas cujo tópico o aviso nomeia.',
    '',
    table(['medida', 'polling', 'ao vivo', 'meta'], rows),
  ];
  if (run.live === 'missing')
    lines.push('', 'Ao vivo: o servidor não tem GET /api/live (404); a fase B não foi medida.');
  // Why the errors happened, whether or not the run claims its targets (a busy machine's run claims
  // none, and is the one where they are worth reading).
  phases.forEach((phase, i) => {
    if (!phase || phase.record.errors() === 0) return;
    const whys = [...phase.record.failures, ...phase.record.changeFailures, ...phase.record.streamFailures]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8);
    lines.push(
      '',
      `Erros, ${i === 0 ? 'polling' : 'ao vivo'}: ${whys.map(([why, n]) => `${count(n)} × ${why}`).join('; ')}.`,
    );
  });
  const [one, five, fifteen] = run.before.averages.map((value) => value.toFixed(2));
  lines.push(
    '',
    `Carga da máquina antes da medida: load average ${one} / ${five} / ${fifteen} (1, 5, 15 min; ${os.cpus().length} CPUs), ` +
      `${ms(run.before.busy)} % ocupada nos 2 s anteriores. Load average (1 min) ao fim de cada fase: ` +
      phases.map((phase) => (phase ? phase.loadAverage.toFixed(2) : '—')).join(' / ') +
      '.',
  );
  if (run.writes) lines.push('', ...writeReport(run.writes, options));
  return lines;
}

function meanCpu(rounds: WriteRound[], push: boolean): number {
  const these = rounds.filter((round) => round.push === push);
  return these.reduce((total, round) => total + cpuPerWrite(round), 0) / these.length;
}

function writeReport(rounds: WriteRound[], options: Options): string[] {
  const ratios = pushRatios(rounds);
  const sorted = [...ratios].sort((a, b) => a - b);
  return [
    `Fase C, escritas com e sem aviso ao vivo: as mesmas mudanças, ${WRITERS} tablets sem pausa, nenhuma tela aberta; ` +
      `${options.writeSeconds} s medidos por rodada, o servidor reiniciado a cada uma no mesmo banco; ` +
      'ligado e desligado alternados, do ligado ao ligado: cada rodada desligada contra a média das ligadas antes e depois dela.',
    '',
    table(
      [
        'rodada',
        'aviso ao vivo',
        'escritas/s',
        'falhas',
        'CPU servidor %',
        'CPU PostgreSQL %',
        'CPU por escrita ms',
        'CPU outros %',
      ],
      rounds.map((round, i) => [
        String(i + 1),
        round.push ? 'ligado' : 'desligado',
        ms(round.perSecond),
        count(round.failed),
        ms(round.usage.serverCore),
        ms(round.usage.postgresCore),
        ms(cpuPerWrite(round)),
        ms(round.usage.othersCore),
      ]),
    ),
    '',
    `Ligado / desligado, por rodada desligada: ${ratios.map((ratio) => `${ms(ratio)} %`).join(', ')}; ` +
      (sorted.length
        ? `mediana ${ms(median(sorted))} % (mín–máx ${ms(sorted[0]!)}–${ms(sorted.at(-1)!)} %), meta ≥ ${TARGETS.writesWithPush} %.`
        : 'nenhuma rodada desligada entre duas ligadas.'),
    `CPU por escrita (servidor e PostgreSQL), média: ligado ${ms(meanCpu(rounds, true))} ms, desligado ` +
      `${ms(meanCpu(rounds, false))} ms.`,
  ];
}

async function main(options: Options): Promise<number> {
  const problems: string[] = [];
  for (const target of options.databases) {
    const run = await runOn(target, options);
    console.log(report(run, options).join('\n'));
    const label = run.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    if (run.live === 'missing') problems.push(`${label}, ao vivo: GET /api/live não existe; nada medido.`);
    for (const [phaseName, phase, isLive] of [
      ['polling', run.poll, false],
      ['ao vivo', run.live === 'missing' ? undefined : run.live, true],
    ] as const) {
      if (!phase) continue;
      const busy = crowded(phase.usage);
      if (busy) {
        problems.push(
          `${label}, ${phaseName}: sem conclusão, a máquina não estava ociosa: ${busy}; nenhuma meta afirmada.`,
        );
        continue;
      }
      const missed = misses(phase, isLive);
      if (missed.length === 0) continue;
      problems.push(`${label}, ${phaseName}: ${missed.join('; ')}.`);
      for (const why of reasons(phase, run.kind, isLive, options)) problems.push(`  - ${why}`);
    }
    if (run.writes) {
      const busy = run.writes.map((round) => crowded(round.usage)).find(Boolean);
      const missed = writeMisses(run.writes);
      if (busy)
        problems.push(
          `${label}, escritas: sem conclusão, a máquina não estava ociosa: ${busy}; nenhuma meta afirmada.`,
        );
      else if (missed.length > 0) problems.push(`${label}, escritas: ${missed.join('; ')}.`);
    }
  }
  return verdict(problems);
}

runScript({ usage: USAGE, parse: parseArgs, run: main });
