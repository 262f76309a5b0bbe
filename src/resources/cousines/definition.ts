import { z } from 'zod';
import { defineResource } from '../define';

export const cousines = defineResource({
  name: 'cousines',
  endpoint: '/api/cousines',
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
