import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

/** Debian's Chromium, headless, with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** The labels of the side menu, in order. */
export async function menuLabels(page: Page): Promise<string[]> {
  const items = page.locator('.RaMenu-open [role="menuitem"], .RaMenu-closed [role="menuitem"]');
  await items.first().waitFor();
  return (await items.allInnerTexts()).map((text) => text.trim());
}

/**
 * Drags `handle` with the mouse, in small steps as a hand does (dnd-kit starts after 5 px), until
 * it sits just below `target`.
 */
export async function dragBelow(page: Page, handle: Locator, target: Locator): Promise<void> {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  const x = from.x + from.width / 2;
  const y = from.y + from.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) {
    await page.mouse.move(x, y + ((to.y - from.y + to.height / 2 + 4) * step) / 10);
  }
  await page.mouse.up();
}
