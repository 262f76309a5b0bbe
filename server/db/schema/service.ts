import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, nonNegative, oneOf, updatedAt } from './columns';
import {
  COUPON_ORDER_TYPES,
  COUPON_STATUS,
  ITEM_STATUS,
  ORDER_ORIGINS,
  ORDER_STATUS,
  PAYMENT_KINDS,
  PAYMENT_METHODS,
  PAYMENT_STATUS,
  BILL_SHARE_STATUS,
  PLATFORMS,
  RESERVATION_STATUS,
  TABLE_STATUS,
} from './enums';
import { accounts, stores } from './platform';
import { customers } from './customers';
import { kitchens, products } from './menu';
import { promoCodes } from './content';

/**
 * A counter per store, moved by triggers on every write to its tables, orders, tickets, order
 * items and payments (migration 0007): the floor's polls answer 304 while it has not moved. No
 * foreign key, so that removing a store (whose rows the triggers see go) never trips on it.
 */
export const floorVersions = pgTable('floor_versions', {
  store_id: integer('store_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** A transaction's id (`pg_current_xact_id()`): which commit an outbox row belongs to. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * The live notices' outbox: one row per move of a store's floor version (the same triggers write
 * both, in the writer's transaction, migration 0025), naming the screens it concerns (`topics`)
 * and the table written. The relay (server/plugins/live.ts) reads the rows newly committed since
 * its last look by `tx`, and a stream that reconnects reads its store's after the version it last
 * saw; housekeeping removes those older than an hour. No foreign key, as floor_versions.
 */
export const storeEvents = pgTable(
  'store_events',
  {
    store_id: integer('store_id').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    topics: text('topics').array().notNull(),
    table_name: text('table_name').notNull(),
    tx: xid8('tx')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.store_id, t.version] }),
    index('store_events_tx_idx').on(t.tx),
    // Rows come in created_at's order: a block range index costs writers next to nothing.
    index('store_events_created_idx').using('brin', t.created_at),
  ],
);

/** Tables of the floor; the number is unique in its store. */
export const tables = pgTable(
  'tables',
  {
    id: id(),
    store_id: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    status: text('status', { enum: TABLE_STATUS }).notNull().default('AVAILABLE'),
    /**
     * The secret of the table's QR code (`k`): guests order only with the current one. 122 random
     * bits; named `token` so that the audit trail writes it masked.
     */
    token: text('token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    token_rotated_at: timestamp('token_rotated_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('tables_store_number_key').on(t.store_id, t.number),
    check('tables_token_check', sql`char_length(${t.token}) between 32 and 64`),
    unique('tables_id_store_key').on(t.id, t.store_id),
    check('tables_status_check', oneOf(t.status, TABLE_STATUS)),
    check('tables_number_check', sql`${t.number} > 0`),
  ],
);

/** A table's tab: opened by the first customer to sit, closed when settled and released. */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    store_id: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    table_id: integer('table_id'),
    order_type: text('order_type', { enum: ORDER_ORIGINS }).notNull().default('INDOOR'),
    status: text('status', { enum: ORDER_STATUS }).notNull().default('OPENED'),
    payment_status: text('payment_status', { enum: PAYMENT_STATUS }).notNull().default('OPEN'),
    waiter_requested: boolean('waiter_requested').notNull().default(false),
    waiter_requested_at: timestamp('waiter_requested_at', { withTimezone: true }),
    /** The customer who called the waiter (the floor shows who). */
    waiter_requester_id: integer('waiter_requester_id').references(() => customers.id, {
      onDelete: 'set null',
    }),
    /** The ticket whose guest called the waiter: any guest, with the app or from the table's QR code. */
    waiter_ticket_id: integer('waiter_ticket_id'),
    subtotal: integer('subtotal').notNull().default(0),
    service_charge: integer('service_charge').notNull().default(0),
    discount: integer('discount').notNull().default(0),
    total: integer('total').notNull().default(0),
    total_paid: integer('total_paid').notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
    closed_at: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({
      name: 'orders_table_fk',
      columns: [t.table_id, t.store_id],
      foreignColumns: [tables.id, tables.store_id],
    }).onDelete('set null (table_id)' as 'set null'),
    unique('orders_id_store_key').on(t.id, t.store_id),
    // One open tab per table.
    uniqueIndex('orders_one_open_per_table')
      .on(t.table_id)
      .where(sql`${t.status} = 'OPENED' and ${t.table_id} is not null`),
    index('orders_table_idx').on(t.table_id),
    index('orders_store_created_idx').on(t.store_id, t.created_at),
    index('orders_store_status_idx').on(t.store_id, t.status, t.created_at),
    index('orders_created_idx').on(t.created_at),
    index('orders_waiter_requester_idx')
      .on(t.waiter_requester_id)
      .where(sql`${t.waiter_requester_id} is not null`),
    check('orders_status_check', oneOf(t.status, ORDER_STATUS)),
    check('orders_payment_status_check', oneOf(t.payment_status, PAYMENT_STATUS)),
    check('orders_type_check', oneOf(t.order_type, ORDER_ORIGINS)),
    check(
      'orders_money_check',
      sql`${t.subtotal} >= 0 and ${t.service_charge} >= 0 and ${t.discount} >= 0 and ${t.total} >= 0 and ${t.total_paid} >= 0`,
    ),
    check('orders_closed_check', sql`(${t.status} = 'CLOSED') = (${t.closed_at} is not null)`),
  ],
);

/**
 * Each guest's part of a tab: an app customer's, a guest without the app whom the staff named
 * (`guest_name`, maybe a phone), or the table's own (neither: 'Pedido da mesa', one per tab).
 */
export const tickets = pgTable(
  'tickets',
  {
    id: id(),
    order_id: integer('order_id').notNull(),
    store_id: integer('store_id').notNull(),
    customer_id: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    guest_name: text('guest_name'),
    guest_phone: text('guest_phone'),
    /** Who opened a ticket at the table (a guest without the app, the table's own). */
    opened_by: integer('opened_by').references(() => accounts.id, { onDelete: 'set null' }),
    /**
     * A guest who ordered from the table's QR code: the SHA-256 of their device's id, so the same
     * phone finds its own ticket again (never the id itself).
     */
    device_hash: text('device_hash'),
    subtotal: integer('subtotal').notNull().default(0),
    service_charge: integer('service_charge').notNull().default(0),
    discount: integer('discount').notNull().default(0),
    total: integer('total').notNull().default(0),
    total_paid: integer('total_paid').notNull().default(0),
    /**
     * The service charge taken off this guest's bill ("tira os 10 %"): why, as the staff wrote it
     * (who and when are in the audit trail). Null: the store's rate applies.
     */
    service_removed_reason: text('service_removed_reason'),
    created_at: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'tickets_order_fk',
      columns: [t.order_id, t.store_id],
      foreignColumns: [orders.id, orders.store_id],
    }).onDelete('cascade'),
    uniqueIndex('tickets_order_customer_key').on(t.order_id, t.customer_id),
    unique('tickets_id_order_key').on(t.id, t.order_id),
    index('tickets_customer_idx').on(t.customer_id, t.created_at),
    // A store's customers and what they consumed there (the loyalty program's figures).
    index('tickets_store_customer_idx').on(t.store_id, t.customer_id, t.created_at),
    // An app customer's ticket has no guest name; a named guest's, a name of 1 to 60 characters
    // and maybe a phone (10 or 11 digits); the table's own, neither.
    check(
      'tickets_guest_check',
      sql`(${t.customer_id} is null or (${t.guest_name} is null and ${t.guest_phone} is null))
        and (${t.guest_name} is null or char_length(${t.guest_name}) between 1 and 60)
        and (${t.guest_phone} is null or (${t.guest_name} is not null and ${t.guest_phone} ~ '^[0-9]{10,11}$'))`,
    ),
    check(
      'tickets_service_removed_reason_check',
      sql`${t.service_removed_reason} is null or char_length(btrim(${t.service_removed_reason})) between 1 and 300`,
    ),
    index('tickets_opened_by_idx')
      .on(t.opened_by)
      .where(sql`${t.opened_by} is not null`),
    // One ticket per phone in a tab; a store's phones, to find a guest's ticket again.
    uniqueIndex('tickets_order_device_key')
      .on(t.order_id, t.device_hash)
      .where(sql`${t.device_hash} is not null`),
    index('tickets_store_device_idx')
      .on(t.store_id, t.device_hash)
      .where(sql`${t.device_hash} is not null`),
    // A phone's ticket is a named guest's, never an app customer's.
    check(
      'tickets_device_check',
      sql`${t.device_hash} is null or (${t.guest_name} is not null and ${t.customer_id} is null)`,
    ),
    // One table's own ticket per tab.
    uniqueIndex('tickets_order_table_key')
      .on(t.order_id)
      .where(sql`${t.customer_id} is null and ${t.guest_name} is null`),
    check(
      'tickets_money_check',
      sql`${t.subtotal} >= 0 and ${t.service_charge} >= 0 and ${t.discount} >= 0 and ${t.total} >= 0 and ${t.total_paid} >= 0`,
    ),
  ],
);

export interface ItemComplement {
  /** The group it was chosen in and the option's product (absent on items ordered before these were kept). */
  group_id?: number;
  product_id?: number;
  name: string;
  price: number;
  quantity: number;
}

/** What a customer ordered; the kitchen board follows its status. */
export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    store_id: integer('store_id').notNull(),
    order_id: integer('order_id').notNull(),
    ticket_id: integer('ticket_id').notNull(),
    product_id: integer('product_id'),
    kitchen_id: integer('kitchen_id'),
    name: text('name').notNull(),
    thumbnail: text('thumbnail'),
    product_price: integer('product_price').notNull(),
    quantity: smallint('quantity').notNull().default(1),
    observations: text('observations'),
    complements: jsonb('complements').$type<ItemComplement[]>().notNull().default([]),
    status: text('status', { enum: ITEM_STATUS }).notNull().default('PLACED'),
    /**
     * A waiter's draft: items chosen at the table and not sent to the kitchen yet (status SAVED),
     * which that waiter alone sees; gone with their account.
     */
    saved_by: integer('saved_by').references(() => accounts.id, { onDelete: 'cascade' }),
    /**
     * A guest's order from the table's QR code waiting for the staff's approval ('Aprovar pedidos
     * da mesa'): SAVED until approved (then PLACED) or refused (then gone).
     */
    held_at: timestamp('held_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'order_items_order_fk',
      columns: [t.order_id, t.store_id],
      foreignColumns: [orders.id, orders.store_id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'order_items_ticket_fk',
      columns: [t.ticket_id, t.order_id],
      foreignColumns: [tickets.id, tickets.order_id],
    }).onDelete('cascade'),
    // The product and the kitchen of an item are its own store's; deleting them keeps the item.
    foreignKey({
      name: 'order_items_product_fk',
      columns: [t.product_id, t.store_id],
      foreignColumns: [products.id, products.store_id],
    }).onDelete('set null (product_id)' as 'set null'),
    foreignKey({
      name: 'order_items_kitchen_fk',
      columns: [t.kitchen_id, t.store_id],
      foreignColumns: [kitchens.id, kitchens.store_id],
    }).onDelete('set null (kitchen_id)' as 'set null'),
    index('order_items_kitchen_idx').on(t.kitchen_id),
    // The kitchen board: a store's live items by status, newest first.
    index('order_items_board_idx').on(t.store_id, t.status, t.created_at),
    index('order_items_order_idx').on(t.order_id),
    index('order_items_ticket_idx').on(t.ticket_id),
    index('order_items_product_idx').on(t.product_id),
    check('order_items_status_check', oneOf(t.status, ITEM_STATUS)),
    check('order_items_price_check', nonNegative(t.product_price)),
    check('order_items_quantity_check', sql`${t.quantity} > 0`),
    check('order_items_complements_check', sql`jsonb_typeof(${t.complements}) = 'array'`),
    // A waiter's draft is never sent as it is: sending places new items and drops the draft.
    check('order_items_saved_by_check', sql`${t.saved_by} is null or ${t.status} = 'SAVED'`),
    check(
      'order_items_held_check',
      sql`${t.held_at} is null or (${t.status} = 'SAVED' and ${t.saved_by} is null)`,
    ),
    // A store's guest orders waiting for approval (the floor's badge).
    index('order_items_held_idx')
      .on(t.order_id)
      .where(sql`${t.held_at} is not null`),
    // A waiter's draft for one guest, read and replaced whole (and found when the account goes).
    index('order_items_draft_idx')
      .on(t.saved_by, t.ticket_id)
      .where(sql`${t.saved_by} is not null`),
  ],
);

/** Money received: physical (at the table, "dar baixa") or digital (in the app). */
/**
 * A tab's bill split into shares ("divide por três", "eu pago o meu"), each paid on its own by its
 * own method (server/service/shares.ts): equal parts of what remains, or amounts (a guest's items,
 * a custom value), mixed on one tab. Paying a share spreads its payments over the guests' tickets
 * by what each owes (`payments.share_id`); a share is paid once.
 */
export const billShares = pgTable(
  'bill_shares',
  {
    id: id(),
    store_id: integer('store_id').notNull(),
    order_id: integer('order_id').notNull(),
    label: text('label').notNull(),
    amount: integer('amount').notNull(),
    status: text('status', { enum: BILL_SHARE_STATUS }).notNull().default('OPEN'),
    /** How it was paid. */
    method: text('method', { enum: PAYMENT_METHODS }),
    paid_at: timestamp('paid_at', { withTimezone: true }),
    created_by: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    paid_by: integer('paid_by').references(() => accounts.id, { onDelete: 'set null' }),
    /** A split by item: the items this share pays (its payer's part of each), so none is split twice. */
    item_ids: integer('item_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    created_at: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'bill_shares_order_fk',
      columns: [t.order_id, t.store_id],
      foreignColumns: [orders.id, orders.store_id],
    }).onDelete('cascade'),
    index('bill_shares_order_idx').on(t.order_id, t.id),
    check('bill_shares_status_check', oneOf(t.status, BILL_SHARE_STATUS)),
    check('bill_shares_amount_check', sql`${t.amount} > 0`),
    check('bill_shares_label_check', sql`char_length(btrim(${t.label})) between 1 and 60`),
    check('bill_shares_method_check', oneOf(t.method, PAYMENT_METHODS)),
    check(
      'bill_shares_paid_check',
      sql`(${t.status} = 'PAID') = (${t.paid_at} is not null and ${t.method} is not null)`,
    ),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    store_id: integer('store_id').notNull(),
    order_id: integer('order_id').notNull(),
    customer_id: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The ticket it pays (a guest's share of the tab); none once that ticket is gone. */
    ticket_id: integer('ticket_id'),
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    amount: integer('amount').notNull(),
    /** The platform's fee on this payment, in cents. */
    fee: integer('fee').notNull().default(0),
    /**
     * Of the amount, what pays the ticket's service charge (the waiters' 10 %), in cents: the
     * ticket's service in proportion to what the payments cover of its total, reckoned on what they
     * cover so far, so that a ticket paid in full has paid its service to the centavo.
     */
    service: integer('service').notNull().default(0),
    /** Who received a payment at the table ('Dar baixa', settling a tab); none for the app's. */
    account_id: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** The share of a split bill this payment is part of. */
    share_id: integer('share_id').references(() => billShares.id, { onDelete: 'set null' }),
    cancelled_at: timestamp('cancelled_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    index('payments_share_idx')
      .on(t.share_id)
      .where(sql`${t.share_id} is not null`),
    foreignKey({
      name: 'payments_order_fk',
      columns: [t.order_id, t.store_id],
      foreignColumns: [orders.id, orders.store_id],
    }).onDelete('cascade'),
    // The ticket is one of the same tab; removing it keeps the payment, for the tab.
    foreignKey({
      name: 'payments_ticket_fk',
      columns: [t.ticket_id, t.order_id],
      foreignColumns: [tickets.id, tickets.order_id],
    }).onDelete('set null (ticket_id)' as 'set null'),
    unique('payments_id_store_key').on(t.id, t.store_id),
    index('payments_ticket_idx').on(t.ticket_id),
    index('payments_store_created_idx').on(t.store_id, t.created_at),
    index('payments_customer_idx').on(t.customer_id),
    index('payments_order_idx').on(t.order_id),
    index('payments_created_idx').on(t.created_at),
    index('payments_account_idx')
      .on(t.account_id)
      .where(sql`${t.account_id} is not null`),
    check('payments_kind_check', oneOf(t.kind, PAYMENT_KINDS)),
    check('payments_method_check', oneOf(t.method, PAYMENT_METHODS)),
    check('payments_amount_check', sql`${t.amount} > 0 and ${t.fee} >= 0 and ${t.fee} <= ${t.amount}`),
    check('payments_service_check', sql`${t.service} between 0 and ${t.amount}`),
  ],
);

/** Discounts granted to a customer: by the loyalty program or a promo code. */
export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    store_id: integer('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    promo_code_id: integer('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
    loyalty: boolean('loyalty').notNull().default(false),
    order_id: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    order_type: text('order_type', { enum: COUPON_ORDER_TYPES }).notNull().default('EITHER'),
    status: text('status', { enum: COUPON_STATUS }).notNull().default('CREATED'),
    discount: numeric('discount', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    amount: integer('amount').notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [
    index('coupons_store_created_idx').on(t.store_id, t.created_at),
    index('coupons_customer_idx').on(t.customer_id),
    index('coupons_order_idx').on(t.order_id),
    index('coupons_promo_code_idx').on(t.promo_code_id),
    // The loyalty program's redemptions of a store's customers (computed, never counted).
    index('coupons_loyalty_used_idx')
      .on(t.store_id, t.customer_id)
      .where(sql`${t.loyalty} and ${t.status} = 'CONFIRMED'`),
    check('coupons_status_check', oneOf(t.status, COUPON_STATUS)),
    check('coupons_order_type_check', oneOf(t.order_type, COUPON_ORDER_TYPES)),
    check('coupons_discount_check', sql`${t.discount} > 0 and ${t.discount} <= 100 and ${t.amount} >= 0`),
  ],
);

export const reservations = pgTable(
  'reservations',
  {
    id: id(),
    store_id: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    customer_id: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    code: text('code').notNull(),
    fullname: text('fullname').notNull(),
    email: text('email'),
    phone: text('phone').notNull(),
    n_persons: smallint('n_persons').notNull(),
    date: timestamp('date', { withTimezone: true }).notNull(),
    observations: text('observations'),
    status: text('status', { enum: RESERVATION_STATUS }).notNull().default('CREATED'),
    /** The table set aside for a confirmed reservation (shown on the floor as its time nears). */
    table_id: integer('table_id'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('reservations_code_key').on(t.code),
    index('reservations_table_idx').on(t.table_id),
    foreignKey({
      name: 'reservations_table_fk',
      columns: [t.table_id, t.store_id],
      foreignColumns: [tables.id, tables.store_id],
    }).onDelete('set null (table_id)' as 'set null'),
    index('reservations_store_date_idx').on(t.store_id, t.date),
    index('reservations_store_status_idx').on(t.store_id, t.status, t.date),
    index('reservations_customer_idx').on(t.customer_id),
    check('reservations_status_check', oneOf(t.status, RESERVATION_STATUS)),
    check('reservations_persons_check', sql`${t.n_persons} between 1 and 100`),
    check('reservations_phone_check', sql`${t.phone} ~ '^[0-9]{10,11}$'`),
  ],
);

/** Visits: a customer checking in at a restaurant (statistics, audiences, trending). */
export const checkins = pgTable(
  'checkins',
  {
    id: id(),
    store_id: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    order_id: integer('order_id'),
    platform: text('platform', { enum: PLATFORMS }).notNull(),
    created_at: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'checkins_order_fk',
      columns: [t.order_id, t.store_id],
      foreignColumns: [orders.id, orders.store_id],
    }).onDelete('set null (order_id)' as 'set null'),
    index('checkins_order_idx').on(t.order_id),
    index('checkins_store_created_idx').on(t.store_id, t.created_at),
    index('checkins_customer_store_idx').on(t.customer_id, t.store_id),
    index('checkins_created_idx').on(t.created_at),
    check('checkins_platform_check', oneOf(t.platform, PLATFORMS)),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    store_id: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    order_id: integer('order_id'),
    rating: smallint('rating').notNull(),
    text: text('text').notNull().default(''),
    /** The restaurant's public answer (beyond the spec, as iFood and Google reviews have), who and when. */
    answer: text('answer'),
    answered_at: timestamp('answered_at', { withTimezone: true }),
    answered_by: integer('answered_by').references(() => accounts.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    index('reviews_answered_by_idx').on(t.answered_by),
    check(
      'reviews_answer_check',
      sql`(${t.answer} is null) = (${t.answered_at} is null) and char_length(${t.answer}) <= 2000`,
    ),
    foreignKey({
      name: 'reviews_order_fk',
      columns: [t.order_id, t.store_id],
      foreignColumns: [orders.id, orders.store_id],
    }).onDelete('set null (order_id)' as 'set null'),
    index('reviews_order_idx').on(t.order_id),
    index('reviews_store_created_idx').on(t.store_id, t.created_at),
    // The reviews screen's filters: by rating, and those still to answer; every store's, newest first.
    index('reviews_store_rating_idx').on(t.store_id, t.rating, t.created_at),
    index('reviews_store_unanswered_idx')
      .on(t.store_id, t.created_at)
      .where(sql`${t.answer} is null`),
    index('reviews_created_idx').on(t.created_at),
    index('reviews_customer_idx').on(t.customer_id),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);
