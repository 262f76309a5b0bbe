/**
 * Small builders of SQL text. Every value the generator puts into SQL is either an integer it
 * computed itself or a constant of catalog.ts, quoted here; nothing comes from outside.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';

/** Runs one statement and returns its rows (PGlite and node-postgres both answer `{ rows }`). */
export type Run = <T = Record<string, unknown>>(text: string) => Promise<T[]>;

export function runner(db: Pick<Db, 'execute'>): Run {
  return async <T>(text: string) => {
    const result = await db.execute(sql.raw(text));
    return (result as unknown as { rows: T[] }).rows;
  };
}

/** A quoted SQL string literal. */
export function lit(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** An integer literal, refusing anything that is not one (a guard against a wrong argument). */
export function int(value: number): string {
  if (!Number.isSafeInteger(value)) throw new Error(`Not an integer: ${value}`);
  return String(value);
}

/** `array['a', 'b']::text[]` */
export function textArray(values: readonly (string | null)[]): string {
  return `array[${values.map((v) => (v === null ? 'null' : lit(v))).join(', ')}]::text[]`;
}

export function intArray(values: readonly number[]): string {
  return `array[${values.map(int).join(', ')}]::int[]`;
}

/**
 * A deterministic pseudo-random integer in [0, 2^31) from an integer expression and a salt:
 * each (row, salt) pair gives an independent-looking draw, the same on every run.
 */
export function rnd(expr: string, salt: number): string {
  return `(hashint8((${expr})::bigint * 16777619 + ${int(salt)}) & 2147483647)`;
}

/** A deterministic pseudo-random float in [0, 1). */
export function unit(expr: string, salt: number): string {
  return `(${rnd(expr, salt)}::float8 / 2147483648.0)`;
}

/** One of `values`, uniformly. */
export function pick(values: readonly string[], expr: string, salt: number): string {
  return `(${textArray(values)})[1 + ${rnd(expr, salt)} % ${values.length}]`;
}

/**
 * A Brazilian document number with its two mod-11 check digits, from an integer expression
 * `base` of `digits` digits: CPF (9 digits, weights 10..2 and 11..2) or CNPJ (12 digits, weights
 * 5..2,9..2 and 6..2,9..2). Computed in plain integer arithmetic, so it costs nothing per row.
 */
export function documentWithCheckDigits(base: string, digits: number, w1: number[], w2: number[]): string {
  const digit = (i: number) => `((${base}) / ${10n ** BigInt(digits - 1 - i)} % 10)`;
  const sum = (weights: number[]) =>
    weights
      .slice(0, digits)
      .map((w, i) => `${digit(i)} * ${w}`)
      .join(' + ');
  const check = (s: string) => `(case when (${s}) % 11 < 2 then 0 else 11 - (${s}) % 11 end)`;
  const c1 = check(sum(w1));
  const c2 = check(`${sum(w2)} + ${c1} * ${w2[digits]}`);
  return `(lpad((${base})::text, ${digits}, '0') || ${c1} || ${c2})`;
}

export const CPF_WEIGHTS: [number[], number[]] = [
  [10, 9, 8, 7, 6, 5, 4, 3, 2],
  [11, 10, 9, 8, 7, 6, 5, 4, 3, 2],
];
export const CNPJ_WEIGHTS: [number[], number[]] = [
  [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
  [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
];

/** A valid CPF from a 9-digit base (bigint expression); null for the invalid repeated digits. */
export function cpfExpr(base: string): string {
  return `(case when (${base}) % 111111111 = 0 then null else ${documentWithCheckDigits(base, 9, ...CPF_WEIGHTS)} end)`;
}

/** A valid CNPJ (head office, branch 0001) from an 8-digit root (bigint expression). */
export function cnpjExpr(root: string): string {
  return documentWithCheckDigits(`((${root}) * 10000 + 1)`, 12, ...CNPJ_WEIGHTS);
}

/** Lower case, accents and punctuation removed: "São João" → "saojoao" (for e-mail addresses). */
export function asciiKey(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}
