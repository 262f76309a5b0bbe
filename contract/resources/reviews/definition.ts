import { z } from 'zod';
import { count, instant, maybeText, named, recordId } from '../../lib/records';
import { defineResource, type RecordOf } from '../../define';

/**
 * Reviews (restaurant spec 2 "Reviews", 3 Review, 7, 9): what customers said of a store, 50 a
 * page by offset and limit, newest first. Beyond the spec, as iFood and Google reviews have them:
 * the restaurant's public answer, and the average rating with its distribution heading the screen.
 * Served by server/routes/reviews.ts; the list (/reviews) is generated, with the overrides and the
 * customer screen (/reviews/customer/:id) of src/resources/reviews.
 */

export const REVIEW_PAGE_SIZE = 50;
export const ANSWER_MAX = 2000;

export const REVIEW_MESSAGES = {
  answered: 'Resposta publicada com sucesso!',
  answerRemoved: 'Resposta removida com sucesso!',
  notFound: 'Avaliação não encontrada.',
  answerRequired: 'Escreva a resposta antes de publicar.',
  answerTooLong: `A resposta pode ter no máximo ${ANSWER_MAX} caracteres.`,
  answerInvalid: 'Informe a resposta como texto (vazia remove a resposta).',
  ratingInvalid: 'Nota inválida: use um número de 1 a 5.',
  answeredInvalid: 'Filtro de resposta inválido: use yes (respondidas) ou no (sem resposta).',
  chooseStore: 'Escolha um restaurante e toque em Aplicar para ver as avaliações.',
  empty: 'Nenhuma avaliação encontrada.',
} as const;

/** The rating filter, best first: a store reads its praise and its complaints apart. */
export const ratingChoices = [5, 4, 3, 2, 1].map((rating) => ({
  id: String(rating),
  name: rating === 1 ? '1 estrela' : `${rating} estrelas`,
}));

/** Whether the restaurant has answered. */
export const answerChoices = [
  { id: 'no', name: 'Sem resposta' },
  { id: 'yes', name: 'Respondidas' },
] as const;

/**
 * `PATCH /api/reviews/id/{id}`: the restaurant's answer, trimmed, up to 2000 characters. An empty
 * answer (or null) removes it; answering again replaces the answer and its time.
 */
export const reviewAnswerInput = z.strictObject({
  answer: z.preprocess(
    (value) => (value === null ? '' : value),
    z.string({ error: REVIEW_MESSAGES.answerInvalid }).trim().max(ANSWER_MAX, REVIEW_MESSAGES.answerTooLong),
  ),
});

/** The answer dialog's form: publishing asks for some text (removing has its own button). */
export const answerForm = z.strictObject({
  answer: z
    .string({ error: REVIEW_MESSAGES.answerRequired })
    .trim()
    .min(1, REVIEW_MESSAGES.answerRequired)
    .max(ANSWER_MAX, REVIEW_MESSAGES.answerTooLong),
});

export const reviewRecord = z.object({
  id: recordId,
  store_id: recordId,
  store_name: z.string(),
  rating: z.int().min(1).max(5),
  text: z.string(),
  created_at: instant,
  /** Who wrote it: the spec's `customer {name,…}`, without the data staff may not see. */
  customer: z.object({
    id: recordId,
    name: z.string(),
    username: z.string(),
    profile_picture: maybeText,
  }),
  answer: maybeText,
  answered_at: instant.nullable(),
  /** The team member who answered (null once their account is gone). */
  answered_by: named.nullable(),
});

/** `GET /api/reviews/summary`: the store's reviews at a glance, whatever the list's filters. */
export const reviewSummary = z.object({
  total: count,
  /** The mean rating, to two decimals; null without reviews. */
  average: z.number().nullable(),
  /** How many reviews gave each rating, 5 to 1. */
  distribution: z.array(z.object({ rating: z.int().min(1).max(5), total: count })),
  unanswered: count,
});

export const reviews = defineResource({
  name: 'reviews',
  endpoint: '/api/reviews',
  label: { one: 'Avaliação', many: 'Avaliações' },
  // Every role reads what customers say; answering speaks for the restaurant in public, as its
  // profile does: the store's managers' (docs/ARCHITECTURE.md, roles inside a store).
  access: { list: 'store', update: 'store:reviews' },
  calls: {
    summary: {
      method: 'GET',
      path: '/summary',
      access: 'store',
      summary: 'A nota média das avaliações e quantas há de cada nota',
    },
  },
  envelope: { list: 'data.results', one: 'data' },
  storeScoped: true,
  fields: {
    rating: { label: 'Nota', kind: 'number', list: true },
    text: { label: 'Comentário', kind: 'textarea', list: true },
    customer: {
      label: 'Cliente',
      kind: 'text',
      list: true,
      text: (record) => (record.customer as { name?: string } | undefined)?.name ?? '',
    },
    created_at: { label: 'Data', kind: 'datetime', list: true, sortable: true },
    answer: { label: 'Resposta', kind: 'textarea', export: true },
    answered_at: { label: 'Respondida em', kind: 'datetime', export: true },
    store_name: { label: 'Restaurante', kind: 'text', export: true },
  },
  input: reviewAnswerInput,
  record: reviewRecord,
  list: {
    // Spec 7 and 9: offset 0, limit 50.
    perPage: REVIEW_PAGE_SIZE,
    sort: { field: 'created_at', order: 'DESC' },
    paging: 'offset',
  },
  // The list is the engine's (src/resources/reviews/screens.tsx): staff's, and the administrators'
  // with a restaurant chosen (platform spec 2.2); an answer is written in a dialog, never a screen.
  screens: { audience: 'everyone', edit: false },
  messages: {
    created: '',
    updated: REVIEW_MESSAGES.answered,
    deleted: '',
    notFound: REVIEW_MESSAGES.notFound,
  },
});

export type Review = RecordOf<typeof reviews>;
export type ReviewSummary = z.input<typeof reviewSummary>;
