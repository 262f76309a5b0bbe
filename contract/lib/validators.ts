/**
 * Brazilian document and contact validators shared by the web forms and the API.
 */
// Per-function entry points: the package's barrel bundles the IBGE city and bank tables (~650 kB),
// which neither the browser bundle nor the server start-up should pay for.
import { isValidCep as libIsValidCep } from '@brazilian-utils/brazilian-utils/is-valid-cep';
import { isValidCnpj as libIsValidCnpj } from '@brazilian-utils/brazilian-utils/is-valid-cnpj';
import { isValidCpf as libIsValidCpf } from '@brazilian-utils/brazilian-utils/is-valid-cpf';
import { isValidPhone as libIsValidPhone } from '@brazilian-utils/brazilian-utils/is-valid-phone';

import { onlyDigits } from './format';

/**
 * CPF with valid check digits, masked ('123.456.789-09') or not. Numbers made of one repeated digit
 * (111.111.111-11) pass the check-digit arithmetic but are not issued, and are refused.
 */
export function isValidCpf(value: string | null | undefined): boolean {
  return typeof value === 'string' && libIsValidCpf(value);
}

/**
 * Numeric CNPJ with valid check digits, masked ('12.345.678/0001-95') or not; repeated digits refused.
 * The alphanumeric CNPJ (issued from July 2026) is deliberately not accepted yet: the masks and the
 * database columns of the Painel are digits-only.
 */
export function isValidCnpj(value: string | null | undefined): boolean {
  return typeof value === 'string' && libIsValidCnpj(value);
}

/**
 * Brazilian phone, masked or not, without country code: 10 digits (landline) or 11 (mobile), with an
 * area code (DDD) that Anatel actually assigned — 11 to 99 has gaps such as 20, 23 or 30. The subscriber
 * number must also start as the numbering plan allows: 2–6 for landlines, 7–9 for mobiles (all mobiles
 * issued today start with 9; 7 and 8 are reserved for growth, the 700 satellite series is refused).
 */
export function isValidPhone(value: string | null | undefined): boolean {
  if (typeof value !== 'string') return false;
  const digits = onlyDigits(value);
  if (digits.length !== 10 && digits.length !== 11) return false;
  // version 2 is the current numbering rule (Resolução Anatel 749/2022); version 1 still admits the
  // pre-2016 mobile prefix 6.
  return libIsValidPhone(digits, { version: 2 });
}

/** CEP with 8 digits, masked ('01310-100') or not; letters make it invalid. */
export function isValidCep(value: string | null | undefined): boolean {
  return typeof value === 'string' && libIsValidCep(value);
}

/** The 26 states and the Distrito Federal, in alphabetical order of code. */
export const BRAZILIAN_UFS = [
  'AC',
  'AL',
  'AM',
  'AP',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MG',
  'MS',
  'MT',
  'PA',
  'PB',
  'PE',
  'PI',
  'PR',
  'RJ',
  'RN',
  'RO',
  'RR',
  'RS',
  'SC',
  'SE',
  'SP',
  'TO',
] as const;

export type BrazilianUf = (typeof BRAZILIAN_UFS)[number];

const UF_SET: ReadonlySet<string> = new Set(BRAZILIAN_UFS);

/** Exact, upper-case UF code ('SP'); callers normalise case themselves so stored values stay canonical. */
export function isValidUf(value: unknown): value is BrazilianUf {
  return typeof value === 'string' && UF_SET.has(value);
}

// Deliberately simpler than RFC 5322: one '@', no spaces, a dotted domain whose labels do not start or
// end with '-', and an alphabetic TLD. Deliverability is proven by the confirmation e-mail, not by a regex.
const EMAIL_PATTERN = /^[^\s@"(),:;<>[\]\\]+@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** Plausible e-mail address ('nome@restaurante.com.br'), at most 254 characters (the SMTP path limit). */
export function isValidEmail(value: string | null | undefined): boolean {
  if (typeof value !== 'string' || value.length > 254) return false;
  const local = value.slice(0, value.lastIndexOf('@'));
  // Dots may separate words of the local part but not start, end or repeat there.
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  return EMAIL_PATTERN.test(value);
}
