import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import { useSidebarState } from 'react-admin';

/**
 * Below the `lg` breakpoint (a tablet, upright or lying) the side menu closes when the board
 * opens, so that the cards have the width; it opens again on leaving, unless someone opened or
 * closed it meanwhile.
 */
export function useRoomForTheBoard() {
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('lg'), { noSsr: true });
  const [open, setOpen] = useSidebarState();
  const closedByBoard = useRef(false);
  const current = useRef(open);
  current.current = open;
  // Opened by hand meanwhile: it stays as the cook left it. (Before the effect that closes it, so
  // that the first render's `open` does not count.)
  useEffect(() => {
    if (open) closedByBoard.current = false;
  }, [open]);
  useEffect(() => {
    if (narrow && current.current) {
      closedByBoard.current = true;
      setOpen(false);
    }
    return () => {
      if (closedByBoard.current && !current.current) setOpen(true);
    };
    // Once, as the board opens: the menu is the cook's to open again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** The space between two cards, each way. */
export const CARD_GAP = 8;
/** The height of the rows the cards are packed on: each card spans as many as it needs. */
const PACK_ROW = 4;
/** Where the browser tells the board when a card changes size (not in every test runner). */
const packed = typeof ResizeObserver !== 'undefined';

/** The list's own layout: packed rows where cards can be measured, plain rows elsewhere. */
export const cardListLayout = packed
  ? { gridAutoRows: `${PACK_ROW}px`, rowGap: 0 }
  : { rowGap: `${CARD_GAP}px` };

/**
 * The cards packed under each other, column by column, oldest first along the rows: a card as
 * tall as its items, not as the tallest of its row, so that a tablet shows as many cards as fit.
 * Each card spans the grid's small rows its height needs, measured before it is painted and
 * again whenever it changes size.
 */
export function usePackedCards(list: RefObject<HTMLUListElement | null>) {
  useLayoutEffect(() => {
    const cards = list.current;
    if (!cards || !packed) return;
    const fit = (card: Element) => {
      const place = card.parentElement;
      if (place)
        place.style.gridRowEnd = `span ${Math.ceil((card.getBoundingClientRect().height + CARD_GAP) / PACK_ROW)}`;
    };
    const observer = new ResizeObserver((entries) => entries.forEach((entry) => fit(entry.target)));
    for (const place of cards.children) {
      const card = place.firstElementChild;
      if (!card) continue;
      fit(card);
      observer.observe(card);
    }
    return () => observer.disconnect();
  });
}
