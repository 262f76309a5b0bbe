import { z } from 'zod';
import { instant, recordId } from '../../lib/records';
import { defineResource } from '../../define';

export const faqCategories = [
  { id: 'MERCHANT', name: 'Restaurante' },
  { id: 'CUSTOMER', name: 'Usuário' },
] as const;

export const faqs = defineResource({
  name: 'faqs',
  endpoint: '/api/faqs',
  label: { one: 'Pergunta', many: 'Dúvidas' },
  // The restaurant area shows the FAQ too; only administrators write it.
  access: { list: 'signed-in', one: 'signed-in', create: 'admin', update: 'admin', delete: 'admin' },
  envelope: { list: 'data.results', one: 'data' },
  fields: {
    title: { label: 'Pergunta', kind: 'text', list: true, form: true, sortable: true },
    category: {
      label: 'Categoria',
      kind: 'select',
      choices: faqCategories,
      otherChoice: 'Usuário',
      list: true,
      form: true,
      sortable: true,
    },
    text: { label: 'Resposta', kind: 'textarea', form: true },
    created_at: { label: 'Criado em', kind: 'date', list: true, sortable: true },
  },
  input: z.strictObject({
    title: z
      .string({ error: 'Campo obrigatório' })
      .trim()
      .min(1, 'Campo obrigatório')
      .max(300, 'Limite máximo de 300 caracteres.'),
    category: z.enum(['MERCHANT', 'CUSTOMER'], { error: 'Escolha Restaurante ou Usuário' }),
    text: z
      .string({ error: 'Campo obrigatório' })
      .trim()
      .min(1, 'Campo obrigatório')
      .max(10_000, 'Limite máximo de 10000 caracteres.'),
  }),
  record: z.object({
    id: recordId,
    title: z.string(),
    text: z.string(),
    category: z.enum(['MERCHANT', 'CUSTOMER']),
    created_at: instant,
    updated_at: instant,
  }),
  list: { perPage: 25, sort: { field: 'created_at', order: 'DESC' }, search: ['title', 'text'] },
  table: 'faqs',
  // The restaurant area shows the FAQ too (read only).
  screens: { audience: 'everyone', createLabel: 'CRIAR NOVA PERGUNTA' },
  messages: {
    created: 'Pergunta criada com sucesso!',
    updated: 'Pergunta atualizada com sucesso!',
    deleted: 'Pergunta excluída com sucesso!',
  },
});
