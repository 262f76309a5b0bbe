import { z } from 'zod';
import { storeIdField } from '../../lib/fields';
import { count, instant, recordId } from '../../lib/records';
import { defineResource, type RecordOf } from '../../define';

/**
 * Tables of the floor (restaurant spec 2 "Tables and floor", 3 Table, 4 table states, 7 Tables).
 * Served by server/routes/tables.ts: the list carries each table's open order, as the floor
 * cards show it.
 */

export const tableStatuses = [
  { id: 'AVAILABLE', name: 'Livre' },
  { id: 'OCCUPIED', name: 'Ocupada' },
] as const;
export type TableStatus = (typeof tableStatuses)[number]['id'];

/** The table form's messages (spec 5): both fields required, numbers only. */
export const TABLE_FIELD_REQUIRED = 'Campo obrigatório.';
export const TABLE_ONLY_NUMBERS = 'Informe somente números.';
export const TABLES_CREATED = 'Mesas criadas com sucesso!';
export const TABLES_NOT_CREATED = 'Não foi possível criar novas mesas.';
export const TABLE_DELETED = 'Mesa excluída com sucesso!';
export const TABLE_DUPLICATE = 'Já existe uma mesa com esse número neste restaurante.';
export const TABLE_NOT_FOUND = 'Mesa não encontrada.';

/** A table's number: a whole number from 1, as the cards and the QR codes show it. */
export const tableNumber = z
  .number({ error: TABLE_ONLY_NUMBERS })
  .int(TABLE_ONLY_NUMBERS)
  .min(1, 'O número da mesa começa em 1.')
  .max(99_999, 'Número de mesa grande demais.');

/** `POST /api/tables`, one call per table (spec 7): a new table starts free. */
export const tableCreateInput = z.strictObject({
  number: tableNumber,
  name: z.string({ error: 'Nome inválido.' }).trim().min(1, TABLE_FIELD_REQUIRED).max(60).optional(),
  status: z.enum(['AVAILABLE'], { error: 'Uma mesa nova começa livre (AVAILABLE).' }).optional(),
  store_id: storeIdField,
});

/** The open order of a table, as its card shows it (spec 3 Table, 4 card indicators). */
export const tableOrder = z.object({
  id: recordId,
  status: z.enum(['OPENED', 'CLOSED']),
  payment_status: z.enum(['OPEN', 'PARTIALLY_PAID', 'PAID']),
  subtotal: count,
  total: count,
  total_paid: count,
  created_at: instant,
  waiter_requested: z.boolean(),
  /** Items the kitchen still works on (ordered or being prepared): the tab cannot close before they are done. */
  in_kitchen: count,
  /** Guest orders from the table's QR code waiting for the staff's approval ('Aprovar pedidos da mesa'). */
  held: count,
  /** The order's customers whose birthday (day and month) is today, in the stores' zone. */
  birthdays: z.array(z.object({ customer_id: recordId, fullname: z.string() })),
});

/**
 * A confirmed reservation set on a table (src/resources/reservations), as its card shows it once
 * its time is near: the floor's read sends today's (São Paulo) and the card picks by the clock.
 */
export const tableReservation = z.object({
  id: recordId,
  fullname: z.string(),
  n_persons: count,
  date: instant,
  code: z.string(),
});

export const tables = defineResource({
  name: 'tables',
  endpoint: '/api/tables',
  label: { one: 'Mesa', many: 'Mesas' },
  // Every role runs service: the floor is the whole team's.
  access: { list: 'store', create: 'store:floor', delete: 'store:floor' },
  envelope: { list: 'data.results', one: 'data' },
  storeScoped: true,
  fields: {
    number: { label: 'Número', kind: 'number', list: true, sortable: true },
    name: { label: 'Mesa', kind: 'text', list: true, sortable: true },
    status: { label: 'Status', kind: 'select', choices: tableStatuses, list: true, sortable: true },
  },
  input: tableCreateInput,
  record: z.object({
    id: recordId,
    store_id: recordId,
    number: count,
    name: z.string(),
    status: z.enum(['AVAILABLE', 'OCCUPIED']),
    /** The table's open order, if any. */
    order_id: recordId.nullable(),
    order: tableOrder.nullable(),
    /** The confirmed reservations set on the table from shortly before today to shortly after, by time. */
    reservations: z.array(tableReservation).optional(),
    /**
     * The secret the table's QR code carries (`k`): the guest page orders only with the current
     * one. A manager rotates it when a printed code must stop working.
     */
    token: z.string(),
    created_at: instant,
  }),
  calls: {
    open: {
      method: 'POST',
      path: '/id/:id/open',
      access: 'store:floor',
      summary:
        'Abre a comanda de uma mesa livre para um cliente sem o app (pelo nome) ou para a própria mesa, e a ocupa',
    },
    rotateToken: {
      method: 'POST',
      path: '/id/:id/token',
      access: 'manager',
      summary: 'Troca o código do QR code de uma mesa: o QR code impresso deixa de valer na hora',
    },
    rotateTokens: {
      method: 'POST',
      path: '/tokens',
      access: 'manager',
      summary: 'Troca os códigos dos QR codes de todas as mesas do restaurante',
    },
    guestSettings: {
      method: 'GET',
      path: '/guest-settings',
      access: 'store',
      summary: 'Os pedidos pelo QR code da mesa: se a equipe aprova cada um antes da cozinha',
    },
    saveGuestSettings: {
      method: 'PUT',
      path: '/guest-settings',
      access: 'store:settings',
      summary: 'Liga ou desliga "Aprovar pedidos da mesa"',
    },
    status: {
      method: 'PATCH',
      path: '/id/:id/status/:status',
      access: 'store:floor',
      summary: 'Muda o status de uma mesa (AVAILABLE a libera; OCCUPIED a ocupa)',
    },
  },
  // A floor rarely passes a few dozen tables: one page holds all of them.
  list: { perPage: 500, sort: { field: 'number', order: 'ASC' }, search: ['name'] },
  messages: {
    created: TABLES_CREATED,
    updated: 'Mesa atualizada.',
    deleted: TABLE_DELETED,
    duplicate: TABLE_DUPLICATE,
    notFound: TABLE_NOT_FOUND,
  },
});

export type Table = RecordOf<typeof tables>;
