import '@testing-library/jest-dom/vitest';
import { cleanup, configure, render } from '@testing-library/react';
import { __unsafe_useEmotionCache, type EmotionCache } from '@emotion/react';
import React, { createElement } from 'react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { dragOrderModule } from '../../src/engine/dragOrderLoader';
import { reportReachable } from '../../src/offline/connection';
import { outbox } from '../../src/offline/instance';
import { implOf } from './jsdomImpl';
import { filterStyleRules } from './styleRuleFilter';

filterStyleRules(document);

// React's development build (the one `act` needs) records where each element was created: an
// `Error` and its stack for each of the first 10,000 elements of every render, read only by its
// warnings' owner stacks. A screen's test creates tens of thousands, and a tenth of a web file's
// time went there. Counted as spent, so none is taken: a warning still names its component,
// without the lines that created it.
const internals = (React as unknown as Record<string, Record<string, unknown>>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE!;
Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
  configurable: true,
  get: () => Number.POSITIVE_INFINITY,
  set: () => {},
});

// findBy… and waitFor wait for what the screen should show, as long as a busy machine needs to
// render it (Testing Library's default gives up after one second); a passing test waits no longer.
configure({ asyncUtilTimeout: 60_000 });

afterEach(async () => {
  cleanup();
  // The outbox and the connection's state live in modules the files of a worker share: each test
  // starts online with nothing waiting.
  for (const entry of outbox.snapshot().entries) await outbox.dismiss(entry.id);
  reportReachable();
  localStorage.clear();
  sessionStorage.clear();
});

// The files of a worker share one page and one module graph: what a file left in the page goes
// with it (elements it made itself, outside Testing Library's containers), and so do the styles
// its screens inserted, so that the next file's elements are not matched against every rule of
// the files before it. Emotion forgets them too, and inserts again what the next screens use.
afterAll(() => {
  document.body.replaceChildren();
  let cache: EmotionCache | null = null;
  const Read = () => {
    cache = __unsafe_useEmotionCache();
    return null;
  };
  render(createElement(Read));
  cleanup();
  const found = cache as EmotionCache | null;
  if (!found) return;
  found.sheet.flush();
  for (const name of Object.keys(found.inserted)) delete found.inserted[name];
  for (const style of document.head.querySelectorAll('style')) style.remove();
});

// Emotion's <Global> (MUI mounts one with every text field) looks, as it mounts, for its styles as
// a server would have rendered them: `style[data-emotion="<key>-global <names>"]`. jsdom answers
// by listing every element of the page and reading each one's attributes, once per field mounted: a
// long form's test spent a tenth of its time there. Nothing here renders on a server, and the sheets
// of the page write only their key in that attribute (`data-emotion="css"`), so no element can
// match: the answer, null, without the walk. Every other selector goes to jsdom as before.
const SERVER_RENDERED_GLOBAL = /^style\[data-emotion="[^"\s]+-global [^"]*"\]$/;
const querySelector = Document.prototype.querySelector;
Document.prototype.querySelector = function (this: Document, selectors: string) {
  return SERVER_RENDERED_GLOBAL.test(selectors) ? null : querySelector.call(this, selectors);
} as Document['querySelector'];
// Checked once a file: had a style element of that form appeared, the answer above would be wrong.
afterAll(() => {
  const rendered = document.querySelectorAll('style[data-emotion*="-global "]');
  if (rendered.length > 0)
    throw new Error('tests/web/setup.ts: a style element as a server renders them is on the page');
});

// In the app a sortable list's screen arrives with its drag and drop (the screen's loader fetches
// both); a test rendering the list itself gets it ready the same way, before it renders.
beforeAll(async () => {
  await dragOrderModule();
});

// What a labelable element's `labels` are, as jsdom defines them (the label elements, in tree
// order, whose control it is), found in one pass over the page and kept until the page changes.
// jsdom's own walks the whole document once for every label on the page, and Testing Library asks
// it for every button and input whose accessible name it computes: a long form (the store's
// settings) spent most of its test there.
const LABELABLE = new Set(['button', 'meter', 'output', 'progress', 'select', 'textarea']);
const HTML_NS = 'http://www.w3.org/1999/xhtml';

function labelable(element: Element) {
  if (element.namespaceURI !== HTML_NS) return false;
  if (element.localName === 'input') return (element as HTMLInputElement).type !== 'hidden';
  if (LABELABLE.has(element.localName)) return true;
  const custom = customElements.get(element.localName) as { formAssociated?: boolean } | undefined;
  return custom?.formAssociated === true;
}

/** The element's tree, the root included when it is an element (a detached one). */
function treeOf(root: Node, selector: string): Element[] {
  const found = [...(root as ParentNode).querySelectorAll(selector)];
  return root instanceof Element && root.matches(selector) ? [root, ...found] : found;
}

/** Each control of the tree under `root` and its labels, in tree order. */
function labelsInTree(root: Node): Map<Element, HTMLLabelElement[]> {
  const controls = new Map<Element, HTMLLabelElement[]>();
  const labels = treeOf(root, 'label') as HTMLLabelElement[];
  if (labels.length === 0) return controls;
  // The first element of each id, in tree order: a label's `for` names that one.
  const byId = new Map<string, Element>();
  if (labels.some((label) => label.hasAttribute('for'))) {
    for (const candidate of treeOf(root, '[id]'))
      if (!byId.has(candidate.id)) byId.set(candidate.id, candidate);
  }
  for (const label of labels) {
    const target = label.getAttribute('for');
    // With `for`, the element of that id; without, the first labelable element inside the label.
    const control =
      target === null ? [...label.querySelectorAll('*')].find(labelable) : target && byId.get(target);
    if (!control || !labelable(control)) continue;
    controls.set(control, [...(controls.get(control) ?? []), label]);
  }
  return controls;
}

// Per tree, read again once it changed: jsdom counts the changes of each node's subtree (its
// `_version`, what its own live collections are kept by), attributes included.
const pages = new WeakMap<Node, { version: unknown; controls: Map<Element, HTMLLabelElement[]> }>();

function labelsOf(element: Element): HTMLLabelElement[] {
  if (!labelable(element)) return [];
  const root = element.getRootNode();
  const version = implOf(root)._version;
  let page = pages.get(root);
  if (!page || page.version !== version) {
    page = { version, controls: labelsInTree(root) };
    pages.set(root, page);
  }
  return [...(page.controls.get(element) ?? [])];
}

for (const type of [
  HTMLButtonElement,
  HTMLInputElement,
  HTMLMeterElement,
  HTMLOutputElement,
  HTMLProgressElement,
  HTMLSelectElement,
  HTMLTextAreaElement,
]) {
  Object.defineProperty(type.prototype, 'labels', {
    configurable: true,
    get(this: Element) {
      // An input of type hidden has none (null), as jsdom says.
      return labelable(this) ? labelsOf(this) : null;
    },
  });
}
