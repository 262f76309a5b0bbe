/**
 * The product as `npm start` runs it, for the browser benchmark: the built app and the API on a free
 * port, on a throw-away data folder where the demo seeds itself, with the service simulator off so
 * that nothing but the browser keeps the machine busy. Or a server already running (`--url`).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The demo's platform administrator (server/seed/demo.ts). */
export const DEMO_ADMIN = { email: 'admin@painel.com.br', password: 'Painel@2026' };

export interface Product {
  url: string;
  stop: () => Promise<void>;
}

export async function startProduct(): Promise<Product> {
  if (!fs.existsSync(path.join(root, 'dist', 'index.html'))) {
    throw new Error('Construa o app antes (npm run build).');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-bench-web-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SIMULATOR: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Painel pronto em (http:\/\/localhost:\d+)/.exec(output);
      if (match?.[1]) resolve(match[1].replace('localhost', '127.0.0.1'));
    });
    child.once('exit', (code) => reject(new Error(`o servidor saiu com código ${code}`)));
  });
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The session the app keeps in localStorage after the demo administrator signs in
 * (src/lib/session.ts), as the value of the key 'painel.session'.
 */
export async function signInAdmin(url: string): Promise<string> {
  const answer = await fetch(`${url}/auth/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...DEMO_ADMIN, role: 'ADMIN' }),
  });
  if (!answer.ok) throw new Error(`Não foi possível entrar como ${DEMO_ADMIN.email}: ${await answer.text()}`);
  const token = ((await answer.json()) as { data: { access_token: string } }).data.access_token;
  return JSON.stringify({ email: DEMO_ADMIN.email, role: 'ADMIN', token });
}
