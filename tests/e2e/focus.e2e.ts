import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, seriousViolations, signIn } from './browser';
import { sharedServer } from './server';

const baseUrl = sharedServer();

interface FocusRing {
  /** The focused element: tag, role and accessible name. */
  name: string;
  /** The width of what shows the focus (an outline, or a ring drawn by a box shadow), in px. */
  width: number;
  /** Its contrast with the surface it is drawn on. */
  contrast: number;
}

/**
 * What shows the keyboard's focus on the focused element: its outline (for an input, the outline
 * of the input's box), else a box-shadow ring; and its contrast with the surface under it (the
 * nearest opaque background, with the white overlay of a raised paper in the dark theme).
 */
function focusRing(page: Page): Promise<FocusRing> {
  return page.evaluate(() => {
    type Rgb = [number, number, number];
    const parse = (text: string): [number, number, number, number] | null => {
      const match = /rgba?\(([^)]+)\)/.exec(text);
      if (!match) return null;
      const [r = 0, g = 0, b = 0, a = 1] = match[1]!.split(',').map(Number);
      return [r, g, b, a];
    };
    const luminance = ([r, g, b]: Rgb) =>
      [r, g, b]
        .map((c) => c / 255)
        .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
        .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
    const contrast = (a: Rgb, b: Rgb) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (hi + 0.05) / (lo + 0.05);
    };
    const surface = (from: Element | null): Rgb => {
      for (let node = from; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        const color = parse(style.backgroundColor);
        if (!color || color[3] < 0.99) continue;
        const overlay = /rgba\(255, 255, 255, ([\d.]+)\)/.exec(style.backgroundImage);
        const alpha = overlay ? Number(overlay[1]) : 0;
        return color.slice(0, 3).map((c) => c + (255 - c) * alpha) as Rgb;
      }
      return [18, 18, 18];
    };

    const focused = document.activeElement as HTMLElement;
    const name = `${focused.tagName.toLowerCase()}${focused.getAttribute('role') ? `[${focused.getAttribute('role')}]` : ''} "${(focused.getAttribute('aria-label') ?? focused.textContent ?? '').trim().slice(0, 40)}"`;
    const drawn = focused.closest('.MuiInputBase-root') ?? focused;
    const style = getComputedStyle(drawn);
    const inset = parseFloat(style.outlineOffset) < 0;
    const under = surface(inset ? drawn : drawn.parentElement);
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) {
      const color = parse(style.outlineColor)!;
      return {
        name,
        width: parseFloat(style.outlineWidth),
        contrast: contrast(color.slice(0, 3) as Rgb, under),
      };
    }
    // A ring drawn by a box shadow: 'rgb(…) 0px 0px 0px 2px'.
    const ring = /(rgba?\([^)]+\)) 0px 0px 0px (\d+(?:\.\d+)?)px/.exec(style.boxShadow);
    if (ring) {
      const color = parse(ring[1]!)!;
      return { name, width: Number(ring[2]), contrast: contrast(color.slice(0, 3) as Rgb, under) };
    }
    return { name, width: 0, contrast: 1 };
  });
}

/**
 * Puts the keyboard's focus on `control` as a keyboard user would get there: a focus given by a
 * script (or a click) is not the keyboard's, and shows no ring, rightly.
 */
async function reach(page: Page, control: Locator): Promise<void> {
  await control.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
}

/** Presses Tab `times` times and answers the focus ring of each control reached. */
async function tabThrough(page: Page, times: number): Promise<FocusRing[]> {
  const rings: FocusRing[] = [];
  for (let i = 0; i < times; i++) {
    await page.keyboard.press('Tab');
    rings.push(await focusRing(page));
  }
  return rings;
}

/** The controls whose focus does not show: under 2 px, or under 3:1 against their surface. */
const unseen = (rings: FocusRing[]) =>
  rings
    .filter((ring) => ring.width < 2 || ring.contrast < 3)
    .map((ring) => `${ring.name}: ${ring.width}px, ${ring.contrast.toFixed(1)}:1`);

/**
 * The service screens with the keyboard, on a tablet lying down (1024×768): every control shows
 * where the focus is, and what scrolls can be reached and scrolled.
 */
describe('the keyboard on the floor and the tabs (restaurant staff)', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
    await page.goto(`${baseUrl}/#/hall`);
    await signIn(page, 'gerente@cantinabella.com.br', 'Cantina@2026');
    await page.waitForURL(/#\/hall$/);
    await page.getByTestId('table-card').first().waitFor();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows the focus on the floor's buttons and table cards, and in a table's panel", async () => {
    await reach(page, page.getByRole('button', { name: 'Liberar todas' }));
    const floor = [await focusRing(page), ...(await tabThrough(page, 6))];
    // Liberar todas, QR codes, Criar mesas, then the first tables.
    expect(floor.map((ring) => ring.name).join(' | ')).toMatch(
      /Liberar todas.*QR codes.*Criar mesas.*Mesa 1 /i,
    );
    expect(unseen(floor)).toEqual([]);

    await page
      .getByRole('button', { name: /^Mesa \d+ Ocupada/ })
      .first()
      .click();
    const close = page.getByRole('button', { name: 'Fechar painel da mesa' });
    await close.waitFor();
    await reach(page, close);
    // Through the panel's controls (its kitchen's items, the tabs' actions) down to 'Liberar mesa'.
    const panel = [await focusRing(page)];
    while (panel.length < 60 && !/Liberar mesa/i.test(panel.at(-1)!.name))
      panel.push(...(await tabThrough(page, 1)));
    expect(panel.some((ring) => /Liberar mesa/i.test(ring.name))).toBe(true);
    expect(unseen(panel)).toEqual([]);
    await close.click();
  });

  it("shows the focus on the tabs' filters and lines, and reaches and scrolls a tab's details", async () => {
    await page.goto(`${baseUrl}/#/commands`);
    const lines = page.locator('.MuiListItemButton-root');
    await lines.first().waitFor();
    await reach(page, page.getByRole('button', { name: 'Exportar' }));
    const controls = [await focusRing(page), ...(await tabThrough(page, 2))];
    await reach(page, page.getByRole('combobox').first());
    controls.push(await focusRing(page));
    expect(controls.map((ring) => ring.name).join(' | ')).toMatch(/Exportar.*Mesa/);
    expect(unseen(controls)).toEqual([]);

    // A closed tab whose customers and items run past the dialog's height on this screen.
    const dialog = page.getByRole('dialog');
    const body = dialog.locator('.MuiDialogContent-root');
    const closed = lines.filter({ hasText: 'fechado' });
    let overflowing = false;
    for (let i = 0; i < 10 && !overflowing; i++) {
      await closed.nth(i).click();
      await dialog
        .getByRole('region', { name: /^Comanda de / })
        .first()
        .waitFor();
      await dialog.getByLabel('Carregando o histórico').waitFor({ state: 'detached' });
      overflowing = await body.evaluate((box) => box.scrollHeight > box.clientHeight + 1);
      if (!overflowing) {
        await dialog.getByRole('button', { name: 'Fechar' }).click();
        await dialog.waitFor({ state: 'detached' });
      }
    }
    expect(overflowing).toBe(true);
    const details = dialog.getByRole('region', { name: 'Detalhes da comanda' });
    await details.waitFor();
    await dialog.getByRole('heading').first().click();
    await page.keyboard.press('Tab');
    expect(await details.evaluate((box) => box === document.activeElement)).toBe(true);
    expect(unseen([await focusRing(page)])).toEqual([]);
    await page.keyboard.press('PageDown');
    await expect.poll(() => details.evaluate((box) => box.scrollTop)).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Fechar' }).click();
  });
});
