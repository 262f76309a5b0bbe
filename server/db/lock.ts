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

/** A file beside the lock with a name no other process uses. */
const sideFile = (file: string, kind: string) =>
  `${file}.${kind}-${process.pid}-${Math.random().toString(36).slice(2)}`;

/**
 * Puts a lock file holding our PID at `file` in one step: the PID is written to a file of our own
 * first, then hard-linked to the lock's name, which fails if it exists. So nobody ever reads a lock
 * half written (an empty one would look stale and be taken).
 */
function createLock(file: string): boolean {
  const mine = sideFile(file, 'new');
  fs.writeFileSync(mine, String(process.pid));
  try {
    fs.linkSync(mine, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(mine, { force: true });
  }
}

const ownerOf = (file: string) => Number.parseInt(fs.readFileSync(file, 'utf8'), 10);

export function lockDataDir(dir: string): DataDirLock {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.resolve(dir, 'painel.lock');
  if (heldHere.has(file)) throw new DataDirBusyError(dir, process.pid);
  for (let attempt = 0; attempt < 3; attempt++) {
    if (createLock(file)) {
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
    }
    let owner: number;
    try {
      owner = ownerOf(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // released meanwhile
      throw error;
    }
    if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
      throw new DataDirBusyError(dir, owner);
    }
    // A stale lock. It is moved aside in one step, and only removed if what was moved is the
    // stale one: two servers taking it over at once must not remove each other's new lock.
    const aside = sideFile(file, 'stale');
    try {
      fs.renameSync(file, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // someone else moved it
      throw error;
    }
    const moved = ownerOf(aside);
    if (moved === owner || !Number.isInteger(moved) || !isAlive(moved)) {
      fs.rmSync(aside, { force: true });
      continue;
    }
    // We moved a live server's fresh lock: give it back, and step aside.
    try {
      fs.linkSync(aside, file);
    } finally {
      fs.rmSync(aside, { force: true });
    }
    throw new DataDirBusyError(dir, moved);
  }
  throw new Error(`Não foi possível bloquear a pasta de dados ${dir}.`);
}
