import { useSyncExternalStore, type ComponentType } from 'react';

/*
 * The layout's place for the connection banner. The banner and the outbox come with the service
 * screens (the floor, the board: the only screens whose writes wait in the outbox), not with the
 * first visit of every page: once one of them has loaded, the banner shows on every screen.
 */

let banner: ComponentType | null = null;
const listeners = new Set<() => void>();

/** The banner, from its module, once a service screen has loaded it. */
export function provideBanner(component: ComponentType): void {
  banner = component;
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The banner in the layout: nothing until a service screen brought it. */
export function OfflineGate() {
  const Banner = useSyncExternalStore(subscribe, () => banner);
  return Banner ? <Banner /> : null;
}
