import { z } from 'zod';
import { instant, recordId } from '../../lib/records';
import { defineResource } from '../../define';

/**
 * Cuisines (platform-admin spec 2.6). The spec spells the route and the API `cousines`; the code
 * says cuisines everywhere else.
 */
export const cuisines = defineResource({
  name: 'cousines',
  endpoint: '/api/cousines',
  noun: { one: 'cuisine', many: 'cuisines' },
  label: { one: 'Cozinha', many: 'Cozinhas' },
  // Restaurants pick their cuisine in their settings, so every signed-in user reads the list.
  access: { list: 'signed-in', one: 'signed-in', create: 'admin', update: 'admin', delete: 'admin' },
  envelope: { list: 'data.results', one: 'data' },
  fields: {
    id: { label: 'ID', kind: 'id', list: true, sortable: true },
    name: { label: 'Nome', kind: 'text', list: true, form: true, sortable: true },
  },
  input: z.strictObject({
    name: z
      .string({ error: 'Campo obrigatório' })
      .trim()
      .min(1, 'Campo obrigatório')
      .max(60, 'Limite máximo de 60 caracteres.'),
  }),
  record: z.object({ id: recordId, name: z.string(), created_at: instant }),
  list: { perPage: 25, sort: { field: 'name', order: 'ASC' }, search: ['name'] },
  table: 'cuisines',
  screens: { createLabel: 'NOVA COZINHA' },
  messages: {
    created: 'Cozinha criada com sucesso!',
    updated: 'Cozinha atualizada com sucesso!',
    deleted: 'Cozinha excluída com sucesso!',
    duplicate: 'Já existe uma cozinha com esse nome.',
  },
});
