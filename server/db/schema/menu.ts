import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, nonNegative, oneOf, updatedAt } from './columns';
import { CATEGORY_DISPLAY, INTEGRATION_TYPES, PRODUCT_ICONS } from './enums';
import { accounts, stores } from './platform';

/** Kitchens an order item is routed to, so each kitchen's board shows only its own. */
export const kitchens = pgTable(
  'kitchens',
  {
    id: id(),
    store_id: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    available: boolean('available').notNull().default(true),
    /**
     * The station's receipt printer on the restaurant's network, 'host' or 'host:port' (ESC/POS on
     * TCP 9100 by default); null: none, the station works from the board.
     */
    printer: text('printer'),
    /** Where its tickets go when that printer does not answer: another printer. */
    printer_fallback: text('printer_fallback'),
    /** The printer's paper, in millimetres. */
    paper_width: smallint('paper_width').$type<58 | 80>().notNull().default(80),
    /** Prints a kitchen ticket of each send of items to this station, as it arrives. */
    auto_print: boolean('auto_print').notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('kitchens_store_idx').on(t.store_id, t.name),
    unique('kitchens_id_store_key').on(t.id, t.store_id),
    check('kitchens_paper_width_check', sql`${t.paper_width} in (58, 80)`),
    check('kitchens_printer_check', sql`char_length(${t.printer}) between 1 and 260`),
    check('kitchens_printer_fallback_check', sql`char_length(${t.printer_fallback}) between 1 and 260`),
  ],
);

export const categories = pgTable(
  'categories',
  {
    id: id(),
    store_id: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    display: text('display', { enum: CATEGORY_DISPLAY }).notNull().default('ALL'),
    available: boolean('available').notNull().default(true),
    image: text('image'),
    list_order: integer('list_order').notNull().default(0),
    /** The point-of-sale category this one was imported from (spec: Import). */
    integration_category_id: text('integration_category_id'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('categories_store_order_idx').on(t.store_id, t.list_order, t.id),
    // Importing a category twice finds the first one instead of making another.
    uniqueIndex('categories_store_integration_key')
      .on(t.store_id, t.integration_category_id)
      .where(sql`${t.integration_category_id} is not null`),
    unique('categories_id_store_key').on(t.id, t.store_id),
    check('categories_display_check', oneOf(t.display, CATEGORY_DISPLAY)),
  ],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    store_id: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    category_id: integer('category_id').notNull(),
    kitchen_id: integer('kitchen_id'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    price: integer('price').notNull(),
    external_code: text('external_code').notNull(),
    complement_only: boolean('complement_only').notNull().default(false),
    allow_observations: boolean('allow_observations').notNull().default(true),
    image_aspect_ratio: numeric('image_aspect_ratio', { precision: 2, scale: 1, mode: 'number' })
      .notNull()
      .default(1),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    image: text('image'),
    thumbnail: text('thumbnail'),
    icon: text('icon', { enum: PRODUCT_ICONS }),
    available: boolean('available').notNull().default(true),
    list_priority: integer('list_priority').notNull().default(0),
    n_likes: integer('n_likes').notNull().default(0),
    n_sold: integer('n_sold').notNull().default(0),
    origin: text('origin'),
    integration_code: text('integration_code'),
    integration_name: text('integration_name'),
    integration_category_id: text('integration_category_id'),
    integration_category_name: text('integration_category_name'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    // A product's category and kitchen belong to the product's own store.
    foreignKey({
      name: 'products_category_fk',
      columns: [t.category_id, t.store_id],
      foreignColumns: [categories.id, categories.store_id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'products_kitchen_fk',
      columns: [t.kitchen_id, t.store_id],
      foreignColumns: [kitchens.id, kitchens.store_id],
    }).onDelete('set null (kitchen_id)' as 'set null'),
    unique('products_id_store_key').on(t.id, t.store_id),
    uniqueIndex('products_store_code_key').on(t.store_id, t.external_code),
    uniqueIndex('products_store_integration_key')
      .on(t.store_id, t.integration_code)
      .where(sql`${t.integration_code} is not null`),
    index('products_category_order_idx').on(t.category_id, t.list_priority, t.id),
    index('products_store_name_idx').on(t.store_id, t.name),
    index('products_kitchen_idx').on(t.kitchen_id),
    check('products_price_check', nonNegative(t.price)),
    check('products_aspect_ratio_check', sql`${t.image_aspect_ratio} in (1, 0.8)`),
    check('products_icon_check', sql`${t.icon} is null or ${oneOf(t.icon, PRODUCT_ICONS)}`),
    check('products_counts_check', sql`${t.n_likes} >= 0 and ${t.n_sold} >= 0`),
  ],
);

export const complementGroups = pgTable(
  'complement_groups',
  {
    id: id(),
    store_id: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    min_items: smallint('min_items').notNull().default(0),
    max_items: smallint('max_items').notNull().default(1),
    allow_repeat: boolean('allow_repeat').notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('complement_groups_store_idx').on(t.store_id, t.name),
    unique('complement_groups_id_store_key').on(t.id, t.store_id),
    check(
      'complement_groups_range_check',
      sql`${t.min_items} between 0 and 10 and ${t.max_items} between 0 and 10 and ${t.min_items} <= ${t.max_items}`,
    ),
  ],
);

/** The options inside a complement group: products of the same store. */
export const complementGroupProducts = pgTable(
  'complement_group_products',
  {
    group_id: integer('group_id').notNull(),
    product_id: integer('product_id').notNull(),
    store_id: integer('store_id').notNull(),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.group_id, t.product_id] }),
    foreignKey({
      name: 'complement_group_products_group_fk',
      columns: [t.group_id, t.store_id],
      foreignColumns: [complementGroups.id, complementGroups.store_id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'complement_group_products_product_fk',
      columns: [t.product_id, t.store_id],
      foreignColumns: [products.id, products.store_id],
    }).onDelete('cascade'),
    index('complement_group_products_product_idx').on(t.product_id),
  ],
);

/** The complement groups a product offers (its "complements"). */
export const productComplementGroups = pgTable(
  'product_complement_groups',
  {
    product_id: integer('product_id').notNull(),
    group_id: integer('group_id').notNull(),
    store_id: integer('store_id').notNull(),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.product_id, t.group_id] }),
    foreignKey({
      name: 'product_complement_groups_product_fk',
      columns: [t.product_id, t.store_id],
      foreignColumns: [products.id, products.store_id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'product_complement_groups_group_fk',
      columns: [t.group_id, t.store_id],
      foreignColumns: [complementGroups.id, complementGroups.store_id],
    }).onDelete('cascade'),
    index('product_complement_groups_group_idx').on(t.group_id),
  ],
);

/** Point-of-sale integrations (spec 2.15): at most one active OPDV per store. */
export const integrations = pgTable(
  'integrations',
  {
    id: id(),
    store_id: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    integration_type: text('integration_type', { enum: INTEGRATION_TYPES }).notNull(),
    /** The point of sale's token, encrypted (AES-256-GCM); the API only ever shows its end. */
    token: text('token').notNull(),
    /** The token's last characters, to tell integrations apart without decrypting. */
    token_hint: text('token_hint').notNull().default(''),
    /** Where the point of sale's API answers; none means the configured default. */
    base_url: text('base_url'),
    created_by: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    active: boolean('active').notNull().default(true),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('integrations_created_by_idx').on(t.created_by),
    uniqueIndex('integrations_one_active_per_type')
      .on(t.store_id, t.integration_type)
      .where(sql`${t.active}`),
    check('integrations_type_check', oneOf(t.integration_type, INTEGRATION_TYPES)),
  ],
);
