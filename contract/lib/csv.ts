/**
 * CSV as Brazilian spreadsheets read it: `;` between cells (the comma is the decimal mark), UTF-8
 * with a BOM (so accents open intact), dates dd/MM/yyyy HH:mm in the stores' zone, money 1.234,56.
 * Pure functions: the server streams exports with them.
 */
import { choiceLabel, type FieldDefinition } from '../define';
import { formatDate, formatDateTime } from './format';

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';

const money = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 4, useGrouping: false });

// A date alone ('2026-01-31'), as a `date` column answers.
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What a spreadsheet starts a formula with, once NFKC has folded the full-width (＝ ＋ － ＠) and
 * small (﹦ ﹢ ﹣ ﹫) forms and the super- and subscript signs into them: spreadsheets in East Asian
 * locales and autocorrecting ones read those as the plain signs. The minus signs − and the heavy
 * ➕ ➖ do not fold, and are read as signs too.
 */
const FORMULA_START = /^[=+\-@\u2212\u2795\u2796]/;
/** Blanks and invisible characters a spreadsheet may skip before it reads the first sign. */
const LEADING_BLANKS = /^[\p{White_Space}\p{Cf}]+/u;

/** A text a spreadsheet would run as a formula ('=HYPERLINK(…)', '+55…', '@SUM') is kept as text. */
function asText(text: string): string {
  // A leading tab or line break is how a cell smuggles a formula past a check of its first sign.
  if (/^[\t\r\n]/.test(text)) return `'${text}`;
  const start = text.replace(LEADING_BLANKS, '').slice(0, 2).normalize('NFKC');
  return FORMULA_START.test(start) ? `'${text}` : text;
}

/** A field's value as the CSV shows it. */
export function csvValue(field: FieldDefinition, value: unknown, record: Record<string, unknown>): string {
  if (field.text) return asText(field.text(record));
  // A choice left empty may have a name of its own (promo codes' "Todas").
  if (field.kind === 'select') return choiceLabel(field, value);
  if (value === null || value === undefined) return '';
  switch (field.kind) {
    case 'boolean':
      return value ? 'Sim' : 'Não';
    case 'money':
      return money.format(Number(value) / 100);
    case 'number':
    case 'percent':
    case 'id':
      return decimal.format(Number(value));
    case 'date':
    case 'datetime': {
      // A moment keeps its time; a day alone is only a day.
      if (typeof value === 'string' && DAY_ONLY.test(value)) return formatDate(value);
      return formatDateTime(value as string | Date);
    }
    default:
      return asText(typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
}

/** One line: cells quoted where they hold a separator, a quote or a line break; CRLF at the end. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map((cell) => (/[;"\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(CSV_SEPARATOR)}\r\n`;
}

/** The file name of a list's export: 'cozinhas-2026-11-23.csv'. */
export function csvFileName(label: string, now = new Date()): string {
  const slug = label
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(now);
  return `${slug || 'lista'}-${day}.csv`;
}
