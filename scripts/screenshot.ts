/**
 * Looks at a page as a user would: `node --import tsx scripts/screenshot.ts URL OUT.png [WIDTH]`
 * with optional LOGIN=email:password to sign in first.
 */
import { chromium } from 'playwright-core';

const [url, out, width = '1280'] = process.argv.slice(2);
if (!url || !out) {
  console.error('uso: screenshot.ts URL ARQUIVO.png [LARGURA]');
  process.exit(1);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
const login = process.env.LOGIN;
if (login) {
  const [email, password] = login.split(':');
  const origin = new URL(url).origin;
  await page.goto(`${origin}/#/login`);
  await page.getByLabel('E-mail').fill(email ?? '');
  await page
    .getByLabel('Senha', { exact: false })
    .first()
    .fill(password ?? '');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(/#\/statistics/);
}
await page.goto(url);
await page.waitForTimeout(Number(process.env.WAIT ?? 1500));
await page.screenshot({ path: out, fullPage: true });
await browser.close();
