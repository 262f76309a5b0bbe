import { z } from 'zod';
import { requiredText } from '../../lib/fields';
import { count, instant, recordId } from '../../lib/records';
import { defineResource, type RecordOf } from '../../define';

/**
 * Push notifications (platform-admin spec 2.10): created for an audience, then possibly
 * deactivated; never edited. The server resolves the audience when the notification is created.
 */

export const CREATED_MESSAGE = 'Notificação criada com sucesso';
export const CANCELLED_MESSAGE = 'Notificação desativada com sucesso';
export const ALREADY_CANCELLED = 'Esta notificação já está desativada.';
export const AGE_ORDER_MESSAGE = 'A idade mínima não pode ser maior que a máxima.';
export const AGE_MESSAGE = 'Informe uma idade entre 0 e 120.';

/** Spec 9: the restaurant pickers ask for 40 restaurants at a time, searched by name. */
export const RESTAURANT_PICKER_PAGE = 40;

/** The ages the form suggests (spec 5 Other); any age from 0 to 120 may be typed. */
export const AGE_SUGGESTIONS = Array.from({ length: 33 }, (_, i) => String(18 + i));

/** What the create form offers: everyone, or one gender (sent as the list `genders`). */
export const audienceGenders = [
  { id: 'ALL', name: 'Todos' },
  { id: 'M', name: 'Masculino' },
  { id: 'F', name: 'Feminino' },
] as const;

/**
 * The list's gender filter (spec 2.10: Outro, Masculino, Feminino). M and F find the notifications
 * sent to that gender; Outro finds those sent to every gender, the only ones that reach customers
 * who are neither.
 */
export const genderFilters = [
  { id: 'O', name: 'Outro' },
  { id: 'M', name: 'Masculino' },
  { id: 'F', name: 'Feminino' },
] as const;

export const notificationStatuses = [
  { id: 'ACTIVE', name: 'Ativo' },
  { id: 'CANCELLED', name: 'Inativo' },
] as const;

/** Spec 4: CANCELLED is shown as Inativo, anything else as Ativo. */
export const statusLabel = (status: unknown) => (status === 'CANCELLED' ? 'Inativo' : 'Ativo');

/** 'Todos' for everyone, else the genders named. */
export function gendersLabel(genders: readonly string[] | null | undefined): string {
  if (!genders || genders.length === 0 || (genders.includes('M') && genders.includes('F'))) return 'Todos';
  return genders.map((g) => (g === 'M' ? 'Masculino' : g === 'F' ? 'Feminino' : g)).join(', ');
}

/** '18–30', '18 ou mais', 'Até 30' or 'Todas'. */
export function agesLabel(min: number | null | undefined, max: number | null | undefined): string {
  if (min != null && max != null) return `${min}–${max}`;
  if (min != null) return `${min} ou mais`;
  if (max != null) return `Até ${max}`;
  return 'Todas';
}

/** A blank input, or null, is an age not given. */
const age = z.preprocess(
  (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
  z.coerce
    .number({ error: AGE_MESSAGE })
    .int(AGE_MESSAGE)
    .min(0, AGE_MESSAGE)
    .max(120, AGE_MESSAGE)
    .optional(),
);

const fields = {
  title: requiredText(100),
  body: requiredText(1000),
  /** Empty: every gender. */
  genders: z
    .array(z.enum(['M', 'F'], { error: 'Gênero inválido: use M ou F.' }), { error: 'Gêneros inválidos.' })
    .max(10, 'Gêneros inválidos.')
    .default([])
    .transform((genders) => [...new Set(genders)]),
  /** Empty: every customer; otherwise customers who checked in at one of them. */
  stores: z
    .array(z.coerce.number().int('Restaurante inválido.').positive('Restaurante inválido.'), {
      error: 'Restaurantes inválidos.',
    })
    .max(1000, 'Restaurantes demais.')
    .default([])
    .transform((stores) => [...new Set(stores)]),
  min_age: age,
  max_age: age,
};

const ageOrder = (value: { min_age?: number; max_age?: number }) =>
  value.min_age === undefined || value.max_age === undefined || value.min_age <= value.max_age;

/** Body of `POST /api/push-notifications`. */
export const notificationInput = z.strictObject(fields);

/** The same, with the age order checked (server and form). */
export const notificationCreateInput = notificationInput.refine(ageOrder, {
  path: ['min_age'],
  message: AGE_ORDER_MESSAGE,
});

export const notifications = defineResource({
  name: 'notifications',
  endpoint: '/api/push-notifications',
  label: { one: 'Notificação', many: 'Notificações' },
  access: { list: 'admin', one: 'admin', create: 'admin' },
  // Spec 7: the list answers a plain list in `data`.
  envelope: { list: 'data', one: 'data' },
  fields: {
    title: { label: 'Título', kind: 'text', list: true, form: true, sortable: true },
    body: { label: 'Descrição', kind: 'textarea', list: true, form: true },
    genders: {
      label: 'Gênero',
      kind: 'text',
      list: true,
      form: true,
      text: (record) => gendersLabel(record.genders as readonly string[] | null),
    },
    // The list's Idade column sits on min_age and reads both ages ('18–30').
    min_age: {
      label: 'Idade',
      kind: 'number',
      list: true,
      form: true,
      text: (record) => agesLabel(record.min_age as number | null, record.max_age as number | null),
    },
    max_age: { label: 'Idade máxima', kind: 'number', form: true },
    // Who receives it, as the detail reads it.
    stores: {
      label: 'Restaurantes',
      kind: 'text',
      text: (record) =>
        (record.stores as unknown[]).length === 0
          ? 'Todos os usuários'
          : (record.store_names as string[]).join(', '),
    },
    total_sent: { label: 'Enviadas', kind: 'number', list: true, sortable: true },
    created_at: { label: 'Enviada em', kind: 'datetime', list: true, sortable: true },
    // Not a filter of the list: its filters are the store and the gender (spec 2.10).
    status: {
      label: 'Status',
      kind: 'select',
      choices: notificationStatuses,
      otherChoice: 'Ativo',
      list: true,
      filter: false,
    },
  },
  input: notificationInput,
  record: z.object({
    id: recordId,
    title: z.string(),
    body: z.string(),
    genders: z.array(z.string()),
    stores: z.array(recordId),
    /** The names of the stores still there, in the order chosen. */
    store_names: z.array(z.string()),
    min_age: count.nullable(),
    max_age: count.nullable(),
    total_sent: count,
    status: z.enum(['ACTIVE', 'CANCELLED']),
    created_at: instant,
    updated_at: instant,
  }),
  calls: {
    cancel: {
      method: 'PATCH',
      path: '/id/:id/cancel',
      access: 'admin',
      summary: 'Desativa a notificação (a única mudança que ela aceita)',
    },
  },
  list: { perPage: 50, sort: { field: 'created_at', order: 'DESC' }, search: ['title', 'body'] },
  // A generated list, create form and read-only detail.
  screens: { createLabel: 'NOVA NOTIFICAÇÃO', titles: { create: 'Nova notificação' }, edit: 'show' },
  messages: {
    created: CREATED_MESSAGE,
    updated: CANCELLED_MESSAGE,
    deleted: CANCELLED_MESSAGE,
    notFound: 'Notificação não encontrada.',
  },
});

export type PushNotification = RecordOf<typeof notifications>;
