import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server printed so far (e-mails go to the log without SMTP). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the real product (`server/main.ts`, built web app) on a free port and a new data folder,
 * empty (the server creates and seeds its database) or a copy of `copyOf`'s.
 */
export async function startServer(
  env: Record<string, string> = {},
  { copyOf }: { copyOf?: string } = {},
): Promise<RunningServer> {
  // A folder made here is the server's alone, and goes with it (a copy of the demo is ~190 MB).
  const ownFolder = env.DATA_DIR === undefined;
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'painel-e2e-'));
  if (copyOf) fs.cpSync(copyOf, dataDir, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`servidor não iniciou:\n${output}`)), 180_000);
    const check = () => {
      const match = /Painel pronto em (http:\/\/localhost:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`servidor saiu com código ${code}:\n${output}`));
    });
  });
  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    stop: async () => {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      if (ownFolder) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A server of the file's own on the demo as seeded at the start of the run (`global-setup.ts`): its
 * database is a copy of that one's files, so it starts in about 2 s of a core instead of creating
 * and seeding its own in about 13.
 */
export function demoServer(env: Record<string, string> = {}): Promise<RunningServer> {
  return startServer(env, { copyOf: inject('demoDataDir') });
}

/**
 * The demo server of this file's worker (started once for the run by `global-setup.ts`): the
 * files of one worker share it, one after another.
 */
export function sharedServer(): string {
  const urls = inject('baseUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return urls[(worker - 1) % urls.length]!;
}

/** A JSON call of the API as someone signed in: the envelope's `data`, or a failure naming the call. */
export type Api = <T>(path: string, init?: { method?: string; body?: unknown }) => Promise<T>;

/** Signs `account` in on `baseUrl` (as the web app does, role ADMIN) and calls the API as them. */
export async function signedInApi(
  baseUrl: string,
  account: { email: string; password: string },
): Promise<Api> {
  const login = await fetch(`${baseUrl}/auth/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, role: 'ADMIN' }),
  });
  if (!login.ok) throw new Error(`entrar como ${account.email}: ${login.status}`);
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  return async <T>(path: string, init: { method?: string; body?: unknown } = {}) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    if (!response.ok)
      throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { data: T }).data;
  };
}
