/**
 * `npm run bench:api [-- options]`: Painel's API against a hand-written Fastify + pg server doing
 * the same work (`scripts/bench/reference-server.ts`: the same SQL, the same auth work — the
 * caller held on PGlite and read on every request on PostgreSQL, as Painel does —, the same
 * headers and compression, the same envelopes, byte for byte), on a generated list
 * (`GET /api/cousines`), a generated record (`GET /api/cousines/id/:id`) and the customers' list,
 * each asked as the web app asks it (the definition's page size and default sort: 200 customers,
 * newest first). A second reference reads the caller the other way (the variant), printed beside
 * it without a target. The goal: on every route, no more CPU per request than the reference (the
 * headline), at least as many requests a second, and a p99 no worse.
 *
 * The servers run as child processes, as production runs them: Painel is `server/main.ts` with
 * NODE_ENV=production and its request log (JSON lines, to a file, as under a process manager;
 * LOG_LEVEL from the environment, info by default). The data are seed:large's (10 restaurants,
 * whose cuisines the generated routes list, and 2,000 customers) and an administrator's session,
 * written before the servers start: on PGlite in a fresh data folder, of which each server opens
 * a copy of its own (a PGlite belongs to one process, and each server then has its own, as it
 * would alone); on PostgreSQL (DATABASE_URL) in a throw-away database created there, which they
 * all use. Every answer is first checked to be byte-identical on every server.
 *
 * The load: `--connections` keep-alive connections sending one request after another for
 * `--seconds`, one route and one server at a time, in `--rounds` interleaved rounds (the servers'
 * order rotates), after 5 s of warm-up each. Requests carry the token and no Accept-Encoding,
 * as autocannon's: no server compresses (the size table shows what gzip/br would send).
 * It prints, per route and server, the requests a second (over all rounds, and each round's),
 * p50 and p99, the server's CPU per request (and PostgreSQL's), the ratios beside their targets,
 * each answer's size on the wire and any header only Painel sends; and the CPU the load
 * generator and every other process took meanwhile, to judge how quiet the machine was.
 *
 * Options:
 *   --rounds N                  rounds (default 3)
 *   --seconds N                 measured seconds per route, server and round (default 8)
 *   --connections N             concurrent connections (default 20)
 *   --db pglite|postgres|both   which databases (default: both with DATABASE_URL, else PGlite)
 *   --profile                   runs Painel and the reference under `node --cpu-prof` and prints, per route,
 *                               where their CPU went, by package and function, per request
 * Exits with 1 when a ratio misses its target or a request fails.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { customers } from '../contract/resources/customers/definition';
import { cuisines } from '../contract/resources/cuisines/definition';
import type { ResourceDefinition } from '../contract/define';
import { openDatabase, type Database } from '../server/db/client';
import { ADMIN_NAME, createDatabase, seedApiData, type ApiData } from './bench/api-data';
import { fetchOnce, runLoad, type Answer } from './bench/api-load';
import { summarizeProfile, type ProfileSummary, type Span } from './bench/api-profile';
import { ServerChild, usageWindow, type WindowUsage } from './bench/api-servers';
import { count, ms, percentile, ratio, table } from './bench/measure';
import { runScript, UsageError, verdict } from './bench/cli';

/** Painel ÷ reference: CPU per request at most this, requests a second at least this, p99 at most this. */
const TARGETS = { cpu: 1.0, throughput: 1.0, p99: 1.0 };
const WARMUP_SECONDS = 5;
const STORES = 10;
const CUSTOMERS = 2_000;

const USAGE = `Uso: npm run bench:api -- [--rounds N] [--seconds N] [--connections N]
                           [--db pglite|postgres|both] [--profile]
  --rounds N                  rodadas intercaladas (padrão 3)
  --seconds N                 segundos medidos por rota, servidor e rodada (padrão 8)
  --connections N             conexões simultâneas (padrão 20)
  --db pglite|postgres|both   quais bancos (padrão: os dois com DATABASE_URL, senão só o PGlite)
  --profile                   roda o Painel e a referência com node --cpu-prof e mostra, por rota, onde
                              foi a CPU de cada um, por pacote e por função, por requisição
Compara o Painel com um servidor Fastify + pg escrito à mão (scripts/bench/reference-server.ts),
que faz o mesmo trabalho, e mostra ao lado uma variante dele que lê o chamador do outro jeito.
No PostgreSQL (DATABASE_URL) cria um banco descartável e o apaga no fim.`;

interface Options {
  rounds: number;
  seconds: number;
  connections: number;
  databases: Database['kind'][];
  profile: boolean;
}

function parseArgs(argv: string[]): Options | 'help' {
  const options: Options = {
    rounds: 3,
    seconds: 8,
    connections: 20,
    databases: process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'],
    profile: false,
  };
  const numeric: Record<string, 'rounds' | 'seconds' | 'connections'> = {
    '--rounds': 'rounds',
    '--seconds': 'seconds',
    '--connections': 'connections',
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    const raw = inline ?? argv[i + 1];
    if (flag === '--help' || flag === '-h') return 'help';
    if (flag === '--profile') {
      options.profile = true;
      continue;
    }
    if (flag === '--db') {
      if (raw !== 'pglite' && raw !== 'postgres' && raw !== 'both')
        throw new UsageError(`--db espera pglite, postgres ou both, não "${raw ?? ''}".`);
      if (raw !== 'pglite' && !process.env.DATABASE_URL)
        throw new UsageError(`--db ${raw} precisa de DATABASE_URL.`);
      options.databases = raw === 'both' ? ['pglite', 'postgres'] : [raw];
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

/**
 * Painel; the reference doing Painel's work (its caller read as Painel reads it on that database);
 * and the reference with the other way of reading the caller, printed beside it.
 */
type Server = 'painel' | 'reference' | 'variant';
const SERVERS: Server[] = ['painel', 'reference', 'variant'];
type Auth = 'held' | 'per-request';
/** How Painel reads the caller: held on PGlite (one server), on every request on a shared PostgreSQL. */
const painelAuth = (kind: Database['kind']): Auth => (kind === 'pglite' ? 'held' : 'per-request');
const authOf = (server: Server, kind: Database['kind']): Auth =>
  server === 'variant' ? (painelAuth(kind) === 'held' ? 'per-request' : 'held') : painelAuth(kind);
const AUTH_LABEL: Record<Auth, string> = { held: 'chamador guardado', 'per-request': 'auth a cada req.' };
const LABEL: Record<Server, string> = { painel: 'Painel', reference: 'referência', variant: 'ref. variante' };

interface Route {
  name: string;
  path: string;
}

/** The first page of a definition's list, as the web app's dataProvider asks for it. */
function firstPage(definition: ResourceDefinition): string {
  const { perPage, sort } = definition.list;
  const query = new URLSearchParams({
    page: '1',
    page_size: String(perPage),
    sort_field: sort.field,
    sort_order: sort.order,
  });
  return `${definition.endpoint}?${query.toString()}`;
}

function routesOf(data: ApiData): Route[] {
  return [
    { name: 'lista gerada (cozinhas)', path: firstPage(cuisines) },
    { name: 'registro gerado (cozinha)', path: `${cuisines.endpoint}/id/${data.cuisineId}` },
    { name: `lista de clientes (${customers.list.perPage})`, path: firstPage(customers) },
  ];
}

/** One route on one server, over every round. */
interface Measure {
  latencies: number[];
  requests: number;
  seconds: number;
  /** Requests a second of each round. */
  rounds: number[];
  errors: Map<string, number>;
  usage: WindowUsage[];
  /** When its rounds ran (monotonic µs), to find them in a CPU profile. */
  spans: Span[];
}

/** What one answer of a route weighs on the wire. */
interface Size {
  head: number;
  body: number;
  /** The body as a browser gets it (Accept-Encoding: gzip, deflate, br), and its encoding. */
  compressed: { bytes: number; encoding: string };
  /** Each header's line, in bytes. */
  headers: Map<string, number>;
}

interface DatabaseRun {
  name: string;
  kind: Database['kind'];
  data: ApiData;
  routes: Route[];
  measures: Map<string, Measure>;
  sizes: Map<string, Size>;
  profiles: Map<'painel' | 'reference', ProfileSummary[]> | null;
  /** Painel's log over the run, and the requests it answered (warm-up included). */
  log: { lines: number; bytes: number; requests: number };
}

const key = (route: Route, server: Server) => `${route.path} ${server}`;
const now = () => Number(process.hrtime.bigint() / 1000n);
const load = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

function headerLines(head: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of head.split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) found.set(line.slice(0, colon).toLowerCase(), Buffer.byteLength(line) + 2);
  }
  return found;
}

/** Both servers' answers to a route must be 200 and the same bytes. */
function checkIdentical(route: Route, painel: Answer, reference: Answer): void {
  if (painel.status !== 200 || reference.status !== 200)
    throw new Error(
      `${route.path}: o Painel respondeu ${painel.status}, a referência ${reference.status}.\n` +
        `Painel: ${painel.body.toString('utf8', 0, 300)}\nreferência: ${reference.body.toString('utf8', 0, 300)}`,
    );
  if (painel.body.equals(reference.body)) return;
  let at = 0;
  while (at < painel.body.length && painel.body[at] === reference.body[at]) at++;
  const around = (body: Buffer) => body.toString('utf8', Math.max(0, at - 80), at + 80);
  throw new Error(
    `Os corpos de ${route.path} diferem a partir do byte ${count(at)} ` +
      `(Painel ${count(painel.body.length)} B, referência ${count(reference.body.length)} B):\n` +
      `  Painel:     …${around(painel.body)}…\n  referência: …${around(reference.body)}…\n` +
      'A comparação só vale com o mesmo trabalho: ajuste scripts/bench/reference-server.ts.',
  );
}

type Servers = Map<Server, ServerChild>;

/** Checks that every server answers each route with the same body, and weighs their answers. */
async function sizesOf(
  routes: Route[],
  servers: Servers,
  headers: Record<string, string>,
): Promise<Map<string, Size>> {
  const sizes = new Map<string, Size>();
  for (const route of routes) {
    const answers = await Promise.all(
      SERVERS.map((which) => fetchOnce(servers.get(which)!.base, route.path, headers)),
    );
    const [painel, ...references] = answers;
    for (const reference of references) checkIdentical(route, painel!, reference!);
    for (const [i, which] of SERVERS.entries()) {
      const answer = answers[i]!;
      const browser = await fetchOnce(servers.get(which)!.base, route.path, {
        ...headers,
        'accept-encoding': 'gzip, deflate, br',
      });
      sizes.set(key(route, which), {
        head: Buffer.byteLength(answer.head, 'latin1'),
        body: answer.body.length,
        compressed: {
          bytes: browser.body.length,
          encoding: /\r\ncontent-encoding:\s*(\S+)/i.exec(browser.head)?.[1] ?? '—',
        },
        headers: headerLines(answer.head),
      });
    }
  }
  return sizes;
}

/**
 * A write answered by Painel before the rounds, as a server in service has answered some: a
 * write runs in the transaction its audit row shares (AsyncLocalStorage), and a state that only
 * a server that never wrote is in would not be measured fairly. The administrator's own name,
 * sent again: nothing the routes read changes.
 */
async function firstWrite(base: string, headers: Record<string, string>): Promise<void> {
  const answer = await fetch(new URL('/api/account', base), {
    method: 'PATCH',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ fullname: ADMIN_NAME }),
  });
  if (!answer.ok)
    throw new Error(`PATCH /api/account: o Painel respondeu ${answer.status}: ${await answer.text()}`);
}

/** Unmeasured load on every route and server (the JIT, the pools); answers Painel's requests. */
async function warmUp(
  routes: Route[],
  servers: Servers,
  headers: Record<string, string>,
  connections: number,
): Promise<number> {
  process.stderr.write(`Aquecimento: ${WARMUP_SECONDS} s por rota e servidor…\n`);
  let painel = 0;
  for (const route of routes)
    for (const which of SERVERS) {
      const result = await runLoad(servers.get(which)!.base, route.path, headers, {
        connections,
        seconds: WARMUP_SECONDS,
      });
      if (which === 'painel') painel += result.requests;
    }
  return painel;
}

/** The measured rounds: each route on each server in turn, the servers' order rotating. */
async function measureRounds(
  routes: Route[],
  servers: Servers,
  headers: Record<string, string>,
  options: Options,
  postgresDatabase: string | undefined,
): Promise<Map<string, Measure>> {
  const measures = new Map<string, Measure>();
  for (const route of routes)
    for (const which of SERVERS)
      measures.set(key(route, which), {
        latencies: [],
        requests: 0,
        seconds: 0,
        rounds: [],
        errors: new Map(),
        usage: [],
        spans: [],
      });
  for (let round = 1; round <= options.rounds; round++) {
    process.stderr.write(`Rodada ${round} de ${options.rounds}…\n`);
    for (const route of routes) {
      const shift = (round - 1) % SERVERS.length;
      for (const which of [...SERVERS.slice(shift), ...SERVERS.slice(0, shift)]) {
        const server = servers.get(which)!;
        const measure = measures.get(key(route, which))!;
        const finish = usageWindow(server, postgresDatabase);
        const from = now();
        const result = await runLoad(server.base, route.path, headers, {
          connections: options.connections,
          seconds: options.seconds,
        });
        measure.spans.push({ from, to: now() });
        measure.usage.push(finish());
        for (const latency of result.latencies) measure.latencies.push(latency);
        measure.requests += result.requests;
        measure.seconds += result.seconds;
        measure.rounds.push(result.requests / result.seconds);
        for (const [why, n] of result.errors) measure.errors.set(why, (measure.errors.get(why) ?? 0) + n);
      }
    }
  }
  return measures;
}

/** The answers a server gave in the measured rounds. */
function requestsTo(measures: Map<string, Measure>, server: Server): number {
  let total = 0;
  for (const [name, measure] of measures) if (name.endsWith(` ${server}`)) total += measure.requests;
  return total;
}

async function runOn(kind: Database['kind'], options: Options): Promise<DatabaseRun> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-bench-api-'));
  const jwtSecret = crypto.randomBytes(32).toString('hex');
  const throwaway = kind === 'postgres' ? await createDatabase(process.env.DATABASE_URL!) : null;
  const servers: Servers = new Map();
  try {
    const name = throwaway
      ? `PostgreSQL (banco ${throwaway.name}, criado para a medida)`
      : 'PGlite (cada servidor numa cópia da mesma pasta de dados)';
    process.stderr.write(`\n${name}: gerando os dados…\n`);
    const painelDir = path.join(folder, 'painel');
    const database = await openDatabase(
      throwaway ? { kind: 'postgres', url: throwaway.url } : { kind: 'pglite', dataDir: painelDir },
    );
    const data = await seedApiData(database, {
      stores: STORES,
      customers: CUSTOMERS,
      jwtSecret,
      uploadsDir: path.join(folder, 'uploads'),
    }).finally(() => database.close());

    const profileDir = (server: Server) => {
      if (!options.profile) return undefined;
      const dir = path.join(folder, `profile-${server}`);
      fs.mkdirSync(dir);
      return dir;
    };
    servers.set(
      'painel',
      await ServerChild.start({
        script: 'server/main.ts',
        env: {
          NODE_ENV: 'production',
          DATA_DIR: painelDir,
          DATABASE_URL: throwaway?.url,
          JWT_SECRET: jwtSecret,
          PORT: '0',
          HOST: '127.0.0.1',
          SEED_DEMO: '0',
          SIMULATOR: '0',
        },
        ready: /Painel pronto em http:\/\/[^:\s]+:(\d+)/,
        logFile: path.join(folder, 'painel.log'),
        profileDir: profileDir('painel'),
      }),
    );
    for (const which of ['reference', 'variant'] as const) {
      // On PGlite each reference opens a copy of its own (one process holds a PGlite).
      const dataDir = path.join(folder, which, 'db');
      if (!throwaway) fs.cpSync(path.join(painelDir, 'db'), dataDir, { recursive: true });
      servers.set(
        which,
        await ServerChild.start({
          script: 'scripts/bench/reference-server.ts',
          env: {
            NODE_ENV: 'production',
            DATABASE_URL: throwaway?.url,
            PGLITE_DIR: throwaway ? undefined : dataDir,
            JWT_SECRET: jwtSecret,
            PORT: '0',
            REFERENCE_AUTH: authOf(which, kind),
          },
          ready: /Referência pronta em http:\/\/[^:\s]+:(\d+)/,
          logFile: path.join(folder, `${which}.log`),
          profileDir: which === 'reference' ? profileDir('reference') : undefined,
        }),
      );
    }
    const routes = routesOf(data);
    const headers = { authorization: `Bearer ${data.token}`, accept: 'application/json' };
    const sizes = await sizesOf(routes, servers, headers);
    await firstWrite(servers.get('painel')!.base, headers);
    const warmedUp = await warmUp(routes, servers, headers, options.connections);
    const measures = await measureRounds(routes, servers, headers, options, throwaway?.name);

    for (const child of servers.values()) await child.stop();
    let profiles: Map<'painel' | 'reference', ProfileSummary[]> | null = null;
    if (options.profile) {
      profiles = new Map();
      for (const which of ['painel', 'reference'] as const) {
        const file = servers.get(which)!.profileFile();
        if (!file) throw new Error(`${LABEL[which]} não escreveu o perfil de CPU.`);
        profiles.set(
          which,
          routes.map((route) => summarizeProfile(file, measures.get(key(route, which))!.spans)),
        );
      }
    }
    const logText = fs.readFileSync(path.join(folder, 'painel.log'));
    let lines = 0;
    for (let at = logText.indexOf(10); at >= 0; at = logText.indexOf(10, at + 1)) lines++;
    return {
      name,
      kind,
      data,
      routes,
      measures,
      sizes,
      profiles,
      // The probes sent two requests a route.
      log: {
        lines,
        bytes: logText.length,
        requests: 2 * routes.length + warmedUp + requestsTo(measures, 'painel'),
      },
    };
  } catch (error) {
    for (const [which, child] of servers)
      process.stderr.write(`Últimas linhas de erro (${LABEL[which]}):\n${child.lastErrors()}\n`);
    throw error;
  } finally {
    for (const child of servers.values()) await child.stop();
    await throwaway?.drop();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

function figures(measure: Measure): Figures {
  const sorted = [...measure.latencies].sort((a, b) => a - b);
  let errors = 0;
  for (const n of measure.errors.values()) errors += n;
  return {
    perSecond: measure.requests / measure.seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    errors,
  };
}

const sumOf = (usage: WindowUsage[], field: keyof WindowUsage) =>
  usage.reduce((total, window) => total + window[field], 0);
/** CPU µs per answered request. */
const cpuMicros = (measure: Measure, field: keyof WindowUsage) =>
  measure.requests ? (sumOf(measure.usage, field) * 1e6) / measure.requests : NaN;
const cpuPerRequest = (measure: Measure, field: keyof WindowUsage) =>
  measure.requests ? count(Math.round(cpuMicros(measure, field))) : '—';
const bytes = (n: number) => `${count(n)} B`;
const micros = (us: number, requests: number) => (requests ? count(Math.round(us / requests)) : '—');

function profileLines(run: DatabaseRun, routeIndex: number): string[] {
  const route = run.routes[routeIndex]!;
  const painel = run.profiles!.get('painel')![routeIndex]!;
  const reference = run.profiles!.get('reference')![routeIndex]!;
  const requests = (server: Server) => run.measures.get(key(route, server))!.requests;
  const origins = [...new Set([...painel.origins.keys(), ...reference.origins.keys()])]
    .map((name) => ({
      name,
      painel: painel.origins.get(name) ?? { self: 0, stack: 0 },
      reference: reference.origins.get(name) ?? { self: 0, stack: 0 },
    }))
    .sort((a, b) => b.painel.self - a.painel.self || b.reference.self - a.reference.self);
  const top = origins.filter((o) => o.painel.self + o.reference.self > 0).slice(0, 18);
  // Per request, so that both servers' functions compare; the 15 that cost either the most.
  const perRequest = (us: number | undefined, server: Server) => (us ?? 0) / requests(server);
  const functions = [...new Set([...painel.functions.keys(), ...reference.functions.keys()])]
    .map((name) => ({
      name,
      painel: perRequest(painel.functions.get(name), 'painel'),
      reference: perRequest(reference.functions.get(name), 'reference'),
    }))
    .sort((a, b) => Math.max(b.painel, b.reference) - Math.max(a.painel, a.reference))
    .slice(0, 15);
  return [
    '',
    `Perfil de CPU — ${route.name}: µs de CPU por requisição (amostras das janelas medidas, sem o ócio). ` +
      `Painel ${micros(painel.busy, requests('painel'))} µs, referência ${micros(reference.busy, requests('reference'))} µs.`,
    '"próprio": nas funções da origem; "na pilha": com alguma delas na pilha (o que chamou incluso).',
    table(
      ['origem', 'Painel próprio', 'Painel na pilha', 'ref. próprio', 'ref. na pilha'],
      top.map((o) => [
        o.name,
        micros(o.painel.self, requests('painel')),
        micros(o.painel.stack, requests('painel')),
        micros(o.reference.self, requests('reference')),
        micros(o.reference.stack, requests('reference')),
      ]),
    ),
    '',
    `Funções com mais tempo próprio — ${route.name}, µs por requisição:`,
    table(
      ['função', 'Painel', 'referência'],
      functions.map((f) => [
        f.name.length > 110 ? `${f.name.slice(0, 109)}…` : f.name,
        count(Math.round(f.painel)),
        count(Math.round(f.reference)),
      ]),
    ),
  ];
}

function report(run: DatabaseRun, options: Options): { lines: string[]; missed: string[] } {
  const missed: string[] = [];
  const rows: string[][] = [];
  const ratios: string[][] = [];
  let others = 0;
  let bench = 0;
  let seconds = 0;
  const variants: string[][] = [];
  for (const route of run.routes) {
    const got = Object.fromEntries(
      SERVERS.map((which) => [which, figures(run.measures.get(key(route, which))!)]),
    ) as Record<Server, Figures>;
    const cpu = Object.fromEntries(
      SERVERS.map((which) => [which, cpuMicros(run.measures.get(key(route, which))!, 'server')]),
    ) as Record<Server, number>;
    for (const which of SERVERS) {
      const measure = run.measures.get(key(route, which))!;
      const f = got[which];
      others += sumOf(measure.usage, 'others');
      bench += sumOf(measure.usage, 'bench');
      seconds += sumOf(measure.usage, 'seconds');
      rows.push([
        which === 'painel' ? route.name : '',
        LABEL[which],
        AUTH_LABEL[which === 'painel' ? painelAuth(run.kind) : authOf(which, run.kind)],
        count(Math.round(f.perSecond)),
        measure.rounds.map((r) => count(Math.round(r))).join(' / '),
        ms(f.p50),
        ms(f.p99),
        cpuPerRequest(measure, 'server'),
        ...(run.kind === 'postgres' ? [cpuPerRequest(measure, 'postgres')] : []),
        count(f.errors),
      ]);
      if (f.errors > 0)
        missed.push(
          `${route.name}, ${LABEL[which]}: ${[...measure.errors].map(([why, n]) => `${count(n)} × ${why}`).join('; ')}`,
        );
    }
    const perCpu = cpu.painel / cpu.reference;
    const throughput = got.painel.perSecond / got.reference.perSecond;
    const tail = got.painel.p99 / got.reference.p99;
    const okCpu = perCpu <= TARGETS.cpu;
    const okThroughput = throughput >= TARGETS.throughput;
    const okTail = tail <= TARGETS.p99;
    ratios.push([
      route.name,
      ratio(perCpu),
      `≤ ${ratio(TARGETS.cpu)}`,
      ratio(throughput),
      `≥ ${ratio(TARGETS.throughput)}`,
      ratio(tail),
      `≤ ${ratio(TARGETS.p99)}`,
      okCpu && okThroughput && okTail ? 'ok' : 'ABAIXO DA META',
    ]);
    variants.push([
      route.name,
      ratio(cpu.painel / cpu.variant),
      ratio(got.painel.perSecond / got.variant.perSecond),
      ratio(got.painel.p99 / got.variant.p99),
    ]);
    if (!okCpu)
      missed.push(`${route.name}: CPU por requisição ${ratio(perCpu)} a da referência (meta ≤ ${ratio(1)})`);
    if (!okThroughput)
      missed.push(`${route.name}: ${ratio(throughput)} das requisições/s da referência (meta ≥ ${ratio(1)})`);
    if (!okTail) missed.push(`${route.name}: p99 ${ratio(tail)} o da referência (meta ≤ ${ratio(1)})`);
  }

  const sizeRows: string[][] = [];
  for (const route of run.routes) {
    for (const which of SERVERS) {
      const size = run.sizes.get(key(route, which))!;
      sizeRows.push([
        which === 'painel' ? route.name : '',
        LABEL[which],
        bytes(size.head),
        bytes(size.body),
        bytes(size.head + size.body),
        size.compressed.encoding === '—'
          ? 'não comprime'
          : `${bytes(size.compressed.bytes)} (${size.compressed.encoding})`,
      ]);
    }
  }
  const first = run.routes[0]!;
  const painelHeaders = run.sizes.get(key(first, 'painel'))!.headers;
  const referenceHeaders = run.sizes.get(key(first, 'reference'))!.headers;
  const extra = [...painelHeaders].filter(([name]) => !referenceHeaders.has(name));
  const extraBytes = extra.reduce((total, [, n]) => total + n, 0);
  const requests = run.log.requests;

  const lines = [
    '',
    `Banco: ${run.name}`,
    `${count(run.data.customers)} clientes, ${count(run.data.cuisines)} cozinhas; ${options.rounds} rodadas × ` +
      `${options.seconds} s × ${options.connections} conexões por rota e servidor, intercaladas, depois de ` +
      `${WARMUP_SECONDS} s de aquecimento; ${os.cpus().length} CPUs.`,
    `Painel: server/main.ts, NODE_ENV=production, log ${process.env.LOG_LEVEL ?? 'info'} em JSON para um arquivo ` +
      `(${count(run.log.lines)} linhas, ${ms(run.log.lines / Math.max(1, requests))} por requisição, ` +
      `~${count(Math.round(run.log.bytes / Math.max(1, requests)))} B por requisição); ` +
      (painelAuth(run.kind) === 'held'
        ? 'guarda o chamador de cada token por até 1 min (uma escrita que muda o acesso o esquece antes): lê conta e sessão só na 1ª requisição.'
        : 'lê conta e sessão a cada requisição (outra instância pode encerrar a sessão).'),
    'Referência: scripts/bench/reference-server.ts (Fastify + ' +
      (run.kind === 'postgres' ? 'pg, pool de 10 como o Painel' : 'PGlite na sua cópia dos dados') +
      '), sem log e sem esquema de resposta; os mesmos cabeçalhos e a mesma compressão (@fastify/compress) do ' +
      'Painel; verifica a assinatura do JWT (jose) uma vez por token e lê o chamador com a instrução do Painel: ' +
      `${painelAuth(run.kind) === 'held' ? 'guardado por até 1 min' : 'a cada requisição'}, como o Painel; a variante, ` +
      `${authOf('variant', run.kind) === 'held' ? 'guardado por até 1 min' : 'a cada requisição'}.`,
    'Corpos idênticos byte a byte nas rotas medidas; requisições sem Accept-Encoding, como as do autocannon.',
    '',
    table(
      [
        'rota',
        'servidor',
        'chamador',
        'req/s',
        'req/s por rodada',
        'p50 ms',
        'p99 ms',
        'CPU µs/req',
        ...(run.kind === 'postgres' ? ['PostgreSQL µs/req'] : []),
        'erros',
      ],
      rows,
    ),
    '',
    `Painel ÷ referência com o mesmo trabalho (chamador: ${AUTH_LABEL[painelAuth(run.kind)]}, como o Painel neste banco):`,
    table(
      ['rota', 'CPU/req Painel/ref.', 'meta', 'req/s Painel/ref.', 'meta', 'p99 Painel/ref.', 'meta', ''],
      ratios,
    ),
    `Painel ÷ variante da referência (chamador: ${AUTH_LABEL[authOf('variant', run.kind)]}; sem meta):`,
    table(['rota', 'CPU/req Painel/var.', 'req/s Painel/var.', 'p99 Painel/var.'], variants),
    '',
    'Tamanho de uma resposta na rede:',
    table(['rota', 'servidor', 'cabeçalhos', 'corpo', 'total', 'corpo pedido com gzip/br'], sizeRows),
    extra.length
      ? `Cabeçalhos que só o Painel envia (${bytes(extraBytes)} por resposta): ` +
        extra.map(([name, n]) => `${name} ${bytes(n)}`).join(', ')
      : 'Os mesmos cabeçalhos em todos os servidores.',
    `CPU durante as medidas: gerador de carga ${ms((bench / seconds) * 100)} % de um núcleo, outros processos ` +
      `${ms((others / seconds) * 100)} %; carga no fim ${load()}.`,
  ];
  if (run.profiles) run.routes.forEach((_, i) => lines.push(...profileLines(run, i)));
  return { lines, missed };
}

async function main(options: Options): Promise<number> {
  console.log(`Carga da máquina no início: ${load()} (${os.cpus().length} CPUs).`);
  if (options.profile)
    console.log(
      'Com --profile: o Painel e a referência rodam com node --cpu-prof, o que os atrasa um pouco.',
    );
  const problems: string[] = [];
  for (const kind of options.databases) {
    const run = await runOn(kind, options);
    const { lines, missed } = report(run, options);
    console.log(lines.join('\n'));
    const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    for (const miss of missed) problems.push(`${label}, ${miss}.`);
  }
  return verdict(problems);
}

runScript({ usage: USAGE, parse: parseArgs, run: main });
