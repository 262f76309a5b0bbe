import { implOf } from './jsdomImpl';

/**
 * jsdom computes an element's style (what Testing Library asks of each element whose name or
 * visibility it checks, and of their ancestors) by running every rule of the page through its
 * selector engine: its own default sheet's hundred-odd rules, then the page's, and Emotion gives
 * each rule of every MUI component a sheet of its own. A long form's test spent most of its time
 * there. Nearly every rule's subject (its last compound) names an element (`h1`, `input`) or a
 * class (`.css-1x2y3z`, `.MuiInputBase-root.Mui-focused`): a rule whose subject names another
 * element, or a class the element does not have, cannot match, and is set aside before the engine
 * is asked. The engine answers for every other rule as before, so the styles are the same.
 */

type SelectorEngine = { match: (selectors: string, element: Element) => boolean };

/** What a selector's subject must be: an element of that local name, with those classes. */
type Subject = { localName: string | null; classes: string[] };

const IDENT = /^[-_a-zA-Z0-9\u00a0-\uffff]+/;

/** The selector list's parts, split at the commas outside parentheses and brackets. */
function listItems(list: string): string[] | null {
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const char = list[i];
    if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (char === ',' && depth === 0) {
      items.push(list.slice(start, i));
      start = i + 1;
    }
  }
  return depth === 0 ? [...items, list.slice(start)] : null;
}

/** The last compound of a complex selector: after its last combinator outside () and []. */
function subjectOf(selector: string): string {
  let from = selector.length;
  let depth = 0;
  while (from > 0) {
    const char = selector[from - 1]!;
    if (char === ')' || char === ']') depth++;
    else if (char === '(' || char === '[') depth--;
    else if (depth === 0 && /[\s>+~]/.test(char)) break;
    from--;
  }
  return selector.slice(from);
}

function readSubject(compound: string): Subject | null {
  const classes: string[] = [];
  let namespaced = false;
  let depth = 0;
  for (let i = 0; i < compound.length; i++) {
    const char = compound[i];
    if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (depth === 0 && char === '|') namespaced = true;
    else if (depth === 0 && char === '.') {
      const name = IDENT.exec(compound.slice(i + 1))?.[0];
      if (!name) return null;
      classes.push(name);
    }
  }
  const localName = namespaced ? null : (IDENT.exec(compound)?.[0]?.toLowerCase() ?? null);
  return localName === null && classes.length === 0 ? null : { localName, classes };
}

/**
 * What each selector of the list asks of its subject; `null` when one of them asks nothing this
 * reads (`:root`, `[hidden]`, `*`), or the list is not a plain one (escapes, at-rules): the engine
 * answers then.
 */
function readList(list: string): Subject[] | null {
  if (/[\\@;]/.test(list)) return null;
  // Strings (`[type="file"]`) only hold values: blanked, their commas and dots are not read.
  const plain = list.replace(
    /"[^"]*"|'[^']*'/g,
    (string) => `${string[0]}${'_'.repeat(string.length - 2)}${string[0]}`,
  );
  if ((plain.match(/["']/g)?.length ?? 0) % 2 !== 0) return null;
  const items = listItems(plain);
  if (!items) return null;
  const subjects: Subject[] = [];
  for (const item of items) {
    const subject = readSubject(subjectOf(item.trim()));
    if (!subject) return null;
    subjects.push(subject);
  }
  return subjects;
}

function filtered(engine: SelectorEngine, documentImpl: Record<string, unknown>): SelectorEngine {
  const match = engine.match.bind(engine);
  const readings = new Map<string, Subject[] | null>();
  // The element last asked about, read again once it or the page changed (jsdom counts each
  // node's changes, attributes included, in its `_version`): jsdom asks about one element for
  // every rule of the page in a row.
  let element: Element | null = null;
  let elementVersion: unknown;
  let documentVersion: unknown;
  let standards = true;
  let localName = '';
  let classes = new Set<string>();
  engine.match = (selectors, candidate) => {
    if (typeof selectors !== 'string') return match(selectors, candidate);
    let reading = readings.get(selectors);
    if (reading === undefined) {
      reading = readList(selectors);
      readings.set(selectors, reading);
    }
    if (reading === null) return match(selectors, candidate);
    const version = implOf(candidate)._version;
    if (candidate !== element || version !== elementVersion || documentImpl._version !== documentVersion) {
      element = candidate;
      elementVersion = version;
      documentVersion = documentImpl._version;
      // In quirks mode classes match whatever their case: only the engine knows how.
      standards = candidate.ownerDocument.compatMode === 'CSS1Compat';
      localName = candidate.localName.toLowerCase();
      classes = new Set((candidate.getAttribute('class') ?? '').split(/[\t\n\f\r ]+/));
    }
    if (!standards) return match(selectors, candidate);
    const possible = reading.some(
      (subject) =>
        (subject.localName === null || subject.localName === localName) &&
        subject.classes.every((name) => classes.has(name)),
    );
    return possible && match(selectors, candidate);
  };
  return engine;
}

/** Sets the filter in front of the selector engine jsdom matches `document`'s style rules with. */
export function filterStyleRules(document: Document) {
  const documentImpl = implOf(document);
  // jsdom makes the engine the first time it computes a style, and keeps it on the document.
  let engine: SelectorEngine | undefined;
  Object.defineProperty(documentImpl, '_nwsapiDontThrow', {
    configurable: true,
    get: () => engine,
    set: (made: SelectorEngine) => {
      engine = filtered(made, documentImpl);
    },
  });
}
