import { z } from 'zod';
import { instant, recordId } from '../../lib/records';
import { defineResource } from '../../define';

/** Cities where the platform operates; a restaurant is created in one of them. */
export const operations = defineResource({
  name: 'operations',
  endpoint: '/api/operations',
  // Not "operation": every entry of the API reference is one.
  noun: { one: 'operatingCity', many: 'operatingCities' },
  label: { one: 'Cidade de Operação', many: 'Cidades de Operação' },
  access: { list: 'signed-in', create: 'admin' },
  envelope: { list: 'data.results', one: 'data' },
  fields: {
    id: { label: 'ID', kind: 'id', list: true, sortable: true },
    name: { label: 'Cidade', kind: 'text', list: true, form: true, sortable: true },
  },
  input: z.strictObject({
    name: z
      .string({ error: 'Campo obrigatório' })
      .trim()
      .min(1, 'Campo obrigatório')
      .max(80, 'Limite máximo de 80 caracteres.'),
  }),
  record: z.object({ id: recordId, name: z.string(), created_at: instant }),
  list: { perPage: 25, sort: { field: 'name', order: 'ASC' }, search: ['name'] },
  table: 'operations',
  screens: { createLabel: 'NOVA CIDADE' },
  messages: {
    created: 'Cidade de operação criada com sucesso!',
    updated: 'Cidade de operação atualizada com sucesso!',
    deleted: 'Cidade de operação excluída com sucesso!',
    duplicate: 'Já existe operação nessa cidade',
  },
});
