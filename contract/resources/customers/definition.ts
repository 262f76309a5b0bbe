import { z } from 'zod';
import { maskCpf, maskPhone } from '../../lib/format';
import { count, day, instant, maybeText, recordId } from '../../lib/records';
import { defineResource, type RecordOf } from '../../define';
import { genderLabel } from './labels';

/** Gender filter of the list (spec 2.9): O is anything neither M nor F, not told included. */
export const genderChoices = [
  { id: 'M', name: 'Masculino' },
  { id: 'F', name: 'Feminino' },
  { id: 'O', name: 'Outro' },
] as const;

/** FeedHunter filter of the list (spec 9: all, yes, no). */
export const feedhunterChoices = [
  { id: 'yes', name: 'Sim' },
  { id: 'no', name: 'Não' },
] as const;

export const CUSTOMER_PAGE_SIZE = 200;

/** The one change an administrator makes to an app user (spec 4). */
export const customerUpdateInput = z.strictObject({
  feedhunter: z.boolean({ error: 'Informe se o usuário é FeedHunter (verdadeiro ou falso).' }),
});

export const CUSTOMER_UPDATED = 'Usuário atualizado com sucesso!';
export const FEEDHUNTER_UPDATE_FAILED = 'Ocorreu um erro na atualização do FeedHunter';
export const CUSTOMER_LOAD_FAILED = 'Ocorreu um erro ao tentar carregar as informações do usuário';

/** What a customer's detail adds with `include=stats`: visits and the last ticket, in the caller's scope. */
export const customerStats = z.object({
  lastTicket: z
    .object({
      id: recordId,
      store_id: recordId,
      store_name: z.string(),
      created_at: instant,
      total: count,
      items: z.array(z.object({ name: z.string(), quantity: count, product_price: count })),
    })
    .nullable(),
  visits: count,
});

/** A feed hunter in the featured posts' author picker (`GET /api/feedhunters`). */
export const feedhunterOption = z.object({ id: recordId, username: z.string(), fullname: z.string() });

/** App users, "Usuários" in the admin menu (spec 2.9). Served by server/routes/customers.ts. */
export const customers = defineResource({
  name: 'customers',
  endpoint: '/api/customers',
  label: { one: 'Usuário', many: 'Usuários' },
  // Staff open the customers related to their store (a visit, an order, a review or a reservation),
  // without their personal data; only administrators list and change.
  access: { list: 'admin', one: 'store', update: 'admin' },
  envelope: { list: 'data.results', one: 'data' },
  fields: {
    fullname: { label: 'Nome', kind: 'text', list: true, sortable: true },
    username: { label: 'Username', kind: 'text', list: true, sortable: true },
    email: { label: 'E-mail', kind: 'text', list: true, sortable: true },
    // The export reads as the list: the CPF masked, and only F and M named (spec 3); the rest is a
    // blank cell, where the list's dash would come out guarded as text ('-).
    cpf: { label: 'CPF', kind: 'text', list: true, text: (record) => maskCpf(record.cpf as string | null) },
    gender: {
      label: 'Gênero',
      kind: 'select',
      choices: genderChoices,
      list: true,
      // The screen's own filter says "Todos" (src/resources/customers/screens.tsx).
      filter: false,
      text: (record) => (record.gender === 'F' || record.gender === 'M' ? genderLabel(record.gender) : ''),
    },
    feedhunter: { label: 'FeedHunter', kind: 'boolean', list: true },
    birthdate: { label: 'Data de nascimento', kind: 'date', sortable: true },
    created_at: { label: 'Criado em', kind: 'date', list: true, sortable: true },
    // The detail's alone, shown as they read.
    phone: { label: 'Telefone', kind: 'text', text: (record) => maskPhone(record.phone as string | null) },
    age: {
      label: 'Idade',
      kind: 'number',
      text: (record) => (record.age == null ? '' : `${String(record.age)} anos`),
    },
    status: {
      label: 'Status',
      kind: 'text',
      text: (record) => (record.status === 'ACTIVE' ? 'Ativo' : 'Inativo'),
    },
  },
  input: customerUpdateInput,
  // The spec reads gender and birthdate under `info`; the flat copies serve the list's sort and filters.
  // The personal fields (phone, CPF, gender, birth date and age) are absent from staff's answers:
  // a restaurant sees a customer's picture, name, username, e-mail and stats, never the rest.
  record: z.object({
    id: recordId,
    fullname: z.string(),
    username: z.string(),
    email: z.string(),
    phone: maybeText.optional(),
    cpf: maybeText.optional(),
    profile_picture: maybeText,
    gender: z.enum(['M', 'F', 'O']).nullable().optional(),
    birthdate: day.nullable().optional(),
    /** Whole years, on the stores' calendar. */
    age: count.nullable().optional(),
    status: z.enum(['ACTIVE', 'INACTIVE', 'BLOCKED']),
    feedhunter: z.boolean(),
    created_at: instant,
    info: z.object({ gender: z.enum(['M', 'F', 'O']).nullable(), birthdate: day.nullable() }).optional(),
  }),
  calls: {
    feedhunters: {
      method: 'GET',
      path: '/api/feedhunters',
      access: 'admin',
      summary: 'Os FeedHunters, para o seletor de autor dos posts',
    },
  },
  list: {
    perPage: CUSTOMER_PAGE_SIZE,
    sort: { field: 'created_at', order: 'DESC' },
    search: ['fullname', 'username', 'email', 'cpf'],
  },
  // Generated (src/resources/customers): the list at /customers/list, the detail at
  // /customers/list/details/:id; the analytics at /customers.
  screens: { searchPlaceholder: 'Buscar por nome, username, e-mail ou CPF' },
  messages: {
    created: '',
    updated: CUSTOMER_UPDATED,
    deleted: '',
    notFound: 'Usuário não encontrado.',
  },
});

export type Customer = RecordOf<typeof customers>;
/** A customer's detail, with the stats asked for. */
export type CustomerDetail = Customer & { stats?: z.input<typeof customerStats> };
export type FeedhunterOption = z.input<typeof feedhunterOption>;
