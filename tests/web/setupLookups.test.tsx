import { createRequire } from 'node:module';
import { render, screen } from '@testing-library/react';
import {
  Autocomplete,
  Button,
  Checkbox,
  Dialog,
  DialogTitle,
  FormControlLabel,
  Stack,
  TextField,
} from '@mui/material';
import { describe, expect, it } from 'vitest';
import { implOf } from './jsdomImpl';

/**
 * What `setup.ts` makes faster must answer as jsdom does: the style rules set aside before the
 * selector engine, and the labels found once per change of the page.
 */

type SelectorEngine = { match: (selectors: string, element: Element) => boolean };

/** The engine jsdom matches style rules with, as jsdom makes it, without the filter. */
function plainEngine(): SelectorEngine {
  const nwsapi = createRequire(import.meta.url)('nwsapi') as (options: object) => SelectorEngine & {
    configure: (options: object) => void;
  };
  const engine = nwsapi({ document, DOMException });
  engine.configure({ LOGERRORS: false, VERBOSITY: false, IDS_DUPES: true, MIXEDCASE: true });
  return engine;
}

/** The filtered engine of the page (jsdom makes it on the first style it computes). */
function filteredEngine(): SelectorEngine {
  getComputedStyle(document.body);
  return implOf(document)._nwsapiDontThrow as SelectorEngine;
}

const SELECTORS = [
  'div',
  'DIV',
  'span',
  'circle',
  'foreignObject',
  'foreignobject',
  '*',
  ':root',
  'html',
  'body .a',
  '.a',
  '.A',
  '.a.b',
  'div.a',
  'span.a',
  'p.a.b.c',
  '.a .b',
  '.a>.b',
  '.a > .b',
  '.a + .b',
  '.a~.b',
  '.b .a',
  '.a:not(.b)',
  ':not(.a)',
  '.a:is(.b, .c)',
  ':is(.b, .c)',
  '.a:has(> .b)',
  '.a::before',
  '.a:hover',
  '.a:focus',
  '.a>*',
  '.a>:not(style)~:not(style)',
  '.a, span',
  'span, .b',
  '.b, .c',
  '[data-x="1,2"]',
  '[data-x=".b"]',
  '.a[data-x=".b, .c"]',
  "input[type='text']",
  'input[type="checkbox"]:checked',
  'input:disabled',
  '#one',
  'div#one.a',
  '#one .b',
  '*|circle',
  'svg circle.a',
  'svg .a',
  'p:nth-child(2n+1)',
  'p:nth-child(2n + 1).b',
  '.ação',
  '.x-y_z',
  '.x-y_z.a',
  '[hidden]',
  '.a[hidden]',
  'div:where(.b)',
  '.a:not(.b) > p.c',
];

const PAGE = `
  <div id="one" class="a b">
    <p class="a b c">first</p>
    <p class="b" data-x=".b, .c">second</p>
    <span class="a">third</span>
    <div class="A x-y_z">case</div>
    <div class="ação" data-x="1,2">accents</div>
    <div class="a"><style>.a{}</style><i class="c"></i><b class="b"></b></div>
    <input type="text" class="a">
    <input type="checkbox" checked class="b">
    <input disabled hidden class="a">
    <svg class="a"><circle class="a"></circle><foreignObject class="b"></foreignObject></svg>
  </div>`;

/** Every selector against every element: what each engine answers that the other does not. */
function disagreements(plain: SelectorEngine, filtered: SelectorEngine) {
  const found: string[] = [];
  for (const element of document.querySelectorAll('*'))
    for (const selector of SELECTORS) {
      const expected = plain.match(selector, element);
      if (filtered.match(selector, element) !== expected)
        found.push(`${selector} on <${element.localName} class="${element.getAttribute('class')}">`);
    }
  return found;
}

/** Every property of every element's computed style. */
function computedStyles() {
  return [...document.querySelectorAll('*')].map((element) => getComputedStyle(element).cssText);
}

describe('the style rules set aside before the selector engine', () => {
  it('are rules the element cannot match: every selector answers as without the filter', () => {
    const filtered = filteredEngine();
    const plain = plainEngine();
    document.body.innerHTML = PAGE;

    expect(disagreements(plain, filtered)).toEqual([]);
    // The element's own changes are read again.
    for (const element of document.querySelectorAll('.a')) element.setAttribute('class', 'b c');
    document.querySelector('span')!.className = 'b a';
    expect(disagreements(plain, filtered)).toEqual([]);
  });

  it('leave an MUI page its styles: every element computes as without the filter', async () => {
    render(
      <Stack className="page" spacing={2}>
        <TextField label="Nome" required helperText="Como o cliente vê" />
        <FormControlLabel control={<Checkbox defaultChecked />} label="Ativo" />
        <Autocomplete
          open
          options={['Campinas', 'Campo Grande']}
          renderInput={(params) => <TextField {...params} label="Cidade" />}
        />
        <Button variant="contained" disabled>
          Salvar
        </Button>
        <Dialog open>
          <DialogTitle>Nova cidade</DialogTitle>
        </Dialog>
      </Stack>,
    );
    await screen.findByRole('option', { name: 'Campinas', hidden: true });
    const withFilter = computedStyles();
    expect(withFilter.some((style) => style.includes('display: none'))).toBe(true);

    // The same page, its styles computed again by the plain engine.
    const documentImpl = implOf(document);
    const filtered = documentImpl._nwsapiDontThrow as SelectorEngine;
    const match = filtered.match;
    const plain = plainEngine();
    filtered.match = (selectors, element) => plain.match(selectors, element);
    documentImpl._styleCache = null;
    try {
      expect(computedStyles()).toEqual(withFilter);
    } finally {
      filtered.match = match;
      documentImpl._styleCache = null;
    }
  });
});

describe("a control's labels, kept until the page changes", () => {
  const labelsOf = (id: string) =>
    [...((document.getElementById(id) as HTMLInputElement).labels ?? [])].map((label) => label.textContent);

  it('are the labels jsdom gives it, read again after each change', () => {
    document.body.innerHTML = `
      <label for="name">Nome</label>
      <label>Apelido <input id="nickname"></label>
      <label for="name">Nome completo</label>
      <input id="name">
      <input id="name">
      <label for="hidden">Oculto</label><input id="hidden" type="hidden">
      <label for="">Nada</label>`;
    expect(labelsOf('name')).toEqual(['Nome', 'Nome completo']);
    expect(labelsOf('nickname')).toEqual(['Apelido ']);
    expect((document.getElementById('hidden') as HTMLInputElement).labels).toBeNull();

    document.querySelector('label[for="name"]')!.setAttribute('for', 'nickname');
    expect(labelsOf('name')).toEqual(['Nome completo']);
    expect(labelsOf('nickname')).toEqual(['Nome', 'Apelido ']);

    const moved = document.createElement('label');
    moved.textContent = 'Primeiro';
    moved.htmlFor = 'name';
    document.body.prepend(moved);
    expect(labelsOf('name')).toEqual(['Primeiro', 'Nome completo']);

    document.getElementById('name')!.remove();
    // The second of that id is the one the labels name now.
    expect(labelsOf('name')).toEqual(['Primeiro', 'Nome completo']);
    (document.getElementById('name') as HTMLInputElement).type = 'hidden';
    expect((document.getElementById('name') as HTMLInputElement).labels).toBeNull();
  });

  it('are found in a tree outside the page too', () => {
    const form = document.createElement('form');
    form.innerHTML = '<label for="email">E-mail</label><input id="email">';
    const input = form.querySelector('input')!;
    expect([...input.labels!].map((label) => label.textContent)).toEqual(['E-mail']);
    form.querySelector('label')!.htmlFor = 'other';
    expect([...input.labels!]).toEqual([]);
  });
});

describe("emotion's look for a <Global>'s server-rendered styles", () => {
  it('is answered null where jsdom, walking the page, would answer the same', () => {
    // Text fields mount MUI's <Global> (the autofill keyframes), which looks for its styles.
    render(
      <Stack>
        <TextField label="Nome" />
        <TextField label="E-mail" />
      </Stack>,
    );
    const globals = [...document.head.querySelectorAll('style[data-emotion]')].filter((style) =>
      style.getAttribute('data-emotion')!.endsWith('-global'),
    );
    // The <Global>'s own sheet is on the page, named by its key only, as every sheet of the page is.
    expect(globals.length).toBeGreaterThan(0);
    const asked = `style[data-emotion="${globals[0]!.getAttribute('data-emotion')} abc123"]`;
    expect(document.querySelector(asked)).toBeNull();
    expect(document.documentElement.querySelector(asked)).toBeNull();
    // A server-rendered one would be found by jsdom, and setup.ts fails the file when it sees one.
    expect(document.documentElement.querySelectorAll('style[data-emotion*="-global "]')).toHaveLength(0);
    // Any other selector is jsdom's.
    expect(document.querySelector('style[data-emotion]')).toBe(
      document.documentElement.querySelector('style[data-emotion]'),
    );
  });
});
