import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, nonNegative, oneOf, updatedAt } from './columns';
import {
  FAQ_CATEGORIES,
  GENDERS,
  MEDIA_TYPES,
  NOTIFICATION_STATUS,
  ORDER_ORIGINS,
  PROMO_TYPES,
} from './enums';
import { accounts, stores } from './platform';
import { customers } from './customers';
import { products } from './menu';

export const faqs = pgTable(
  'faqs',
  {
    id: id(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    category: text('category', { enum: FAQ_CATEGORIES }).notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('faqs_category_check', oneOf(t.category, FAQ_CATEGORIES)),
    index('faqs_created_at_idx').on(t.created_at),
    index('faqs_category_idx').on(t.category),
  ],
);

/** The privacy text edited under Dúvidas (spec 2.12): a single row. */
export const privacyTexts = pgTable(
  'privacy_texts',
  {
    id: smallint('id').primaryKey().default(1),
    title: text('title').notNull(),
    text: text('text').notNull(),
    active: boolean('active').notNull().default(true),
    updated_at: updatedAt(),
  },
  (t) => [check('privacy_texts_single_row', sql`${t.id} = 1`)],
);

/** The establishments' terms of use (Política de uso), edited by the platform: a single row. */
export const usagePolicyTexts = pgTable(
  'usage_policy_texts',
  {
    id: smallint('id').primaryKey().default(1),
    title: text('title').notNull(),
    text: text('text').notNull(),
    /** Shown with the text and recorded with each store's acceptance. */
    version: text('version').notNull(),
    updated_at: updatedAt(),
  },
  (t) => [check('usage_policy_texts_single_row', sql`${t.id} = 1`)],
);

/** Who accepted which version of the terms of use for a store, and when. */
export const usagePolicyAcceptances = pgTable(
  'usage_policy_acceptances',
  {
    id: id(),
    store_id: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    account_id: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    version: text('version').notNull(),
    accepted_at: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('usage_policy_acceptances_store_version_key').on(t.store_id, t.version),
    index('usage_policy_acceptances_store_idx').on(t.store_id, t.accepted_at),
    index('usage_policy_acceptances_account_idx').on(t.account_id),
  ],
);

/** Spec 2.13. `origin` and `type` null mean "all". */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: id(),
    code: text('code').notNull(),
    description: text('description').notNull(),
    discount: numeric('discount', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    max_discount: integer('max_discount').notNull().default(0),
    n_available: integer('n_available').notNull(),
    n_uses: integer('n_uses').notNull().default(0),
    origin: text('origin', { enum: ORDER_ORIGINS }),
    type: text('type', { enum: PROMO_TYPES }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    active: boolean('active').notNull().default(true),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_key').on(sql`upper(${t.code})`),
    index('promo_codes_created_at_idx').on(t.created_at),
    check('promo_codes_discount_check', sql`${t.discount} > 0 and ${t.discount} <= 100`),
    check(
      'promo_codes_counts_check',
      sql`${t.n_available} >= 0 and ${t.n_uses} >= 0 and ${t.max_discount} >= 0`,
    ),
    check('promo_codes_origin_check', sql`${t.origin} is null or ${oneOf(t.origin, ORDER_ORIGINS)}`),
    check('promo_codes_type_check', sql`${t.type} is null or ${oneOf(t.type, PROMO_TYPES)}`),
  ],
);

/** Spec 2.10: created, then possibly cancelled; never edited. */
export const pushNotifications = pgTable(
  'push_notifications',
  {
    id: id(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Empty means every gender. */
    genders: text('genders')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Empty means every customer; otherwise customers who visited one of these stores. */
    stores: integer('stores')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    min_age: smallint('min_age'),
    max_age: smallint('max_age'),
    total_sent: integer('total_sent').notNull().default(0),
    status: text('status', { enum: NOTIFICATION_STATUS }).notNull().default('ACTIVE'),
    created_by: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('push_notifications_created_at_idx').on(t.created_at),
    index('push_notifications_created_by_idx').on(t.created_by),
    index('push_notifications_stores_idx').using('gin', t.stores),
    check('push_notifications_status_check', oneOf(t.status, NOTIFICATION_STATUS)),
    check(
      'push_notifications_genders_check',
      sql`${t.genders} <@ array[${sql.raw(GENDERS.map((g) => `'${g}'`).join(', '))}]::text[]`,
    ),
    check(
      'push_notifications_ages_check',
      sql`(${t.min_age} is null or ${t.min_age} between 0 and 120) and (${t.max_age} is null or ${t.max_age} between 0 and 120) and (${t.min_age} is null or ${t.max_age} is null or ${t.min_age} <= ${t.max_age})`,
    ),
    check('push_notifications_total_check', nonNegative(t.total_sent)),
  ],
);

/** Who a notification reached. */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    notification_id: integer('notification_id')
      .notNull()
      .references(() => pushNotifications.id, { onDelete: 'cascade' }),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    sent_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.notification_id, t.customer_id] }),
    index('push_deliveries_customer_idx').on(t.customer_id),
  ],
);

/** Featured feed-hunter posts (spec 2.14). */
export const stories = pgTable(
  'stories',
  {
    id: id(),
    title: text('title').notNull(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    product_id: integer('product_id'),
    store_id: integer('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    media_type: text('media_type', { enum: MEDIA_TYPES }).notNull(),
    image_url: text('image_url'),
    video_url: text('video_url'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('stories_created_at_idx').on(t.created_at),
    index('stories_customer_idx').on(t.customer_id),
    index('stories_product_idx').on(t.product_id),
    index('stories_store_idx').on(t.store_id),
    // A featured product is one of the story's own store.
    foreignKey({
      name: 'stories_product_fk',
      columns: [t.product_id, t.store_id],
      foreignColumns: [products.id, products.store_id],
    }).onDelete('set null (product_id)' as 'set null'),
    check('stories_product_store_check', sql`${t.product_id} is null or ${t.store_id} is not null`),
    check('stories_media_type_check', oneOf(t.media_type, MEDIA_TYPES)),
    check(
      'stories_media_check',
      sql`(${t.media_type} = 'PHOTO' and ${t.image_url} is not null) or (${t.media_type} = 'VIDEO' and ${t.video_url} is not null)`,
    ),
  ],
);

/** The restaurant's wall (mural, restaurant spec 2). */
export const wallPosts = pgTable(
  'wall_posts',
  {
    id: id(),
    store_id: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    image: text('image'),
    n_views: integer('n_views').notNull().default(0),
    active: boolean('active').notNull().default(true),
    pinned: boolean('pinned').notNull().default(false),
    list_order: integer('list_order').notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('wall_posts_store_order_idx').on(t.store_id, t.list_order, t.id),
    check('wall_posts_views_check', nonNegative(t.n_views)),
  ],
);
