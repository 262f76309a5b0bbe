import { z } from 'zod';
import { reason } from '../../lib/fields';
import { count, instant, maybeText, recordId } from '../../lib/records';
import { defineResource, type RecordOf } from '../../define';

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

/**
 * The board's messages: spec 8's, with the item's name, and those of a whole card (named as its
 * header reads: 'Mesa 5 · Ana Souza').
 */
export const BOARD_MESSAGES = {
  empty: 'Não foi encontrado nenhum pedido!',
  cancelledItem: 'Esse item foi cancelado',
  updated: (name: string) => `O status do item ${name} atualizado com sucesso!`,
  updateFailed: (name: string) => `Ocorreu um problema ao tentar atualizar o status do item ${name}.`,
  alreadyReady: (name: string) => `O item ${name} não pode ser atualizado pois já está pronto!`,
  removed: (name: string) => `O item ${name} removido com sucesso!`,
  removeFailed: (name: string) => `Ocorreu um problema ao tentar remover o item ${name}.`,
  alreadyCancelled: (name: string) => `O item ${name} foi cancelado e não pode ser alterado.`,
  recalled: (name: string) => `O item ${name} voltou para o preparo.`,
  recallClosed: 'A comanda deste item já foi fechada: ele não pode voltar ao preparo.',
  closedTab: 'A comanda deste item já foi fechada: ele não pode mais mudar de status.',
  cardUpdated: (card: string) => `O status dos itens de ${card} atualizado com sucesso!`,
  cardUpdateFailed: (card: string) =>
    `Ocorreu um problema ao tentar atualizar o status dos itens de ${card}.`,
  cardRecalled: (card: string) => `Os itens de ${card} voltaram para o preparo.`,
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

/** The most items one card's call carries: a table's whole round fits many times over. */
export const CARD_ITEMS_MAX = 100;

const itemId = z
  .int({ error: 'Item inválido.' })
  .positive('Item inválido.')
  .max(2_147_483_647, 'Item inválido.');
const eachOnce = (ids: readonly number[]) => new Set(ids).size === ids.length;
const REPEATED = 'Um item aparece mais de uma vez.';
const TOO_MANY = `No máximo ${CARD_ITEMS_MAX} itens por vez.`;

/**
 * `PATCH /api/orders/items/status`: a whole card one step on, in one transaction. Each item says
 * the status the board showed (`from`); the skip-step of spec 4 is applied to each from there
 * (PLACED → PREPARING, PREPARING → READY). A READY or cancelled item is left as it is, and so is
 * one that another tablet already moved on (two cooks pressing the same card move it one step).
 */
export const cardAdvanceInput = z.strictObject({
  items: z
    .array(z.strictObject({ id: itemId, from: z.enum(boardStatuses, { error: 'Status inválido.' }) }), {
      error: 'Informe os itens a avançar.',
    })
    .min(1, 'Informe os itens a avançar.')
    .max(CARD_ITEMS_MAX, TOO_MANY)
    .refine((items) => eachOnce(items.map((item) => item.id)), REPEATED),
});

/**
 * `PATCH /api/orders/items/recall`: READY items back to PREPARING (a dish sent back, a 'Pronto'
 * pressed by mistake), whatever time has passed; items no longer READY are left as they are.
 */
export const recallInput = z.strictObject({
  ids: z
    .array(itemId, { error: 'Informe os itens a devolver ao preparo.' })
    .min(1, 'Informe os itens a devolver ao preparo.')
    .max(CARD_ITEMS_MAX, TOO_MANY)
    .refine(eachOnce, REPEATED),
});

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
  /**
   * When the item last changed status: when it entered its stage, where the stage timers run from
   * (a PLACED item's stage began when it was ordered, `created_at`).
   */
  updated_at: instant,
  /** The customer's ticket in the tab: the board's cards gather a ticket's items (or a tab's). */
  ticket_id: recordId,
  customer: z.object({ profile_picture: maybeText, username: z.string(), fullname: z.string() }),
  table: z.object({ number: count }).nullable(),
});

export const kitchenBoard = defineResource({
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
        'Avança um item no preparo (PLACED → PREPARING → READY), ou o devolve ao preparo depois de pronto',
    },
    advance: {
      method: 'PATCH',
      path: '/status',
      access: 'store:board',
      summary:
        'Avança de uma vez os itens de um cartão da cozinha, cada um um passo a partir do status mostrado',
    },
    recall: {
      method: 'PATCH',
      path: '/recall',
      access: 'store:board',
      summary: 'Devolve ao preparo itens prontos (um cartão inteiro ou um item), a qualquer tempo',
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

export type OrderItem = RecordOf<typeof kitchenBoard>;
