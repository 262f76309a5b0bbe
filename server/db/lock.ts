import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite is a single-process database: two processes writing the same folder corrupt it.
 * A lock file holding the owner's PID keeps a second server out; a lock left by a process that
 * no longer exists (kill -9, power loss) is taken over, so a restart needs no manual step.
 */
export interface DataDirLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class DataDirBusyError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `A pasta de dados ${dir} já está em uso pelo processo ${pid}. ` +
        'Encerre esse processo ou use outra pasta (DATA_DIR) antes de iniciar outro servidor.',
    );
    this.name = 'DataDirBusyError';
  }
}

/**
 * Lock files this process holds. A lock file with our own PID is normally a stale one left by an
 * earlier process that had the same PID (containers start the server as PID 1 every time), so
 * it is taken over; but not while this very process still holds it.
 */
const heldHere = new Set<string>();

export function lockDataDir(dir: string): DataDirLock {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.resolve(dir, 'painel.lock');
  if (heldHere.has(file)) throw new DataDirBusyError(dir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      heldHere.add(file);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          heldHere.delete(file);
          try {
            if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DataDirBusyError(dir, owner);
      }
      fs.unlinkSync(file);
    }
  }
  throw new Error(`Não foi possível bloquear a pasta de dados ${dir}.`);
}
