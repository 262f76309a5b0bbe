/**
 * `npm run bench:guest [-- --rounds N] [--orders N]`: the guest page behind a table's QR code, as a
 * guest's phone meets it, and how fast their order reaches the kitchen. Builds, starts the product
 * as `npm start` does (the embedded database, the demo, the service simulator off so that only this
 * benchmark works the machine) and measures:
 *   1. the first visit of `/mesa?s&t&k` in Chromium on a phone (390×844, touch) over a throttled
 *      mobile network (150 ms round trip, 1.6 Mb/s down, 750 kb/s up) with the CPU slowed 4×, each
 *      round in a fresh context (empty cache): the JavaScript as sent (bodies as the server
 *      compressed them), the first paint, and when the page is ready to use (the name asked, on a
 *      first visit; the menu, when the phone already knows the guest);
 *   2. from 'Fazer pedido' (the guest API's POST leaving) to the item on the kitchen board's screen
 *      (a Chromium tablet signed in as the store's manager, at `/#/orders`, as the kitchen has it):
 *      orders from 10 phones over 5 tables, one at a time, each with its own note to find it by.
 * Prints each figure beside its target and the machine's load, and exits with 1 when a target is
 * missed: JavaScript ≤ 100 kB, first paint ≤ 1.5 s (medians), order on the board p95 ≤ 1 s.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { chromium, type Browser, type Page } from 'playwright-core';
import { DEVICE_HEADER, GUEST_PATHS, GUEST_STORAGE, type GuestMenu } from '../contract/resources/guest/paths';
import { isOrderable } from '../contract/resources/orderEntry/rules';
import { runScript, UsageError, verdict } from './bench/cli';
import { count, ms, summarize, table } from './bench/measure';
import { startProduct } from './bench/web-product';

const TARGETS = { scriptBytes: 100 * 1024, firstPaintMs: 1_500, orderToBoardP95Ms: 1_000 };

/** A mid-range phone on a busy 4G cell, as Lighthouse's mobile profile slows it. */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
const STORE = { name: 'Cantina Bella', email: 'gerente@cantinabella.com.br', password: 'Cantina@2026' };
const TIMEOUT_MS = 60_000;

interface Options {
  rounds: number;
  orders: number;
}

const USAGE = `Uso: npm run bench:guest -- [--rounds N] [--orders N]
  --rounds N   primeiras visitas medidas (padrão 5)
  --orders N   pedidos medidos até o quadro da cozinha (padrão 40)`;

function parse(argv: string[]): Options | 'help' {
  if (argv.includes('--help') || argv.includes('-h')) return 'help';
  const number = (flag: string, fallback: number) => {
    const at = argv.indexOf(flag);
    const value = at >= 0 ? Number(argv[at + 1]) : fallback;
    if (!Number.isSafeInteger(value) || value < 1)
      throw new UsageError(`${flag} espera um número inteiro ≥ 1.`);
    return value;
  };
  return { rounds: number('--rounds', 5), orders: number('--orders', 40) };
}

const loadNow = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

interface Place {
  storeId: number;
  tables: { number: number; token: string }[];
  staffToken: string;
}

async function signIn(url: string): Promise<string> {
  const answer = await fetch(`${url}/auth/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: STORE.email, password: STORE.password, role: 'ADMIN' }),
  });
  if (!answer.ok) throw new Error(`Não foi possível entrar como ${STORE.email}: ${await answer.text()}`);
  return ((await answer.json()) as { data: { access_token: string } }).data.access_token;
}

/** The store's free tables and their codes, as its QR codes page has them. */
async function readPlace(url: string): Promise<Place> {
  const staffToken = await signIn(url);
  const answer = await fetch(`${url}/api/tables?page_size=500&sort_field=number&sort_order=ASC`, {
    headers: { authorization: `Bearer ${staffToken}` },
  });
  const tables = (
    (await answer.json()) as {
      data: { results: { number: number; token: string; store_id: number; status: string }[] };
    }
  ).data.results;
  const free = tables.filter((one) => one.status === 'AVAILABLE');
  if (free.length < 6) throw new Error('A demonstração precisa de pelo menos 6 mesas livres.');
  return {
    storeId: free[0]!.store_id,
    tables: free.map(({ number, token }) => ({ number, token })),
    staffToken,
  };
}

const link = (url: string, place: Place, table: { number: number; token: string }) =>
  `${url}/mesa?s=${place.storeId}&t=${table.number}&k=${table.token}`;

interface FirstVisit {
  scriptBytes: number;
  scriptFiles: number;
  firstPaintMs: number;
  readyMs: number;
}

/**
 * One first visit in a fresh context on the throttled phone: the scripts as they came over the
 * wire, the first contentful paint, and when `ready` (a selector) appeared, by the page's clock.
 */
async function firstVisit(
  browser: Browser,
  address: string,
  ready: string,
  name?: string,
): Promise<FirstVisit> {
  const context = await browser.newContext(PHONE);
  try {
    if (name)
      await context.addInitScript(
        `localStorage.setItem(${JSON.stringify(GUEST_STORAGE.name)}, ${JSON.stringify(name)})`,
      );
    // When `ready` is first in the document, by the page's own clock (no polling from outside).
    await context.addInitScript(`(() => {
      const seen = () => {
        if (window.__readyAt === undefined && document.querySelector(${JSON.stringify(ready)})) {
          window.__readyAt = performance.now();
        }
      };
      new MutationObserver(seen).observe(document, { childList: true, subtree: true });
    })()`);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const scripts: Promise<number>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script')
        scripts.push(request.sizes().then((sizes) => sizes.responseBodySize));
    });
    await page.goto(address);
    await page.locator(ready).first().waitFor({ timeout: TIMEOUT_MS });
    await page.waitForLoadState('load');
    const timing = (await page.evaluate(`({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      ready: window.__readyAt ?? null,
    })`)) as { paint: number | null; ready: number | null };
    const sizes = await Promise.all(scripts);
    return {
      scriptBytes: sizes.reduce((sum, size) => sum + size, 0),
      scriptFiles: sizes.length,
      firstPaintMs: timing.paint ?? Number.NaN,
      readyMs: timing.ready ?? Number.NaN,
    };
  } finally {
    await context.close();
  }
}

/** A dish a guest may order as it is (no choice required) that takes a note: the note finds it on the board. */
async function pickDish(url: string, place: Place): Promise<number> {
  const table = place.tables[0]!;
  const answer = await fetch(
    `${url}${GUEST_PATHS.menu}?s=${place.storeId}&t=${table.number}&k=${table.token}`,
  );
  if (!answer.ok) throw new Error(`${GUEST_PATHS.menu}: ${answer.status} ${await answer.text()}`);
  const menu = ((await answer.json()) as { data: GuestMenu }).data;
  const dish = menu.products.find(
    (product) =>
      isOrderable(product) &&
      product.allow_observations &&
      product.kitchen_id !== null &&
      product.groups.every((group) => group.min === 0),
  );
  if (!dish) throw new Error('Nenhum prato do cardápio aceita observação sem escolha obrigatória.');
  return dish.id;
}

/** The kitchen's tablet: the board, signed in, showing its cards. */
async function openBoard(browser: Browser, url: string, token: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
  await context.addInitScript(
    `localStorage.setItem('painel.session', ${JSON.stringify(JSON.stringify({ email: STORE.email, role: 'ADMIN', token }))})`,
  );
  const page = await context.newPage();
  await page.goto(`${url}/#/orders`);
  await page.getByTestId('board-card').first().waitFor({ timeout: TIMEOUT_MS });
  return page;
}

/**
 * `orders` guest orders, one at a time, from 10 phones over 5 tables (inside the guest API's limits:
 * at most 6 orders a phone and 30 a table in 10 minutes): each timed from its POST leaving to its
 * note on the board's screen.
 */
async function ordersToBoard(url: string, place: Place, board: Page, orders: number): Promise<number[]> {
  const dish = await pickDish(url, place);
  const phones = Array.from({ length: 10 }, (_, index) => ({
    device: crypto.randomUUID(),
    name: `Convidado ${index + 1}`,
    table: place.tables[1 + (index % 5)]!,
  }));
  const run = crypto.randomBytes(3).toString('hex');
  const times: number[] = [];
  for (let index = 0; index < orders; index++) {
    const phone = phones[index % phones.length]!;
    const note = `bench ${run} ${index}`;
    const shown = board
      .getByTestId('item-observations')
      .filter({ hasText: note })
      .first()
      .waitFor({ timeout: TIMEOUT_MS });
    const started = performance.now();
    const answer = await fetch(`${url}${GUEST_PATHS.orders}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [DEVICE_HEADER]: phone.device,
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({
        s: place.storeId,
        t: phone.table.number,
        k: phone.table.token,
        name: phone.name,
        items: [{ product_id: dish, quantity: 1, complements: [], observations: note }],
      }),
    });
    if (answer.status !== 201) throw new Error(`Pedido ${index}: ${answer.status} ${await answer.text()}`);
    await shown;
    times.push(performance.now() - started);
  }
  return times;
}

async function run({ rounds, orders }: Options): Promise<number> {
  console.log(`Carga da máquina antes (1 / 5 / 15 min): ${loadNow()} · ${os.cpus().length} núcleos`);
  const product = await startProduct();
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  try {
    const place = await readPlace(product.url);
    const address = link(product.url, place, place.tables[0]!);
    // A first visit asks the name; one on a phone that knows the guest shows the menu.
    const visits: FirstVisit[] = [];
    const known: FirstVisit[] = [];
    for (let round = 0; round < rounds; round++) {
      visits.push(await firstVisit(browser, address, 'form.gate'));
      known.push(await firstVisit(browser, address, 'button.product', 'Ana'));
    }
    const board = await openBoard(browser, product.url, place.staffToken);
    const times = await ordersToBoard(product.url, place, board, orders);

    const bytes = summarize(visits.map((visit) => visit.scriptBytes));
    const paint = summarize(visits.map((visit) => visit.firstPaintMs));
    const asked = summarize(visits.map((visit) => visit.readyMs));
    const menu = summarize(known.map((visit) => visit.readyMs));
    const toBoard = summarize(times);
    const kb = (value: number) => `${ms(value / 1024)} kB`;
    console.log(
      `\nPrimeira visita de /mesa (${rounds} rodadas; celular 390×844, rede 150 ms / 1,6 Mb/s / 750 kb/s, CPU ÷${CPU_SLOWDOWN})`,
    );
    console.log(
      table(
        ['', 'mediana', 'máx.', 'meta'],
        [
          [
            `JavaScript enviado (${count(visits[0]!.scriptFiles)} arquivos)`,
            kb(bytes.median),
            kb(bytes.max),
            `≤ ${kb(TARGETS.scriptBytes)}`,
          ],
          ['Primeira pintura (ms)', ms(paint.median), ms(paint.max), `≤ ${ms(TARGETS.firstPaintMs)}`],
          ['Nome pedido na tela (ms)', ms(asked.median), ms(asked.max), '—'],
          ['Cardápio na tela, cliente conhecido (ms)', ms(menu.median), ms(menu.max), '—'],
        ],
      ),
    );
    console.log(
      `\n'Fazer pedido' → item no quadro da cozinha (${count(orders)} pedidos, 10 celulares, 5 mesas; banco embutido)`,
    );
    console.log(
      table(
        ['', 'mediana', 'p95', 'máx.', 'meta p95'],
        [['ms', ms(toBoard.median), ms(toBoard.p95), ms(toBoard.max), `≤ ${ms(TARGETS.orderToBoardP95Ms)}`]],
      ),
    );
    console.log(`\nCarga da máquina depois (1 / 5 / 15 min): ${loadNow()}`);
    const missed: string[] = [];
    if (bytes.median > TARGETS.scriptBytes)
      missed.push(`JavaScript da primeira visita: ${kb(bytes.median)} (meta ≤ 100 kB)`);
    if (!(paint.median <= TARGETS.firstPaintMs))
      missed.push(`Primeira pintura: ${ms(paint.median)} ms (meta ≤ 1.500 ms)`);
    if (toBoard.p95 > TARGETS.orderToBoardP95Ms)
      missed.push(`Pedido no quadro, p95: ${ms(toBoard.p95)} ms (meta ≤ 1.000 ms)`);
    return verdict(missed);
  } finally {
    await browser.close();
    await product.stop();
  }
}

runScript({ usage: USAGE, parse, run });
