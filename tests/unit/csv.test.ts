import { describe, expect, it } from 'vitest';
import { csvFileName, csvLine, csvValue } from '../../contract/lib/csv';
import type { FieldDefinition } from '../../contract/define';

const field = (kind: FieldDefinition['kind'], extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  label: 'Campo',
  kind,
  ...extra,
});

describe('CSV cells', () => {
  it('writes money as reais with thousands dots and a decimal comma, without the symbol', () => {
    expect(csvValue(field('money'), 123456, {})).toBe('1.234,56');
    expect(csvValue(field('money'), 5, {})).toBe('0,05');
    expect(csvValue(field('money'), 100_000_000, {})).toBe('1.000.000,00');
  });

  it('writes moments as dd/MM/yyyy HH:mm in São Paulo, and days alone as dd/MM/yyyy', () => {
    expect(csvValue(field('date'), '2026-02-01T02:30:00.000Z', {})).toBe('31/01/2026 23:30');
    expect(csvValue(field('datetime'), new Date('2026-07-10T15:05:00Z'), {})).toBe('10/07/2026 12:05');
    expect(csvValue(field('date'), '1990-05-20', {})).toBe('20/05/1990');
  });

  it('writes numbers with a decimal comma, booleans as Sim/Não, choices by their names', () => {
    expect(csvValue(field('number'), 4.5, {})).toBe('4,5');
    expect(csvValue(field('number'), 1234, {})).toBe('1234');
    expect(csvValue(field('percent'), 12.5, {})).toBe('12,5');
    expect(csvValue(field('boolean'), true, {})).toBe('Sim');
    expect(csvValue(field('boolean'), false, {})).toBe('Não');
    const choices = [{ id: 'INDOOR', name: 'Presencial' }];
    expect(csvValue(field('select', { choices }), 'INDOOR', {})).toBe('Presencial');
    expect(csvValue(field('select', { choices, otherChoice: 'Todas' }), null, {})).toBe('Todas');
    expect(csvValue(field('text'), null, {})).toBe('');
  });

  it("reads a field through its definition's text when it has one", () => {
    const uses = field('number', {
      text: (record) => `${String(record.n_uses)} / ${String(record.n_available)}`,
    });
    expect(csvValue(uses, 3, { n_uses: 3, n_available: 10 })).toBe('3 / 10');
  });

  it('keeps a text that a spreadsheet would run as a formula as text', () => {
    expect(csvValue(field('text'), '=HYPERLINK("http://mal")', {})).toBe('\'=HYPERLINK("http://mal")');
    expect(csvValue(field('text'), '+5511999999999', {})).toBe("'+5511999999999");
    expect(csvValue(field('text'), '@soma', {})).toBe("'@soma");
    expect(csvValue(field('text'), 'São João', {})).toBe('São João');
  });

  it.each([
    ['full-width equals', '\uFF1DHYPERLINK("http://mal")'],
    ['full-width plus', '\uFF0B5511999999999'],
    ['full-width minus', '\uFF0D2+3'],
    ['full-width at', '\uFF20SOMA(A1)'],
    ['small equals', '\uFE66cmd'],
    ['small plus', '\uFE62cmd'],
    ['small hyphen-minus', '\uFE63cmd'],
    ['small at', '\uFE6Bcmd'],
    ['superscript plus', '\u207A1'],
    ['subscript minus', '\u208B1'],
    ['minus sign', '\u22122+3'],
    ['heavy plus', '\u27951'],
    ['heavy minus', '\u27961'],
    ['leading tab', '\t=1+1'],
    ['leading carriage return', '\r=1+1'],
    ['leading line feed', '\nqualquer'],
    ['leading tab before text', '\tqualquer'],
    ['spaces before the sign', '   =1+1'],
    ['a no-break space before the sign', '\u00A0=1+1'],
    ['an ideographic space before a full-width sign', '\u3000\uFF1D1+1'],
    ['a zero-width space before the sign', '\u200B=1+1'],
    ['a byte-order mark before the sign', '\uFEFF@SOMA'],
  ])('keeps a formula behind a look-alike sign as text: %s', (_, text) => {
    expect(csvValue(field('text'), text, {})).toBe(`'${text}`);
  });

  it('leaves texts that only contain the signs further on, or dashes that are not minus signs, as they are', () => {
    for (const text of ['Mesa 4 = varanda', 'R$ 10 + taxa', 'contato@exemplo.com', '– travessão', 'Ａ＝１']) {
      expect(csvValue(field('text'), text, {})).toBe(text);
    }
  });
});

describe('CSV lines', () => {
  it('separates cells with ; and quotes those that hold ;, quotes or line breaks', () => {
    expect(csvLine(['a', 'b;c', 'd"e', 'f\ng', 'ção'])).toBe('a;"b;c";"d""e";"f\ng";ção\r\n');
  });

  it("names the file after the list and São Paulo's day", () => {
    expect(csvFileName('Usuários', new Date('2026-11-24T01:00:00Z'))).toBe('usuarios-2026-11-23.csv');
    expect(csvFileName('Cidades de Operação', new Date('2026-11-23T12:00:00Z'))).toBe(
      'cidades-de-operacao-2026-11-23.csv',
    );
  });
});
