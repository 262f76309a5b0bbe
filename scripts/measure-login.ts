/**
 * First-load JavaScript of the login page: `node --import tsx scripts/measure-login.ts URL`.
 * Prints each script the browser fetched and the total bytes on the wire (compressed).
 */
import { chromium } from 'playwright-core';

const url = process.argv[2] ?? 'http://localhost:3000';
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const page = await browser.newPage();
const scripts: { url: string; bytes: number }[] = [];
page.on('requestfinished', async (request) => {
  if (request.resourceType() !== 'script') return;
  const sizes = await request.sizes();
  scripts.push({ url: new URL(request.url()).pathname, bytes: sizes.responseBodySize });
});
await page.goto(`${url}/#/login`, { waitUntil: 'networkidle' });
await page.getByRole('button', { name: 'Entrar' }).waitFor();
await browser.close();
let total = 0;
for (const script of scripts) {
  total += script.bytes;
  console.log(`${(script.bytes / 1024).toFixed(1).padStart(8)} kB  ${script.url}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(8)} kB  total (${scripts.length} scripts, as sent)`);
