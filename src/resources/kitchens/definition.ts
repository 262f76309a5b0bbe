import { z } from 'zod';
import { requiredText } from '../../lib/fields';
import { defineResource } from '../define';

export const KITCHEN_NAME_REQUIRED = 'Você precisa informar o nome da cozinha!';

/** A store's id in a body: an administrator names the store; staff's is ignored (their own). */
export const storeIdField = z.coerce
  .number({ error: 'Restaurante inválido.' })
  .int('Restaurante inválido.')
  .positive('Restaurante inválido.')
  .optional();

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
  fields: {
    name: { label: 'Nome', kind: 'text', list: true, form: true, sortable: true },
    available: { label: 'Disponível', kind: 'boolean', list: true, form: true, sortable: true },
    created_at: { label: 'Criada em', kind: 'date', list: true, sortable: true },
  },
  input: z.strictObject({
    name: requiredText(100, KITCHEN_NAME_REQUIRED),
    available: z.boolean({ error: 'Informe se a cozinha está disponível.' }).optional(),
    store_id: storeIdField,
  }),
  list: { perPage: 25, sort: { field: 'name', order: 'ASC' }, search: ['name'] },
  messages: {
    created: 'Cozinha criada com sucesso!',
    updated: 'Cozinha atualizada com sucesso!',
    deleted: 'Cozinha removida com sucesso!',
  },
});
