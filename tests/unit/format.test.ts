import { afterEach, describe, expect, it } from 'vitest';

import {
  formatCents,
  formatDate,
  formatDateTime,
  maskCep,
  maskCnpj,
  maskCpf,
  maskPhone,
  onlyDigits,
  parseReaisToCents,
} from '../../contract/lib/format';

describe('formatCents', () => {
  it.each([
    [0, 'R$ 0,00'],
    [5, 'R$ 0,05'],
    [99, 'R$ 0,99'],
    [100, 'R$ 1,00'],
    [123456, 'R$ 1.234,56'],
    [123456789, 'R$ 1.234.567,89'],
    [-100, '-R$ 1,00'],
    [-123456, '-R$ 1.234,56'],
  ])('%i → %s', (cents, expected) => {
    expect(formatCents(cents)).toBe(expected);
  });

  it('uses a plain space, never the non-breaking ones Intl inserts', () => {
    expect(formatCents(123456)).not.toMatch(/[\u00A0\u202F]/);
  });

  it('rounds fractions of a cent and never prints a negative zero', () => {
    expect(formatCents(10.6)).toBe('R$ 0,11');
    expect(formatCents(-0)).toBe('R$ 0,00');
    expect(formatCents(-0.4)).toBe('R$ 0,00');
  });

  it('returns an empty string for non-finite numbers', () => {
    expect(formatCents(Number.NaN)).toBe('');
    expect(formatCents(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('parseReaisToCents', () => {
  it.each([
    ['1.234,56', 123456],
    ['R$ 12,5', 1250],
    ['12', 1200],
    ['0', 0],
    ['0,05', 5],
    [',5', 50],
    ['12,', 1200],
    ['R$ 1.234.567,89', 123456789],
    ['R$1,00', 100],
    ['r$ 1,00', 100],
    ['  R$\u00A01.000,00  ', 100000],
    ['-R$ 1,00', -100],
    ['R$ -1,00', -100],
    ['- 3,50', -350],
    ['1234567', 123456700],
    // A dot before three digits is a pt-BR thousands separator...
    ['1.234', 123400],
    // ...but before one or two digits it can only be a decimal point.
    ['12.5', 1250],
    ['12.50', 1250],
  ])('%j → %i', (input, expected) => {
    expect(parseReaisToCents(input)).toBe(expected);
  });

  it.each([
    '',
    '   ',
    'R$',
    '-',
    ',',
    'abc',
    '12a',
    '1,234', // a third decimal cannot be stored as cents
    '1.23.4',
    '12.34,5', // wrong thousands grouping
    '1,2,3',
    '1.234.5',
    '99999999999999999999',
  ])('%j → null', (input) => {
    expect(parseReaisToCents(input)).toBeNull();
  });

  it('returns null for null and undefined', () => {
    expect(parseReaisToCents(null)).toBeNull();
    expect(parseReaisToCents(undefined)).toBeNull();
  });

  it('never returns a negative zero', () => {
    expect(Object.is(parseReaisToCents('-0,00'), 0)).toBe(true);
  });

  it('reads back what formatCents writes', () => {
    for (const cents of [0, 5, 99, 100, 123456, 123456789, -100, -123456]) {
      expect(parseReaisToCents(formatCents(cents))).toBe(cents);
    }
  });
});

describe('formatDate and formatDateTime', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it('shows an instant just after midnight UTC on the previous day in São Paulo', () => {
    expect(formatDate('2026-01-01T02:30:00Z')).toBe('31/12/2025');
    expect(formatDateTime('2026-01-01T02:30:00Z')).toBe('31/12/2025 23:30');
  });

  it('switches day exactly at São Paulo midnight (03:00 UTC)', () => {
    expect(formatDateTime('2026-01-01T02:59:00Z')).toBe('31/12/2025 23:59');
    expect(formatDateTime('2026-01-01T03:00:00Z')).toBe('01/01/2026 00:00');
  });

  it('formats Date objects and epoch milliseconds', () => {
    const instant = new Date(Date.UTC(2026, 0, 1, 2, 30));
    expect(formatDate(instant)).toBe('31/12/2025');
    expect(formatDateTime(instant)).toBe('31/12/2025 23:30');
    expect(formatDateTime(instant.getTime())).toBe('31/12/2025 23:30');
  });

  it('reads explicit offsets and the Postgres text format', () => {
    expect(formatDateTime('2026-01-01T02:30:00-03:00')).toBe('01/01/2026 02:30');
    expect(formatDateTime('2026-01-01T02:30:00+01:00')).toBe('31/12/2025 22:30');
    expect(formatDateTime('2026-01-01 02:30:00+00')).toBe('31/12/2025 23:30');
    expect(formatDateTime('2026-01-01T02:30:00.123456Z')).toBe('31/12/2025 23:30');
  });

  it('follows the historical daylight-saving rules of São Paulo, not a fixed -03:00', () => {
    // December 2018 was in DST (UTC-2); DST was abolished in 2019.
    expect(formatDateTime('2018-12-01T02:30:00Z')).toBe('01/12/2018 00:30');
    expect(formatDateTime('2019-12-01T02:30:00Z')).toBe('30/11/2019 23:30');
  });

  it('keeps date-only and offset-less values as São Paulo wall-clock time', () => {
    expect(formatDate('2026-01-01')).toBe('01/01/2026');
    expect(formatDateTime('2026-01-01')).toBe('01/01/2026 00:00');
    expect(formatDateTime('2026-01-01T10:15')).toBe('01/01/2026 10:15');
    expect(formatDateTime('2026-01-01 23:59:59.999')).toBe('01/01/2026 23:59');
  });

  it('does not depend on the machine time zone', () => {
    for (const zone of ['Asia/Tokyo', 'Pacific/Honolulu', 'UTC']) {
      process.env.TZ = zone;
      // Proves the zone change took effect, otherwise this test would prove nothing.
      expect(new Date(Date.UTC(2026, 0, 1)).getTimezoneOffset()).toBe(
        { 'Asia/Tokyo': -540, 'Pacific/Honolulu': 600, UTC: 0 }[zone],
      );
      expect(formatDateTime('2026-01-01T02:30:00Z')).toBe('31/12/2025 23:30');
      expect(formatDate('2026-01-01')).toBe('01/01/2026');
      expect(formatDateTime('2026-01-01T10:15')).toBe('01/01/2026 10:15');
    }
  });

  it('pads day, month, hour and minute', () => {
    expect(formatDateTime('2026-03-05T12:07:00Z')).toBe('05/03/2026 09:07');
  });

  it.each([null, undefined, '', '   ', 'abc', '31/12/2025', '2026-02-30', '2026-13-01', '2026-01-01T24:00'])(
    'returns an empty string for %j',
    (value) => {
      expect(formatDate(value)).toBe('');
      expect(formatDateTime(value)).toBe('');
    },
  );

  it('returns an empty string for invalid dates and numbers', () => {
    expect(formatDate(new Date(Number.NaN))).toBe('');
    expect(formatDateTime(Number.NaN)).toBe('');
  });
});

describe('onlyDigits', () => {
  it('keeps digits only', () => {
    expect(onlyDigits('(11) 98765-4321')).toBe('11987654321');
    expect(onlyDigits('abc')).toBe('');
    expect(onlyDigits(null)).toBe('');
    expect(onlyDigits(undefined)).toBe('');
  });
});

describe('maskPhone', () => {
  it.each([
    ['1133334444', '(11) 3333-4444'],
    ['11987654321', '(11) 98765-4321'],
    ['(11) 98765-4321', '(11) 98765-4321'],
    ['11 3333 4444', '(11) 3333-4444'],
    ['+55 11 98765-4321', '(11) 98765-4321'],
    ['+55 (21) 3333-4444', '(21) 3333-4444'],
    ['0055 11 98765-4321', '(11) 98765-4321'],
    ['011 3333-4444', '(11) 3333-4444'],
    ['5511987654321', '(11) 98765-4321'],
    ['119876543219999', '(11) 98765-4321'],
  ])('%j → %j', (input, expected) => {
    expect(maskPhone(input)).toBe(expected);
  });

  it.each([
    ['', ''],
    ['1', '(1'],
    ['11', '(11'],
    ['119', '(11) 9'],
    ['119876', '(11) 9876'],
    ['1198765', '(11) 9876-5'],
    ['119876543', '(11) 9876-543'],
    // Deleting the last digit of "(11) 9876-5" leaves no dangling separator.
    ['(11) 9876-', '(11) 9876'],
  ])('masks partial input %j as %j', (input, expected) => {
    expect(maskPhone(input)).toBe(expected);
  });

  it('switches from the 10-digit to the 11-digit layout on the 11th digit', () => {
    expect(maskPhone('1198765432')).toBe('(11) 9876-5432');
    expect(maskPhone('11987654321')).toBe('(11) 98765-4321');
  });

  it('returns an empty string for null and undefined', () => {
    expect(maskPhone(null)).toBe('');
    expect(maskPhone(undefined)).toBe('');
  });
});

describe('maskCpf', () => {
  it.each([
    ['52998224725', '529.982.247-25'],
    ['529.982.247-25', '529.982.247-25'],
    ['529 982 247 25', '529.982.247-25'],
    ['5299822472599', '529.982.247-25'],
    ['', ''],
    ['5', '5'],
    ['529', '529'],
    ['5299', '529.9'],
    ['529982', '529.982'],
    ['5299822', '529.982.2'],
    ['529982247', '529.982.247'],
    ['5299822472', '529.982.247-2'],
    ['529.982.', '529.982'],
    ['abc', ''],
  ])('%j → %j', (input, expected) => {
    expect(maskCpf(input)).toBe(expected);
  });

  it('returns an empty string for null', () => {
    expect(maskCpf(null)).toBe('');
  });
});

describe('maskCnpj', () => {
  it.each([
    ['11222333000181', '11.222.333/0001-81'],
    ['11.222.333/0001-81', '11.222.333/0001-81'],
    ['1122233300018199', '11.222.333/0001-81'],
    ['', ''],
    ['1', '1'],
    ['11', '11'],
    ['112', '11.2'],
    ['11222', '11.222'],
    ['112223', '11.222.3'],
    ['11222333', '11.222.333'],
    ['112223330', '11.222.333/0'],
    ['112223330001', '11.222.333/0001'],
    ['1122233300018', '11.222.333/0001-8'],
  ])('%j → %j', (input, expected) => {
    expect(maskCnpj(input)).toBe(expected);
  });

  it('returns an empty string for undefined', () => {
    expect(maskCnpj(undefined)).toBe('');
  });
});

describe('maskCep', () => {
  it.each([
    ['01310100', '01310-100'],
    ['01310-100', '01310-100'],
    ['01.310-100', '01310-100'],
    ['0131010099', '01310-100'],
    ['', ''],
    ['0', '0'],
    ['01310', '01310'],
    ['013101', '01310-1'],
    ['01310-', '01310'],
  ])('%j → %j', (input, expected) => {
    expect(maskCep(input)).toBe(expected);
  });

  it('returns an empty string for null', () => {
    expect(maskCep(null)).toBe('');
  });
});
