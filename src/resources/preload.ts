import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Load = () => Promise<unknown>;

/** The screens that load when first opened, by the route paths that open them (`:id` is any segment). */
const screens: { segments: string[]; load: Load }[] = [];

/**
 * A screen loaded when first opened, like React's `lazy` — and, when the app starts on one of
 * its `paths`, fetched while the app boots instead of after it has found the route (see
 * `preloadScreenOf`): a bookmarked list then waits for its code and its data at once, not one
 * after the other. A failed load is tried again the next time, not remembered.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React's own lazy()
export function lazyScreen<Screen extends ComponentType<any>>(
  paths: string | readonly string[],
  load: () => Promise<{ default: Screen }>,
): LazyExoticComponent<Screen> {
  let started: Promise<{ default: Screen }> | undefined;
  const once = () =>
    (started ??= load().catch((error: unknown) => {
      started = undefined;
      throw error;
    }));
  for (const path of [paths].flat()) screens.push({ segments: path.split('/').filter(Boolean), load: once });
  return lazy(once);
}

function matches(segments: string[], path: string[]): boolean {
  return (
    segments.length === path.length &&
    segments.every((segment, i) => segment.startsWith(':') || segment === path[i])
  );
}

/**
 * Starts loading the screens of a route path (`/customers/list`), if any; never fails. As the
 * router ranks routes, a path a screen names segment for segment wins over one with `:id` in its
 * place: `/customers/list` is the customers' list, not the edit of a customer "list".
 */
export function preloadScreenOf(path: string): void {
  const parts = path.split(/[?#]/)[0]!.split('/').filter(Boolean);
  const found = screens.filter((screen) => matches(screen.segments, parts));
  const named = (screen: (typeof screens)[number]) =>
    screen.segments.filter((s) => !s.startsWith(':')).length;
  const best = Math.max(...found.map(named));
  for (const screen of found) if (named(screen) === best) screen.load().catch(() => undefined);
}
