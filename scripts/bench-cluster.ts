/**
 * `npm run bench:cluster [-- options]`: the live service on several instances, one of them killed.
 * A throw-away PostgreSQL, PgBouncer in transaction pooling in front of it, N API instances
 * (`server/main.ts`, `DATABASE_URL` through PgBouncer, `DATABASE_LISTEN_URL` straight to
 * PostgreSQL for the live notices) and HAProxy in front of them (round robin, no stickiness), all
 * from Debian's packages and in one temporary folder, stopped at the end whatever happens. The
 * 1,100 screens of `bench:live` (100 stores × 10 floor tablets and a kitchen board) hold their
 * live streams through HAProxy while the staff change things; in the middle of the measured window
 * one instance is killed (SIGKILL) and started again a few seconds later.
 *
 * It reports the requests that failed and why, the time for the killed instance's streams to be
 * connected again on the others, the live targets before, during and after the failover, and the
 * machine's load; and it checks, against the database, that at the end every screen has heard of
 * its store's latest version and read what concerns it. Exits with 1 when a notice was lost (or a
 * stream never came back), or when a target is missed on a machine that was not saturated.
 *
 * Options:
 *   --seconds N            measured seconds (default 60; the kill comes at half)
 *   --stores N             restaurants (default 100)
 *   --floors-per-store N   floor tablets per restaurant, besides its kitchen board (default 10)
 *   --changes N            changes per second across the restaurants (default 10)
 *   --instances N          API instances (default 3, at least 2)
 *   --restart-after N      seconds between killing the instance and starting it again (default 5)
 *   --direct               DATABASE_URL straight to PostgreSQL, without PgBouncer
 */
import crypto from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createParser } from 'eventsource-parser';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { Load, PhaseRecord, versionOf } from './bench/live-load';
import { ServerProcess } from './bench/live-server';
import { prepareStores, type BenchStore } from './bench/live-stores';
import { count, ms, percentile, table } from './bench/measure';
import { runScript, UsageError, verdict } from './bench/cli';
import { freePort, missingPackages, Services, type Haproxy } from './bench/cluster-services';
import { StreamWatch } from './bench/cluster-streams';
import { postgresProcesses, UsageSampler, type ClusterUsage } from './bench/cluster-usage';

/** bench:live's targets, on the same 2-core machine. */
const TARGETS = { unchangedP99: 20, changeToEveryScreenP99: 1_000 };
const TABLES_PER_STORE = 10;
const WARMUP_MS = 3_000;
/** After the window, how long a change may still take to reach every screen before it counts as lost. */
const GRACE_MS = 5_000;
const STREAMS_TIMEOUT_MS = 60_000;
/** The failover's segment ends this long after the last stream of the killed instance is back. */
const SETTLE_MS = 2_000;
/** How long HAProxy may take to see every instance up, at the start and after the restart. */
const UP_TIMEOUT_MS = 30_000;
/** Above this share of the machine busy, latencies measure the CPU's queue, not the service. */
const SATURATED_BUSY = 90;
const SATURATED_LOOP_MS = 50;

const USAGE = `Uso: npm run bench:cluster -- [--seconds N] [--stores N] [--floors-per-store N] [--changes N]
                                [--instances N] [--restart-after N] [--direct]
  --seconds N            segundos medidos (padrão 60; uma instância cai na metade)
  --stores N             restaurantes gerados (padrão 100)
  --floors-per-store N   tablets do salão por restaurante, além do quadro da cozinha (padrão 10)
  --changes N            mudanças por segundo, somando os restaurantes (padrão 10)
  --instances N          instâncias da API atrás do HAProxy (padrão 3, no mínimo 2)
  --restart-after N      segundos entre derrubar a instância e subi-la de novo (padrão 5)
  --direct               DATABASE_URL direto no PostgreSQL, sem o PgBouncer
Sobe PostgreSQL, PgBouncer e HAProxy (pacotes do Debian) numa pasta temporária; tudo é parado no fim.`;

interface Options {
  seconds: number;
  stores: number;
  floorsPerStore: number;
  changes: number;
  instances: number;
  restartAfter: number;
  direct: boolean;
}

function parseArgs(argv: string[]): Options | 'help' {
  const options: Options = {
    seconds: 60,
    stores: 100,
    floorsPerStore: 10,
    changes: 10,
    instances: 3,
    restartAfter: 5,
    direct: false,
  };
  const numeric: Record<string, Exclude<keyof Options, 'direct'>> = {
    '--seconds': 'seconds',
    '--stores': 'stores',
    '--floors-per-store': 'floorsPerStore',
    '--changes': 'changes',
    '--instances': 'instances',
    '--restart-after': 'restartAfter',
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    if (flag === '--help' || flag === '-h') return 'help';
    if (flag === '--direct') {
      options.direct = true;
      continue;
    }
    if (!(flag in numeric)) throw new UsageError(`Opção desconhecida: ${argv[i]}`);
    const raw = inline ?? argv[i + 1];
    const value = Number(raw);
    if (!Number.isSafeInteger(value) || value < 1)
      throw new UsageError(`${flag} espera um número inteiro ≥ 1, não "${raw ?? ''}".`);
    options[numeric[flag]!] = value;
    if (inline === undefined) i++;
  }
  if (options.instances < 2) throw new UsageError('--instances espera 2 ou mais: uma delas cai.');
  if (options.seconds < 4) throw new UsageError('--seconds espera 4 ou mais.');
  return options;
}

const sleep = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const percentileOf = (values: number[], q: number) =>
  values.length === 0 ? '—' : ms(percentile(sorted(values), q));
const sum = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);

/** One API instance behind HAProxy: its name there, its port, and the process now serving it. */
interface Instance {
  name: string;
  port: number;
  server: ServerProcess;
  /** Processes that served it before (killed), for the CPU count. */
  pids: number[];
}

/** A stretch of the window: what the load recorded in it, and how long it lasted. */
interface Segment {
  label: string;
  record: PhaseRecord;
  started: number;
  ended?: number;
}

/** What happened to the killed instance, in ms from the kill. */
interface Failover {
  instance: string;
  pid: number;
  /** Seconds into the measured window. */
  at: number;
  streamsBefore: Map<string, number>;
  streamsAfter?: Map<string, number>;
  /** Its streams, and how long each took to be connected again elsewhere (undefined: never). */
  recovery: (number | undefined)[];
  markedDown?: number;
  restarted?: number;
  markedUp?: number;
  /** Why it could not be started again. */
  restartError?: string;
}

/** The final state's check against the database. */
interface Check {
  /** Screens whose last notice is older than their store's version. */
  noticesBehind: number;
  /** Screens that did not read again after the last notice naming their topic. */
  dataBehind: number;
  /** Screens whose stream was not open at the end. */
  streamsClosed: number;
  screens: number;
}

/** Merges segments' records into one, for the whole window. */
function merged(records: PhaseRecord[]): PhaseRecord {
  const all = new PhaseRecord();
  for (const record of records) {
    for (const key of ['unchanged', 'changed', 'noticeFirst', 'noticeAll', 'dataFirst', 'dataAll'] as const)
      all[key].push(...record[key]);
    for (const key of ['failures', 'changeFailures', 'streamFailures'] as const)
      for (const [why, n] of record[key]) all[key].set(why, (all[key].get(why) ?? 0) + n);
    all.skipped += record.skipped;
    all.changesMade += record.changesMade;
    all.undelivered += record.undelivered;
    all.streamDrops += record.streamDrops;
  }
  return all;
}

/** Waits until HAProxy sees `name`'s state pass `test`; the ms it took, or undefined on timeout. */
async function whenState(
  haproxy: Haproxy,
  name: string,
  test: (state: string) => boolean,
): Promise<number | undefined> {
  const started = performance.now();
  while (performance.now() - started < UP_TIMEOUT_MS) {
    const state = (await haproxy.states().catch(() => new Map<string, string>())).get(name);
    if (state && test(state)) return performance.now() - started;
    await sleep(50);
  }
  return undefined;
}

/**
 * Whether every instance hears the database's notices: one stream straight to each instance, a
 * change of the store's row made on PostgreSQL (a notice with no topic: no screen reads for it),
 * and every stream must tell of it within 5 s. Through PgBouncer in transaction pooling a LISTEN
 * does not hold: the instance must listen on a direct connection (DATABASE_LISTEN_URL).
 */
async function noticesReachEveryInstance(
  instances: Instance[],
  store: BenchStore,
  postgresUrl: string,
): Promise<string[]> {
  const deaf: string[] = [];
  const heard = new Map<string, number>();
  const requests: http.ClientRequest[] = [];
  const ready = instances.map(
    (instance) =>
      new Promise<void>((resolve, reject) => {
        const request = http.get(
          {
            host: '127.0.0.1',
            port: instance.port,
            path: '/api/live',
            headers: { authorization: `Bearer ${store.screenTokens[0]}`, accept: 'text/event-stream' },
          },
          (response) => {
            if (response.statusCode !== 200) {
              reject(new Error(`${instance.name}: GET /api/live respondeu ${response.statusCode}`));
              return;
            }
            const parser = createParser({
              onEvent: (event) => {
                const version = Number((JSON.parse(event.data) as { version: number | string }).version);
                heard.set(instance.name, Math.max(heard.get(instance.name) ?? 0, version));
                if (event.event === 'ready') resolve();
              },
            });
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => parser.feed(chunk));
          },
        );
        request.on('error', reject);
        requests.push(request);
      }),
  );
  const client = new pg.Client({ connectionString: postgresUrl });
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      Promise.all(ready),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('GET /api/live não abriu em 10 s numa instância')), 10_000);
      }),
    ]);
    await client.connect();
    await client.query('update stores set name = name where id = $1', [store.id]);
    const { rows } = await client.query<{ version: string }>(
      'select version from floor_versions where store_id = $1',
      [store.id],
    );
    const version = Number(rows[0]?.version);
    const deadline = performance.now() + 5_000;
    while (performance.now() < deadline && instances.some((i) => (heard.get(i.name) ?? 0) < version))
      await sleep(50);
    for (const instance of instances) if ((heard.get(instance.name) ?? 0) < version) deaf.push(instance.name);
  } finally {
    clearTimeout(timer);
    for (const request of requests) request.destroy();
    await client.end();
  }
  return deaf;
}

/** Every screen against its store's version in the database, once the changes have stopped. */
async function checkFinalState(load: Load, watch: StreamWatch, postgresUrl: string): Promise<Check> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  const versions = new Map<number, number>();
  try {
    const { rows } = await client.query<{ store_id: number; version: string }>(
      'select store_id, version from floor_versions',
    );
    for (const row of rows) versions.set(row.store_id, Number(row.version));
  } finally {
    await client.end();
  }
  const check: Check = { noticesBehind: 0, dataBehind: 0, streamsClosed: 0, screens: 0 };
  for (const screen of load.screens) {
    check.screens++;
    const latest = versions.get(screen.store.plan.id) ?? 0;
    const heard = Math.max(0, ...screen.notices.map((notice) => notice.version));
    if (heard < latest) check.noticesBehind++;
    // The newest notice that named the screen's topic (a reconnection names them all): it read after it.
    const relevant = Math.max(
      0,
      ...screen.notices
        .filter((notice) => notice.topics?.includes(screen.topic))
        .map((notice) => notice.version),
    );
    if ((versionOf(screen.etag) ?? 0) < relevant) check.dataBehind++;
    if (!watch.isOpen(screen.token)) check.streamsClosed++;
  }
  return check;
}

async function main(options: Options): Promise<number> {
  const missing = missingPackages();
  if (missing.length > 0) {
    console.error(
      `Faltam programas para o bench:cluster (${missing.join(', ')}). Instale-os com:\n` +
        '  sudo apt-get install -y haproxy pgbouncer postgresql',
    );
    return 1;
  }
  const services = Services.create();
  const interrupted = (signal: NodeJS.Signals) => {
    process.stderr.write(`\n${signal}: parando tudo o que o bench:cluster subiu…\n`);
    void services.stopAll().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    return await runCluster(services, options);
  } finally {
    await services.stopAll();
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
}

async function runCluster(services: Services, options: Options): Promise<number> {
  const loadAtStart = os.loadavg()[0]!;
  process.stderr.write(`Pasta temporária: ${services.dir}\nSubindo o PostgreSQL…\n`);
  const postgres = await services.startPostgres();
  const bouncer = options.direct ? null : await services.startPgBouncer(postgres.port);

  process.stderr.write(`Gerando ${count(options.stores)} restaurantes…\n`);
  const jwtSecret = crypto.randomBytes(32).toString('hex');
  const dataDir = path.join(services.dir, 'data');
  let started = performance.now();
  const database = await openDatabase({ kind: 'postgres', url: postgres.url });
  const stores = await prepareStores(database, {
    stores: options.stores,
    tablesPerStore: TABLES_PER_STORE,
    screensPerStore: options.floorsPerStore + 1,
    jwtSecret,
    uploadsDir: path.join(dataDir, 'uploads'),
  }).finally(() => database.close());
  const prepareSeconds = (performance.now() - started) / 1000;

  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: bouncer?.url ?? postgres.url,
    DATABASE_LISTEN_URL: postgres.url,
    JWT_SECRET: jwtSecret,
    HOST: '127.0.0.1',
    SIMULATOR: '0',
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'loopback',
  };
  process.stderr.write(`Subindo ${options.instances} instâncias da API…\n`);
  started = performance.now();
  const instances: Instance[] = [];
  await Promise.all(
    Array.from({ length: options.instances }, async (_, i) => {
      const port = await freePort();
      const server = await ServerProcess.start({ ...env, PORT: String(port) });
      const instance: Instance = { name: `api-${i + 1}`, port, server, pids: [] };
      instances.push(instance);
      services.onStop(instance.name, () => instance.server.stop());
    }),
  );
  instances.sort((a, b) => a.name.localeCompare(b.name));
  const startSeconds = (performance.now() - started) / 1000;

  const deaf = await noticesReachEveryInstance(instances, stores[0]!, postgres.url);
  if (deaf.length > 0) {
    console.log(
      [
        '',
        `Os avisos ao vivo não chegam a ${deaf.join(', ')}: uma mudança feita no PostgreSQL não apareceu no fluxo ` +
          'dessas instâncias em 5 s.',
        options.direct
          ? 'Com --direct todas escutam direto no PostgreSQL: veja o log do servidor.'
          : 'Pelo PgBouncer em modo transaction um LISTEN não se mantém: o servidor precisa escutar numa conexão ' +
            'direta (DATABASE_LISTEN_URL). Se esta versão do servidor ainda não lê DATABASE_LISTEN_URL, rode com ' +
            '--direct.',
        'Nada foi medido.',
      ].join('\n'),
    );
    return 1;
  }

  const haproxy = await services.startHaproxy(new Map(instances.map((i) => [i.name, i.port])));
  for (const instance of instances)
    if ((await whenState(haproxy, instance.name, (state) => state === 'UP')) === undefined)
      throw new Error(`O HAProxy não viu ${instance.name} no ar em ${UP_TIMEOUT_MS / 1000} s.`);

  const load = new Load(haproxy.base, stores, options.floorsPerStore);
  services.onStop('telas', async () => load.close());
  const watch = new StreamWatch(load.client);
  process.stderr.write(
    `HAProxy em ${haproxy.base} (${haproxy.config}); ${count(load.screens.length)} telas abrindo…\n`,
  );
  await load.openScreens();
  started = performance.now();
  await load.openStreams(STREAMS_TIMEOUT_MS);
  const streamsSeconds = (performance.now() - started) / 1000;

  load.startSafetyPolls();
  load.startChanges(options.changes);
  await sleep(WARMUP_MS);

  const sampler = new UsageSampler(
    new Map<string, () => number[]>([
      // The killed instance counts both its processes.
      ...instances.map((i) => [`instância ${i.name}`, () => [...i.pids, i.server.pid]] as const),
      ['PostgreSQL', postgresProcesses(postgres.pid)],
      ...(bouncer ? [['PgBouncer', () => [bouncer.pid]] as const] : []),
      ['HAProxy', () => [haproxy.pid]],
    ]),
  );
  const segments: Segment[] = [];
  const begin = (label: string) => {
    const now = performance.now();
    const last = segments[segments.length - 1];
    if (last) {
      last.record.measuring = false;
      last.ended = now;
    }
    const record = new PhaseRecord();
    record.measuring = true;
    load.record = record;
    segments.push({ label, record, started: now });
  };
  const windowStart = performance.now();
  const windowEnd = windowStart + options.seconds * 1000;
  process.stderr.write(`Medindo ${options.seconds} s; uma instância cai aos ${options.seconds / 2} s…\n`);
  begin('antes da queda');
  await sleep(options.seconds * 500);

  // The instance with the most streams falls: round robin makes them about even.
  const streamsBefore = watch.byInstance();
  const victim = instances.reduce((most, i) =>
    (streamsBefore.get(i.name) ?? 0) > (streamsBefore.get(most.name) ?? 0) ? i : most,
  );
  const sessions = watch.sessionsOn(victim.name);
  const killedAt = performance.now();
  const failover: Failover = {
    instance: victim.name,
    pid: victim.server.pid,
    at: (killedAt - windowStart) / 1000,
    streamsBefore,
    recovery: [],
  };
  process.kill(victim.server.pid, 'SIGKILL');
  victim.pids.push(victim.server.pid);
  begin('queda → fluxos de volta');
  process.stderr.write(
    `${victim.name} (PID ${failover.pid}) derrubada com SIGKILL; ${count(sessions.length)} fluxos nela.\n`,
  );

  const markedDown = whenState(haproxy, victim.name, (state) => state.startsWith('DOWN')).then(
    (took) => (failover.markedDown = took),
  );
  const restarted = (async () => {
    await sleep(options.restartAfter * 1000);
    victim.server = await ServerProcess.start({ ...env, PORT: String(victim.port) });
    failover.restarted = performance.now() - killedAt;
    process.stderr.write(`${victim.name} de volta (PID ${victim.server.pid}).\n`);
    const took = await whenState(haproxy, victim.name, (state) => state === 'UP');
    if (took !== undefined) failover.markedUp = performance.now() - killedAt;
  })().catch((error: Error) => (failover.restartError = error.message));
  // The failover's segment lasts until every stream of the killed instance is back, and a little more.
  let back: number | undefined;
  while (performance.now() < windowEnd) {
    if (back === undefined && watch.recovery(sessions, victim.name, killedAt).every((t) => t !== undefined)) {
      back = performance.now();
    }
    if (back !== undefined && performance.now() >= back + SETTLE_MS && segments.length < 3) begin('depois');
    await sleep(50);
  }
  const last = segments[segments.length - 1]!;
  last.record.measuring = false;
  last.ended = performance.now();
  const usage = sampler.finish();
  failover.recovery = watch.recovery(sessions, victim.name, killedAt);
  failover.streamsAfter = watch.byInstance();

  load.stopChanges();
  await sleep(GRACE_MS);
  load.abandonChanges();
  await Promise.all([markedDown, restarted]);
  const check = await checkFinalState(load, watch, postgres.url);
  load.close();
  const balancer = await haproxy.stats().catch(() => new Map<string, Record<string, string>>());

  console.log(
    report({
      options,
      segments,
      failover,
      usage,
      check,
      loadAtStart,
      prepareSeconds,
      startSeconds,
      streamsSeconds,
      pooled: bouncer !== null,
      balancer,
    }).join('\n'),
  );
  const missed = problems(segments, failover, check, usage);
  if (missed.length === 0 && saturated(usage)) {
    console.log(
      '\nNenhum aviso perdido e todos os fluxos da instância derrubada voltaram; as metas de latência não foram ' +
        'avaliadas (máquina saturada).',
    );
    return 0;
  }
  return verdict(missed);
}

interface Run {
  options: Options;
  segments: Segment[];
  failover: Failover;
  usage: ClusterUsage;
  check: Check;
  loadAtStart: number;
  prepareSeconds: number;
  startSeconds: number;
  streamsSeconds: number;
  pooled: boolean;
  /** HAProxy's counters at the end, by instance and 'BACKEND'. */
  balancer: Map<string, Record<string, string>>;
}

/** The segments the targets are judged on: the steady ones, around the failover. */
const steady = (segments: Segment[]) => merged(segments.filter((_, i) => i !== 1).map((s) => s.record));

const saturated = (usage: ClusterUsage) =>
  usage.machineBusy >= SATURATED_BUSY || usage.benchLoopP99 > SATURATED_LOOP_MS;

function report(run: Run): string[] {
  const { options, segments, failover, usage, check } = run;
  const whole = merged(segments.map((s) => s.record));
  const columns = [
    ...segments.map((s) => ({ record: s.record, seconds: ((s.ended ?? s.started) - s.started) / 1000 })),
  ];
  columns.push({
    record: whole,
    seconds: segments.reduce((total, s) => total + ((s.ended ?? s.started) - s.started) / 1000, 0),
  });
  const cell = (f: (record: PhaseRecord, seconds: number) => string) =>
    columns.map((c) => f(c.record, c.seconds));
  const reads = (r: PhaseRecord) => r.unchanged.length + r.changed.length + sum(r.failures);
  const rows: string[][] = [
    ['segundos', ...cell((_, s) => ms(s)), ''],
    ['leituras das telas por s', ...cell((r, s) => ms(reads(r) / s)), ''],
    ['  304: mediana ms', ...cell((r) => percentileOf(r.unchanged, 0.5)), ''],
    ['  304: p99 ms', ...cell((r) => percentileOf(r.unchanged, 0.99)), `≤ ${TARGETS.unchangedP99}`],
    ['  200: mediana ms', ...cell((r) => percentileOf(r.changed, 0.5)), ''],
    ['  200: p99 ms', ...cell((r) => percentileOf(r.changed, 0.99)), ''],
    ['mudanças por s', ...cell((r, s) => ms(r.changesMade / s)), ''],
    ['mudança → aviso em todas: p50 ms', ...cell((r) => percentileOf(r.noticeAll, 0.5)), ''],
    [
      'mudança → aviso em todas: p99 ms',
      ...cell((r) => percentileOf(r.noticeAll, 0.99)),
      `≤ ${count(TARGETS.changeToEveryScreenP99)}`,
    ],
    ['mudança → dados em todas: p99 ms', ...cell((r) => percentileOf(r.dataAll, 0.99)), ''],
    ['leituras que falharam', ...cell((r) => count(sum(r.failures))), ''],
    ['mudanças que falharam', ...cell((r) => count(sum(r.changeFailures))), ''],
    ['fluxos que não abriram', ...cell((r) => count(sum(r.streamFailures))), ''],
    ['quedas de fluxo', ...cell((r) => count(r.streamDrops)), ''],
  ];
  const recovered = failover.recovery.filter((t): t is number => t !== undefined);
  const after = (value: number | undefined) =>
    value === undefined ? 'não aconteceu' : `${ms(value / 1000)} s`;
  const streams = (counts: Map<string, number> | undefined) =>
    counts ? [...counts].map(([name, n]) => `${name} ${count(n)}`).join(', ') : '—';
  const floors = options.stores * options.floorsPerStore;
  const lines = [
    '',
    `${options.instances} instâncias da API atrás do HAProxy (roundrobin, sem afinidade); DATABASE_URL ` +
      (run.pooled ? 'pelo PgBouncer (transaction)' : 'direto no PostgreSQL (--direct)') +
      '; avisos ao vivo por conexão direta (DATABASE_LISTEN_URL).',
    `${count(options.stores)} restaurantes de ${TABLES_PER_STORE} mesas; ${count(floors)} telas do salão e ` +
      `${count(options.stores)} quadros da cozinha, ao vivo (GET /api/live) e uma leitura de segurança a cada 30 s; ` +
      `${count(options.changes)} mudanças/s; ${options.seconds} s medidos; ${os.cpus().length} CPUs. Dados gerados em ` +
      `${ms(run.prepareSeconds)} s, instâncias no ar em ${ms(run.startSeconds)} s, ` +
      `${count(floors + options.stores)} fluxos abertos em ${ms(run.streamsSeconds)} s.`,
    '',
    table(['medida', ...segments.map((s) => s.label), 'janela toda', 'meta'], rows),
    '',
    `Queda: ${failover.instance} (PID ${failover.pid}) recebeu SIGKILL aos ${ms(failover.at)} s da janela.`,
    `  fluxos por instância antes: ${streams(failover.streamsBefore)}; no fim: ${streams(failover.streamsAfter)}`,
    `  HAProxy a marcou fora (DOWN) em: ${after(failover.markedDown)}`,
    `  fluxos dela conectados de novo em outra instância: ${count(recovered.length)} de ${count(failover.recovery.length)}` +
      ` (o cliente espera 1 s antes de reconectar)`,
    `    tempo até voltar: mediana ${percentileOf(recovered, 0.5)} ms, p95 ${percentileOf(recovered, 0.95)} ms, ` +
      `máx ${recovered.length ? ms(Math.max(...recovered)) : '—'} ms`,
    failover.restartError
      ? `  não subiu de novo: ${failover.restartError}`
      : `  reiniciada e pronta em: ${after(failover.restarted)}; de volta no HAProxy (UP) em: ${after(failover.markedUp)}`,
    '',
    `Estado final (conferido no banco, ${GRACE_MS / 1000} s depois da última mudança), ${count(check.screens)} telas:`,
    `  telas cujo último aviso é anterior à versão da loja (avisos perdidos): ${count(check.noticesBehind)} (meta 0)`,
    `  telas que não releram depois do último aviso do seu tópico: ${count(check.dataBehind)} (meta 0)`,
    `  mudanças que alguma tela não soube em ${GRACE_MS / 1000} s: ${count(whole.undelivered)} (meta 0)`,
    `  telas sem fluxo aberto no fim: ${count(check.streamsClosed)} (meta 0)`,
  ];
  if (run.balancer.size > 0) {
    const names = [...run.balancer.keys()];
    const counter = (label: string, key: string) => [
      label,
      ...names.map((name) => count(Number(run.balancer.get(name)![key] || 0))),
    ];
    lines.push(
      '',
      'HAProxy, desde que subiu:',
      table(
        ['contador', ...names.map((name) => (name === 'BACKEND' ? 'todas' : name))],
        [
          counter('conexões recusadas ou falhas (econ)', 'econ'),
          counter('respostas cortadas (eresp)', 'eresp'),
          counter('encerradas pela instância (srv_abrt)', 'srv_abrt'),
          counter('requisições tentadas de novo (wretr)', 'wretr'),
          counter('mandadas a outra instância (wredis)', 'wredis'),
          counter('vezes marcada fora (chkdown)', 'chkdown'),
        ],
      ),
    );
  }
  const kinds = [
    ...[...whole.failures].map(([why, n]) => [`leitura: ${why}`, n] as const),
    ...[...whole.changeFailures].map(([why, n]) => [`mudança: ${why}`, n] as const),
    ...[...whole.streamFailures].map(([why, n]) => [why, n] as const),
  ];
  if (kinds.length > 0) {
    lines.push('', 'Falhas, por tipo (janela toda):');
    // HAProxy's own error pages come as HTML: their words, on one line.
    const plain = (why: string) =>
      why
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
    for (const [why, n] of kinds.sort((a, b) => b[1] - a[1]).slice(0, 12))
      lines.push(`  ${count(n)} × ${plain(why)}`);
  }
  lines.push(
    '',
    `Máquina: carga média (1 min) ${ms(run.loadAtStart)} antes de subir tudo, ${ms(usage.loadBefore)} no início ` +
      `da janela, ${ms(usage.loadAfter)} no fim; ocupada ${ms(usage.machineBusy)} % na janela.`,
    table(
      ['CPU na janela', '% de 1 núcleo'],
      [
        ...[...usage.groups].map(([name, core]) => [name, ms(core)]),
        ['gerador de carga (este processo)', ms(usage.benchCore)],
        ['tudo o que o bench subiu', ms([...usage.groups.values()].reduce((a, b) => a + b, usage.benchCore))],
        ['outros processos da máquina', ms(usage.othersCore)],
      ],
    ),
    `Atraso do laço do gerador p99: ${ms(usage.benchLoopP99)} ms.`,
  );
  if (saturated(usage))
    lines.push(
      '',
      `A máquina ficou saturada (${ms(usage.machineBusy)} % ocupada, ${os.cpus().length} CPUs, dos quais ` +
        `${ms(usage.othersCore)} % de um núcleo para outros processos; atraso do gerador ` +
        `${ms(usage.benchLoopP99)} ms): as latências acima medem a fila da CPU, não o serviço, e as metas de ` +
        'latência não são avaliadas nesta medida. Os avisos perdidos e a volta dos fluxos valem assim mesmo.',
    );
  return lines;
}

function problems(segments: Segment[], failover: Failover, check: Check, usage: ClusterUsage): string[] {
  const found: string[] = [];
  const whole = merged(segments.map((s) => s.record));
  if (check.noticesBehind > 0)
    found.push(`${count(check.noticesBehind)} telas terminaram sem o aviso da última versão da sua loja`);
  if (check.dataBehind > 0)
    found.push(`${count(check.dataBehind)} telas não releram depois do último aviso do seu tópico`);
  if (whole.undelivered > 0)
    found.push(`${count(whole.undelivered)} mudanças que alguma tela não soube em ${GRACE_MS / 1000} s`);
  if (check.streamsClosed > 0) found.push(`${count(check.streamsClosed)} telas sem fluxo aberto no fim`);
  if (failover.restartError) found.push(`${failover.instance} não subiu de novo`);
  const lost = failover.recovery.filter((t) => t === undefined).length;
  if (lost > 0) found.push(`${count(lost)} fluxos da instância derrubada não voltaram em outra`);
  if (saturated(usage)) return found;
  const calm = steady(segments);
  const unchangedP99 = calm.unchanged.length ? percentile(sorted(calm.unchanged), 0.99) : 0;
  if (unchangedP99 > TARGETS.unchangedP99)
    found.push(
      `fora da queda, p99 de uma leitura sem mudança: ${ms(unchangedP99)} ms (meta ≤ ${TARGETS.unchangedP99} ms)`,
    );
  const all = calm.noticeAll.length ? percentile(sorted(calm.noticeAll), 0.99) : Infinity;
  if (all > TARGETS.changeToEveryScreenP99)
    found.push(
      `fora da queda, p99 de mudança → todas as telas: ${Number.isFinite(all) ? `${ms(all)} ms` : 'nenhuma medida'} ` +
        `(meta ≤ ${count(TARGETS.changeToEveryScreenP99)} ms)`,
    );
  return found;
}

runScript({ usage: USAGE, parse: parseArgs, run: main });
