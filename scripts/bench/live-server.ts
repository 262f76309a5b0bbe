/**
 * The API server of `npm run bench:live`, run as the product runs it (`server/main.ts`) in a child
 * process of its own, so that its CPU time and memory can be read from /proc apart from the load
 * generator's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../server-flags';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { backendSeconds, cpuSecondsOf } from './proc';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const READY = /Painel pronto em http:\/\/[^:\s]+:(\d+)/;
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
const LOOP_RESOLUTION_MS = 1;

export class ServerProcess {
  private readonly exited: Promise<number | null>;

  private constructor(
    private readonly child: ChildProcess,
    readonly base: string,
    private readonly output: string[],
  ) {
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  /** Starts `server/main.ts` with `env` added to ours, and waits until it listens. */
  static start(env: Record<string, string | undefined>): Promise<ServerProcess> {
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    const keep = (chunk: Buffer) => {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      lines.splice(0, Math.max(0, lines.length - 40));
    };
    child.stderr!.on('data', keep);
    return new Promise((resolve, reject) => {
      const fail = (why: string) => {
        clearTimeout(timer);
        child.kill('SIGKILL');
        reject(new Error(`${why}\n${lines.join('\n')}`));
      };
      const timer = setTimeout(() => fail('O servidor não ficou pronto em 60 s.'), START_TIMEOUT_MS);
      child.once('exit', (code) => fail(`O servidor saiu (código ${code}) antes de ficar pronto.`));
      let ready = false;
      child.stdout!.on('data', (chunk: Buffer) => {
        keep(chunk);
        const port = ready ? undefined : READY.exec(lines.join('\n'))?.[1];
        if (!port) return;
        ready = true;
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve(new ServerProcess(child, `http://127.0.0.1:${port}`, lines));
      });
    });
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** CPU seconds used so far (user + system, every thread) and the resident memory now. */
  usage(): { cpuSeconds: number; rss: number } {
    const cpuSeconds = cpuSecondsOf(this.pid);
    const status = fs.readFileSync(`/proc/${this.pid}/status`, 'utf8');
    const rss = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
    return { cpuSeconds, rss };
  }

  /** The last lines the server wrote (to explain a failure). */
  lastLines(): string {
    return this.output.join('\n');
  }

  /** SIGTERM, as a process manager stops it; SIGKILL if it has not exited in 15 s. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await this.exited;
    clearTimeout(timer);
  }
}

export interface Usage {
  /** The server's CPU time over the window, as a share of one core (100 = one core busy). */
  serverCore: number;
  /** The same, as a share of the whole machine. */
  serverMachine: number;
  serverPeakRss: number;
  /** The PostgreSQL backends serving the bench's database, as a share of one core (0 on PGlite). */
  postgresCore: number;
  /** The load generator's CPU (this process), as a share of one core. */
  benchCore: number;
  /** The 99th percentile of this process's event-loop delay: how late its timers and reads ran. */
  benchLoopP99: number;
  /** The whole machine's busy share (every process). */
  machineBusy: number;
  /** Whatever else ran on the machine meanwhile, as a share of one core. */
  othersCore: number;
}

/** Busy and total jiffies of every CPU since boot (/proc/stat's first line). */
export function machineTicks(): { busy: number; total: number } {
  const [, ...values] = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/);
  const ticks = values.map(Number);
  const total = ticks.reduce((a, b) => a + b, 0);
  // idle and iowait are the 4th and 5th values.
  return { busy: total - ticks[3]! - (ticks[4] ?? 0), total };
}

/**
 * Measures a window: the server's CPU and peak memory (sampled every 250 ms), the PostgreSQL
 * backends of `postgresDatabase`, the load generator, and the whole machine.
 */
export class UsageWindow {
  private readonly started = performance.now();
  private readonly server0: { cpuSeconds: number; rss: number };
  private readonly backends0: Map<number, number>;
  private readonly bench0 = process.cpuUsage();
  private readonly machine0 = machineTicks();
  private readonly loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  private peakRss: number;
  private readonly sampler: NodeJS.Timeout;

  constructor(
    private readonly server: ServerProcess,
    private readonly postgresDatabase?: string,
  ) {
    this.server0 = server.usage();
    this.backends0 = backendSeconds(postgresDatabase);
    this.peakRss = this.server0.rss;
    this.loop.enable();
    this.sampler = setInterval(() => {
      this.peakRss = Math.max(this.peakRss, server.usage().rss);
    }, 250);
  }

  finish(): Usage {
    clearInterval(this.sampler);
    this.loop.disable();
    const seconds = (performance.now() - this.started) / 1000;
    const core = (cpuSeconds: number) => (cpuSeconds / seconds) * 100;
    const server = this.server.usage();
    const serverCore = core(server.cpuSeconds - this.server0.cpuSeconds);
    let backends = 0;
    for (const [pid, used] of backendSeconds(this.postgresDatabase))
      backends += used - (this.backends0.get(pid) ?? 0);
    const postgresCore = core(backends);
    const bench = process.cpuUsage(this.bench0);
    const benchCore = core((bench.user + bench.system) / 1e6);
    const machine = machineTicks();
    const machineBusy = ((machine.busy - this.machine0.busy) / (machine.total - this.machine0.total)) * 100;
    return {
      serverCore,
      serverMachine: serverCore / os.cpus().length,
      serverPeakRss: Math.max(this.peakRss, server.rss),
      postgresCore,
      benchCore,
      // The histogram holds whole intervals between ticks: the delay is what passes the resolution.
      benchLoopP99: Math.max(0, this.loop.percentile(99) / 1e6 - LOOP_RESOLUTION_MS),
      machineBusy,
      othersCore: Math.max(0, machineBusy * os.cpus().length - serverCore - postgresCore - benchCore),
    };
  }
}

/**
 * How many of the server's connections to PostgreSQL are busy (not idle), sampled every 250 ms
 * from pg_stat_activity: a pool that is always full makes requests wait for a connection.
 */
export class PostgresActivity {
  private readonly samples: number[] = [];
  private readonly client: pg.Client;
  private timer: NodeJS.Timeout | null = null;

  private constructor(
    url: string,
    private readonly database: string,
  ) {
    this.client = new pg.Client({ connectionString: url });
  }

  static async start(url: string, database: string): Promise<PostgresActivity> {
    const activity = new PostgresActivity(url, database);
    await activity.client.connect();
    activity.timer = setInterval(() => void activity.sample(), 250);
    return activity;
  }

  private async sample(): Promise<void> {
    const result = await this.client
      .query<{ busy: number }>(
        `select count(*)::int as busy from pg_stat_activity
         where datname = $1 and backend_type = 'client backend' and state <> 'idle' and pid <> pg_backend_pid()`,
        [this.database],
      )
      .catch(() => null);
    if (result) this.samples.push(result.rows[0]!.busy);
  }

  /** The mean and the largest number of busy connections seen. */
  async finish(): Promise<{ mean: number; max: number }> {
    if (this.timer) clearInterval(this.timer);
    await this.client.end();
    const total = this.samples.reduce((a, b) => a + b, 0);
    return { mean: this.samples.length ? total / this.samples.length : 0, max: Math.max(0, ...this.samples) };
  }
}
