import { and, eq, sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { createdAt, id, oneOf, updatedAt } from './columns';
import {
  ACCOUNT_ROLES,
  ACCOUNT_STATUS,
  APP_SKINS,
  KITCHEN_GROUPINGS,
  PIX_KEY_TYPES,
  STORE_STATUS,
} from './enums';
import { TEAM_ROLE_IDS } from '../../../contract/permissions';

export interface TimePeriod {
  start_time: string; // HH:mm
  end_time: string;
}
export interface DayHours {
  day_of_week: number; // 0 Sunday … 6 Saturday
  time_periods: TimePeriod[];
}
export interface StoreLink {
  title: string;
  url: string;
  active: boolean;
  icon?: string;
}
/**
 * When a kitchen board's ticket timer turns amber (`warn`) and red (`late`), in minutes since the
 * item entered its stage: PLACED items waiting, PREPARING items being made.
 */
export interface KitchenTimers {
  placed: { warn: number; late: number };
  preparing: { warn: number; late: number };
}

export const DEFAULT_KITCHEN_TIMERS: KitchenTimers = {
  placed: { warn: 5, late: 10 },
  preparing: { warn: 12, late: 20 },
};

export interface DefaultLinks {
  menu: StoreLink;
  reservations: StoreLink;
}

export const cuisines = pgTable(
  'cuisines',
  {
    id: id(),
    name: text('name').notNull(),
    name_key: text('name_key').notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('cuisines_name_key').on(t.name_key), index('cuisines_name_idx').on(t.name)],
);

/** Cities where the platform operates. */
export const operations = pgTable(
  'operations',
  {
    id: id(),
    name: text('name').notNull(),
    name_key: text('name_key').notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('operations_name_key').on(t.name_key), index('operations_name_idx').on(t.name)],
);

/** Restaurants (platform-admin spec 3; restaurant spec 3, store settings). */
export const stores = pgTable(
  'stores',
  {
    id: id(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    company_name: text('company_name'),
    cnpj: text('cnpj'),
    phone: text('phone'),
    whatsapp: text('whatsapp'),
    site: text('site'),
    instagram: text('instagram'),
    description: text('description'),
    full_description: text('full_description'),
    cousine_id: integer('cousine_id').references(() => cuisines.id, { onDelete: 'set null' }),
    operation_id: integer('operation_id').references(() => operations.id, { onDelete: 'set null' }),
    status: text('status', { enum: STORE_STATUS }).notNull().default('OK'),
    logo_white: text('logo_white'),
    logo_black: text('logo_black'),
    bg_image: text('bg_image'),
    // Address.
    street: text('street'),
    street_number: text('street_number'),
    neighborhood: text('neighborhood'),
    zip_code: text('zip_code'),
    city: text('city'),
    uf: text('uf'),
    maps_url: text('maps_url'),
    // Legal responsible and the account that runs the store.
    name_responsible: text('name_responsible'),
    cpf: text('cpf'),
    email: text('email'),
    phone_responsible: text('phone_responsible'),
    email_admin: text('email_admin'),
    // Platform fees, percent of each payment.
    feedme_physical_tax: numeric('feedme_physical_tax', { precision: 5, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    feedme_digital_tax: numeric('feedme_digital_tax', { precision: 5, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    service_charge: numeric('service_charge', { precision: 5, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    app_skin: text('app_skin', { enum: APP_SKINS }).notNull().default('WHITE'),
    opening_hours: jsonb('opening_hours').$type<DayHours[]>().notNull().default([]),
    reservations: boolean('reservations').notNull().default(false),
    reservation_hours: jsonb('reservation_hours').$type<DayHours[]>().notNull().default([]),
    links: jsonb('links').$type<StoreLink[]>().notNull().default([]),
    default_links: jsonb('default_links').$type<DefaultLinks | null>(),
    kitchen_timers: jsonb('kitchen_timers').$type<KitchenTimers>().notNull().default(DEFAULT_KITCHEN_TIMERS),
    /** How the kitchen board groups items into cards: per customer's ticket at a table, or per table. */
    kitchen_grouping: text('kitchen_grouping', { enum: KITCHEN_GROUPINGS }).notNull().default('ticket'),
    /** 'Aprovar pedidos da mesa': guest orders from a table's QR code wait for the staff's approval. */
    guest_approval: boolean('guest_approval').notNull().default(false),
    // Kept in step with reviews, so the restaurant list needs no aggregate per row.
    n_ratings: integer('n_ratings').notNull().default(0),
    rating: numeric('rating', { precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    list_order: integer('list_order').notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('stores_slug_key').on(t.slug),
    // A CNPJ names one establishment (each branch has its own): two restaurants never share one.
    uniqueIndex('stores_cnpj_key').on(t.cnpj),
    index('stores_list_order_idx').on(t.list_order, t.id),
    index('stores_status_idx').on(t.status),
    index('stores_cousine_idx').on(t.cousine_id),
    index('stores_operation_idx').on(t.operation_id),
    index('stores_name_search_idx').using('gin', sql`immutable_unaccent(lower(${t.name})) gin_trgm_ops`),
    check('stores_status_check', oneOf(t.status, STORE_STATUS)),
    check('stores_app_skin_check', oneOf(t.app_skin, APP_SKINS)),
    check('stores_uf_check', sql`${t.uf} is null or ${t.uf} ~ '^[A-Z]{2}$'`),
    check('stores_cnpj_check', sql`${t.cnpj} is null or ${t.cnpj} ~ '^[0-9]{14}$'`),
    check('stores_cpf_check', sql`${t.cpf} is null or ${t.cpf} ~ '^[0-9]{11}$'`),
    check(
      'stores_fees_check',
      sql`${t.feedme_physical_tax} between 0 and 100 and ${t.feedme_digital_tax} between 0 and 100 and ${t.service_charge} between 0 and 100`,
    ),
    check('stores_rating_check', sql`${t.rating} between 0 and 5 and ${t.n_ratings} >= 0`),
    check(
      'stores_hours_check',
      sql`jsonb_typeof(${t.opening_hours}) = 'array' and jsonb_typeof(${t.reservation_hours}) = 'array'`,
    ),
    check('stores_links_check', sql`jsonb_typeof(${t.links}) = 'array'`),
    check('stores_kitchen_timers_check', sql`jsonb_typeof(${t.kitchen_timers}) = 'object'`),
    check('stores_kitchen_grouping_check', oneOf(t.kitchen_grouping, KITCHEN_GROUPINGS)),
  ],
);

/** Bank accounts a store is paid into (read-only on the store detail; financial views). */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: id(),
    store_id: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    bank_code: text('bank_code').notNull(),
    bank_name: text('bank_name').notNull(),
    /** Branch and account digits, each with its check digit apart (the branch's is optional). */
    agency: text('agency').notNull(),
    agency_digit: text('agency_digit'),
    account: text('account').notNull(),
    account_digit: text('account_digit').notNull(),
    account_type: text('account_type', { enum: ['CHECKING', 'SAVINGS'] }).notNull(),
    holder_name: text('holder_name').notNull(),
    holder_document: text('holder_document').notNull(),
    pix_key: text('pix_key'),
    pix_key_type: text('pix_key_type', { enum: PIX_KEY_TYPES }),
    is_default: boolean('is_default').notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [
    index('bank_accounts_store_idx').on(t.store_id),
    unique('bank_accounts_id_store_key').on(t.id, t.store_id),
    uniqueIndex('bank_accounts_one_default')
      .on(t.store_id)
      .where(sql`${t.is_default}`),
    check('bank_accounts_type_check', oneOf(t.account_type, ['CHECKING', 'SAVINGS'])),
    check('bank_accounts_pix_check', sql`(${t.pix_key} is null) = (${t.pix_key_type} is null)`),
    check('bank_accounts_pix_type_check', oneOf(t.pix_key_type, PIX_KEY_TYPES)),
    check(
      'bank_accounts_digits_check',
      sql`${t.agency} ~ '^[0-9]{4}$' and ${t.account} ~ '^[0-9]{1,12}$' and ${t.account_digit} ~ '^[0-9X]$' and (${t.agency_digit} is null or ${t.agency_digit} ~ '^[0-9X]$')`,
    ),
  ],
);

/**
 * Everyone who signs in to the back-office: platform administrators (role ADMIN, no store) and
 * the members of restaurants' teams (role MEMBER), whose stores and roles are their memberships.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    fullname: text('fullname').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    password_hash: text('password_hash'),
    /** ADMIN or MEMBER (see ACCOUNT_ROLES). */
    role: text('role').notNull(),
    /** The store a member worked in last: signing in lands there. */
    last_store_id: integer('last_store_id').references(() => stores.id, { onDelete: 'set null' }),
    permissions: jsonb('permissions').$type<Record<string, number>>().notNull().default({}),
    status: text('status', { enum: ACCOUNT_STATUS }).notNull().default('ACTIVE'),
    /** Tokens issued before this instant no longer open anything. */
    password_changed_at: timestamp('password_changed_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('accounts_email_key').on(sql`lower(${t.email})`),
    index('accounts_last_store_idx').on(t.last_store_id),
    index('accounts_role_idx').on(t.role),
    check('accounts_status_check', oneOf(t.status, ACCOUNT_STATUS)),
    check('accounts_role_check', oneOf(t.role, ACCOUNT_ROLES)),
    // Administrators work on the platform, never in one store.
    check('accounts_admin_store_check', sql`${t.role} <> 'ADMIN' or ${t.last_store_id} is null`),
  ],
);

/**
 * A person on a store's team: one account may work in several stores, with a role in each
 * (contract/permissions.ts). Removing the last membership of an account removes the account.
 */
export const memberships = pgTable(
  'memberships',
  {
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    store_id: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.account_id, t.store_id] }),
    index('memberships_store_role_idx').on(t.store_id, t.role),
    check('memberships_role_check', oneOf(t.role, TEAM_ROLE_IDS)),
  ],
);

/**
 * What a role of a store may do, as the store's managers chose it; a role without a row holds
 * the defaults (DEFAULT_PERMISSIONS). Managers always hold everything and have no row.
 */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    store_id: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    permissions: text('permissions').array().notNull(),
    updated_at: updatedAt(),
    updated_by: integer('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.store_id, t.role] }),
    check('role_permissions_role_check', sql`${t.role} in ('WAITER', 'CASHIER', 'KITCHEN', 'STAFF')`),
  ],
);

/** The join of a membership to what its role may do in its store (none: the role's defaults). */
export const membershipPermissions = and(
  eq(rolePermissions.store_id, memberships.store_id),
  eq(rolePermissions.role, memberships.role),
)!;

/**
 * One row per token request ("key"). Rows exist for unknown e-mails too, so that the answer
 * and the rate limits are the same whether or not the account exists.
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    key: text('key').primaryKey(),
    email: text('email').notNull(),
    account_id: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    requester_ip: text('requester_ip').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    index('password_tokens_email_idx').on(sql`lower(${t.email})`, t.created_at),
    index('password_tokens_ip_idx').on(t.requester_ip, t.created_at),
    index('password_tokens_account_idx').on(t.account_id),
  ],
);
