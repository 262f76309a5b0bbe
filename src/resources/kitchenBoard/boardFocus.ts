import { useEffect, useRef } from 'react';
import type { Press } from './BoardCard';

/** The first of `selector` inside `root` that follows `from` in the page (else the first other one), or null. */
function nextAfter(root: HTMLElement, selector: string, from: HTMLElement): HTMLElement | null {
  const enabled = [...root.querySelectorAll<HTMLElement>(selector)].filter(
    (element) => !element.hasAttribute('disabled'),
  );
  const after = enabled.find(
    (element) => from.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING,
  );
  return after ?? enabled.find((element) => element !== from) ?? null;
}

/**
 * Where the keyboard goes on the board. After 'Preparar' or 'Pronto' it moves on at once — a card's
 * button to the next card's, an item to the next item still to do — so a cook bumps ticket after
 * ticket with Enter alone, and never lands on the page when the card they pressed leaves (a tap
 * moves it too, without scrolling the board under the finger). If what held the focus goes (a
 * card done, an item ready), the focus comes back to the first card; if the cook merely put it
 * elsewhere, it stays there.
 */
export function useBoardFocus(changed: unknown) {
  const root = useRef<HTMLDivElement | null>(null);
  const heading = useRef<HTMLHeadingElement | null>(null);
  const list = useRef<HTMLUListElement | null>(null);
  const last = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const board = root.current;
    if (!board) return;
    const focusIn = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement) last.current = event.target;
    };
    board.addEventListener('focusin', focusIn);
    return () => board.removeEventListener('focusin', focusIn);
  }, []);

  const fallback = () => {
    const first = list.current?.querySelector<HTMLElement>(
      '[data-focus-card]:not([disabled]), [data-focus-item]:not([disabled])',
    );
    (first ?? list.current ?? heading.current)?.focus();
  };

  useEffect(() => {
    const lost = document.activeElement === document.body || document.activeElement === null;
    if (lost && last.current && !last.current.isConnected) {
      last.current = null;
      fallback();
    }
  }, [changed]);

  const move = (next: HTMLElement | null, press: Press) => next?.focus({ preventScroll: !press.keyboard });
  return {
    root,
    heading,
    list,
    /** After a card's button: the next card's. */
    afterCard: (press: Press) => {
      if (list.current) move(nextAfter(list.current, '[data-focus-card]', press.control), press);
    },
    /** After an item's press: the next item still to do (in this card, else the next cards). */
    afterItem: (press: Press) => {
      if (list.current) move(nextAfter(list.current, '[data-focus-item]', press.control), press);
    },
    /** Back to an item after its dialog closed: its line, else its card, else the board. */
    toItem: (id: number) => {
      const line = list.current?.querySelector<HTMLElement>(`[data-focus-item="${id}"]:not([disabled])`);
      const card = list.current
        ?.querySelector(`[data-testid="board-item"][data-item-id="${id}"]`)
        ?.closest('article')
        ?.querySelector<HTMLElement>('button:not([disabled])');
      const target = line ?? card;
      if (target) target.focus();
      else fallback();
    },
  };
}
