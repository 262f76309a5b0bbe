import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signIn } from './browser';
import { demoServer, type RunningServer } from './server';

/**
 * The app a tablet opens with no network once it has been visited (src/serviceWorker): the
 * server is stopped — a Wi-Fi drop as the tablet sees it, every request refused — and the page is
 * reloaded, as a tablet restarted or a tab reopened mid-service would.
 */
describe('the service screens with no network, once visited', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  /** The tables the floor showed online. */
  let tables = 0;

  beforeAll(async () => {
    server = await demoServer({ SIMULATOR: '0' });
    browser = await launchBrowser();
    const context = await browser.newContext({
      viewport: { width: 768, height: 1024 },
      hasTouch: true,
      serviceWorkers: 'allow',
    });
    page = await context.newPage();
    await page.goto(`${server.url}/#/hall`);
    await signIn(page, 'gerente@cantinabella.com.br', 'Cantina@2026');
    await page.getByTestId('table-card').first().waitFor();
    // The worker controls the page once its precache is complete (it installs after the load).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // Read once under its control, so it holds a copy of each screen's answers.
    await page.reload();
    await page.getByTestId('table-card').first().waitFor();
    tables = await page.getByTestId('table-card').count();
    await page.goto(`${server.url}/#/orders`);
    await page.getByTestId('board-card').first().waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens the floor and the kitchen board again with the server gone, from what it kept', async () => {
    await server.stop();
    await page.goto(`${server.url}/#/hall`);
    await page.reload();
    await page.getByTestId('table-card').first().waitFor();
    expect(tables).toBeGreaterThan(0);
    expect(await page.getByTestId('table-card').count()).toBe(tables);
    await page.goto(`${server.url}/#/orders`);
    await page.getByTestId('board-card').first().waitFor();
  });
});
