import type { Random } from './random';

/** CPF (11 digits) with correct check digits; never one repeated digit. */
export function makeCpf(rng: Random): string {
  for (;;) {
    const base = rng.digits(9);
    if (/^(\d)\1+$/.test(base)) continue;
    return base + cpfCheckDigits(base);
  }
}

export function cpfCheckDigits(base9: string): string {
  const digits = [...base9].map(Number);
  const first = mod11(digits, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = mod11([...digits, first], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${first}${second}`;
}

/** CNPJ (14 digits) of a head office (branch 0001) with correct check digits. */
export function makeCnpj(rng: Random): string {
  const base = rng.digits(8) + '0001';
  return base + cnpjCheckDigits(base);
}

export function cnpjCheckDigits(base12: string): string {
  const digits = [...base12].map(Number);
  const first = cnpjDigit(digits, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = cnpjDigit([...digits, first], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${first}${second}`;
}

function mod11(digits: number[], weights: number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += digits[i]! * weights[i]!;
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

function cnpjDigit(digits: number[], weights: number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += digits[i]! * weights[i]!;
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** A mobile number (11 digits): area code, 9, then 8 digits. */
export function makeMobile(rng: Random, ddd: string): string {
  return `${ddd}9${rng.int(6, 9)}${rng.digits(7)}`;
}

/** A landline (10 digits): area code, a first digit 2–5, then 7 digits. */
export function makeLandline(rng: Random, ddd: string): string {
  return `${ddd}${rng.int(2, 5)}${rng.digits(7)}`;
}

/** Lower case, no accents, only letters and digits: 'Sabor do Sertão' → 'sabordosertao'. */
export function slugOf(text: string): string {
  return plain(text).replace(/[^a-z0-9]/g, '');
}

/** Lower case without accents, spaces kept. */
export function plain(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}
