/**
 * pt-BR display helpers shared by the web client and the server: pure functions, no React, no DOM.
 */
import { parseISO } from 'date-fns/parseISO';

/** The stores' zone: dates are shown as the restaurants see them, wherever the browser or server runs. */
export const DISPLAY_TIME_ZONE = 'America/Sao_Paulo';

// Built once: constructing Intl formatters is far slower than using them.
const currencyFormatter = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

// Intl separates "R$" from the amount with U+00A0 (or U+202F in some ICU versions); a plain space keeps
// the output identical across engines and comparable in tests and CSV exports.
const INTL_SPACES = /[\u00A0\u202F]/g;

/** 123456 → 'R$ 1.234,56'; -100 → '-R$ 1,00'. Fractions of a cent are rounded. */
export function formatCents(cents: number): string {
  if (!Number.isFinite(cents)) return '';
  // `|| 0` folds -0 (e.g. Math.round(-0.4)) into 0, which Intl would print as '-R$ 0,00'.
  const rounded = Math.round(cents) || 0;
  return currencyFormatter.format(rounded / 100).replace(INTL_SPACES, ' ');
}

// Integer part either with pt-BR thousands dots ("1.234.567") or without ("1234567"); decimals after a comma.
const REAIS_PATTERN = /^(-)?(\d{1,3}(?:\.\d{3})+|\d+)?(?:,(\d{0,2}))?$/;

/**
 * Reads an amount in reais as typed by a person: '1.234,56', 'R$ 12,5', '12', '-R$ 1,00', '0,99'.
 * Returns integer cents, or null when the text is not an amount (including more than two decimals,
 * which cannot be stored as cents).
 */
export function parseReaisToCents(input: string | null | undefined): number | null {
  if (input == null) return null;
  let text = input.replace(/\s/g, '').replace(/^(-?)R\$/i, '$1');
  // Without a comma, "12.5" / "12.50" can only be a decimal point (pasted from a spreadsheet or typed on
  // a US keypad), while "1.234" keeps its pt-BR meaning of one thousand two hundred and thirty-four.
  if (!text.includes(',') && /^-?\d+\.\d{1,2}$/.test(text)) text = text.replace('.', ',');
  const match = REAIS_PATTERN.exec(text);
  if (!match) return null;
  const [, sign, integerPart, decimals] = match;
  if (integerPart === undefined && !decimals) return null;
  const reais = Number((integerPart ?? '0').replace(/\./g, ''));
  const cents = reais * 100 + Number((decimals ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return sign && cents !== 0 ? -cents : cents;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

// A date or date-time without offset ('2026-01-01', '2026-01-01T10:00', '2026-01-01 10:00:00.123').
const NAIVE_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?)?$/;

const wallClockFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  // h23, not hour12: false, which some engines render as "24" at midnight.
  hourCycle: 'h23',
});

function wallClockOfInstant(instant: Date): WallClock {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of wallClockFormatter.formatToParts(instant)) parts[part.type] = Number(part.value);
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
  };
}

function toWallClock(value: string | number | Date | null | undefined): WallClock | null {
  if (value == null) return null;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return null;
    const naive = NAIVE_DATE_TIME.exec(text);
    if (naive) {
      // A value without offset is already São Paulo wall-clock time (a `date` column, a time typed in a
      // form): converting it through the machine's zone would shift it, e.g. '2026-01-01' read as UTC
      // midnight would display as 31/12/2025.
      const [, year = '', month = '', day = '', hour = '0', minute = '0'] = naive;
      const wall = {
        year: Number(year),
        month: Number(month),
        day: Number(day),
        hour: Number(hour),
        minute: Number(minute),
      };
      const check = new Date(Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute));
      const valid =
        check.getUTCFullYear() === wall.year &&
        check.getUTCMonth() === wall.month - 1 &&
        check.getUTCDate() === wall.day &&
        check.getUTCHours() === wall.hour &&
        check.getUTCMinutes() === wall.minute;
      return valid ? wall : null;
    }
    // With an offset ('Z', '-03:00', Postgres' '+00') the string names an instant.
    const instant = parseISO(text);
    return Number.isNaN(instant.getTime()) ? null : wallClockOfInstant(instant);
  }
  const instant = typeof value === 'number' ? new Date(value) : value;
  return Number.isNaN(instant.getTime()) ? null : wallClockOfInstant(instant);
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

function datePart(wall: WallClock): string {
  return `${pad2(wall.day)}/${pad2(wall.month)}/${String(wall.year).padStart(4, '0')}`;
}

/** 'dd/MM/yyyy' in the São Paulo zone; '' for null, empty or invalid input. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const wall = toWallClock(value);
  return wall ? datePart(wall) : '';
}

/** 'dd/MM/yyyy HH:mm' in the São Paulo zone; '' for null, empty or invalid input. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const wall = toWallClock(value);
  return wall ? `${datePart(wall)} ${pad2(wall.hour)}:${pad2(wall.minute)}` : '';
}

/** 'HH:mm' in the São Paulo zone (a moment of tonight's service); '' for null, empty or invalid input. */
export function formatTime(value: string | number | Date | null | undefined): string {
  const wall = toWallClock(value);
  return wall ? `${pad2(wall.hour)}:${pad2(wall.minute)}` : '';
}

/** Keeps the digits only: '(11) 98765-4321' → '11987654321'. */
export function onlyDigits(value: string | null | undefined): string {
  return value == null ? '' : value.replace(/\D/g, '');
}

/**
 * Lays digits into a pattern where '9' stands for a digit. Literals are written only when a digit
 * follows them, so a partial value never ends with a dangling separator that backspace would trip on.
 */
function applyMask(digits: string, pattern: string): string {
  let out = '';
  let next = 0;
  for (const char of pattern) {
    if (next >= digits.length) break;
    if (char === '9') {
      out += digits.charAt(next);
      next += 1;
    } else {
      out += char;
    }
  }
  return out;
}

function nationalPhoneDigits(value: string): string {
  let digits = onlyDigits(value);
  if (value.trim().startsWith('+') && digits.startsWith('55')) digits = digits.slice(2);
  // Leading zeros are the trunk ("0 11 ...") or international ("00 55 ...") prefix: no DDD starts with 0.
  digits = digits.replace(/^0+/, '');
  if (digits.length > 11 && digits.startsWith('55')) digits = digits.slice(2);
  return digits.slice(0, 11);
}

/** '(11) 3333-4444' for 10 digits, '(11) 98765-4321' for 11; partial input is masked as far as it goes. */
export function maskPhone(value: string | null | undefined): string {
  if (value == null) return '';
  const digits = nationalPhoneDigits(value);
  return applyMask(digits, digits.length === 11 ? '(99) 99999-9999' : '(99) 9999-9999');
}

/** '123.456.789-09', partial input masked as far as it goes. */
export function maskCpf(value: string | null | undefined): string {
  return applyMask(onlyDigits(value), '999.999.999-99');
}

/** '12.345.678/0001-95', partial input masked as far as it goes. */
export function maskCnpj(value: string | null | undefined): string {
  return applyMask(onlyDigits(value), '99.999.999/9999-99');
}

/** '01310-100', partial input masked as far as it goes. */
export function maskCep(value: string | null | undefined): string {
  return applyMask(onlyDigits(value), '99999-999');
}
