import { z } from 'zod';
import { requiredText, storeIdField } from '../../lib/fields';
import { count, instant, recordId } from '../../lib/records';
import { storeResource, type RecordOf } from '../../define';

export const KITCHEN_NAME_REQUIRED = 'Você precisa informar o nome da cozinha!';
/** The available toggle's states (restaurant spec 4) and the notices of the list's row switch. */
export const KITCHEN_ON = 'Ativo';
export const KITCHEN_OFF = 'Inativo';
export const KITCHEN_ACTIVATED = 'Cozinha ativada com sucesso!';
export const KITCHEN_DEACTIVATED = 'Cozinha desativada com sucesso!';

/**
 * Kitchens (restaurant spec 2 "Kitchens", 3 Kitchen, 5): the places order items are routed to, so
 * each kitchen's board shows its own. A plain store-scoped resource of the generic engine: the
 * screens are generated, with the overrides of ./screens.tsx.
 */
export const kitchens = storeResource({
  name: 'kitchens',
  endpoint: '/api/kitchens',
  label: { one: 'Cozinha', many: 'Cozinhas' },
  permission: 'menu',
  fields: {
    name: { label: 'Nome', kind: 'text', list: true, form: true, sortable: true },
    // Counted by the server (products routed to the kitchen); read-only.
    n_products: { label: 'Produtos', kind: 'number', list: true },
    created_at: { label: 'Criada em', kind: 'date', list: true, sortable: true },
    available: { label: 'Disponível', kind: 'boolean', list: true, form: true, sortable: true },
  },
  input: z.strictObject({
    name: requiredText(100, KITCHEN_NAME_REQUIRED),
    available: z.boolean({ error: 'Informe se a cozinha está disponível.' }).optional(),
    store_id: storeIdField,
  }),
  record: z.object({
    id: recordId,
    store_id: recordId,
    name: z.string(),
    available: z.boolean(),
    /** How many of the store's products are routed to this kitchen. */
    n_products: count,
    created_at: instant,
    updated_at: instant,
  }),
  list: { perPage: 25, sort: { field: 'name', order: 'ASC' }, search: ['name'] },
  table: 'kitchens',
  screens: {
    createLabel: 'NOVA COZINHA',
    titles: { create: 'Nova cozinha', edit: 'Editar cozinha' },
    searchPlaceholder: 'Buscar cozinha',
  },
  messages: {
    created: 'Cozinha criada com sucesso!',
    updated: 'Cozinha atualizada com sucesso!',
    deleted: 'Cozinha removida com sucesso!',
    notFound: 'Cozinha não encontrada.',
  },
});

export type Kitchen = RecordOf<typeof kitchens>;
