import { z } from 'zod';
import { requiredText, storeIdField } from '../../lib/fields';
import { count, instant, named, recordId } from '../../lib/records';
import { storeResource, type RecordOf } from '../../define';
import { idList } from '../products/definition';

export const GROUP_NAME_REQUIRED = 'Você precisa informar o nome do grupo de complementos';
export const GROUP_RANGE = 'O mínimo e o máximo devem estar entre 0 e 10.';
export const GROUP_MAX_BELOW_MIN = 'O máximo não pode ser menor que o mínimo.';
export const PRODUCT_ALREADY_SELECTED = 'Produto já selecionado';
export const GROUP_CREATED = 'Grupo de complementos criado com sucesso!';
export const GROUP_UPDATED = 'Grupo de complementos editado com sucesso!';
/** Restaurant spec 9: minimum and maximum choices, 0 to 10 each. */
export const MAX_CHOICES = 10;

/** 0 to 10, as a number or its digits. */
const choices = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
  z.number({ error: GROUP_RANGE }).int(GROUP_RANGE).min(0, GROUP_RANGE).max(MAX_CHOICES, GROUP_RANGE),
);

const groupFields = {
  name: requiredText(100, GROUP_NAME_REQUIRED),
  min_items: choices,
  max_items: choices,
  allow_repeat: z.boolean({ error: 'Informe se a opção pode se repetir.' }),
  products: idList('Produto inválido.', PRODUCT_ALREADY_SELECTED),
};

/** The maximum may not be below the minimum, when both are known. */
const rangeRule = (value: { min_items?: number; max_items?: number }) =>
  value.min_items === undefined || value.max_items === undefined || value.max_items >= value.min_items;
const rangeIssue = { message: GROUP_MAX_BELOW_MIN, path: ['max_items'] };

/** POST /api/complement-groups: name, min_items, max_items, allow_repeat, products (ids). */
export const complementGroupInput = z
  .strictObject({
    name: groupFields.name,
    min_items: groupFields.min_items.default(0),
    max_items: groupFields.max_items.default(1),
    allow_repeat: groupFields.allow_repeat.default(false),
    products: groupFields.products.default([]),
    store_id: storeIdField,
  })
  .refine(rangeRule, rangeIssue);

/** PATCH /api/complement-groups/id/{id}: any subset; products replace the group's options. */
export const complementGroupUpdateInput = z
  .strictObject({
    name: groupFields.name.optional(),
    min_items: groupFields.min_items.optional(),
    max_items: groupFields.max_items.optional(),
    allow_repeat: groupFields.allow_repeat.optional(),
    products: groupFields.products.optional(),
  })
  .refine((value) => Object.keys(value).length > 0, 'Informe ao menos um campo para alterar.')
  .refine(rangeRule, rangeIssue);

export const complementGroups = storeResource({
  name: 'complementGroups',
  endpoint: '/api/complement-groups',
  label: { one: 'Grupo de complementos', many: 'Complementos' },
  permission: 'menu',
  fields: {
    name: { label: 'Nome', kind: 'text', list: true, form: true, sortable: true },
    // The list's Mín.–Máx. column holds both; the CSV keeps both.
    min_items: { label: 'Mínimo', kind: 'number', list: true, form: true },
    max_items: { label: 'Máximo', kind: 'number', form: true, export: true },
    allow_repeat: { label: 'Repetir a opção', kind: 'boolean', list: true, form: true, export: false },
    // On the list, how many; out of the CSV.
    products: { label: 'Produtos', kind: 'text', list: true, form: true, export: false },
    created_at: { label: 'Criado em', kind: 'date', sortable: true },
  },
  input: complementGroupInput,
  updateInput: complementGroupUpdateInput,
  // Products are ids on save and `{ id, name }` on read (spec 3).
  record: z.object({
    id: recordId,
    store_id: recordId,
    name: z.string(),
    min_items: count,
    max_items: count,
    allow_repeat: z.boolean(),
    created_at: instant,
    updated_at: instant,
    products: z.array(named),
  }),
  calls: {
    removeProduct: {
      method: 'DELETE',
      path: '/id/:group_id/products/:prod_id',
      access: 'store:menu',
      summary: 'Retira um produto do grupo; responde o grupo como ficou',
    },
  },
  list: { perPage: 100, sort: { field: 'name', order: 'ASC' }, search: ['name'] },
  messages: {
    created: GROUP_CREATED,
    updated: GROUP_UPDATED,
    deleted: 'Grupo de complementos excluído!',
    notFound: 'Grupo de complementos não encontrado.',
  },
});

export type ComplementGroup = RecordOf<typeof complementGroups>;
