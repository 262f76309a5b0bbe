import { z } from 'zod';
import {
  cep,
  clearablePhone,
  clearableText,
  clearableUrl,
  cnpj,
  cpf,
  email,
  idOf,
  optionalFileUrl,
  optionalPhone,
  optionalUrl,
  percent,
  requiredFileUrl,
  requiredText,
  uf,
  withScheme,
} from '../../lib/fields';
import { count, instant, maybeText, recordId } from '../../lib/records';
import { defineResource, type FieldDefinition, type RecordOf, type RowOf } from '../../define';
import { BRAZILIAN_UFS } from '../../lib/validators';

export const storeStatuses = [
  { id: 'INACTIVE', name: 'Inativo' },
  { id: 'CLOSED', name: 'Fechado' },
  { id: 'OK', name: 'Ativo' },
] as const;

export const IMAGES_MISSING = 'Você precisa inserir imagens';
export const SELECTS_MISSING = 'Você precisa selecionar os campos "Cidade de Operação" e "Cozinha"';
export const FILL_REQUIRED = 'Por favor preencher os campos obrigatórios.';

const link = z.object({
  title: z.string().trim().max(60, 'Limite máximo de 60 caracteres.'),
  // A link typed without http(s) gets https:// in front (spec 2.5 and restaurant spec 5).
  url: z
    .string()
    .trim()
    .max(500, 'Limite máximo de 500 caracteres.')
    .transform((url) => (url ? withScheme(url) : url)),
  active: z.boolean().default(true),
  icon: z.string().max(40).optional(),
});

const timePeriod = z
  .object({
    start_time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Horário inválido (HH:mm)'),
    end_time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Horário inválido (HH:mm)'),
  })
  .refine((p) => p.start_time !== p.end_time, 'O horário de início e o de fim precisam ser diferentes.');

export const dayHours = z.array(
  z.object({
    day_of_week: z.number().int().min(0, 'Dia da semana inválido').max(6, 'Dia da semana inválido'),
    time_periods: z.array(timePeriod).max(6),
  }),
);

export const KITCHEN_TIMER_LIMITS = { min: 1, max: 240 } as const;
export const KITCHEN_TIMER_MESSAGES = {
  whole: 'Informe os minutos em números inteiros.',
  range: `Informe de ${KITCHEN_TIMER_LIMITS.min} a ${KITCHEN_TIMER_LIMITS.max} minutos.`,
  order: 'O tempo de atraso deve ser maior que o de atenção.',
} as const;

const timerMinutes = z
  .number({ error: KITCHEN_TIMER_MESSAGES.whole })
  .int(KITCHEN_TIMER_MESSAGES.whole)
  .min(KITCHEN_TIMER_LIMITS.min, KITCHEN_TIMER_MESSAGES.range)
  .max(KITCHEN_TIMER_LIMITS.max, KITCHEN_TIMER_MESSAGES.range);

const stageTimers = z
  .strictObject({ warn: timerMinutes, late: timerMinutes })
  .refine((stage) => stage.warn < stage.late, { message: KITCHEN_TIMER_MESSAGES.order, path: ['late'] });

/**
 * When a kitchen board's ticket timer turns amber (`warn`) and red (`late`), in whole minutes since
 * the item entered its stage: PLACED items waiting, PREPARING items being made. The store keeps
 * them (`stores.kitchen_timers`); its managers change them, both stages at once.
 */
export const kitchenTimersInput = z.strictObject({ placed: stageTimers, preparing: stageTimers });
export type KitchenTimers = z.output<typeof kitchenTimersInput>;

/** A new store's thresholds (the column's default, server/db/schema/platform.ts). */
export const DEFAULT_KITCHEN_TIMERS: KitchenTimers = {
  placed: { warn: 5, late: 10 },
  preparing: { warn: 12, late: 20 },
};

/**
 * How the kitchen board gathers items into cards (`stores.kitchen_grouping`): one card per
 * customer's ticket at a table (the default), or one per table's tab.
 */
export const KITCHEN_GROUPINGS = [
  { id: 'ticket', name: 'Um cartão por cliente da mesa' },
  { id: 'table', name: 'Um cartão por mesa' },
] as const;
export type KitchenGrouping = (typeof KITCHEN_GROUPINGS)[number]['id'];
const kitchenGrouping = z.enum(['ticket', 'table'], { error: 'Agrupe os pedidos por cliente ou por mesa.' });

/** Restaurant create (spec 5): the admin form's fields and messages. */
export const storeCreateInput = z.strictObject({
  logo_black: requiredFileUrl(IMAGES_MISSING),
  logo_white: requiredFileUrl(IMAGES_MISSING),
  bg_image: requiredFileUrl(IMAGES_MISSING),
  operation_id: idOf(SELECTS_MISSING),
  cousine_id: idOf(SELECTS_MISSING),
  // General data.
  name: requiredText(100),
  company_name: requiredText(150),
  cnpj,
  description: requiredText(200),
  full_description: requiredText(2000),
  instagram: requiredText(100),
  phone: optionalPhone(),
  whatsapp: optionalPhone(),
  site: optionalUrl(),
  email_admin: email(),
  // Address.
  zip_code: cep,
  street: requiredText(200),
  street_number: z
    .string({ error: 'Campo obrigatório' })
    .trim()
    .min(1, 'Campo obrigatório')
    .regex(/^\d{1,6}$/, 'informe somente números'),
  neighborhood: requiredText(100),
  city: requiredText(100),
  uf,
  maps_url: optionalUrl(),
  // Legal representative.
  name_responsible: requiredText(150),
  cpf,
  email: email(),
  phone_responsible: optionalPhone(),
  // Fees.
  feedme_physical_tax: percent(),
  feedme_digital_tax: percent(),
  service_charge: percent('Informe somente números ex: 10').optional(),
  links: z.array(link).max(20).optional(),
});

export type StoreCreateInput = z.input<typeof storeCreateInput>;

/** What the restaurant detail (admin) and the settings (staff) change: spec PATCH /api/stores/id/{id}. */
export const storeUpdateInput = z.strictObject({
  name: requiredText(100).optional(),
  description: clearableText(200),
  status: z.enum(['OK', 'INACTIVE', 'CLOSED'], { error: 'Situação inválida' }).optional(),
  cousine_id: idOf('Selecione a cozinha').optional(),
  operation_id: idOf('Selecione a cidade de operação').optional(),
  logo_white: optionalFileUrl,
  logo_black: optionalFileUrl,
  bg_image: optionalFileUrl,
  financial: z
    .strictObject({ feedme_physical_tax: percent().optional(), feedme_digital_tax: percent().optional() })
    .optional(),
  info: z
    .strictObject({
      responsible: z
        .strictObject({
          name: requiredText(150).optional(),
          cpf: cpf.optional(),
          email: email().optional(),
          phone: clearablePhone(),
        })
        .optional(),
      phone: clearablePhone(),
      whatsapp: clearablePhone(),
      cnpj: cnpj.optional(),
      company_name: requiredText(150).optional(),
      site: clearableUrl(),
      instagram: clearableText(100),
      full_description: clearableText(2000),
      address: z
        .strictObject({
          street: requiredText(200).optional(),
          street_number: z
            .string()
            .trim()
            .regex(/^\d{1,6}$/, 'informe somente números')
            .optional(),
          neighborhood: requiredText(100).optional(),
          zip_code: cep.optional(),
          city: requiredText(100).optional(),
          uf: uf.optional(),
          maps_url: clearableUrl(),
        })
        .optional(),
      opening_hours: dayHours.optional(),
      reservations: z.boolean().optional(),
      reservation_hours: dayHours.optional(),
      app_skin: z.enum(['WHITE', 'BLACK']).optional(),
      service_charge: percent('Informe somente números ex: 10').optional(),
      links: z.array(link).max(20).optional(),
      default_links: z.object({ menu: link, reservations: link }).optional(),
      kitchen_timers: kitchenTimersInput.optional(),
      kitchen_grouping: kitchenGrouping.optional(),
    })
    .optional(),
});

const storedLink = z.object({
  title: z.string(),
  url: z.string(),
  active: z.boolean(),
  icon: z.string().optional(),
});
const storedHours = z.array(
  z.object({
    day_of_week: z.int(),
    time_periods: z.array(z.object({ start_time: z.string(), end_time: z.string() })),
  }),
);
const statuses = z.enum(['OK', 'INACTIVE', 'CLOSED']);
const storedStageTimers = z.object({ warn: z.number(), late: z.number() });

/** A row of the restaurants list: the columns the lists sort and filter by, with the joined names. */
export const storeRow = z.object({
  id: recordId,
  name: z.string(),
  slug: z.string(),
  status: statuses,
  n_ratings: count,
  rating: z.number(),
  list_order: count,
  logo_black: maybeText,
  logo_white: maybeText,
  city: maybeText,
  uf: maybeText,
  cousine_id: recordId.nullable(),
  operation_id: recordId.nullable(),
  cousine: maybeText,
  operation: maybeText,
  created_at: instant,
});

/**
 * A restaurant as its detail and the settings read it: the flat columns, and the nested `info`,
 * `financial` and `admin` of the spec's screens, with the bank account and loyalty summary.
 */
export const storeRecord = storeRow.extend({
  company_name: maybeText,
  cnpj: maybeText,
  phone: maybeText,
  whatsapp: maybeText,
  site: maybeText,
  instagram: maybeText,
  description: maybeText,
  full_description: maybeText,
  bg_image: maybeText,
  street: maybeText,
  street_number: maybeText,
  neighborhood: maybeText,
  zip_code: maybeText,
  maps_url: maybeText,
  name_responsible: maybeText,
  cpf: maybeText,
  email: maybeText,
  phone_responsible: maybeText,
  email_admin: maybeText,
  feedme_physical_tax: z.number(),
  feedme_digital_tax: z.number(),
  service_charge: z.number(),
  app_skin: z.enum(['WHITE', 'BLACK']),
  opening_hours: storedHours,
  reservations: z.boolean(),
  reservation_hours: storedHours,
  links: z.array(storedLink),
  default_links: z.object({ menu: storedLink, reservations: storedLink }).nullable(),
  updated_at: instant,
  admin: z.object({ fullname: z.string(), email: z.string(), phone: maybeText }).nullable(),
  financial: z.object({ feedme_physical_tax: z.number(), feedme_digital_tax: z.number() }),
  info: z.object({
    responsible: z.object({ name: maybeText, cpf: maybeText, email: maybeText, phone: maybeText }),
    phone: maybeText,
    whatsapp: maybeText,
    cnpj: maybeText,
    company_name: maybeText,
    site: maybeText,
    instagram: maybeText,
    full_description: maybeText,
    address: z.object({
      street: maybeText,
      street_number: maybeText,
      neighborhood: maybeText,
      zip_code: maybeText,
      city: maybeText,
      uf: maybeText,
      maps_url: maybeText,
    }),
    opening_hours: storedHours,
    reservations: z.boolean(),
    reservation_hours: storedHours,
    app_skin: z.enum(['WHITE', 'BLACK']),
    service_charge: z.number(),
    links: z.array(storedLink),
    default_links: z.object({ menu: storedLink, reservations: storedLink }),
    kitchen_timers: z.object({ placed: storedStageTimers, preparing: storedStageTimers }),
    kitchen_grouping: kitchenGrouping,
  }),
  bank_account: z
    .object({
      bank_name: z.string(),
      bank_code: z.string(),
      agency: z.string(),
      account: z.string(),
      account_type: z.enum(['CHECKING', 'SAVINGS']),
      holder_name: z.string(),
      holder_document: z.string(),
      pix_key: maybeText,
    })
    .nullable(),
  loyalty: z
    .object({
      consumption: count,
      discount: z.number(),
      active: z.boolean(),
      n_customers: count,
      n_uses: count,
    })
    .nullable(),
});

/**
 * The list's columns and the inputs of the create and detail forms (spec 2.5), with their labels.
 * The forms choose their inputs by section (src/resources/restaurants/screens.tsx): the detail
 * edits the flat columns the record carries beside its nested `info`.
 */
export const restaurantFields = {
  name: { label: 'Nome', kind: 'text', list: true, sortable: true },
  n_ratings: { label: 'Usuários iniciados', kind: 'number', list: true, sortable: true },
  rating: { label: 'Avaliação', kind: 'number', list: true, sortable: true },
  // The approvals choose among the statuses not active yet; the list has no status filter.
  status: {
    label: 'Status',
    kind: 'select',
    choices: storeStatuses,
    list: true,
    sortable: true,
    filter: false,
  },
  list_order: { label: 'Ordem', kind: 'number', sortable: true },
  created_at: { label: 'Parceiro desde', kind: 'date', sortable: true },
  // Images.
  logo_black: { label: 'Imagem de capa', kind: 'text' },
  logo_white: { label: 'Logo branca', kind: 'text' },
  bg_image: { label: 'Foto da home', kind: 'text' },
  // City and cuisine.
  operation_id: { label: 'Cidade de Operação', kind: 'id' },
  cousine_id: { label: 'Cozinha', kind: 'id' },
  // General data.
  company_name: { label: 'Razão social', kind: 'text' },
  cnpj: { label: 'CNPJ', kind: 'text' },
  instagram: { label: 'Instagram', kind: 'text' },
  description: { label: 'Frase promocional', kind: 'text' },
  full_description: { label: 'Descrição completa', kind: 'textarea' },
  phone: { label: 'Telefone', kind: 'text' },
  whatsapp: { label: 'WhatsApp', kind: 'text' },
  site: { label: 'Site', kind: 'text' },
  email_admin: { label: 'E-mail do administrador do restaurante', kind: 'text' },
  // Address.
  zip_code: { label: 'CEP', kind: 'text' },
  street: { label: 'Rua', kind: 'text' },
  street_number: { label: 'Número', kind: 'text' },
  neighborhood: { label: 'Bairro', kind: 'text' },
  city: { label: 'Cidade', kind: 'text' },
  // Not a filter of the list: a choice of the form only.
  uf: {
    label: 'UF',
    kind: 'select',
    choices: BRAZILIAN_UFS.map((code) => ({ id: code, name: code })),
    filter: false,
  },
  maps_url: { label: 'Link do mapa', kind: 'text' },
  // Legal representative.
  name_responsible: { label: 'Nome completo', kind: 'text' },
  cpf: { label: 'CPF', kind: 'text' },
  email: { label: 'E-mail', kind: 'text' },
  phone_responsible: { label: 'Telefone', kind: 'text' },
  // Fees: decimals as typed ('1.5').
  feedme_physical_tax: { label: 'Taxa pagamento físico (%)', kind: 'text' },
  feedme_digital_tax: { label: 'Taxa pagamento digital (%)', kind: 'text' },
  service_charge: { label: 'Taxa de serviço (%)', kind: 'text' },
  links: { label: 'Links', kind: 'text' },
} satisfies Record<string, FieldDefinition>;

/**
 * The detail form (spec 2.5, 7), checked in the browser as its inputs hold the record's flat
 * columns, with the messages of `storeUpdateInput`, which the server checks the nested body with.
 */
export const storeDetailForm = z.object({
  name: requiredText(100),
  status: storeUpdateInput.shape.status,
  cousine_id: idOf('Selecione a cozinha'),
  cnpj,
  company_name: requiredText(150),
  phone: clearablePhone(),
  site: clearableUrl(),
  city: requiredText(100),
  street: requiredText(200),
  neighborhood: requiredText(100),
  zip_code: cep,
  name_responsible: requiredText(150),
  cpf,
  email: email(),
  phone_responsible: clearablePhone(),
});

export const restaurants = defineResource({
  name: 'restaurants',
  endpoint: '/api/stores',
  label: { one: 'Restaurante', many: 'Restaurantes' },
  access: {
    list: 'store',
    one: 'store',
    create: 'admin',
    // The store's settings are its managers' (and the platform's administrators').
    update: 'store:settings',
    delete: 'admin',
    reorder: 'admin',
  },
  envelope: { list: 'data.results', one: 'data' },
  fields: restaurantFields,
  input: storeCreateInput,
  updateInput: storeUpdateInput,
  record: storeRecord,
  row: storeRow,
  calls: {
    approve: {
      method: 'PATCH',
      path: '/id/:id/approve',
      access: 'admin',
      summary: 'Aprova (ativa) um restaurante ainda não ativo',
    },
  },
  list: { perPage: 100, sort: { field: 'list_order', order: 'ASC' }, search: ['name'] },
  storeScoped: true,
  // The administrators' list (at /restaurants/list), create and detail forms; the dashboard is
  // hand-made (src/resources/restaurants).
  screens: {
    titles: { create: 'Novo restaurante', edit: 'Restaurante' },
    searchPlaceholder: 'Buscar pelo nome',
  },
  messages: {
    notFound: 'Restaurante não encontrado.',
    created: 'Restaurante criado com sucesso!',
    updated: 'Restaurante atualizado com sucesso!',
    deleted: 'Restaurante removido com sucesso!',
    duplicate: 'Já existe um restaurante com esse CNPJ.',
  },
});

export type Store = RecordOf<typeof restaurants>;
export type StoreRow = RowOf<typeof restaurants>;
