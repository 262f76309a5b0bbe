/**
 * zod building blocks for Brazilian form fields, with the messages of the specification. Shared by
 * the web forms and the API, so both refuse the same input with the same words.
 */
import { z } from 'zod';
import { ptBR } from 'zod/locales';
import { FILE_URL_INVALID, isFileUrl } from './fileUrls';
import { onlyDigits } from './format';
import { isValidCnpj, isValidCpf, isValidEmail, isValidPhone, isValidUf } from './validators';

// Messages the schemas do not set themselves ("expected string, received null"…) come out in
// Portuguese, in the forms as on the API.
z.config(ptBR());

export const REQUIRED = 'Campo obrigatório';
export const PHONE_MESSAGE = 'Informe um número de telefone válido (XX) XXXXX-XXXX';
export const EMAIL_MESSAGE = 'Informe um email válido';

/** Blank inputs and nulls (a field never filled) both mean "not given". */
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** A required, trimmed text. */
export const requiredText = (max = 200, message = REQUIRED) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Limite máximo de ${max} caracteres.`);

/** An optional text: blank becomes absent. */
export const optionalText = (max = 200) =>
  z.preprocess(
    blankToUndefined,
    z.string().trim().max(max, `Limite máximo de ${max} caracteres.`).optional(),
  );

export const email = (message = EMAIL_MESSAGE) =>
  z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(254, message)
    .refine((value) => isValidEmail(value), message)
    .transform((value) => value.toLowerCase());

/** CNPJ typed with or without its mask; kept as its 14 digits. */
export const cnpj = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .refine(
    (value) => /^\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}$/.test(value) && isValidCnpj(value),
    'Informe um CNPJ válido XX.XXX.XXX/XXXX-XX',
  )
  .transform(onlyDigits);

/** CPF typed with or without its mask; kept as its 11 digits. */
export const cpf = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .refine(
    (value) => /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/.test(value) && isValidCpf(value),
    'Informe um CPF válido XXX.XXX.XXX-XX',
  )
  .transform(onlyDigits);

/** Phone typed with or without its mask; kept as its 10 or 11 digits. */
export const phone = (message = PHONE_MESSAGE) =>
  z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .refine((value) => isValidPhone(value), message)
    .transform(onlyDigits);

export const optionalPhone = (message = PHONE_MESSAGE) =>
  z.preprocess(blankToUndefined, phone(message).optional());

export const uf = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .transform((value) => value.toUpperCase())
  .refine((value) => isValidUf(value), 'Informe uma UF válida');

export const cep = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .refine((value) => /^\d{5}-?\d{3}$/.test(value), 'Informe um CEP válido XXXXX-XXX')
  .transform(onlyDigits);

/** Adds https:// when the user typed a link without a scheme (spec 5, settings save). */
export function withScheme(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `https://${url}`;
}

/** A URL; a link without http(s) gets https:// in front. */
const url = (message: string) =>
  z
    .string()
    .trim()
    .max(500, 'Limite máximo de 500 caracteres.')
    .transform(withScheme)
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), message);

/** An optional URL: blank becomes absent. */
export const optionalUrl = (message = 'Informe uma URL válida') =>
  z.preprocess(blankToUndefined, url(message).optional());

/**
 * An optional field of an update, which can also be emptied: absent leaves it as it is, while
 * blank or null clears it (null in the database).
 */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    schema.nullable().optional(),
  );

export const clearableText = (max = 200) =>
  clearable(z.string().trim().max(max, `Limite máximo de ${max} caracteres.`));
export const clearablePhone = (message = PHONE_MESSAGE) => clearable(phone(message));
export const clearableUrl = (message = 'Informe uma URL válida') => clearable(url(message));

/** A percentage such as the platform fees: '1.2', '1,2' or 1.2; 0 when left blank (spec 9). */
export const percent = (message = 'Informe somente números ex: 1.2') =>
  z.preprocess(
    (value) => {
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
        return 0;
      if (typeof value === 'string') {
        const normalized = value.trim().replace(',', '.');
        return /^\d+(\.\d+)?$/.test(normalized) ? Number(normalized) : Number.NaN;
      }
      return value;
    },
    z.number({ error: message }).min(0, message).max(100, 'O valor deve estar entre 0 e 100.'),
  );

/** A record id chosen in a select. */
export const idOf = (message = REQUIRED) =>
  z.coerce.number({ error: message }).int(message).positive(message);

/** A store's id in a body: an administrator names the store; staff's is ignored (their own). */
export const storeIdField = z.coerce
  .number({ error: 'Restaurante inválido.' })
  .int('Restaurante inválido.')
  .positive('Restaurante inválido.')
  .optional();

/**
 * The address of an uploaded file (a logo, a photo, a video): one of this server's stored files or
 * one under an https prefix the deployment trusts (contract/lib/fileUrls.ts). Every field that holds
 * one is built from this block, so every form and the API refuse any other address alike.
 */
export const fileUrl = z
  .string({ error: FILE_URL_INVALID })
  .trim()
  .max(1000, FILE_URL_INVALID)
  .refine(isFileUrl, FILE_URL_INVALID);

/** A file that must be given: missing or blank says `missing`. */
export const requiredFileUrl = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(1000, FILE_URL_INVALID)
    .refine(isFileUrl, FILE_URL_INVALID);

/** An optional file: blank or null leaves it as it is. */
export const optionalFileUrl = z.preprocess(blankToUndefined, fileUrl.optional());

/** A file of an update that can also be removed: blank or null clears it. */
export const clearableFileUrl = clearable(fileUrl);

export const DAY_INVALID = 'Data inválida: use o formato aaaa-mm-dd.';
export const DAY_RANGE_INVALID = 'A data inicial não pode ser depois da data final.';

/** A São Paulo calendar day of a list's period filters (start_at, end_at), yyyy-MM-dd. */
export const listDay = z
  .string({ error: DAY_INVALID })
  .regex(/^\d{4}-\d{2}-\d{2}$/, DAY_INVALID)
  .refine((value) => {
    // A real calendar day, from year 1 on: PostgreSQL has no year 0.
    const date = new Date(`${value}T00:00:00Z`);
    return !value.startsWith('0000') && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, DAY_INVALID);

export const REASON_REQUIRED = 'Informe o motivo.';
export const REASON_MAX = 300;

/**
 * Why someone made a decision about money or service (a balance received at once, an item
 * cancelled, a payment removed): required, trimmed, and kept with the action's audit note.
 */
export const reason = requiredText(REASON_MAX, REASON_REQUIRED);

/** The reason of a call that needs one only in some states (a settle of a tab that still owes). */
export const optionalReason = optionalText(REASON_MAX);
