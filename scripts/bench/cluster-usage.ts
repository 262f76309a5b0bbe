/**
 * The machine's load over `npm run bench:cluster`'s window: the CPU of each group of processes
 * (the API instances, PostgreSQL with every child of its postmaster, PgBouncer, HAProxy, the load
 * generator), the whole machine's busy share and its load average. Processes come and go (an
 * instance is killed and started again, backends open and close): each is sampled every second
 * and counted to its last sample, from the window's start or, if it started later, from zero.
 */
import fs from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { cpuSecondsOf } from './proc';

const SAMPLE_MS = 1_000;
const LOOP_RESOLUTION_MS = 1;

/** Busy and total jiffies of every CPU since boot (/proc/stat's first line). */
function machineTicks(): { busy: number; total: number } {
  const [, ...values] = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/);
  const ticks = values.map(Number);
  const total = ticks.reduce((a, b) => a + b, 0);
  // idle and iowait are the 4th and 5th values.
  return { busy: total - ticks[3]! - (ticks[4] ?? 0), total };
}

/** The pids whose parent is `parent`. */
function childrenOf(parent: number): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent) found.push(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return found;
}

export interface ClusterUsage {
  seconds: number;
  /** CPU of each group, as a share of one core (100 = one core busy). */
  groups: Map<string, number>;
  benchCore: number;
  /** The 99th percentile of the generator's event-loop delay, in ms. */
  benchLoopP99: number;
  /** The whole machine's busy share (every process, ours and others). */
  machineBusy: number;
  othersCore: number;
  /** The 1-minute load average when the window opened and when it closed. */
  loadBefore: number;
  loadAfter: number;
}

/** Samples the groups' processes from now until `finish`. */
export class UsageSampler {
  private readonly started = performance.now();
  private readonly machine0 = machineTicks();
  private readonly bench0 = process.cpuUsage();
  private readonly loadBefore = os.loadavg()[0]!;
  private readonly loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  /** Per group, per pid: CPU seconds at its first and last sample. */
  private readonly seen = new Map<string, Map<number, { first: number; last: number }>>();
  private readonly timer: NodeJS.Timeout;
  /** Processes first seen after the window opened started inside it: counted from 0. */
  private opened = false;

  /** `groups`: name → the pids that are the group now (read again at each sample). */
  constructor(private readonly groups: Map<string, () => number[]>) {
    this.loop.enable();
    this.sample();
    this.opened = true;
    this.timer = setInterval(() => this.sample(), SAMPLE_MS);
  }

  private sample(): void {
    for (const [name, pids] of this.groups) {
      const group = this.seen.get(name) ?? new Map<number, { first: number; last: number }>();
      this.seen.set(name, group);
      for (const pid of pids()) {
        try {
          const used = cpuSecondsOf(pid);
          const known = group.get(pid);
          if (known) known.last = used;
          else group.set(pid, { first: this.opened ? 0 : used, last: used });
        } catch {
          // Gone since the list was made.
        }
      }
    }
  }

  finish(): ClusterUsage {
    this.sample();
    clearInterval(this.timer);
    this.loop.disable();
    const seconds = (performance.now() - this.started) / 1000;
    const core = (cpuSeconds: number) => (cpuSeconds / seconds) * 100;
    const groups = new Map<string, number>();
    for (const [name, pids] of this.seen)
      groups.set(name, core([...pids.values()].reduce((total, { first, last }) => total + last - first, 0)));
    const bench = process.cpuUsage(this.bench0);
    const benchCore = core((bench.user + bench.system) / 1e6);
    const machine = machineTicks();
    const machineBusy = ((machine.busy - this.machine0.busy) / (machine.total - this.machine0.total)) * 100;
    const ours = [...groups.values()].reduce((a, b) => a + b, 0) + benchCore;
    return {
      seconds,
      groups,
      benchCore,
      benchLoopP99: Math.max(0, this.loop.percentile(99) / 1e6 - LOOP_RESOLUTION_MS),
      machineBusy,
      othersCore: Math.max(0, machineBusy * os.cpus().length - ours),
      loadBefore: this.loadBefore,
      loadAfter: os.loadavg()[0]!,
    };
  }
}

/** The postmaster and every process it started (backends, PgBouncer's server connections' too). */
export const postgresProcesses = (postmaster: number) => () => [postmaster, ...childrenOf(postmaster)];
