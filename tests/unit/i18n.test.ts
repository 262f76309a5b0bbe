import englishMessages from 'ra-language-english';
import portugueseMessages from 'ra-language-portuguese';
import { describe, expect, it } from 'vitest';

import { i18nProvider, messages } from '../../src/i18n';
import { appMessages } from '../../src/i18n/app';
import { raPtBR } from '../../src/i18n/ptBR';

type Tree = { readonly [key: string]: Tree | string | undefined };

/** Every string leaf as [dotted path, value]. */
function leaves(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]): Array<[string, string]> => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') return [[path, value]];
    return value === undefined ? [] : leaves(value, path);
  });
}

function lookup(tree: Tree, path: string): unknown {
  let node: unknown = tree;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Tree)[key];
  }
  return node;
}

const placeholders = (text: string): string[] =>
  [...new Set([...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1] ?? ''))].sort();
const pluralForms = (text: string): number => text.split('||||').length;

const englishLeaves = leaves(englishMessages);
const portugueseLeaves = new Map(leaves(raPtBR));

/*
 * Keys whose pt-BR text is legitimately identical to the English one: they hold only placeholders
 * (the page title is the resource name and the record) or a blank.
 */
const SAME_AS_ENGLISH = new Set(['ra.boolean.null', 'ra.page.list', 'ra.page.edit', 'ra.page.show']);

describe('raPtBR', () => {
  it('is compared against the whole English catalogue', () => {
    // Guards the helpers above: an empty walk would make every test below pass vacuously.
    expect(englishLeaves.length).toBeGreaterThan(150);
  });

  it.each(englishLeaves)('has %s', (path) => {
    expect(typeof portugueseLeaves.get(path)).toBe('string');
  });

  it.each(englishLeaves)('translates %s', (path, english) => {
    const portuguese = portugueseLeaves.get(path);
    if (SAME_AS_ENGLISH.has(path)) expect(portuguese).toBe(english);
    else expect(portuguese).not.toBe(english);
  });

  it.each(englishLeaves)('keeps the placeholders and plural forms of %s', (path, english) => {
    const portuguese = portugueseLeaves.get(path) ?? '';
    expect(placeholders(portuguese)).toEqual(placeholders(english));
    expect(pluralForms(portuguese)).toBe(pluralForms(english));
  });

  it('has no empty text (a blank is only meant for an unset boolean)', () => {
    for (const [path, value] of portugueseLeaves) {
      if (path !== 'ra.boolean.null') expect(value.trim(), path).not.toBe('');
    }
  });

  it('still answers the keys only the ra-language-portuguese package has', () => {
    for (const [path] of leaves(portugueseMessages)) {
      expect(typeof lookup(raPtBR, path), path).toBe('string');
    }
  });
});

describe('i18nProvider', () => {
  it('speaks Brazilian Portuguese only', () => {
    expect(i18nProvider.getLocale()).toBe('pt-br');
    expect(i18nProvider.getLocales?.()).toEqual([{ locale: 'pt-br', name: 'Português' }]);
  });

  it('translates react-admin and app keys', () => {
    expect(i18nProvider.translate('ra.action.save')).toBe('Salvar');
    expect(
      i18nProvider.translate('ra.navigation.page_range_info', { offsetBegin: 1, offsetEnd: 10, total: 42 }),
    ).toBe('1-10 de 42');
    expect(i18nProvider.translate('app.menu.logout')).toBe('Sair');
    expect(i18nProvider.translate('app.logout.confirm')).toBe('Tem certeza que deseja sair?');
  });

  it('uses the pt-BR plural rule, where 0 and 1 are singular', () => {
    const selected = (n: number) => i18nProvider.translate('ra.action.bulk_actions', { smart_count: n });
    expect(selected(0)).toBe('0 item selecionado');
    expect(selected(1)).toBe('1 item selecionado');
    expect(selected(3)).toBe('3 itens selecionados');
  });

  it('serves every app message', () => {
    for (const [path, value] of leaves(appMessages)) {
      expect(i18nProvider.translate(`app.${path}`)).toBe(value);
    }
    expect(messages.app).toBe(appMessages);
  });
});
