import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser';

const baseUrl = inject('baseUrl');

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
    expect(await page.locator('.opblock').count()).toBe(operations);
    // A resource's operations, with their Portuguese summaries, under the resource's tag.
    const kitchens = page.locator('.opblock-tag-section', {
      has: page.locator('[data-tag="/api/kitchens"]'),
    });
    await kitchens.getByText('Listar cozinhas', { exact: true }).waitFor();
    expect(await kitchens.getByText('Cozinhas', { exact: true }).count()).toBe(1);
    // Nothing refused by the page's security policy, no script error.
    expect(problems).toEqual([]);
  });
});
