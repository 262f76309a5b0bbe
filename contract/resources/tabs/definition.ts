import { z } from 'zod';
import { optionalReason, reason } from '../../lib/fields';
import { formatCents } from '../../lib/format';
import { count, instant, maybeText, recordId } from '../../lib/records';
import { defineResource, type RecordOf, type RowOf } from '../../define';

/**
 * Tabs (comandas) and everything done to them at the table: the orders API of restaurant spec 3
 * (Order/tab, Ticket), 4 (order and payment states, releasing, 'Dar baixa') and 7 (Orders,
 * Payments). Served by server/routes/orders.ts; the tabs screen (/commands) is this definition's
 * generated list, and the floor (/hall) reads one order through it.
 */

export const orderStatuses = [
  { id: 'OPENED', name: 'aberto' },
  { id: 'CLOSED', name: 'fechado' },
] as const;
export const paymentStatuses = [
  { id: 'OPEN', name: 'Em aberto' },
  { id: 'PARTIALLY_PAID', name: 'Parcialmente pago' },
  { id: 'PAID', name: 'Pago' },
] as const;
export const itemStatuses = [
  { id: 'PLACED', name: 'Aguardando' },
  { id: 'PREPARING', name: 'Preparando' },
  { id: 'READY', name: 'Pronto' },
  { id: 'CANCELLED', name: 'Cancelado' },
  { id: 'SAVED', name: 'No carrinho' },
] as const;
/** How money was received at the table; the app's payments are card or Pix. */
export const paymentMethods = [
  { id: 'CREDIT_CARD', name: 'Cartão de crédito' },
  { id: 'DEBIT_CARD', name: 'Cartão de débito' },
  { id: 'PIX', name: 'Pix' },
  { id: 'CASH', name: 'Dinheiro' },
  { id: 'MEAL_VOUCHER', name: 'Vale-refeição' },
] as const;

export type OrderStatus = (typeof orderStatuses)[number]['id'];
export type PaymentStatus = (typeof paymentStatuses)[number]['id'];
export type PaymentMethod = (typeof paymentMethods)[number]['id'];

/** 'Pix', 'Cartão de crédito'…: a method as people say it. */
export const methodName = (method: PaymentMethod): string =>
  paymentMethods.find((choice) => choice.id === method)!.name;

const ids = <T extends readonly { id: string }[]>(choices: T) =>
  choices.map((choice) => choice.id) as unknown as [T[number]['id'], ...T[number]['id'][]];

/** What one tab's answer may add (spec 7: `include=payments,coupons,birthdays,checkins`). */
export const orderIncludes = ['payments', 'coupons', 'birthdays', 'checkins'] as const;
export type OrderInclude = (typeof orderIncludes)[number];
/** The query the floor's panel and the tabs' modal read a tab with: everything it may add. */
export const WHOLE_TAB = { include: orderIncludes.join(',') };

/** The floor's messages (restaurant spec 8, Salon). */
export const ORDER_MESSAGES = {
  paid: 'Baixa dada na comanda!',
  itemsSent: 'Pedido enviado para a cozinha!',
  tableOpened: 'Mesa aberta!',
  guestAdded: 'Cliente adicionado à comanda!',
  tableTicketTaken: 'Esta comanda já tem o pedido da mesa.',
  heldApproved: 'Pedido aprovado e enviado para a cozinha!',
  heldRejected: 'Pedido recusado.',
  heldGone: 'Este pedido não está mais aguardando aprovação.',
  waiterDismissed: 'Garçom liberado!',
  moved: 'Comanda transferida.',
  merged: 'Mesas juntadas.',
  settled: 'Comanda acertada.',
  notFound: 'Comanda não encontrada.',
  paymentRemoved: 'Pagamento removido.',
  moveUndone: 'Transferência desfeita.',
  mergeUndone: 'Mesas separadas de novo.',
} as const;

/**
 * Money needs a decision, not a default: a tab settled while it still owes says how the balance
 * was received and why it is settled at once (the reason goes to the audit).
 */
export const SETTLE_MESSAGES = {
  method: 'Escolha a forma de pagamento.',
  owedNeedsMethod: (owed: number) =>
    `A comanda ainda tem ${formatCents(owed)} em aberto: informe a forma de pagamento com que foram recebidos.`,
  owedNeedsReason: (owed: number) =>
    `A comanda ainda tem ${formatCents(owed)} em aberto: informe o motivo de acertá-la de uma vez.`,
} as const;

/** Removing a payment received at the table: what the server refuses, in the floor's words. */
export const PAYMENT_MESSAGES = {
  notFound: 'Pagamento não encontrado.',
  digital: 'Pagamentos feitos pelo app não podem ser removidos aqui.',
  closedTab: 'A comanda está fechada: seus pagamentos não podem mais ser removidos.',
  alreadyRemoved: 'Este pagamento já foi removido.',
} as const;

/** How long a move or a join can be undone from the floor's notice ('Desfazer'). */
export const UNDO_SECONDS = 10;

/** Why an undo is refused. */
export const UNDO_MESSAGES = {
  invalid: 'Não foi possível desfazer: o pedido não é desta comanda ou foi alterado.',
  late: `Não é mais possível desfazer: passaram-se mais de ${UNDO_SECONDS} segundos.`,
  tableTaken: (number: number) =>
    `Não é possível desfazer: a mesa ${number} foi ocupada desde a transferência.`,
  moved: 'Não é possível desfazer: a comanda mudou de mesa ou foi fechada desde então.',
  changed: 'Não é possível desfazer: as comandas mudaram desde que as mesas foram juntadas.',
} as const;

/** `POST /api/payments/physical` (spec 7): money received at the table for one customer's ticket. */
export const physicalPaymentInput = z
  .strictObject({
    order_id: recordId.describe('A comanda'),
    customer_id: recordId.optional().describe('O cliente (do app) dono da comanda individual'),
    ticket_id: recordId
      .optional()
      .describe('A comanda individual, de um cliente do app ou não (no lugar de customer_id)'),
    amount: z
      .number({ error: 'Informe o valor em centavos.' })
      .int('Informe o valor em centavos (um número inteiro).')
      .min(1, 'O valor precisa ser maior que zero.')
      .max(100_000_000, 'Valor grande demais.'),
    method: z
      .enum(ids(paymentMethods), {
        error: `Forma de pagamento inválida: use ${ids(paymentMethods).join(', ')}.`,
      })
      .optional(),
  })
  .refine((body) => body.customer_id !== undefined || body.ticket_id !== undefined, {
    error: 'Informe a comanda individual (ticket_id) ou o cliente (customer_id).',
  });

/**
 * What settling a tab says (spec 4, releasing a table): for a tab that still owes, how the balance
 * was received and why it is settled at once — both required then (the server says so with the
 * amount); a tab that owes nothing needs neither, as the spec's client sends.
 */
export const settleInput = z.strictObject({
  method: physicalPaymentInput.shape.method,
  reason: optionalReason,
});

/** `PATCH /api/orders/id/:id` with `{ settle: true }`: the spec's client settles a tab so. */
export const orderUpdateInput = z.strictObject({
  settle: z.literal(true, { error: 'A única alteração de uma comanda é { "settle": true }.' }),
  ...settleInput.shape,
});

/** The release dialog's decision on a balance: the method chosen (no default) and the reason. */
export const balanceDecision = z.strictObject({
  method: z.enum(ids(paymentMethods), { error: SETTLE_MESSAGES.method }),
  reason,
});

/** `DELETE /api/payments/id/:id`: why a payment received at the table is taken back. */
export const removePaymentInput = z.strictObject({ reason });

/** Undoing a move or a join: the token its answer gave. */
export const undoInput = z.strictObject({
  token: z
    .string({ error: UNDO_MESSAGES.invalid })
    .min(1, UNDO_MESSAGES.invalid)
    .max(20_000, UNDO_MESSAGES.invalid),
});

/** What a move or a join answers besides the tab: how to undo it, for UNDO_SECONDS. */
export const undoOffer = z.object({ token: z.string() });

/** Moving a tab to a free table, or joining it to an occupied table's tab. */
export const targetTableInput = z.strictObject({
  table_id: recordId.describe('A mesa de destino'),
});

const person = z.object({
  id: recordId,
  fullname: z.string(),
  username: z.string(),
  profile_picture: maybeText,
});

export const orderItem = z.object({
  id: recordId,
  product_id: recordId.nullable(),
  name: z.string(),
  thumbnail: maybeText,
  status: z.enum(ids(itemStatuses)),
  /** Price of one unit, without complements, in cents. */
  product_price: count,
  quantity: count,
  complements: z.array(z.object({ name: z.string(), price: count, quantity: count })),
  observations: maybeText,
  created_at: instant,
});

export const orderPayment = z.object({
  id: recordId,
  customer_id: recordId.nullable(),
  kind: z.enum(['PHYSICAL', 'DIGITAL']),
  method: z.enum(ids(paymentMethods)),
  amount: count,
  created_at: instant,
});

export const orderCoupon = z.object({
  id: recordId,
  customer_id: recordId,
  loyalty: z.boolean(),
  /** Percent off. */
  discount: z.number(),
  amount: count,
});

/** One customer's part of the tab (spec 3 Ticket), its items without the SAVED ones (still in the cart). */
/** The name of the table's own ticket (neither an app customer's nor a named guest's). */
export const TABLE_TICKET_NAME = 'Pedido da mesa';

export const orderTicket = z.object({
  id: recordId,
  order_id: recordId,
  /** The app customer's; none for a guest without the app, or the table's own ticket. */
  customer_id: recordId.nullable(),
  /**
   * A guest without the app: the name the staff wrote or the guest gave on the table's QR page
   * (`qr`), and a phone the staff noted (null for the others).
   */
  guest: z.object({ name: z.string(), phone: z.string().nullable(), qr: z.boolean() }).nullable(),
  /**
   * Who the ticket is, as the floor shows it: the app customer; a guest without the app (their
   * name, no username or picture, id null); the table's own ('Pedido da mesa').
   */
  customer: person.extend({
    id: recordId.nullable(),
    /** The birthday's day and month are today's, in São Paulo (the card's ribbon). */
    birthday: z.boolean(),
    /** Visits to this restaurant (with include=checkins). */
    checkins: count.optional(),
  }),
  subtotal: count,
  service_charge: count,
  /** Why the service charge was taken off this bill; null while the store's rate applies. */
  service_removed_reason: z.string().nullable(),
  discount: count,
  total: count,
  total_paid: count,
  payment_status: z.enum(ids(paymentStatuses)),
  created_at: instant,
  items: z.array(orderItem),
  /** Orders from the table's QR code waiting for the staff's approval (SAVED until approved). */
  held: z.array(orderItem),
  payments: z.array(orderPayment).optional(),
  coupons: z.array(orderCoupon).optional(),
});

/** One tab as the floor's side panel and the tabs' modal read it (`GET /api/orders/id/:id`). */
export const orderRecord = z.object({
  id: recordId,
  store_id: recordId,
  table_id: recordId.nullable(),
  table_number: count.nullable(),
  order_type: z.enum(['INDOOR', 'DELIVERY']),
  status: z.enum(ids(orderStatuses)),
  payment_status: z.enum(ids(paymentStatuses)),
  subtotal: count,
  service_charge: count,
  discount: count,
  total: count,
  total_paid: count,
  created_at: instant,
  closed_at: instant.nullable(),
  waiter_requested: z.boolean(),
  waiter_requested_at: instant.nullable(),
  /** Who called the waiter, while the call is on: an app customer, or a guest by name (id null). */
  waiter_requester: person.extend({ id: recordId.nullable() }).nullable(),
  /** Customers of the tab whose birthday is today (with include=birthdays). */
  birthdays: z.array(z.object({ customer_id: recordId, fullname: z.string() })).optional(),
  tickets: z.array(orderTicket),
});

/** A line of the tabs list. */
export const orderRow = z.object({
  id: recordId,
  store_id: recordId,
  table_number: count.nullable(),
  order_type: z.enum(['INDOOR', 'DELIVERY']),
  status: z.enum(ids(orderStatuses)),
  payment_status: z.enum(ids(paymentStatuses)),
  n_customers: count,
  total: count,
  total_paid: count,
  created_at: instant,
  closed_at: instant.nullable(),
});

export const tabs = defineResource({
  name: 'commands',
  endpoint: '/api/orders',
  label: { one: 'Comanda', many: 'Comandas' },
  // Every role runs service (docs/ARCHITECTURE.md, roles inside a store).
  access: { list: 'store:tabs', one: 'store', update: 'store:payments' },
  envelope: { list: 'data.results', one: 'data' },
  storeScoped: true,
  fields: {
    table_number: { label: 'Mesa', kind: 'number', list: true, text: (r) => tableText(r.table_number) },
    created_at: { label: 'Data', kind: 'datetime', list: true, sortable: true },
    status: { label: 'Status', kind: 'select', choices: orderStatuses, list: true },
    payment_status: { label: 'Pagamento', kind: 'select', choices: paymentStatuses, list: true },
    n_customers: { label: 'Clientes', kind: 'number', list: true },
    total: { label: 'Total', kind: 'money', list: true, sortable: true },
    total_paid: { label: 'Total pago', kind: 'money', list: true, sortable: true },
  },
  input: orderUpdateInput,
  updateInput: orderUpdateInput,
  record: orderRecord,
  row: orderRow,
  calls: {
    addGuest: {
      method: 'POST',
      path: '/id/:id/tickets',
      access: 'store:floor',
      summary:
        'Junta à comanda aberta um cliente sem o app (pelo nome) ou a comanda da própria mesa, que recebem itens e pagam como os outros',
    },
    menu: {
      method: 'GET',
      path: '/menu',
      access: 'store:floor',
      summary:
        'O cardápio para lançar pedidos: categorias, produtos, grupos de complementos e opções, com a disponibilidade de agora',
    },
    addItems: {
      method: 'POST',
      path: '/id/:id/items',
      access: 'store:floor',
      summary:
        'O garçom lança itens na comanda individual de um cliente: conferidos com o cardápio e com o preço dele, cada item vai para a cozinha do seu produto',
    },
    draft: {
      method: 'GET',
      path: '/id/:id/tickets/:ticket_id/draft',
      access: 'store:floor',
      summary:
        'O rascunho do garçom para um cliente da comanda: os itens escolhidos e ainda não enviados, que só ele vê',
    },
    saveDraft: {
      method: 'PUT',
      path: '/id/:id/tickets/:ticket_id/draft',
      access: 'store:floor',
      summary:
        'Guarda o rascunho do garçom para um cliente da comanda (substitui o anterior; vazio o descarta), conferido com o cardápio',
    },
    settle: {
      method: 'POST',
      path: '/id/:id/settle',
      access: 'store:payments',
      summary:
        'Acerta a comanda: o saldo de cada cliente é dado como recebido na mesa, e a comanda é fechada',
    },
    close: {
      method: 'POST',
      path: '/id/:id/close',
      access: 'store:floor',
      summary: 'Fecha uma comanda já paga (ou sem consumo)',
    },
    approveHeld: {
      method: 'POST',
      path: '/id/:id/held/approve',
      access: 'store:floor',
      summary: 'Aprova pedidos feitos pelo QR code da mesa: os itens vão para a cozinha',
    },
    rejectHeld: {
      method: 'POST',
      path: '/id/:id/held/reject',
      access: 'store:floor',
      summary: 'Recusa pedidos feitos pelo QR code da mesa, com o motivo',
    },
    dismissWaiter: {
      method: 'POST',
      path: '/id/:id/waiter/dismiss',
      access: 'store:floor',
      summary: 'Libera o garçom chamado pela mesa',
    },
    move: {
      method: 'POST',
      path: '/id/:id/move',
      access: 'store:floor',
      summary: 'Transfere a comanda para uma mesa livre',
    },
    merge: {
      method: 'POST',
      path: '/id/:id/merge',
      access: 'store:floor',
      summary: 'Junta a comanda à comanda aberta de outra mesa (a mesa de origem fica livre)',
    },
    physicalPayment: {
      method: 'POST',
      path: '/api/payments/physical',
      access: 'store:payments',
      summary: "Registra um pagamento recebido na mesa ('Dar baixa') para a comanda de um cliente",
    },
    pixCode: {
      method: 'GET',
      path: '/id/:id/tickets/:ticket_id/pix',
      access: 'store:payments',
      summary:
        "O código Pix ('copia e cola' e QR code) do saldo de um cliente da comanda, para a chave Pix do restaurante; o pagamento é confirmado com 'Dar baixa'",
    },
    shares: {
      method: 'GET',
      path: '/id/:id/shares',
      access: 'store',
      summary:
        'As partes da conta dividida da comanda, o que ela deve e o que ainda não está em nenhuma parte',
    },
    splitBill: {
      method: 'POST',
      path: '/id/:id/shares',
      access: 'store:payments',
      summary:
        'Divide o que falta pagar da comanda em partes iguais ou em valores (os itens de um cliente, um valor combinado)',
    },
    payShare: {
      method: 'POST',
      path: '/id/:id/shares/:share_id/pay',
      access: 'store:payments',
      summary: 'Recebe o pagamento de uma parte da conta, pela sua forma de pagamento: uma vez só',
    },
    sharePix: {
      method: 'GET',
      path: '/id/:id/shares/:share_id/pix',
      access: 'store:payments',
      summary:
        "O código Pix ('copia e cola' e QR code) de uma parte da conta dividida; com um provedor Pix, uma cobrança que o webhook dá como paga",
    },
    cancelShares: {
      method: 'DELETE',
      path: '/id/:id/shares',
      access: 'store:payments',
      summary: 'Desfaz as partes ainda não pagas da conta dividida',
    },
    printPreBill: {
      method: 'POST',
      path: '/id/:id/prebill',
      access: 'store:floor',
      summary:
        'Imprime a conferência de conta da mesa na impressora de uma cozinha (ou na fila do agente de impressão dela)',
    },
    printReceipt: {
      method: 'POST',
      path: '/api/payments/id/:id/receipt',
      access: 'store:floor',
      summary:
        'Imprime o comprovante de um pagamento da comanda na impressora de uma cozinha (ou na fila do agente de impressão dela)',
    },
    serviceCharge: {
      method: 'POST',
      path: '/id/:id/tickets/:ticket_id/service',
      access: 'store:payments',
      summary:
        'Retira o serviço da conta de um cliente da comanda (com o motivo, que fica no histórico) ou volta a cobrá-lo',
    },
    removePayment: {
      method: 'DELETE',
      path: '/api/payments/id/:id',
      access: 'store:payments',
      summary: "Remove um pagamento recebido na mesa ('Dar baixa') de uma comanda ainda aberta, com o motivo",
    },
    undoMove: {
      method: 'POST',
      path: '/id/:id/move/undo',
      access: 'store:floor',
      summary: 'Desfaz a transferência (até 10 segundos depois), se a mesa de origem ainda estiver livre',
    },
    undoMerge: {
      method: 'POST',
      path: '/id/:id/merge/undo',
      access: 'store:floor',
      summary: 'Separa de novo as comandas juntadas (até 10 segundos depois), se nada mudou nelas',
    },
  },
  list: {
    perPage: 25,
    // Newest first: tonight's open tabs lead the list.
    sort: { field: 'created_at', order: 'DESC' },
    path: '/search',
  },
  screens: {
    audience: 'staff',
    edit: false,
    titles: { list: 'Comandas' },
  },
  messages: {
    created: 'Comanda aberta.',
    updated: 'Comanda atualizada.',
    deleted: 'Comanda removida.',
    notFound: ORDER_MESSAGES.notFound,
  },
});

/** A tab's table as the list reads it; a delivery has none. */
function tableText(value: unknown): string {
  return typeof value === 'number' ? String(value) : '—';
}

export type Order = RecordOf<typeof tabs>;
export type OrderRow = RowOf<typeof tabs>;
export type OrderTicket = Order['tickets'][number];
export type OrderItem = OrderTicket['items'][number];
