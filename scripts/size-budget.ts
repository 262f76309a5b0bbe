/**
 * The web app's size budget: the JavaScript a first visit downloads, compressed as sent, for the
 * login page, for the customers list (the heaviest list) and for the guest page (`/mesa`). `npm run
 * size` (after `npm run build`) starts the product on a throw-away data folder, opens the three
 * pages in Chromium with an empty cache, prints every script and the totals, and exits with 1 when
 * a page is over its budget. CI runs it.
 *
 * The budgets are what the app weighs today plus a small margin: a change that makes a first visit
 * heavier must say so here, on purpose. `--url URL` measures a server already running instead.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { SCRIPT_BYTE_BUDGETS } from './bench/web-budgets';

/** See scripts/bench/web-budgets.ts. */
const BUDGETS = SCRIPT_BYTE_BUDGETS;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN = { email: 'admin@painel.com.br', password: 'Painel@2026' };

async function startProduct(): Promise<{ url: string; stop: () => void }> {
  if (!fs.existsSync(path.join(root, 'dist', 'index.html'))) {
    throw new Error('Construa o app antes (npm run build).');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-size-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Painel pronto em (http:\/\/localhost:\d+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`o servidor saiu com código ${code}`)));
  });
  return {
    url,
    stop: () => {
      child.kill('SIGTERM');
      child.once('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
    },
  };
}

interface Load {
  scripts: { path: string; bytes: number }[];
  total: number;
}

/** Opens a page with an empty cache and adds up the scripts it downloads until it is ready. */
async function measure(browser: Browser, open: (page: Page) => Promise<void>): Promise<Load> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts: Load['scripts'] = [];
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(
      request.sizes().then((sizes) => {
        scripts.push({ path: new URL(request.url()).pathname, bytes: sizes.responseBodySize });
      }),
    );
  });
  await open(page);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await context.close();
  return { scripts, total: scripts.reduce((sum, script) => sum + script.bytes, 0) };
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

async function main() {
  const given = process.argv.indexOf('--url');
  const product = given === -1 ? await startProduct() : { url: process.argv[given + 1]!, stop: () => {} };
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  let failed = false;
  try {
    const login = await measure(browser, async (page) => {
      await page.goto(`${product.url}/#/login`);
      await page.getByRole('button', { name: 'Entrar' }).waitFor();
    });

    // A signed-in administrator opening the customers list first: the session is in place before
    // the page loads, so only the list's own first visit is measured.
    const answer = await fetch(`${product.url}/auth/email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...ADMIN, role: 'ADMIN' }),
    });
    const token = ((await answer.json()) as { data: { access_token: string } }).data.access_token;
    const customers = await measure(browser, async (page) => {
      const session = JSON.stringify({ email: ADMIN.email, role: 'ADMIN', token });
      await page.addInitScript(`localStorage.setItem('painel.session', ${JSON.stringify(session)})`);
      await page.goto(`${product.url}/#/customers/list`);
      await page.locator('tbody tr, .RaSimpleList-root li').first().waitFor();
    });

    // A guest opening a table's QR code: the page's scripts are the same whatever the API answers
    // (a code of the demo or not), so any table's link measures them.
    const mesa = await measure(browser, async (page) => {
      await page.goto(`${product.url}/mesa?s=1&t=1&k=${'0'.repeat(32)}`);
      await page.locator('main:not([aria-busy])').waitFor();
    });

    for (const [name, load] of Object.entries({ login, customers, mesa })) {
      const budget = BUDGETS[name as keyof typeof BUDGETS];
      console.log(`\n${name}: ${load.scripts.length} scripts`);
      for (const script of [...load.scripts].sort((a, b) => b.bytes - a.bytes)) {
        console.log(`${kB(script.bytes).padStart(10)}  ${script.path}`);
      }
      const verdict = load.total <= budget ? 'dentro do orçamento' : 'ACIMA DO ORÇAMENTO';
      console.log(`${kB(load.total).padStart(10)}  total; orçamento ${kB(budget)}: ${verdict}`);
      if (load.total > budget) failed = true;
    }
  } finally {
    await browser.close();
    product.stop();
  }
  process.exit(failed ? 1 : 0);
}

await main();
