/**
 * One first visit of a page in a fresh Chromium context (empty cache, 1280×800): what went over the
 * wire, by kind, as Chromium received it (bodies as sent, brotli where the server compresses, and
 * the response headers apart), and what the page's probe saw (scripts/bench/web-probe.ts).
 */
import type { Browser, Page } from 'playwright-core';
import { probeScript, READ_PROBE, type Probe, type Target } from './web-probe';

export const VIEWPORT = { width: 1280, height: 800 };

export interface Transfer {
  files: number;
  /** Bodies as sent (compressed when the server compresses). */
  body: number;
  headers: number;
}

export interface PageLoad {
  scripts: Transfer;
  images: Transfer;
  requests: number;
  probe: Probe;
}

export interface Visit {
  url: string;
  target: Target;
  /** The value of localStorage 'painel.session', set before the app starts. */
  session?: string;
  /** Runs with the page before it navigates, and once it is done (a trace, for one). */
  around?: { before: (page: Page) => Promise<void>; after: (page: Page) => Promise<void> };
}

const PAINT_TIMEOUT_MS = 60_000;
const IDLE_MS = 500;

/**
 * Until the element is painted, or (where Element Timing reports nothing) a second after the frame
 * that followed its insertion. Polled from outside: the app's Content-Security-Policy forbids the
 * string evaluation that page.waitForFunction would do inside.
 */
async function waitForPaint(page: Page): Promise<void> {
  const done = `(() => {
    const probe = window.__webBench;
    return probe.painted !== null || (probe.nextFrame !== null && performance.now() - probe.nextFrame > 1000);
  })()`;
  const deadline = Date.now() + PAINT_TIMEOUT_MS;
  while (!(await page.evaluate(done))) {
    if (Date.now() > deadline)
      throw new Error(`${page.url()}: nada pintado em ${PAINT_TIMEOUT_MS / 1000} s.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Until nothing has been on the network for half a second, so that everything the first visit asks
 * for (the list's avatars too) is counted. Playwright's 'networkidle' fires once per page, and a
 * long task early in the boot can fire it before the list has asked for anything.
 */
async function networkIdle(network: { inFlight: number; lastActivity: number }): Promise<void> {
  const deadline = Date.now() + PAINT_TIMEOUT_MS;
  while (network.inFlight > 0 || Date.now() - network.lastActivity < IDLE_MS) {
    if (Date.now() > deadline) throw new Error(`A rede não se aquietou em ${PAINT_TIMEOUT_MS / 1000} s.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function loadPage(browser: Browser, visit: Visit): Promise<PageLoad> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    if (visit.session) {
      await context.addInitScript(`localStorage.setItem('painel.session', ${JSON.stringify(visit.session)})`);
    }
    await context.addInitScript(probeScript(visit.target));
    const page = await context.newPage();
    const scripts: Transfer = { files: 0, body: 0, headers: 0 };
    const images: Transfer = { files: 0, body: 0, headers: 0 };
    let requests = 0;
    const network = { inFlight: 0, lastActivity: Date.now() };
    const settle = () => {
      network.inFlight -= 1;
      network.lastActivity = Date.now();
    };
    page.on('request', () => {
      network.inFlight += 1;
      network.lastActivity = Date.now();
    });
    page.on('requestfailed', settle);
    const pending: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      settle();
      requests += 1;
      const kind = { script: scripts, image: images }[request.resourceType()];
      if (!kind) return;
      pending.push(
        request.sizes().then((sizes) => {
          kind.files += 1;
          kind.body += sizes.responseBodySize;
          kind.headers += sizes.responseHeadersSize;
        }),
      );
    });
    await visit.around?.before(page);
    await page.goto(visit.url);
    await waitForPaint(page);
    await networkIdle(network);
    const probe = (await page.evaluate(READ_PROBE)) as Probe;
    await visit.around?.after(page);
    await Promise.all(pending);
    return { scripts, images, requests, probe };
  } finally {
    await context.close();
  }
}
