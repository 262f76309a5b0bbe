import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { DataDirBusyError, lockDataDir } from '../../server/db/lock';

describe.skipIf(process.env.TEST_DATABASE === 'postgres')('lockDataDir (PGlite data folder)', () => {
  let dir: string;
  let lockFile: string;
  const children: ChildProcess[] = [];

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-lock-'));
    lockFile = path.join(dir, 'painel.lock');
  });

  afterEach(() => {
    for (const child of children.splice(0))
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A process that stays alive until killed. */
  async function liveProcess(): Promise<ChildProcess & { pid: number }> {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    children.push(child);
    await once(child, 'spawn');
    if (child.pid === undefined) throw new Error('no pid');
    return child as ChildProcess & { pid: number };
  }

  /** The PID of a process that has already exited. */
  function deadPid(): number {
    const result = spawnSync(process.execPath, ['-e', ''], { stdio: 'ignore' });
    expect(result.status).toBe(0);
    return result.pid;
  }

  it('takes a free folder (creating it) and releases it', () => {
    const nested = path.join(dir, 'a', 'b');
    const lock = lockDataDir(nested);
    expect(fs.readFileSync(path.join(nested, 'painel.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(path.join(nested, 'painel.lock'))).toBe(false);
    lock.release(); // twice is harmless
  });

  it('refuses a second lock while the owner is alive, naming the folder and the process', async () => {
    const owner = await liveProcess();
    fs.writeFileSync(lockFile, String(owner.pid));
    let thrown: unknown;
    try {
      lockDataDir(dir);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DataDirBusyError);
    expect((thrown as Error).message).toBe(
      `A pasta de dados ${dir} já está em uso pelo processo ${owner.pid}. ` +
        'Encerre esse processo ou use outra pasta (DATA_DIR) antes de iniciar outro servidor.',
    );
    // The owner's lock is left alone.
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(owner.pid));

    // Once the owner is gone, its lock is stale and taken over.
    owner.kill('SIGKILL');
    await once(owner, 'exit');
    const lock = lockDataDir(dir);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    lock.release();
  });

  it('takes over a stale lock left by a process that exited', () => {
    fs.writeFileSync(lockFile, String(deadPid()));
    const lock = lockDataDir(dir);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('takes over an unreadable lock, and one with our own PID from an earlier life', () => {
    for (const content of ['', 'lixo', String(process.pid)]) {
      fs.writeFileSync(lockFile, content);
      const lock = lockDataDir(dir);
      expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
      lock.release();
    }
  });

  it('refuses a second lock from this same process while the first is held', () => {
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirBusyError);
    expect(() => lockDataDir(path.join(dir, '.'))).toThrow(DataDirBusyError);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    lock.release();
    lockDataDir(dir).release();
  });

  it('does not remove a lock that another process took after ours', async () => {
    const lock = lockDataDir(dir);
    const other = await liveProcess();
    fs.writeFileSync(lockFile, String(other.pid));
    lock.release();
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(other.pid));
  });
  it('lets exactly one of several servers starting at once take a stale lock', async () => {
    fs.writeFileSync(lockFile, String(deadPid()));
    const lockModule = new URL('../../server/db/lock.ts', import.meta.url).pathname;
    // Each contender waits for the same instant, tries, says what happened and holds on a while.
    const at = Date.now() + 1500;
    const script = `
      const { lockDataDir } = await import(${JSON.stringify(lockModule)});
      while (Date.now() < ${at}) {}
      try { lockDataDir(${JSON.stringify(dir)}); console.log('won'); }
      catch (error) { console.log(error.name); }
      setTimeout(() => {}, 1500);`;
    const contenders = Array.from({ length: 6 }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(child);
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      return once(child, 'exit').then(() => ({ pid: child.pid, said: output.trim() }));
    });
    const results = await Promise.all(contenders);
    const winners = results.filter((result) => result.said === 'won');
    expect(winners).toHaveLength(1);
    expect(results.filter((result) => result.said === 'DataDirBusyError')).toHaveLength(5);
  }, 30_000);
});
