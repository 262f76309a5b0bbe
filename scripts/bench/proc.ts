/** CPU time of processes, read from Linux's /proc: what the benches measure servers with. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** Clock ticks per second of /proc's CPU times. */
const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds a process used so far (user + system, every thread). */
export function cpuSecondsOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // After the command's name, in parentheses: field 3 on; utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/** CPU seconds of each PostgreSQL backend connected to `database` (its process title names it). */
export function backendSeconds(database: string | undefined): Map<number, number> {
  const found = new Map<number, number>();
  if (!database) return found;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.startsWith('postgres:') && title.includes(` ${database} `))
        found.set(Number(entry), cpuSecondsOf(Number(entry)));
    } catch {
      // The process ended meanwhile.
    }
  }
  return found;
}
