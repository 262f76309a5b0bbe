import { z } from 'zod';
import { requiredText } from '../../lib/fields';
import { defineResource, type FieldDefinition } from '../define';

export const KITCHEN_NAME_REQUIRED = 'Você precisa informar o nome da cozinha!';
/** The available toggle's states (restaurant spec 4) and the notices of the list's row switch. */
export const KITCHEN_ON = 'Ativo';
export const KITCHEN_OFF = 'Inativo';
export const KITCHEN_ACTIVATED = 'Cozinha ativada com sucesso!';
export const KITCHEN_DEACTIVATED = 'Cozinha desativada com sucesso!';

/** A kitchen as the API answers it. */
export interface Kitchen {
  id: number;
  store_id: number;
  name: string;
  available: boolean;
  /** How many of the store's products are routed to this kitchen. */
  n_products: number;
  created_at: string;
  updated_at: string;
}

/** A store's id in a body: an administrator names the store; staff's is ignored (their own). */
export const storeIdField = z.coerce
  .number({ error: 'Restaurante inválido.' })
  .int('Restaurante inválido.')
  .positive('Restaurante inválido.')
  .optional();

export const kitchenFields = {
  name: { label: 'Nome', kind: 'text', list: true, form: true, sortable: true },
  available: { label: 'Disponível', kind: 'boolean', list: true, form: true, sortable: true },
  created_at: { label: 'Criada em', kind: 'date', list: true, sortable: true },
  // Counted by the server (products routed to the kitchen); read-only.
  n_products: { label: 'Produtos', kind: 'number', list: true },
} satisfies Record<string, FieldDefinition>;

/**
 * Kitchens (restaurant spec 2 "Kitchens", 3 Kitchen, 5): the places order items are routed to, so
 * each kitchen's board shows its own. A plain store-scoped resource of the generic engine.
 */
export const kitchens = defineResource({
  name: 'kitchens',
  endpoint: '/api/kitchens',
  label: { one: 'Cozinha', many: 'Cozinhas' },
  access: { list: 'store', one: 'store', create: 'store', update: 'store', delete: 'store' },
  envelope: { list: 'data.results', one: 'data' },
  storeScoped: true,
  fields: kitchenFields,
  input: z.strictObject({
    name: requiredText(100, KITCHEN_NAME_REQUIRED),
    available: z.boolean({ error: 'Informe se a cozinha está disponível.' }).optional(),
    store_id: storeIdField,
  }),
  list: { perPage: 25, sort: { field: 'name', order: 'ASC' }, search: ['name'] },
  table: 'kitchens',
  messages: {
    created: 'Cozinha criada com sucesso!',
    updated: 'Cozinha atualizada com sucesso!',
    deleted: 'Cozinha removida com sucesso!',
  },
});
