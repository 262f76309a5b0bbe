/**
 * The two servers of `npm run bench:api`, each a child process of its own, as production runs
 * one: Painel (`server/main.ts`) and the hand-written reference (`scripts/bench/reference-server.ts`).
 * Their standard output goes to a file, as under a process manager (Painel's request log
 * included); their CPU time is read from /proc, beside the PostgreSQL backends', this process's
 * and the whole machine's, so that a window says who used the cores. With a profile folder, the
 * child runs under `node --cpu-prof` and writes its profile there when it exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { backendSeconds, cpuSecondsOf } from './proc';
import { SERVER_NODE_FLAGS } from '../server-flags';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

export interface StartOptions {
  /** The script to run, from the repository's root. */
  script: string;
  env: Record<string, string | undefined>;
  /** What the script prints once it listens on 127.0.0.1; its first group is the port. */
  ready: RegExp;
  /** Where its standard output goes. */
  logFile: string;
  /** Run under `--cpu-prof`, writing the profile into this folder at exit. */
  profileDir?: string;
}

export class ServerChild {
  private readonly exited: Promise<void>;

  private constructor(
    private readonly child: ChildProcess,
    readonly base: string,
    private readonly errors: string[],
    readonly logFile: string,
    readonly profileDir: string | undefined,
  ) {
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  /** Starts the script with `env` laid over ours, and waits until it prints its address. */
  static async start(options: StartOptions): Promise<ServerChild> {
    const log = fs.openSync(options.logFile, 'w');
    const profile = options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [];
    // Painel and the reference alike: the flags Painel's server runs with.
    const child = spawn(
      process.execPath,
      [...SERVER_NODE_FLAGS, ...profile, '--import', 'tsx', options.script],
      {
        cwd: root,
        env: { ...process.env, ...options.env },
        stdio: ['ignore', log, 'pipe'],
      },
    );
    fs.closeSync(log);
    const errors: string[] = [];
    child.stderr!.on('data', (chunk: Buffer) => {
      errors.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      errors.splice(0, Math.max(0, errors.length - 40));
    });
    let exit: number | null | undefined;
    child.once('exit', (code) => (exit = code));
    const started = performance.now();
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      // Only the beginning: the address comes before any request is logged.
      const head = readHead(options.logFile);
      const port = options.ready.exec(head)?.[1];
      if (port) {
        const base = `http://127.0.0.1:${port}`;
        return new ServerChild(child, base, errors, options.logFile, options.profileDir);
      }
      const why =
        exit !== undefined
          ? `${options.script} saiu (código ${exit}) antes de ficar pronto.`
          : performance.now() - started > START_TIMEOUT_MS
            ? `${options.script} não ficou pronto em ${START_TIMEOUT_MS / 1000} s.`
            : null;
      if (why) {
        child.kill('SIGKILL');
        throw new Error(`${why}\n${head}\n${errors.join('\n')}`);
      }
    }
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** What the server wrote to its standard error lately (to explain a failure). */
  lastErrors(): string {
    return this.errors.join('\n');
  }

  /** CPU seconds used so far, every thread. */
  cpuSeconds(): number {
    return cpuSecondsOf(this.pid);
  }

  /** SIGTERM, as a process manager stops it; SIGKILL if it has not exited in 15 s. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await this.exited;
    clearTimeout(timer);
  }

  /** The CPU profile it wrote at exit (after stop), if it ran under `--cpu-prof`. */
  profileFile(): string | undefined {
    if (!this.profileDir) return undefined;
    const found = fs.readdirSync(this.profileDir).filter((name) => name.endsWith('.cpuprofile'));
    return found.length ? path.join(this.profileDir, found[0]!) : undefined;
  }
}

function readHead(file: string): string {
  const fd = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(8192);
    const read = fs.readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.toString('utf8', 0, read);
  } finally {
    fs.closeSync(fd);
  }
}

/** Busy and total jiffies of every CPU since boot (/proc/stat's first line). */
function machineTicks(): { busy: number; total: number } {
  const [, ...values] = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/);
  const ticks = values.map(Number);
  const total = ticks.reduce((a, b) => a + b, 0);
  // idle and iowait are the 4th and 5th values.
  return { busy: total - ticks[3]! - (ticks[4] ?? 0), total };
}

/** CPU seconds over a window, by who used them. */
export interface WindowUsage {
  server: number;
  /** The PostgreSQL backends of the bench's database (0 on PGlite). */
  postgres: number;
  /** This process: the load generator. */
  bench: number;
  /** Everything else on the machine. */
  others: number;
  seconds: number;
}

/** Starts counting CPU time; `finish` answers what each used since. */
export function usageWindow(server: ServerChild, postgresDatabase?: string): () => WindowUsage {
  const started = performance.now();
  const server0 = server.cpuSeconds();
  const backends0 = backendSeconds(postgresDatabase);
  const bench0 = process.cpuUsage();
  const machine0 = machineTicks();
  return () => {
    const seconds = (performance.now() - started) / 1000;
    const used = server.cpuSeconds() - server0;
    let postgres = 0;
    for (const [pid, total] of backendSeconds(postgresDatabase))
      postgres += total - (backends0.get(pid) ?? 0);
    const benchUsage = process.cpuUsage(bench0);
    const bench = (benchUsage.user + benchUsage.system) / 1e6;
    const machine = machineTicks();
    const busy =
      ((machine.busy - machine0.busy) / (machine.total - machine0.total)) * os.cpus().length * seconds;
    return { server: used, postgres, bench, others: Math.max(0, busy - used - postgres - bench), seconds };
  };
}
