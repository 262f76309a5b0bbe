import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn, type ChildProcess } from 'node:child_process';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { demo } from '../server/helpers';

const root = fileURLToPath(new URL('../..', import.meta.url));
const READY = /Painel pronto em http:\/\/localhost:(\d+)/;

interface Server {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const started: ChildProcess[] = [];

/** Runs the real server (`node --import tsx server/main.ts`) on a free port and the given DATA_DIR. */
function run(dataDir: string, logLevel = 'warn') {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: logLevel,
  };
  for (const name of ['DATABASE_URL', 'JWT_SECRET', 'SEED_DEMO', 'SMTP_URL']) delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, output: () => output };
}

/** Starts a server and waits until it says it is ready. */
async function start(dataDir: string): Promise<Server> {
  const server = run(dataDir);
  const port = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server not ready:\n${server.output()}`)), 240_000);
    const check = () => {
      const found = READY.exec(server.output());
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    };
    server.child.stdout!.on('data', check);
    void server.exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before ready:\n${server.output()}`));
    });
  });
  return { ...server, base: `http://127.0.0.1:${port}` };
}

async function call(server: Server, method: string, url: string, token?: string, body?: unknown) {
  const response = await fetch(server.base + url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as { data?: Record<string, unknown> } };
}

async function signIn(server: Server): Promise<string> {
  const response = await call(server, 'POST', '/auth/email', undefined, {
    email: demo.admin.email,
    password: demo.admin.password,
  });
  expect(response.status).toBe(200);
  return response.json.data!.access_token as string;
}

describe.skipIf(process.env.TEST_DATABASE === 'postgres')(
  'the server on an embedded database (PGlite)',
  () => {
    let dataDir: string;
    let lockFile: string;
    let first: Server;
    let token: string;
    let faqId: number;

    beforeAll(() => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-restart-'));
      lockFile = path.join(dataDir, 'painel.lock');
    });

    afterAll(async () => {
      for (const child of started) {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGKILL');
          await new Promise((resolve) => child.once('exit', resolve));
        }
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('starts on a new folder, seeds the demo and serves the API', { timeout: 300_000 }, async () => {
      first = await start(dataDir);
      expect(first.output()).toContain(`Banco: PGlite em ${dataDir}`);
      expect(first.output()).toContain(`${demo.admin.email} / ${demo.admin.password}`);
      expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(first.child.pid));
      expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(true);

      token = await signIn(first);
      const created = await call(first, 'POST', '/api/faqs', token, {
        title: 'Sobrevive a um kill -9?',
        text: 'Deve sobreviver.',
        category: 'CUSTOMER',
      });
      expect(created.status).toBe(201);
      faqId = created.json.data!.id as number;
    });

    it('refuses a second server on the same folder with a clear message', { timeout: 300_000 }, async () => {
      const second = run(dataDir);
      const { code } = await second.exited;
      expect(code).toBe(2);
      expect(second.output()).toContain(
        `A pasta de dados ${dataDir} já está em uso pelo processo ${first.child.pid}. ` +
          'Encerre esse processo ou use outra pasta (DATA_DIR) antes de iniciar outro servidor.',
      );
      // The first one is untouched.
      expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(first.child.pid));
      expect((await call(first, 'GET', '/api/health')).status).toBe(200);
    });

    it(
      'recovers after kill -9 without manual steps, with the data and the sessions',
      { timeout: 300_000 },
      async () => {
        // A write acknowledged just before the kill must survive it too.
        const last = await call(first, 'POST', '/api/cousines', token, { name: 'Escrita final' });
        expect(last.status).toBe(201);
        first.child.kill('SIGKILL');
        expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
        // The dead server's lock is left behind.
        expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(first.child.pid));

        const again = await start(dataDir);
        expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(again.child.pid));
        // The secret was kept beside the data, so the earlier session still opens the API.
        const faq = await call(again, 'GET', `/api/faqs/id/${faqId}`, token);
        expect(faq.status).toBe(200);
        expect(faq.json.data).toMatchObject({ id: faqId, title: 'Sobrevive a um kill -9?' });
        const cuisine = await call(again, 'GET', `/api/cousines/id/${last.json.data!.id as number}`, token);
        expect(cuisine.status).toBe(200);
        expect(cuisine.json.data).toMatchObject({ name: 'Escrita final' });
        // The demo was not seeded twice.
        const list = await call(again, 'GET', '/api/faqs?search=garcom', await signIn(again));
        expect(list.json.data!.total).toBe(1);

        // SIGTERM closes the database cleanly, exits 0 and releases the folder.
        again.child.kill('SIGTERM');
        expect(await again.exited).toEqual({ code: 0, signal: null });
        expect(fs.existsSync(lockFile)).toBe(false);
      },
    );

    it(
      'seeds the demo on the next start when the first one was killed while seeding it',
      { timeout: 300_000 },
      async () => {
        const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-seed-kill-'));
        try {
          const interrupted = run(fresh, 'info');
          await expect
            .poll(() => interrupted.output(), { timeout: 240_000, interval: 20 })
            .toContain('criando dados de demonstração');
          interrupted.child.kill('SIGKILL');
          await interrupted.exited;
          // Killed during the demo: the migrations were committed, the demo was not.
          expect(interrupted.output()).not.toMatch(READY);

          const next = await start(fresh);
          expect(next.output()).toContain(`${demo.admin.email} / ${demo.admin.password}`);
          await signIn(next);
          next.child.kill('SIGTERM');
          expect(await next.exited).toEqual({ code: 0, signal: null });
        } finally {
          fs.rmSync(fresh, { recursive: true, force: true });
        }
      },
    );

    it('starts again after a clean stop, with the data', { timeout: 300_000 }, async () => {
      const third = await start(dataDir);
      const faq = await call(third, 'GET', `/api/faqs/id/${faqId}`, token);
      expect(faq.status).toBe(200);
      third.child.kill('SIGINT');
      expect(await third.exited).toEqual({ code: 0, signal: null });
      expect(fs.existsSync(lockFile)).toBe(false);
    });
  },
);
