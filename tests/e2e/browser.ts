import fs from 'node:fs';
import { createRequire } from 'node:module';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
  type Request,
} from 'playwright-core';
import { expect } from 'vitest';

/**
 * How long a step waits for the page before it gives up: as long as the test may run. Playwright's
 * own 30 s ended steps that a saturated machine was still getting to (a menu closing under the
 * load of the server suites beside), so the browser tests waited for time after all.
 */
const STEP_CAP = 110_000;

/** The worker's Chromium: its files share one module graph (`isolate: false`), and so one browser. */
let chromiumOfWorker: Promise<Browser> | undefined;

/**
 * Debian's Chromium, headless, with the flags this closed network needs, as the file's own browser:
 * one Chromium serves the worker's files one after the other (starting one per file cost a second
 * of a core each time), and what a file sees is its own contexts. Every context it opens (and so
 * every page) waits for a condition up to `STEP_CAP`; `close()` closes the file's contexts, and
 * the browser ends with the worker.
 */
export async function launchBrowser(): Promise<Browser> {
  chromiumOfWorker ??= launchChromium();
  const shared = await chromiumOfWorker;
  const contexts = new Set<BrowserContext>();
  const newContext = async (options?: BrowserContextOptions) => {
    // As a person who asks the system for less motion: the app then plays no transitions, ripples
    // or spinners (src/layout/theme.ts), which Chromium would otherwise draw at 60 frames a second
    // on a machine shared with the server suites. A file that tests motion asks for it.
    // Without the app's service worker: it precaches every screen's code after the first load
    // (200 files a context), which no flow but the offline one needs (offline-shell.e2e.ts asks).
    const context = await shared.newContext({ reducedMotion: 'reduce', serviceWorkers: 'block', ...options });
    context.setDefaultTimeout(STEP_CAP);
    contexts.add(context);
    context.once('close', () => contexts.delete(context));
    return context;
  };
  const own: Partial<Browser> = {
    newContext,
    // As Playwright's: a page in a context of its own, which ends with the page.
    newPage: async (options) => {
      const context = await newContext(options);
      const page = await context.newPage();
      page.once('close', () => void context.close());
      return page;
    },
    contexts: () => [...contexts],
    close: async () => {
      await Promise.all([...contexts].map((context) => context.close()));
    },
  };
  return new Proxy(shared, {
    get(target, name, receiver) {
      if (Object.hasOwn(own, name)) return own[name as keyof Browser];
      const value: unknown = Reflect.get(target, name, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

function launchChromium(): Promise<Browser> {
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
 * it sits just below `target`. The mouse presses where the handle is in the window, so the handle is
 * first brought to the window's middle and pointed at: scrolled out of sight (an earlier click far
 * down the page scrolls it), it would be pressed outside the window, and scrolled just into sight
 * at the top, under the app bar that slides back as the page scrolls up; either way the drag would
 * select text.
 */
export async function dragBelow(page: Page, handle: Locator, target: Locator): Promise<void> {
  await handle.evaluate((node) => node.scrollIntoView({ block: 'center' }));
  await handle.hover();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  const x = from.x + from.width / 2;
  const y = from.y + from.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) {
    // Just past the target's centre: the row dropped takes the target's place, whatever the rows' height.
    await page.mouse.move(x, y + ((to.y - from.y + 4) * step) / 10);
  }
  await page.mouse.up();
}

/**
 * Presses a button until the request it sends goes out. Right after a drag, the drag library
 * swallows the next click for a moment (so that the drop is not also a click); a person's click
 * comes later, a test's at once. The button is pressed again only while no request has gone and it
 * is still enabled (a save disables it), so one press sends one request.
 */
export async function pressUntilSent(
  page: Page,
  button: Locator,
  matches: (request: Request) => boolean,
): Promise<Request> {
  let sent: Request | undefined;
  const listener = (request: Request) => {
    if (!sent && matches(request)) sent = request;
  };
  page.on('request', listener);
  try {
    await expect
      .poll(
        async () => {
          if (!sent && (await button.isEnabled().catch(() => false)))
            await button.click({ timeout: 5_000 }).catch(() => undefined);
          return sent !== undefined;
        },
        { timeout: 60_000 },
      )
      .toBe(true);
  } finally {
    page.off('request', listener);
  }
  return sent!;
}

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The serious and critical accessibility violations axe-core finds on the page as it is now
 * (WCAG 2.1 A and AA), one line each: rule, what it asks, and where. It waits first for what is
 * fading or sliding in to arrive (a dialog half faded in has colours it never shows at rest);
 * what repeats for ever (a new card's pulse, a spinner) is not waited for.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  // Evaluated, not added as a script tag: the app's Content-Security-Policy forbids inline scripts.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<unknown> } }
    ).axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    })) as {
      violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
    };
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 3).map((node) => JSON.stringify(node.target)),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.targets.join(', ')}`);
}
