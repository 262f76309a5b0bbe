/**
 * What `npm run bench:web` watches inside the page: when the element a user waits for (the login's
 * 'Entrar', the list's first row with data) is put into the document, and when Chromium paints it.
 *
 * Insertion: the app's own DOM calls are wrapped until the element arrives. A MutationObserver would
 * only run after the whole task that inserted it (React's commit, its effects, the image loads they
 * start), which hides exactly the delay being measured. Paint: Element Timing, set on the element
 * as it is inserted, so before any frame could show it; its time is the frame that first showed the
 * text. Long tasks are kept too, to say what held the main thread between the two.
 */

/** Which element a page is waited for. */
export type Target = 'login-button' | 'first-row';

export interface Probe {
  /** ms since the navigation started, as every time below. */
  inserted: number | null;
  painted: number | null;
  /** The frame after the insertion, by two requestAnimationFrame: where Element Timing is absent. */
  nextFrame: number | null;
  firstContentfulPaint: number | null;
  longTasks: { start: number; duration: number }[];
  resources: { path: string; type: string; start: number; end: number }[];
}

/** The script each page runs before the app: `context.addInitScript(probeScript(target))`. */
export function probeScript(target: Target): string {
  // Plain JavaScript: it runs in the page, which the scripts' TypeScript (no DOM types) never sees.
  return `(() => {
  const target = ${JSON.stringify(target)};
  const probe = { inserted: null, painted: null, nextFrame: null, firstContentfulPaint: null, longTasks: [] };
  Object.defineProperty(window, '__webBench', { value: probe });
  performance.setResourceTimingBufferSize(5000);
  const text = (element) => (element.textContent || '').trim();
  const find = (node) => {
    if (target === 'login-button') {
      const buttons = node.matches('button') ? [node] : [...node.querySelectorAll('button')];
      return buttons.find((button) => text(button) === 'Entrar') || null;
    }
    const rows = node.matches('tbody tr') ? [node] : [...node.querySelectorAll('tbody tr')];
    return rows.find((row) => row.querySelector('td') && text(row) !== '') || null;
  };
  // React inserts a finished subtree with one of these two; wrapped only until the element arrives.
  const originals = { appendChild: Node.prototype.appendChild, insertBefore: Node.prototype.insertBefore };
  const restore = () => Object.assign(Node.prototype, originals);
  const seen = (element) => {
    probe.inserted = performance.now();
    performance.mark('web-bench:inserted');
    for (const each of [element, ...element.querySelectorAll('*')]) each.setAttribute('elementtiming', 'web-bench');
    requestAnimationFrame(() => requestAnimationFrame(() => { probe.nextFrame = performance.now(); }));
    restore();
  };
  for (const [name, original] of Object.entries(originals)) {
    Node.prototype[name] = function (node, ...rest) {
      const result = original.call(this, node, ...rest);
      if (probe.inserted === null && this.isConnected && node.nodeType === 1) {
        const element = find(node);
        if (element) seen(element);
      }
      return result;
    };
  }
  const observe = (type, each) => {
    try { new PerformanceObserver((list) => list.getEntries().forEach(each)).observe({ type, buffered: true }); }
    catch { /* an entry type this Chromium lacks */ }
  };
  observe('element', (entry) => {
    // Text, not the row's avatar (an image entry has a url), which may come frames later.
    if (entry.identifier === 'web-bench' && !entry.url && probe.painted === null) probe.painted = entry.renderTime;
  });
  observe('paint', (entry) => {
    if (entry.name === 'first-contentful-paint') probe.firstContentfulPaint = entry.startTime;
  });
  observe('longtask', (entry) => probe.longTasks.push({ start: entry.startTime, duration: entry.duration }));
})();`;
}

/** The probe's findings, with the page's resource timings (scripts, API calls, images). */
export const READ_PROBE = `(() => ({
  ...window.__webBench,
  resources: performance.getEntriesByType('resource').map((entry) => ({
    path: new URL(entry.name).pathname,
    type: entry.initiatorType,
    start: entry.startTime,
    end: entry.responseEnd,
  })),
}))()`;
