import { z } from 'zod';
import { reason } from '../../lib/fields';
import { count, instant, maybeText, recordId } from '../../lib/records';
import { defineResource, type RecordOf } from '../define';

/**
 * The kitchen orders board (Pedidos): the items the store's tabs ordered, as the kitchen works
 * them (restaurant spec 2 "Kitchen orders board", 3 Kitchen order item, 4 item states and the
 * skip-step action, 7 Orders, 8 kitchen board messages). Served by server/routes/order-items.ts;
 * the board (/orders) is a hand-made screen that reads its paths and messages from here.
 */

export const boardStatuses = ['PLACED', 'PREPARING', 'READY', 'CANCELLED'] as const;
export type BoardStatus = (typeof boardStatuses)[number];

/** The board's filter buttons, in the spec's order, each with the statuses it shows. */
export const boardFilters = [
  { id: 'PLACED', name: 'Aguardando' },
  { id: 'PREPARING', name: 'Preparando' },
  { id: 'READY', name: 'Prontos' },
  { id: 'CANCELLED', name: 'Cancelados' },
  { id: 'ALL', name: 'Todos' },
] as const;
export type BoardFilter = (typeof boardFilters)[number]['id'];

/** How long an item marked READY by mistake may be brought back to PREPARING. */
export const RECALL_MINUTES = 5;

/** The board's messages (spec 8), with the item's name. */
export const BOARD_MESSAGES = {
  empty: 'Não foi encontrado nenhum pedido!',
  cancelledItem: 'Esse item foi cancelado',
  updated: (name: string) => `O status do item ${name} atualizado com sucesso!`,
  updateFailed: (name: string) => `Ocorreu um problema ao tentar atualizar o status do item ${name}.`,
  alreadyReady: (name: string) => `O item ${name} não pode ser atualizado pois já está pronto!`,
  removed: (name: string) => `O item ${name} removido com sucesso!`,
  removeFailed: (name: string) => `Ocorreu um problema ao tentar remover o item ${name}.`,
  alreadyCancelled: (name: string) => `O item ${name} foi cancelado e não pode ser alterado.`,
  recallExpired: (name: string) =>
    `O item ${name} ficou pronto há mais de ${RECALL_MINUTES} minutos e não pode voltar ao preparo.`,
  recalled: (name: string) => `O item ${name} voltou para o preparo.`,
} as const;

/**
 * The skip-step action of spec 4: PLACED → PREPARING, any other status that is not READY → READY;
 * null for a READY item (refused) and a cancelled one (no action).
 */
export function nextStatus(status: string): 'PREPARING' | 'READY' | null {
  if (status === 'PLACED') return 'PREPARING';
  if (status === 'READY' || status === 'CANCELLED') return null;
  return 'READY';
}

/** `PATCH /api/orders/items/id/{id}/status`: the status the item moves to. */
export const itemStatusInput = z.strictObject({
  status: z.enum(['PREPARING', 'READY'], {
    error: 'Status inválido: use PREPARING ou READY (para cancelar, remova o item).',
  }),
});

/** `DELETE /api/orders/items/id/{id}`: cancelling an item says why (kept with the audit). */
export const cancelItemInput = z.strictObject({ reason });

export const orderItemRecord = z.object({
  id: recordId,
  store_id: recordId,
  order_id: recordId,
  kitchen_id: recordId.nullable(),
  name: z.string(),
  status: z.enum(boardStatuses),
  thumbnail: maybeText,
  quantity: count,
  observations: maybeText,
  complements: z.array(z.object({ name: z.string(), quantity: count })),
  created_at: instant,
  /** When the item last changed status: the stage timers run from here. */
  updated_at: instant,
  customer: z.object({ profile_picture: maybeText, username: z.string() }),
  table: z.object({ number: count }).nullable(),
});

export const orderItems = defineResource({
  name: 'orderItems',
  endpoint: '/api/orders/items',
  label: { one: 'Pedido', many: 'Pedidos' },
  // Every role runs service: the kitchen is the whole team's.
  access: { list: 'store:board', delete: 'store:board' },
  envelope: { list: 'data', one: 'data' },
  storeScoped: true,
  fields: {
    name: { label: 'Item', kind: 'text', list: true },
    status: {
      label: 'Status',
      kind: 'select',
      choices: [
        { id: 'PLACED', name: 'Aguardando' },
        { id: 'PREPARING', name: 'Preparando' },
        { id: 'READY', name: 'Pronto' },
        { id: 'CANCELLED', name: 'Cancelado' },
      ],
      list: true,
    },
    created_at: { label: 'Pedido em', kind: 'datetime', list: true, sortable: true },
  },
  input: itemStatusInput,
  record: orderItemRecord,
  calls: {
    status: {
      method: 'PATCH',
      path: '/id/:id/status',
      access: 'store:board',
      summary:
        'Avança um item no preparo (PLACED → PREPARING → READY), ou o devolve ao preparo até 5 minutos depois de pronto',
    },
  },
  // The kitchen works the oldest first; a service rarely passes a few hundred live items.
  list: { perPage: 500, sort: { field: 'created_at', order: 'ASC' } },
  messages: {
    created: 'Pedido criado.',
    updated: 'Pedido atualizado.',
    deleted: 'Item cancelado.',
    notFound: 'Item não encontrado.',
  },
});

export type OrderItem = RecordOf<typeof orderItems>;
