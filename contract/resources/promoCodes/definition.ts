import { z } from 'zod';
import { REQUIRED, requiredText } from '../../lib/fields';
import { count, instant, recordId } from '../../lib/records';
import { defineResource, type FieldDefinition, type RecordOf } from '../../define';

/** Platform promo codes (platform-admin spec 2.13, 3 "Promo code", 4, 5 "Other", 7, 9). */

export const promoOrigins = [
  { id: 'INDOOR', name: 'Presencial' },
  { id: 'DELIVERY', name: 'Delivery' },
] as const;

export const promoTypes = [
  { id: 'FIRST_USE', name: 'Primeiro uso' },
  { id: 'NORMAL', name: 'Normal' },
] as const;

/** null means the code applies to every origin (or type); the selects show these for it. */
export const ALL_ORIGINS = 'Todas';
export const ALL_TYPES = 'Todos';

export const DISCOUNT_FORMAT = 'Informe o desconto em números, ex: 15.00';
export const DISCOUNT_RANGE = 'O desconto deve ser maior que 0 e no máximo 100.';
export const MAX_DISCOUNT_FORMAT = 'Informe o desconto máximo somente com números.';
export const MAX_DISCOUNT_MIN = 'O desconto máximo deve ser maior que zero.';
export const MAX_DISCOUNT_RANGE = 'O desconto máximo deve ser no máximo 100%.';
export const MAX_DISCOUNT_BELOW = 'O desconto máximo não pode ser menor que o desconto.';
export const USES_FORMAT = 'Informe o número de usos somente com números.';
export const USES_MIN = 'O número de usos deve ser ao menos 1.';
export const CODE_FORMAT = 'Use apenas letras sem acento, números, hífen ou sublinhado no código.';
export const EXPIRY_FORMAT = 'Informe uma data de expiração válida.';
export const EXPIRY_PAST = 'A data de expiração deve ser futura.';
export const DUPLICATE_CODE = 'Já existe um cupom com esse código.';
export const ACTIVATED = 'Cupom ativado com sucesso!';
export const DEACTIVATED = 'Cupom desativado com sucesso!';

const INT4_MAX = 2_147_483_647;

const isBlank = (value: unknown) => value == null || (typeof value === 'string' && value.trim() === '');

/**
 * The spec's client sends the discount as a two-decimal string ('15.00'); a number is taken too.
 * A comma is read as the decimal point. Blank is "not given".
 */
const discount = z.preprocess(
  (value) => {
    if (isBlank(value)) return undefined;
    if (typeof value !== 'string') return value;
    const text = value.trim().replace(',', '.');
    return /^\d{1,3}(\.\d{1,2})?$/.test(text) ? Number(text) : Number.NaN;
  },
  z
    .number({ error: (issue) => (issue.input === undefined ? REQUIRED : DISCOUNT_FORMAT) })
    .gt(0, DISCOUNT_RANGE)
    .max(100, DISCOUNT_RANGE)
    .transform((value) => Math.round(value * 100) / 100),
);

/** A whole number typed as digits (the form strips everything else) or sent as a number. */
const digits = (format: string, min: number, minMessage: string, max = INT4_MAX, maxMessage = format) =>
  z.preprocess(
    (value) => {
      if (isBlank(value)) return undefined;
      if (typeof value !== 'string') return value;
      return /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? REQUIRED : format) })
      .int(format)
      .min(min, minMessage)
      .max(max, maxMessage),
  );

// São Paulo has kept UTC-3 all year since 2019: a date alone expires at the end of that day there.
const EXPIRY = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;
function expiryInstant(value: string): Date | null {
  const text = value.trim();
  const parts = EXPIRY.exec(text);
  if (!parts) return null;
  const [, year, month, day, time] = parts;
  // A real calendar day: JavaScript would read 2030-02-30T10:00Z as the 2nd of March.
  const check = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (check.toISOString().slice(0, 10) !== `${year}-${month}-${day}`) return null;
  // A full instant must name its offset; anything else is ambiguous.
  const instant = new Date(time ? text : `${text}T23:59:59.999-03:00`);
  // Past the year 9999 in UTC, an instant has no four-digit ISO form for the database or the answer.
  return Number.isNaN(instant.getTime()) || instant.getUTCFullYear() > 9999 ? null : instant;
}

/** 'YYYY-MM-DD' (the end of that day in São Paulo) or an ISO instant with offset; later than now. */
const expiresAt = z
  .string({ error: (issue) => (issue.input == null ? REQUIRED : EXPIRY_FORMAT) })
  .trim()
  .min(1, REQUIRED)
  .transform((value, context) => {
    const instant = expiryInstant(value);
    if (!instant) {
      context.addIssue({ code: 'custom', message: EXPIRY_FORMAT });
      return z.NEVER;
    }
    if (instant.getTime() <= Date.now()) {
      context.addIssue({ code: 'custom', message: EXPIRY_PAST });
      return z.NEVER;
    }
    return instant;
  });

/** A choice or null ("all"); the form's empty option arrives as '' or null. */
const choiceOrAll = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(
    (value) => (value === '' ? null : value),
    z.enum(values, { error: message }).nullable().optional(),
  );

/** The columns of the list and the inputs of the add form, with their labels. */
export const promoCodeFields = {
  code: { label: 'Código', kind: 'text', list: true, form: true, sortable: true },
  description: { label: 'Descrição', kind: 'text', list: true, form: true },
  discount: { label: 'Desconto', kind: 'percent', list: true, form: true, sortable: true },
  // Spec 3: an integer shown as a percentage off, the most one use may take.
  max_discount: { label: 'Desconto máximo', kind: 'percent', list: true, form: true },
  n_uses: {
    label: 'Usos',
    kind: 'number',
    list: true,
    text: (record) => `${String(record.n_uses ?? 0)} / ${String(record.n_available ?? 0)}`,
  },
  n_available: { label: 'Número de usos', kind: 'number', form: true },
  origin: {
    label: 'Origem',
    kind: 'select',
    choices: promoOrigins,
    otherChoice: ALL_ORIGINS,
    list: true,
    form: true,
  },
  type: {
    label: 'Tipo',
    kind: 'select',
    choices: promoTypes,
    otherChoice: ALL_TYPES,
    list: true,
    form: true,
  },
  expires_at: { label: 'Expira em', kind: 'date', list: true, form: true, sortable: true },
  active: { label: 'Ativo', kind: 'boolean', list: true, sortable: true },
  created_at: { label: 'Criado em', kind: 'date', sortable: true },
} satisfies Record<string, FieldDefinition>;

export const promoCodes = defineResource({
  name: 'promoCodes',
  endpoint: '/api/promocodes',
  noun: { one: 'promoCode', many: 'promoCodes' },
  label: { one: 'Cupom', many: 'Cupons' },
  // No edit screen and no delete in the spec: an administrator lists, adds and (de)activates.
  access: { list: 'admin', one: 'admin', create: 'admin', update: 'admin' },
  envelope: { list: 'data.results', one: 'data' },
  fields: promoCodeFields,
  input: z
    .strictObject({
      description: requiredText(200),
      code: requiredText(30)
        .regex(/^[A-Za-z0-9_-]+$/, CODE_FORMAT)
        .transform((value) => value.toUpperCase()),
      discount,
      /** Largest discount of one use, in percent (spec 3: an integer shown as % off). */
      max_discount: digits(MAX_DISCOUNT_FORMAT, 1, MAX_DISCOUNT_MIN, 100, MAX_DISCOUNT_RANGE),
      n_available: digits(USES_FORMAT, 1, USES_MIN),
      active: z.boolean({ error: 'Ativo deve ser verdadeiro ou falso.' }).optional(),
      expires_at: expiresAt,
      origin: choiceOrAll(['INDOOR', 'DELIVERY'], 'Escolha Presencial, Delivery ou Todas.'),
      type: choiceOrAll(['FIRST_USE', 'NORMAL'], 'Escolha Primeiro uso, Normal ou Todos.'),
    })
    .refine(
      (code) =>
        code.discount === undefined || code.max_discount === undefined || code.max_discount >= code.discount,
      { path: ['max_discount'], message: MAX_DISCOUNT_BELOW },
    ),
  // The spec's only change to a saved code is the active toggle (PATCH with { active }).
  updateInput: z.strictObject({
    active: z.boolean({ error: 'Ativo deve ser verdadeiro ou falso.' }),
  }),
  record: z.object({
    id: recordId,
    code: z.string(),
    description: z.string(),
    discount: z.number(),
    max_discount: count,
    n_available: count,
    n_uses: count,
    origin: z.enum(['INDOOR', 'DELIVERY']).nullable(),
    type: z.enum(['FIRST_USE', 'NORMAL']).nullable(),
    expires_at: instant,
    active: z.boolean(),
    created_at: instant,
  }),
  list: { perPage: 8, sort: { field: 'created_at', order: 'DESC' }, search: ['code', 'description'] },
  table: 'promoCodes',
  screens: {
    createLabel: 'ADICIONAR CUPOM',
    edit: false,
    titles: { create: 'Adicionar cupom' },
    searchPlaceholder: 'Buscar por código ou descrição',
  },
  messages: {
    created: 'Cupom criado com sucesso!',
    updated: 'Cupom atualizado com sucesso!',
    deleted: 'Cupom excluído com sucesso!',
    duplicate: DUPLICATE_CODE,
  },
});

export type PromoCode = RecordOf<typeof promoCodes>;
