import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { sharedServer } from './server';

const baseUrl = sharedServer();

describe('the API reference', () => {
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens at /api/docs and lists every operation of the OpenAPI document', async () => {
    const document = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.values(document.paths).reduce((sum, path) => sum + Object.keys(path).length, 0);
    expect(operations).toBeGreaterThan(50);

    await page.goto(`${baseUrl}/api/docs/`);
    await page.locator('.opblock').first().waitFor();
    // Swagger UI draws only what is in view: scroll down half a screen at a time and gather the
    // operations (by id, which names their tag, the resource's endpoint, and their operationId) and
    // the tags' headings.
    const summaries = new Map<string, string>();
    const headings = new Map<string, string>();
    for (let last = -1; ;) {
      const blocks = await page
        .locator('.opblock')
        .evaluateAll((found) =>
          found.map((block) => [
            block.id,
            block.querySelector('.opblock-summary-description')?.textContent ?? '',
          ]),
        );
      for (const [id, summary] of blocks) summaries.set(id!, summary!);
      const tags = await page
        .locator('.opblock-tag')
        .evaluateAll((found) =>
          found.map((tag) => [
            tag.getAttribute('data-tag') ?? '',
            tag.querySelector('small')?.textContent ?? '',
          ]),
        );
      for (const [tag, description] of tags) headings.set(tag!, description!);
      const y = await page.evaluate(() => window.scrollY);
      if (y === last) break;
      last = y;
      await page.evaluate(() => window.scrollBy(0, window.innerHeight / 2));
      await page.waitForTimeout(150);
    }
    expect(summaries.size).toBe(operations);
    // A resource's operations, with their Portuguese summaries, under the resource's tag.
    expect(headings.get('/api/kitchens')).toBe('Cozinhas');
    expect(summaries.get('operations-\\/api\\/kitchens-listKitchens')).toBe('Listar cozinhas');
    // Nothing refused by the page's security policy, no script error.
    expect(problems).toEqual([]);
  });
});
