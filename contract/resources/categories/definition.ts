import { z } from 'zod';
import { clearableFileUrl, requiredText, storeIdField } from '../../lib/fields';
import { count, instant, maybeText, recordId } from '../../lib/records';
import { storeResource, type RecordOf } from '../../define';
import { productRow } from '../products/definition';

export const CATEGORY_NAME_REQUIRED = 'Você precisa informar o nome da categoria';
export const CATEGORY_DELETED = 'Categoria excluída!';
export const CATEGORY_ORDER_SAVED = 'Ordem das categorias atualizada!';
export const CATEGORY_VISIBILITY_CHANGED = 'Visibilidade da categoria alterada!';
export const CATEGORY_VISIBILITY_ERROR = 'Erro ao alterar visibilidade da categoria.';

/** How a category shows in the app: both checkboxes give ALL, grid only GRID, otherwise LIST. */
export const categoryDisplays = [
  { id: 'ALL', name: 'Grade e feed' },
  { id: 'GRID', name: 'Somente grade' },
  { id: 'LIST', name: 'Somente feed' },
] as const;

export type CategoryDisplay = (typeof categoryDisplays)[number]['id'];

/** The display mode from the form's two checkboxes (restaurant spec 2, category create/edit). */
export function displayFrom(grid: boolean, feed: boolean): CategoryDisplay {
  if (grid && feed) return 'ALL';
  return grid ? 'GRID' : 'LIST';
}

/** The form's two checkboxes from a display mode. */
export function checkboxesOf(display: string | null | undefined): { grid: boolean; feed: boolean } {
  return { grid: display === 'ALL' || display === 'GRID', feed: display !== 'GRID' };
}

const categoryFields = {
  name: requiredText(100, CATEGORY_NAME_REQUIRED),
  display: z.enum(['ALL', 'GRID', 'LIST'], { error: 'Modo de exibição inválido: use ALL, GRID ou LIST.' }),
  available: z.boolean({ error: 'Informe se a categoria está disponível.' }),
  image: clearableFileUrl,
};

/** POST /api/categories: `{ name }` or `{ display, name, available, image }` (spec 7). */
export const categoryInput = z.strictObject({
  name: categoryFields.name,
  display: categoryFields.display.optional(),
  available: categoryFields.available.optional(),
  image: categoryFields.image,
  store_id: storeIdField,
});

/** PATCH /api/categories/id/{id}: any of name, display, available, image. */
export const categoryUpdateInput = z
  .strictObject({
    name: categoryFields.name.optional(),
    display: categoryFields.display.optional(),
    available: categoryFields.available.optional(),
    image: categoryFields.image,
  })
  .refine((value) => Object.keys(value).length > 0, 'Informe ao menos um campo para alterar.');

export const categories = storeResource({
  name: 'categories',
  endpoint: '/api/categories',
  label: { one: 'Categoria', many: 'Categorias' },
  permission: 'menu',
  reorder: true,
  fields: {
    image: { label: 'Imagem', kind: 'text', form: true },
    name: { label: 'Nome', kind: 'text', list: true, form: true, sortable: true },
    display: { label: 'Exibição', kind: 'select', choices: categoryDisplays, list: true, form: true },
    available: { label: 'Disponível', kind: 'boolean', list: true, form: true },
    list_order: { label: 'Ordem', kind: 'number', sortable: true },
    created_at: { label: 'Criada em', kind: 'date', sortable: true },
  },
  input: categoryInput,
  updateInput: categoryUpdateInput,
  // A record carries its products in their order; a list row carries them with include=products.
  record: z.object({
    id: recordId,
    store_id: recordId,
    name: z.string(),
    display: z.enum(['ALL', 'GRID', 'LIST']),
    available: z.boolean(),
    image: maybeText,
    list_order: count,
    created_at: instant,
    updated_at: instant,
    products: z.array(productRow).optional(),
  }),
  list: { perPage: 500, sort: { field: 'list_order', order: 'ASC' }, search: ['name'] },
  messages: {
    created: 'Categoria criada com sucesso!',
    updated: 'Categoria atualizada com sucesso!',
    deleted: CATEGORY_DELETED,
    notFound: 'Categoria não encontrada.',
  },
});

export type Category = RecordOf<typeof categories>;
