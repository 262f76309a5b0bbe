import { act, screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { vi } from 'vitest';

/** The sortable lists of the screens: where their first row starts and how far apart rows are. */
const LISTS = [
  { rows: '[data-testid="product-row"]', first: 400, step: 50 },
  { rows: 'tbody > tr', first: 100, step: 50 },
] as const;

/**
 * jsdom lays nothing out (every box is 0×0 at 0,0), and dnd-kit's keyboard moves go to the
 * nearest item below or above. Each row of a sortable list (product rows, a table's
 * body rows) gets the box it would have in a browser: one under the other, in the order of the
 * page. Call it in a beforeEach, with vi.restoreAllMocks() after each test.
 */
export function layOutRows() {
  const box = (top: number, height: number) =>
    ({
      x: 0,
      y: top,
      top,
      left: 0,
      right: 800,
      bottom: top + height,
      width: 800,
      height,
      toJSON: () => ({}),
    }) as DOMRect;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    for (const { rows: selector, first, step } of LISTS) {
      const row = this.closest(selector);
      if (!row?.parentElement) continue;
      const rows = Array.from(row.parentElement.children).filter((el) => el.matches(selector));
      return box(first + rows.indexOf(row) * step, step - 10);
    }
    return box(0, 768);
  });
}

const tick = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

/**
 * Picks an item up by its handle ('Arrastar <name>'), moves it with the arrow keys and drops it,
 * as dnd-kit's keyboard sensor expects: Space, arrows, Space.
 */
export async function moveWithKeyboard(
  user: ReturnType<typeof userEvent.setup>,
  handle: string,
  keys: string[],
) {
  act(() => screen.getByRole('button', { name: handle }).focus());
  await user.keyboard('[Space]');
  // The sensor listens for the moves from the next tick on.
  await tick();
  for (const key of keys) {
    await user.keyboard(key);
    await tick();
  }
  await user.keyboard('[Space]');
}
