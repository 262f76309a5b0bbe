/* The drag and drop of sortable lists (./dragOrder, with @dnd-kit), fetched only for them. */

type DragOrderModule = typeof import('./dragOrder');
let loading: Promise<DragOrderModule> | undefined;

/**
 * The drag order's module, fetched once: a promise React's `use` reads at once when it has
 * arrived (the screen's loader waits for it with the screen's own code, so a sortable list renders
 * once, with its grips), and suspends on while it has not.
 */
export function dragOrderModule(): Promise<DragOrderModule> {
  if (!loading) {
    const started = import('./dragOrder');
    started.then(
      // As React marks a promise it has read: `use` then answers at once, without suspending.
      (module) => Object.assign(started, { status: 'fulfilled', value: module }),
      () => {
        loading = undefined;
      },
    );
    loading = started;
  }
  return loading;
}
