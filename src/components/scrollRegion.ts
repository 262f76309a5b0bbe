import { useCallback, useEffect, useLayoutEffect, useState } from 'react';

/** What a scrolling box adds while its content overflows it. */
export type ScrollRegionProps = { tabIndex: 0; role: 'region'; 'aria-label': string } | Record<string, never>;

/**
 * Makes a box whose content may overflow it reachable by keyboard: while it overflows (either
 * way), the box is a labelled region in the tab order, so that Tab reaches it and the arrow keys
 * scroll it (axe's `scrollable-region-focusable`); a box that fits adds no tab stop. Measured
 * after every render and whenever the box or one of its children changes size (content that
 * loads later grows a child). Spread `props` on the box and give it `ref`.
 */
export function useScrollRegion<T extends HTMLElement>(
  label: string,
): { ref: (node: T | null) => void; props: ScrollRegionProps } {
  const [box, setBox] = useState<T | null>(null);
  const [overflowing, setOverflowing] = useState(false);
  const measure = useCallback(() => {
    if (!box) return;
    setOverflowing(box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1);
  }, [box]);
  useLayoutEffect(measure);
  useEffect(() => {
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    for (const child of box.children) observer.observe(child);
    return () => observer.disconnect();
  });
  return { ref: setBox, props: overflowing ? { tabIndex: 0, role: 'region', 'aria-label': label } : {} };
}
