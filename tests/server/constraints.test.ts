/**
 * The database itself refuses impossible states: every CHECK, UNIQUE (unique indexes, partial ones
 * included), composite primary key and FOREIGN KEY of the schema is tried here with a row that
 * breaks it, next to the rows it must still accept, and the refusal must carry the expected
 * SQLSTATE and constraint name. Every NOT NULL column of the drizzle schema is tried with a null.
 *
 * A final test reads the catalog and fails if any constraint or unique index of the database has
 * no case here, so a constraint added later needs a case, and one removed from the migrations
 * makes its case fail (the database accepts the row, or answers with another constraint).
 *
 * Each case runs in its own transaction that is rolled back, so cases never see each other's rows;
 * the fixtures (two stores with a menu, tables, orders, tickets…) are committed once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { is, sql, TransactionRollbackError } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../server/db/schema';
import { pgConstraint, pgErrorCode, rows, type Db } from '../../server/db/client';
import { createTestApp, type TestApp } from './helpers';

const CHECK = '23514';
const UNIQUE = '23505';
const FOREIGN_KEY = '23503';
const NOT_NULL = '23502';
type SqlState = typeof CHECK | typeof UNIQUE | typeof FOREIGN_KEY | typeof NOT_NULL;

/** An id no row has. */
const MISSING = 2_147_483_647;

// ---------------------------------------------------------------------------------------------
// Rows as data: column → value, turned into SQL literals when a case runs (fixture ids are only
// known then).

const FIXTURES = [
  'cuisine',
  'operation',
  'storeA',
  'storeB',
  'staffA',
  'customer',
  'customer2',
  'kitchenA',
  'kitchenB',
  'categoryA',
  'categoryB',
  'productA',
  'productB',
  'groupA',
  'groupB',
  'tableA',
  'tableB',
  'orderA1',
  'orderA2',
  'orderB',
  'ticketA1',
  'ticketA2',
  'ticketB',
  'paymentA',
  'promo',
  'push',
  'programA',
  'bankA',
  'depositA',
] as const;
type Fixture = (typeof FIXTURES)[number];

/** The id of a fixture row, resolved when the statement runs. */
class Ref {
  constructor(readonly name: Fixture) {}
}
/** SQL written as is (an expression, or a whole statement). */
class Raw {
  constructor(readonly sql: string) {}
}

type Value = string | number | boolean | null | Ref | Raw;
type Row = Record<string, Value>;

const ref = Object.fromEntries(FIXTURES.map((name) => [name, new Ref(name)])) as Record<Fixture, Ref>;
const ids = {} as Record<Fixture, number>;
const raw = (text: string) => new Raw(text);
const json = (value: unknown) => raw(`'${JSON.stringify(value).replaceAll("'", "''")}'::jsonb`);

let counter = 0;
/** A fresh number, for columns that must be unique. */
const n = () => ++counter;

/** A minimal row each table accepts: every NOT NULL column without a default, and its parents. */
const valid = {
  cuisines: () => ({ name: 'Italiana', name_key: `italiana-${n()}` }),
  operations: () => ({ name: 'Recife', name_key: `recife-${n()}` }),
  stores: () => ({ name: 'Cantina Teste', slug: `cantina-teste-${n()}` }),
  accounts: () => ({
    fullname: 'Gerente Teste',
    email: `gerente${n()}@painel.test`,
    role: 'MEMBER',
    last_store_id: ref.storeA,
  }),
  memberships: () => ({ account_id: ref.staffA, store_id: ref.storeB, role: 'WAITER' }),
  role_permissions: () => ({
    store_id: ref.storeA,
    role: 'WAITER',
    permissions: raw(`'{floor,board}'::text[]`),
  }),
  audit_events: () => ({
    chain: 'platform',
    seq: 1_000_000 + n(),
    at: raw('now()'),
    resource: 'teste',
    action: 'create',
    prev_hash: 'a',
    hash: 'b',
  }),
  audit_chains: () => ({ chain: `store:${n()}`, seq: 0, hash: 'a' }),
  password_tokens: () => ({
    key: `chave-${n()}`,
    email: 'gerente@painel.test',
    account_id: ref.staffA,
    token_hash: 'hash',
    requester_ip: '127.0.0.1',
    expires_at: raw(`now() + interval '1 hour'`),
  }),
  sessions: () => ({
    id: `00000000-0000-4000-8000-${String(n()).padStart(12, '0')}`,
    account_id: ref.staffA,
    scope: 'session',
    expires_at: raw(`now() + interval '1 day'`),
  }),
  attempt_counters: () => ({ key: `login:address:10.0.0.${n()}`, count: 1 }),
  idempotency_keys: () => ({
    scope: `${ref.staffA} POST /api/reservations`,
    key: `chave-${n()}`,
    request_hash: 'ab',
  }),
  floor_versions: () => ({ store_id: 100_000 + n(), version: 1 }),
  store_events: () => ({
    store_id: 100_000 + n(),
    version: 1,
    topics: raw(`'{floor}'::text[]`),
    table_name: 'tables',
  }),
  stored_files: () => ({
    path: `images/${ref.storeA}/${n()}-abc.png`,
    owner: String(ref.storeA),
    account_id: ref.staffA,
    bytes: 68,
  }),
  bank_accounts: () => ({
    store_id: ref.storeA,
    bank_code: '001',
    bank_name: 'Banco do Brasil',
    agency: '1234',
    account: '56789',
    account_digit: '0',
    account_type: 'CHECKING',
    holder_name: 'Cantina Teste Ltda',
    holder_document: '12345678000190',
  }),
  customers: () => ({
    fullname: 'Maria da Silva',
    username: `maria${n()}`,
    email: `maria${n()}@email.test`,
  }),
  faqs: () => ({ title: 'Como reservo?', text: 'Pelo aplicativo.', category: 'CUSTOMER' }),
  privacy_texts: () => ({ id: 1, title: 'Privacidade', text: 'Texto' }),
  usage_policy_texts: () => ({ id: 1, title: 'Termos de uso', text: 'Texto', version: '1.0' }),
  usage_policy_acceptances: () => ({ store_id: ref.storeA, account_id: ref.staffA, version: `1.${n()}` }),
  promo_codes: () => ({
    code: `PROMO${n()}`,
    description: 'Dez por cento',
    discount: 10,
    n_available: 100,
    expires_at: raw(`now() + interval '30 days'`),
  }),
  push_notifications: () => ({ title: 'Sexta!', body: 'Chope em dobro' }),
  push_deliveries: () => ({ notification_id: ref.push, customer_id: ref.customer }),
  stories: () => ({
    title: 'Melhor lasanha',
    customer_id: ref.customer,
    media_type: 'PHOTO',
    image_url: '/uploads/images/post.webp',
  }),
  wall_posts: () => ({ store_id: ref.storeA, title: 'Música ao vivo', body: 'Sexta às 20h' }),
  kitchens: () => ({ store_id: ref.storeA, name: 'Cozinha quente' }),
  categories: () => ({ store_id: ref.storeA, name: 'Massas' }),
  products: () => ({
    store_id: ref.storeA,
    category_id: ref.categoryA,
    kitchen_id: ref.kitchenA,
    name: 'Lasanha',
    price: 4590,
    external_code: `COD${n()}`,
  }),
  complement_groups: () => ({ store_id: ref.storeA, name: 'Molhos', min_items: 0, max_items: 2 }),
  complement_group_products: () => ({ group_id: ref.groupA, product_id: ref.productA, store_id: ref.storeA }),
  product_complement_groups: () => ({ product_id: ref.productA, group_id: ref.groupA, store_id: ref.storeA }),
  integrations: () => ({ store_id: ref.storeA, integration_type: 'OPDV', token: 'token-opdv' }),
  tables: () => ({ store_id: ref.storeA, number: 100 + n(), name: 'Mesa' }),
  orders: () => ({ store_id: ref.storeA }),
  tickets: () => ({ order_id: ref.orderA1, store_id: ref.storeA, customer_id: ref.customer2 }),
  bill_shares: () => ({ store_id: ref.storeA, order_id: ref.orderA1, label: 'Parte 1 de 2', amount: 1000 }),
  pix_charges: () => ({
    store_id: ref.storeA,
    order_id: ref.orderA1,
    ticket_id: ref.ticketA1,
    txid: `PAINEL1C1X${String(n()).padStart(20, '0')}`,
    amount: 1000,
    code: '00020101021226',
  }),
  print_jobs: () => ({
    store_id: ref.storeA,
    kind: 'KITCHEN',
    kitchen_id: ref.kitchenA,
    order_id: ref.orderA1,
    document: json({ title: 'Cozinha · Mesa 1', lines: [] }),
  }),
  order_items: () => ({
    store_id: ref.storeA,
    order_id: ref.orderA1,
    ticket_id: ref.ticketA1,
    product_id: ref.productA,
    kitchen_id: ref.kitchenA,
    name: 'Lasanha',
    product_price: 4590,
  }),
  payments: () => ({
    store_id: ref.storeA,
    order_id: ref.orderA1,
    customer_id: ref.customer,
    kind: 'PHYSICAL',
    method: 'PIX',
    amount: 4590,
    fee: 92,
  }),
  coupons: () => ({ store_id: ref.storeA, customer_id: ref.customer, discount: 10 }),
  reservations: () => ({
    store_id: ref.storeA,
    code: `RES${n()}`,
    fullname: 'João Souza',
    phone: '81999998888',
    n_persons: 2,
    date: raw(`now() + interval '1 day'`),
  }),
  checkins: () => ({ store_id: ref.storeA, customer_id: ref.customer, platform: 'IOS' }),
  reviews: () => ({ store_id: ref.storeA, customer_id: ref.customer, rating: 5 }),
  // Store A has the fixture program; one per store.
  loyalty_programs: () => ({ store_id: ref.storeB, consumption: 10000, discount: 10 }),
  loyalty_progress: () => ({ program_id: ref.programA, customer_id: ref.customer }),
  deposits: () => ({
    store_id: ref.storeA,
    bank_account_id: ref.bankA,
    amount: 10000,
    deposit_date: '2026-01-15',
  }),
  statement_entries: () => ({
    store_id: ref.storeA,
    payment_id: ref.paymentA,
    kind: 'RECEIVED',
    amount: 4590,
    description: 'Pagamento',
    available_on: '2026-02-15',
  }),
  // The rollups' rows: days far from the fixtures', which the triggers fill for today.
  store_days: () => ({ store_id: ref.storeA, day: raw(`date '2001-01-01' + ${n()}`) }),
  platform_days: () => ({ day: raw(`date '2001-01-01' + ${n()}`) }),
  product_days: () => ({
    store_id: ref.storeA,
    product_id: ref.productA,
    day: raw(`date '2001-01-01' + ${n()}`),
  }),
  statement_days: () => ({ store_id: ref.storeA, day: raw(`date '2001-01-01' + ${n()}`) }),
  statement_months: () => ({
    store_id: ref.storeA,
    month: raw(`(date '1901-01-01' + ${n()} * interval '1 month')::date`),
  }),
  // No fixture writes a statement line, so no store has its totals yet.
  statement_totals: () => ({ store_id: ref.storeA }),
} satisfies Record<string, () => Row>;
type TableName = keyof typeof valid;

/** An insert of a valid row with some columns changed, or a raw statement. */
type Statement = readonly [table: TableName, changes?: Row] | Raw;

function literal(value: Value): string {
  if (value === null) return 'null';
  if (value instanceof Raw) return value.sql;
  if (value instanceof Ref) {
    const id = ids[value.name];
    if (id === undefined) throw new Error(`fixture ${value.name} not created`);
    return String(id);
  }
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  return String(value);
}

function toSql(statement: Statement, returning?: string) {
  if (statement instanceof Raw) return sql.raw(statement.sql);
  const [table, changes] = statement;
  const row: Row = { ...valid[table](), ...changes };
  const columns = Object.keys(row);
  return sql.raw(
    `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns
      .map((c) => literal(row[c]!))
      .join(', ')})${returning ? ` returning "${returning}"` : ''}`,
  );
}

// ---------------------------------------------------------------------------------------------
// The cases.

interface Case {
  constraint: string;
  code: SqlState;
  /** The impossible state, in words. */
  state: string;
  /** The row the database must refuse. */
  refuses: Statement;
  /** Run first and must succeed: the neighbouring rows the constraint must still allow. */
  before?: Statement[];
}

const check = (constraint: string, state: string, refuses: Statement, before?: Statement[]): Case => ({
  constraint,
  code: CHECK,
  state,
  refuses,
  before,
});
const unique = (constraint: string, state: string, refuses: Statement, before?: Statement[]): Case => ({
  constraint,
  code: UNIQUE,
  state,
  refuses,
  before,
});
const foreignKey = (constraint: string, state: string, refuses: Statement, before?: Statement[]): Case => ({
  constraint,
  code: FOREIGN_KEY,
  state,
  refuses,
  before,
});
/** A single-column reference to a row that does not exist. */
const dangling = (constraint: string, table: TableName, column: string, changes: Row = {}): Case =>
  foreignKey(constraint, `${table}.${column} pointing to no row`, [table, { [column]: MISSING, ...changes }]);

const cases: Case[] = [
  // Platform: stores, cuisines, operations, accounts, bank accounts.
  check(
    'stores_status_check',
    'a store status outside OK/INACTIVE/CLOSED',
    ['stores', { status: 'ATIVO' }],
    [
      ['stores', { status: 'OK' }],
      ['stores', { status: 'INACTIVE' }],
      ['stores', { status: 'CLOSED' }],
    ],
  ),
  check(
    'stores_kitchen_grouping_check',
    "a kitchen board's grouping other than ticket or table",
    ['stores', { kitchen_grouping: 'mesa' }],
    [
      ['stores', { kitchen_grouping: 'ticket' }],
      ['stores', { kitchen_grouping: 'table' }],
    ],
  ),
  check(
    'stores_app_skin_check',
    'an app skin other than WHITE/BLACK',
    ['stores', { app_skin: 'GREEN' }],
    [['stores', { app_skin: 'BLACK' }]],
  ),
  check('stores_uf_check', 'a lower-case UF', ['stores', { uf: 'pe' }], [['stores', { uf: 'PE' }]]),
  check('stores_uf_check', 'a three-letter UF', ['stores', { uf: 'PER' }]),
  check(
    'stores_cnpj_check',
    'a masked CNPJ',
    ['stores', { cnpj: '12.345.678/0001-90' }],
    [['stores', { cnpj: '12345678000190' }]],
  ),
  check(
    'stores_cpf_check',
    'a masked legal-responsible CPF',
    ['stores', { cpf: '529.982.247-25' }],
    [['stores', { cpf: '52998224725' }]],
  ),
  check('stores_fees_check', 'a negative physical fee', ['stores', { feedme_physical_tax: -1 }]),
  check(
    'stores_fees_check',
    'a digital fee above 100%',
    ['stores', { feedme_digital_tax: 100.01 }],
    [['stores', { feedme_physical_tax: 100, feedme_digital_tax: 2.5, service_charge: 10 }]],
  ),
  check('stores_fees_check', 'a service charge above 100%', ['stores', { service_charge: 101 }]),
  check('stores_rating_check', 'a rating above 5', ['stores', { rating: 5.01 }], [['stores', { rating: 5 }]]),
  check('stores_rating_check', 'a negative rating count', ['stores', { n_ratings: -1 }]),
  check(
    'stores_hours_check',
    'opening hours that are not a list',
    ['stores', { opening_hours: json({}) }],
    [
      [
        'stores',
        {
          opening_hours: json([
            { day_of_week: 0, time_periods: [{ start_time: '11:00', end_time: '15:00' }] },
          ]),
        },
      ],
    ],
  ),
  check('stores_hours_check', 'reservation hours that are not a list', [
    'stores',
    { reservation_hours: json('11:00') },
  ]),
  check('stores_links_check', 'links that are not a list', ['stores', { links: json({ title: 'Menu' }) }]),
  check(
    'stores_kitchen_timers_check',
    'kitchen timers that are not an object',
    ['stores', { kitchen_timers: json([5, 10]) }],
    [
      [
        'stores',
        { kitchen_timers: json({ placed: { warn: 3, late: 6 }, preparing: { warn: 8, late: 15 } }) },
      ],
    ],
  ),
  unique(
    'stores_slug_key',
    'two stores with one slug',
    ['stores', { slug: 'cantina-bella' }],
    [['stores', { slug: 'cantina-bella' }]],
  ),
  unique(
    'stores_cnpj_key',
    'two stores with one CNPJ',
    ['stores', { slug: 'primeira', cnpj: '11222333000181' }],
    [['stores', { slug: 'segunda', cnpj: '11222333000181' }]],
  ),
  dangling('stores_cousine_id_cuisines_id_fk', 'stores', 'cousine_id'),
  dangling('stores_operation_id_operations_id_fk', 'stores', 'operation_id'),
  unique(
    'cuisines_name_key',
    'a cuisine twice',
    ['cuisines', { name: 'Japonesa', name_key: 'japonesa' }],
    [['cuisines', { name: 'japonesa', name_key: 'japonesa' }]],
  ),
  unique(
    'operations_name_key',
    'an operation city twice',
    ['operations', { name_key: 'sao paulo' }],
    [['operations', { name_key: 'sao paulo' }]],
  ),
  check('accounts_status_check', 'an account status outside ACTIVE/INACTIVE', [
    'accounts',
    { status: 'BLOCKED' },
  ]),
  check(
    'accounts_admin_store_check',
    'an administrator bound to a store',
    ['accounts', { role: 'ADMIN', last_store_id: ref.storeA }],
    [['accounts', { role: 'ADMIN', last_store_id: null }]],
  ),
  check(
    'accounts_role_check',
    "an account whose role is a store's role (roles in a store are memberships)",
    ['accounts', { role: 'MANAGER' }],
    [['accounts', { role: 'MEMBER', last_store_id: null }]],
  ),
  unique(
    'memberships_account_id_store_id_pk',
    'one person twice on a team',
    ['memberships', { role: 'CASHIER' }],
    [['memberships', {}]],
  ),
  check('memberships_role_check', 'a membership whose role is not a team role', [
    'memberships',
    { role: 'ADMIN' },
  ]),
  dangling('memberships_account_id_accounts_id_fk', 'memberships', 'account_id'),
  dangling('memberships_store_id_stores_id_fk', 'memberships', 'store_id'),
  unique(
    'role_permissions_store_id_role_pk',
    "a role's permissions twice in one store",
    ['role_permissions', {}],
    [['role_permissions', {}]],
  ),
  check('role_permissions_role_check', 'permissions for the managers, who hold them all', [
    'role_permissions',
    { role: 'MANAGER' },
  ]),
  dangling('role_permissions_store_id_stores_id_fk', 'role_permissions', 'store_id'),
  dangling('role_permissions_updated_by_accounts_id_fk', 'role_permissions', 'updated_by'),
  dangling('sessions_store_id_stores_id_fk', 'sessions', 'store_id'),
  unique(
    'audit_events_chain_seq_key',
    'two rows at one place of a chain',
    ['audit_events', { chain: 'store:7', seq: 3 }],
    [['audit_events', { chain: 'store:7', seq: 3 }]],
  ),
  unique(
    'audit_chains_pkey',
    'a chain twice',
    ['audit_chains', { chain: 'store:9' }],
    [['audit_chains', { chain: 'store:9' }]],
  ),
  unique(
    'accounts_email_key',
    'two accounts whose e-mails differ only in case',
    ['accounts', { email: 'gerente@CANTINA.test' }],
    [['accounts', { email: 'Gerente@Cantina.test' }]],
  ),
  dangling('accounts_last_store_id_stores_id_fk', 'accounts', 'last_store_id'),
  unique(
    'password_tokens_pkey',
    'a token key twice',
    ['password_tokens', { key: 'chave' }],
    [['password_tokens', { key: 'chave' }]],
  ),
  dangling('password_tokens_account_id_accounts_id_fk', 'password_tokens', 'account_id'),
  unique(
    'sessions_pkey',
    'a session id twice',
    ['sessions', { id: '00000000-0000-4000-8000-00000000abcd' }],
    [['sessions', { id: '00000000-0000-4000-8000-00000000abcd' }]],
  ),
  dangling('sessions_account_id_accounts_id_fk', 'sessions', 'account_id'),
  unique(
    'floor_versions_pkey',
    "a store's floor version twice",
    ['floor_versions', { store_id: 99_999 }],
    [['floor_versions', { store_id: 99_999 }]],
  ),
  unique(
    'store_events_store_id_version_pk',
    "a store's event of one version twice",
    ['store_events', { store_id: 99_999, version: 7 }],
    [['store_events', { store_id: 99_999, version: 7 }]],
  ),
  unique(
    'attempt_counters_pkey',
    'a counter key twice',
    ['attempt_counters', { key: 'login:address:10.9.9.9' }],
    [['attempt_counters', { key: 'login:address:10.9.9.9' }]],
  ),
  unique(
    'idempotency_keys_scope_key_pk',
    "a caller's key twice on one route",
    ['idempotency_keys', { scope: '1 POST /api/reservations', key: 'chave-repetida' }],
    [['idempotency_keys', { scope: '1 POST /api/reservations', key: 'chave-repetida' }]],
  ),
  unique(
    'stored_files_pkey',
    'a stored file path twice',
    ['stored_files', { path: 'images/1/1-abc.png' }],
    [['stored_files', { path: 'images/1/1-abc.png' }]],
  ),
  dangling('stored_files_account_id_accounts_id_fk', 'stored_files', 'account_id'),
  check('bank_accounts_type_check', 'an account type outside CHECKING/SAVINGS', [
    'bank_accounts',
    { account_type: 'POUPANCA' },
  ]),
  unique(
    'bank_accounts_one_default',
    'two default bank accounts for one store',
    ['bank_accounts', { is_default: true }],
    [
      ['bank_accounts', { is_default: true, account_type: 'SAVINGS' }],
      ['bank_accounts', { is_default: false }],
      ['bank_accounts', { is_default: true, store_id: ref.storeB }],
    ],
  ),
  dangling('bank_accounts_store_id_stores_id_fk', 'bank_accounts', 'store_id'),
  check(
    'bank_accounts_pix_check',
    'a PIX key without its type',
    ['bank_accounts', { pix_key: 'financeiro@cantina.test' }],
    [['bank_accounts', { pix_key: 'financeiro@cantina.test', pix_key_type: 'EMAIL' }]],
  ),
  check('bank_accounts_pix_type_check', 'a PIX key type outside the five', [
    'bank_accounts',
    { pix_key: 'x', pix_key_type: 'BOLETO' },
  ]),
  check(
    'bank_accounts_digits_check',
    'an account number written with its check digit',
    ['bank_accounts', { account: '56789-0' }],
    [['bank_accounts', { agency_digit: 'X', account_digit: 'X' }]],
  ),
  // The rollups: one row per store and day, per day, per store, day and product.
  unique(
    'store_days_pkey',
    'a store with two rows for one day',
    ['store_days', { day: '2000-06-01' }],
    [
      ['store_days', { day: '2000-06-01' }],
      ['store_days', { day: '2000-06-01', store_id: ref.storeB }],
    ],
  ),
  dangling('store_days_store_id_stores_id_fk', 'store_days', 'store_id'),
  unique(
    'platform_days_pkey',
    'the platform with two rows for one day',
    ['platform_days', { day: '2000-06-01' }],
    [['platform_days', { day: '2000-06-01' }]],
  ),
  unique(
    'product_days_pkey',
    'a product with two rows for one day',
    ['product_days', { day: '2000-06-01' }],
    [['product_days', { day: '2000-06-01' }]],
  ),
  foreignKey('product_days_product_fk', 'a product of another store counted for this one', [
    'product_days',
    { product_id: ref.productB },
  ]),
  // The statement's rollups: one row per store and day, per store and month, per store.
  unique(
    'statement_days_pkey',
    'a store with two statement rows for one day',
    ['statement_days', { day: '2000-06-01' }],
    [
      ['statement_days', { day: '2000-06-01' }],
      ['statement_days', { day: '2000-06-01', store_id: ref.storeB }],
    ],
  ),
  dangling('statement_days_store_id_stores_id_fk', 'statement_days', 'store_id'),
  unique(
    'statement_months_pkey',
    'a store with two statement rows for one month',
    ['statement_months', { month: '2000-06-01' }],
    [
      ['statement_months', { month: '2000-06-01' }],
      ['statement_months', { month: '2000-06-01', store_id: ref.storeB }],
    ],
  ),
  dangling('statement_months_store_id_stores_id_fk', 'statement_months', 'store_id'),
  unique(
    'statement_totals_pkey',
    'a store with two statement totals',
    ['statement_totals', {}],
    [
      ['statement_totals', {}],
      ['statement_totals', { store_id: ref.storeB }],
    ],
  ),
  dangling('statement_totals_store_id_stores_id_fk', 'statement_totals', 'store_id'),

  // Customers.
  check(
    'customers_gender_check',
    'a gender outside M/F/O',
    ['customers', { gender: 'X' }],
    [
      ['customers', { gender: 'O' }],
      ['customers', { gender: null }],
    ],
  ),
  check('customers_status_check', 'a customer status outside ACTIVE/INACTIVE/BLOCKED', [
    'customers',
    { status: 'DELETED' },
  ]),
  check('customers_platform_check', 'a platform outside IOS/ANDROID', ['customers', { platform: 'WEB' }]),
  check('customers_cpf_check', 'a masked CPF', ['customers', { cpf: '529.982.247-25' }]),
  check('customers_cpf_check', 'a CPF of ten digits', ['customers', { cpf: '5299822472' }]),
  unique(
    'customers_username_key',
    'two usernames differing only in case',
    ['customers', { username: 'mariasilva' }],
    [['customers', { username: 'MariaSilva' }]],
  ),
  unique(
    'customers_email_key',
    'two customer e-mails differing only in case',
    ['customers', { email: 'maria@email.test' }],
    [['customers', { email: 'Maria@Email.TEST' }]],
  ),
  unique(
    'customers_cpf_key',
    'two customers with one CPF',
    ['customers', { cpf: '52998224725' }],
    [
      ['customers', { cpf: '52998224725' }],
      ['customers', { cpf: null }],
      ['customers', { cpf: null }],
    ],
  ),

  // Content: FAQ, privacy text, promo codes, push notifications, stories, wall.
  check(
    'faqs_category_check',
    'a FAQ category outside MERCHANT/CUSTOMER',
    ['faqs', { category: 'STAFF' }],
    [['faqs', { category: 'MERCHANT' }]],
  ),
  check('privacy_texts_single_row', 'a second privacy text', ['privacy_texts', { id: 2 }]),
  unique('privacy_texts_pkey', 'the privacy text twice', ['privacy_texts'], [['privacy_texts']]),
  check('usage_policy_texts_single_row', 'a second terms of use', ['usage_policy_texts', { id: 2 }]),
  unique(
    'usage_policy_texts_pkey',
    'the terms of use twice',
    ['usage_policy_texts'],
    [['usage_policy_texts']],
  ),
  unique(
    'usage_policy_acceptances_store_version_key',
    "a store's acceptance of one version twice",
    ['usage_policy_acceptances', { version: '2.0' }],
    [
      ['usage_policy_acceptances', { version: '2.0' }],
      ['usage_policy_acceptances', { version: '2.0', store_id: ref.storeB }],
    ],
  ),
  dangling('usage_policy_acceptances_store_id_stores_id_fk', 'usage_policy_acceptances', 'store_id'),
  dangling('usage_policy_acceptances_account_id_accounts_id_fk', 'usage_policy_acceptances', 'account_id'),
  check(
    'promo_codes_discount_check',
    'a promo code of 0%',
    ['promo_codes', { discount: 0 }],
    [['promo_codes', { discount: 100 }]],
  ),
  check('promo_codes_discount_check', 'a promo code above 100%', ['promo_codes', { discount: 100.5 }]),
  check('promo_codes_counts_check', 'negative uses available', ['promo_codes', { n_available: -1 }]),
  check('promo_codes_counts_check', 'negative uses', ['promo_codes', { n_uses: -1 }]),
  check('promo_codes_counts_check', 'a negative maximum discount', ['promo_codes', { max_discount: -1 }]),
  check(
    'promo_codes_origin_check',
    'an origin outside INDOOR/DELIVERY',
    ['promo_codes', { origin: 'PICKUP' }],
    [
      ['promo_codes', { origin: 'DELIVERY' }],
      ['promo_codes', { origin: null }],
    ],
  ),
  check(
    'promo_codes_type_check',
    'a type outside FIRST_USE/NORMAL',
    ['promo_codes', { type: 'VIP' }],
    [['promo_codes', { type: 'FIRST_USE' }]],
  ),
  unique(
    'promo_codes_code_key',
    'two promo codes differing only in case',
    ['promo_codes', { code: 'natal10' }],
    [['promo_codes', { code: 'NATAL10' }]],
  ),
  check('push_notifications_status_check', 'a notification status outside ACTIVE/CANCELLED', [
    'push_notifications',
    { status: 'SENT' },
  ]),
  check(
    'push_notifications_genders_check',
    'a gender outside M/F/O in the audience',
    ['push_notifications', { genders: '{M,X}' }],
    [['push_notifications', { genders: '{M,F}' }]],
  ),
  check(
    'push_notifications_ages_check',
    'a minimum age above the maximum',
    ['push_notifications', { min_age: 40, max_age: 18 }],
    [
      ['push_notifications', { min_age: 18, max_age: 18 }],
      ['push_notifications', { min_age: 18, max_age: null }],
    ],
  ),
  check('push_notifications_ages_check', 'a negative minimum age', ['push_notifications', { min_age: -1 }]),
  check('push_notifications_ages_check', 'a maximum age of 121', ['push_notifications', { max_age: 121 }]),
  check('push_notifications_total_check', 'a negative sent count', [
    'push_notifications',
    { total_sent: -1 },
  ]),
  dangling('push_notifications_created_by_accounts_id_fk', 'push_notifications', 'created_by'),
  unique(
    'push_deliveries_notification_id_customer_id_pk',
    'one notification delivered twice to a customer',
    ['push_deliveries'],
    [['push_deliveries'], ['push_deliveries', { customer_id: ref.customer2 }]],
  ),
  dangling('push_deliveries_notification_id_push_notifications_id_fk', 'push_deliveries', 'notification_id'),
  dangling('push_deliveries_customer_id_customers_id_fk', 'push_deliveries', 'customer_id'),
  // stories_media_check implies this one (and PostgreSQL tries checks by name); without it, this one answers.
  check(
    'stories_media_type_check',
    'a media type outside PHOTO/VIDEO',
    ['stories', { media_type: 'AUDIO' }],
    [raw('alter table stories drop constraint stories_media_check')],
  ),
  check(
    'stories_media_check',
    'a PHOTO story without image_url',
    ['stories', { media_type: 'PHOTO', image_url: null, video_url: '/uploads/videos/post.mp4' }],
    [['stories', { media_type: 'VIDEO', image_url: null, video_url: '/uploads/videos/post.mp4' }]],
  ),
  check('stories_media_check', 'a VIDEO story without video_url', [
    'stories',
    { media_type: 'VIDEO', image_url: '/uploads/images/post.webp' },
  ]),
  dangling('stories_customer_id_customers_id_fk', 'stories', 'customer_id'),
  foreignKey(
    'stories_product_fk',
    "a story featuring another store's product",
    ['stories', { store_id: ref.storeA, product_id: ref.productB }],
    [['stories', { store_id: ref.storeB, product_id: ref.productB }]],
  ),
  check('stories_product_store_check', "a featured product without the story's store", [
    'stories',
    { product_id: ref.productA, store_id: null },
  ]),
  dangling('stories_store_id_stores_id_fk', 'stories', 'store_id'),
  check('wall_posts_views_check', 'a negative view count', ['wall_posts', { n_views: -1 }]),
  dangling('wall_posts_store_id_stores_id_fk', 'wall_posts', 'store_id'),

  // Menu: kitchens, categories, products, complement groups, integrations.
  dangling('kitchens_store_id_stores_id_fk', 'kitchens', 'store_id'),
  check(
    'categories_display_check',
    'a display outside ALL/GRID/LIST',
    ['categories', { display: 'FEED' }],
    [
      ['categories', { display: 'GRID' }],
      ['categories', { display: 'LIST' }],
    ],
  ),
  dangling('categories_store_id_stores_id_fk', 'categories', 'store_id'),
  check(
    'products_price_check',
    'a negative price',
    ['products', { price: -1 }],
    [['products', { price: 0 }]],
  ),
  check(
    'products_aspect_ratio_check',
    'an image aspect ratio of 0.5',
    ['products', { image_aspect_ratio: 0.5 }],
    [
      ['products', { image_aspect_ratio: 0.8 }],
      ['products', { image_aspect_ratio: 1 }],
    ],
  ),
  check(
    'products_icon_check',
    'an icon outside the five drink presets',
    ['products', { icon: 'COFFEE' }],
    [['products', { icon: 'DRAFT_BEER' }]],
  ),
  check('products_counts_check', 'negative likes', ['products', { n_likes: -1 }]),
  check('products_counts_check', 'negative sales', ['products', { n_sold: -1 }]),
  unique(
    'products_store_code_key',
    'a product code twice in one store',
    ['products', { external_code: 'LAS001' }],
    [
      ['products', { external_code: 'LAS001' }],
      [
        'products',
        {
          external_code: 'LAS001',
          store_id: ref.storeB,
          category_id: ref.categoryB,
          kitchen_id: ref.kitchenB,
        },
      ],
    ],
  ),
  unique(
    'products_store_integration_key',
    'one point-of-sale item imported twice into a store',
    ['products', { integration_code: 'OPDV-1' }],
    [['products', { integration_code: 'OPDV-1' }], ['products'], ['products']],
  ),
  foreignKey('products_category_fk', 'a product whose category belongs to another store', [
    'products',
    { category_id: ref.categoryB },
  ]),
  foreignKey(
    'products_kitchen_fk',
    'a product routed to a kitchen of another store',
    ['products', { kitchen_id: ref.kitchenB }],
    [['products', { kitchen_id: null }]],
  ),
  // The composite category FK also covers store_id; without it the store FK alone answers.
  foreignKey(
    'products_store_id_stores_id_fk',
    'a product of no store',
    ['products', { store_id: MISSING, kitchen_id: null }],
    [raw('alter table products drop constraint products_category_fk')],
  ),
  check(
    'complement_groups_range_check',
    'min_items above max_items',
    ['complement_groups', { min_items: 3, max_items: 2 }],
    [
      ['complement_groups', { min_items: 10, max_items: 10 }],
      ['complement_groups', { min_items: 0, max_items: 0 }],
    ],
  ),
  check('complement_groups_range_check', 'max_items 11', ['complement_groups', { max_items: 11 }]),
  check('complement_groups_range_check', 'a negative min_items', ['complement_groups', { min_items: -1 }]),
  dangling('complement_groups_store_id_stores_id_fk', 'complement_groups', 'store_id'),
  unique(
    'complement_group_products_group_id_product_id_pk',
    'a product twice in one complement group',
    ['complement_group_products'],
    [['complement_group_products']],
  ),
  foreignKey('complement_group_products_group_fk', 'a group of another store holding this product', [
    'complement_group_products',
    { group_id: ref.groupB },
  ]),
  foreignKey('complement_group_products_product_fk', "another store's product inside a group", [
    'complement_group_products',
    { product_id: ref.productB },
  ]),
  unique(
    'product_complement_groups_product_id_group_id_pk',
    'a complement group offered twice by one product',
    ['product_complement_groups'],
    [['product_complement_groups']],
  ),
  foreignKey('product_complement_groups_product_fk', 'a product of another store offering the group', [
    'product_complement_groups',
    { product_id: ref.productB },
  ]),
  foreignKey('product_complement_groups_group_fk', "a product offering another store's group", [
    'product_complement_groups',
    { group_id: ref.groupB },
  ]),
  check('integrations_type_check', 'an integration type other than OPDV', [
    'integrations',
    { integration_type: 'IFOOD' },
  ]),
  unique(
    'integrations_one_active_per_type',
    'a second active OPDV integration for one store',
    ['integrations', { active: true, token: 'segundo' }],
    [
      ['integrations', { active: true }],
      ['integrations', { active: false }],
      ['integrations', { active: false }],
      ['integrations', { active: true, store_id: ref.storeB }],
    ],
  ),
  dangling('integrations_store_id_stores_id_fk', 'integrations', 'store_id'),
  dangling('integrations_created_by_accounts_id_fk', 'integrations', 'created_by'),
  unique(
    'categories_store_integration_key',
    'one point-of-sale category imported twice into a store',
    ['categories', { integration_category_id: 'OPDV-C1' }],
    [
      ['categories', { integration_category_id: 'OPDV-C1' }],
      ['categories'],
      ['categories'],
      ['categories', { integration_category_id: 'OPDV-C1', store_id: ref.storeB }],
    ],
  ),

  // Service: tables, orders, tickets, items, payments, coupons, reservations, check-ins, reviews.
  check(
    'tables_status_check',
    'a table status outside AVAILABLE/OCCUPIED',
    ['tables', { status: 'RESERVED' }],
    [['tables', { status: 'OCCUPIED' }]],
  ),
  check('tables_number_check', 'table number 0', ['tables', { number: 0 }]),
  check(
    'tables_token_check',
    "a table QR code's token shorter than 32 characters",
    ['tables', { token: 'curto' }],
    [['tables', { number: 77, token: 'x'.repeat(32) }]],
  ),
  check('tables_token_check', "a table QR code's token longer than 64 characters", [
    'tables',
    { token: 'x'.repeat(65) },
  ]),
  unique(
    'tables_store_number_key',
    'a table number twice in one store',
    ['tables', { number: 7 }],
    [
      ['tables', { number: 7 }],
      ['tables', { number: 7, store_id: ref.storeB }],
    ],
  ),
  dangling('tables_store_id_stores_id_fk', 'tables', 'store_id'),
  check('orders_status_check', 'an order status outside OPENED/CLOSED', ['orders', { status: 'PAUSED' }]),
  check(
    'orders_payment_status_check',
    'a payment status outside OPEN/PARTIALLY_PAID/PAID',
    ['orders', { payment_status: 'REFUNDED' }],
    [
      ['orders', { payment_status: 'PARTIALLY_PAID' }],
      ['orders', { payment_status: 'PAID' }],
    ],
  ),
  check(
    'orders_type_check',
    'an order type outside INDOOR/DELIVERY',
    ['orders', { order_type: 'TAKEAWAY' }],
    [['orders', { order_type: 'DELIVERY' }]],
  ),
  check('orders_money_check', 'a negative subtotal', ['orders', { subtotal: -1 }]),
  check('orders_money_check', 'a negative service charge', ['orders', { service_charge: -1 }]),
  check('orders_money_check', 'a negative discount', ['orders', { discount: -1 }]),
  check('orders_money_check', 'a negative total', ['orders', { total: -1 }]),
  check('orders_money_check', 'a negative amount paid', ['orders', { total_paid: -1 }]),
  check(
    'orders_closed_check',
    'a CLOSED order without closed_at',
    ['orders', { status: 'CLOSED', closed_at: null }],
    [['orders', { status: 'CLOSED', closed_at: raw('now()') }]],
  ),
  check('orders_closed_check', 'an OPENED order with closed_at', [
    'orders',
    { status: 'OPENED', closed_at: raw('now()') },
  ]),
  unique(
    'orders_one_open_per_table',
    'a second OPENED order on one table',
    ['orders', { table_id: ref.tableA }],
    [
      ['orders', { table_id: ref.tableA, status: 'CLOSED', closed_at: raw('now()') }],
      ['orders', { table_id: null }],
      ['orders', { table_id: null }],
    ],
  ),
  foreignKey('orders_table_fk', 'an order on a table of another store', [
    'orders',
    { table_id: ref.tableB, status: 'CLOSED', closed_at: raw('now()') },
  ]),
  dangling('orders_store_id_stores_id_fk', 'orders', 'store_id', { table_id: null }),
  dangling('orders_waiter_requester_id_customers_id_fk', 'orders', 'waiter_requester_id', { table_id: null }),
  check('tickets_money_check', 'a negative ticket subtotal', ['tickets', { subtotal: -1 }]),
  check('tickets_money_check', 'a negative ticket total', ['tickets', { total: -1 }]),
  check('tickets_money_check', 'a negative ticket amount paid', ['tickets', { total_paid: -1 }]),
  check('tickets_money_check', 'a negative ticket service charge', ['tickets', { service_charge: -1 }]),
  check('tickets_money_check', 'a negative ticket discount', ['tickets', { discount: -1 }]),
  check('tickets_service_removed_reason_check', 'the service taken off for a blank reason', [
    'tickets',
    { service_removed_reason: '   ' },
  ]),
  check('tickets_service_removed_reason_check', 'the service taken off for a reason of 301 characters', [
    'tickets',
    { service_removed_reason: 'x'.repeat(301) },
  ]),
  unique('tickets_order_customer_key', 'two tickets for one customer on one order', [
    'tickets',
    { customer_id: ref.customer },
  ]),
  foreignKey('tickets_order_fk', 'a ticket whose order belongs to another store', [
    'tickets',
    { order_id: ref.orderB },
  ]),
  dangling('tickets_customer_id_customers_id_fk', 'tickets', 'customer_id'),
  check('tickets_guest_check', "an app customer's ticket with a guest's name", [
    'tickets',
    { guest_name: 'Ana' },
  ]),
  check('tickets_guest_check', 'a guest name of 61 characters', [
    'tickets',
    { customer_id: null, guest_name: 'x'.repeat(61) },
  ]),
  check('tickets_guest_check', 'a phone without a name', [
    'tickets',
    { customer_id: null, guest_phone: '11987654321' },
  ]),
  check(
    'tickets_guest_check',
    'a phone that is not 10 or 11 digits',
    ['tickets', { customer_id: null, guest_name: 'Ana', guest_phone: '(11) 98765-4321' }],
    [['tickets', { customer_id: null, guest_name: 'Bia', guest_phone: '11987654321' }]],
  ),
  check(
    'tickets_device_check',
    "a phone's ticket of an app customer",
    ['tickets', { device_hash: 'a'.repeat(64) }],
    [['tickets', { customer_id: null, guest_name: 'Ana', device_hash: 'a'.repeat(64) }]],
  ),
  check('tickets_device_check', "a phone's ticket without the guest's name", [
    'tickets',
    { customer_id: null, device_hash: 'b'.repeat(64) },
  ]),
  unique(
    'tickets_order_device_key',
    'two tickets of one phone on one tab',
    ['tickets', { customer_id: null, guest_name: 'Bia', device_hash: 'c'.repeat(64) }],
    [['tickets', { customer_id: null, guest_name: 'Ana', device_hash: 'c'.repeat(64) }]],
  ),
  unique(
    'tickets_order_table_key',
    "two of the table's own tickets on one tab",
    ['tickets', { customer_id: null }],
    [
      ['tickets', { customer_id: null }],
      ['tickets', { customer_id: null, guest_name: 'Ana' }],
    ],
  ),
  dangling('tickets_opened_by_accounts_id_fk', 'tickets', 'opened_by'),
  check(
    'order_items_status_check',
    'an item status outside PLACED/PREPARING/READY/CANCELLED/SAVED',
    ['order_items', { status: 'SERVED' }],
    [
      ['order_items', { status: 'PREPARING' }],
      ['order_items', { status: 'READY' }],
      ['order_items', { status: 'CANCELLED' }],
      ['order_items', { status: 'SAVED' }],
    ],
  ),
  check('order_items_price_check', 'a negative item price', ['order_items', { product_price: -1 }]),
  check('order_items_quantity_check', 'an item of quantity 0', ['order_items', { quantity: 0 }]),
  check(
    'order_items_complements_check',
    'complements that are not a list',
    ['order_items', { complements: json({ name: 'Bacon' }) }],
    [['order_items', { complements: json([{ name: 'Bacon', price: 300, quantity: 1 }]) }]],
  ),
  check(
    'order_items_saved_by_check',
    "a waiter's draft item sent to the kitchen as it is",
    ['order_items', { saved_by: ref.staffA, status: 'PLACED' }],
    [['order_items', { saved_by: ref.staffA, status: 'SAVED' }]],
  ),
  dangling('order_items_saved_by_accounts_id_fk', 'order_items', 'saved_by', { status: 'SAVED' }),
  check(
    'order_items_held_check',
    "a guest's order waiting for approval that the kitchen already has",
    ['order_items', { held_at: '2026-11-28T12:00:00Z' }],
    [['order_items', { status: 'SAVED', held_at: '2026-11-28T12:00:00Z' }]],
  ),
  check('order_items_held_check', "a guest's order waiting for approval in a waiter's draft", [
    'order_items',
    { status: 'SAVED', saved_by: ref.staffA, held_at: '2026-11-28T12:00:00Z' },
  ]),
  foreignKey('order_items_order_fk', 'an item whose order belongs to another store', [
    'order_items',
    { order_id: ref.orderB, ticket_id: ref.ticketB },
  ]),
  foreignKey('order_items_ticket_fk', "an item on another order's ticket", [
    'order_items',
    { ticket_id: ref.ticketA2 },
  ]),
  foreignKey(
    'order_items_product_fk',
    "an item of another store's product",
    ['order_items', { product_id: ref.productB }],
    [['order_items', { product_id: null }]],
  ),
  foreignKey(
    'order_items_kitchen_fk',
    "an item routed to another store's kitchen",
    ['order_items', { kitchen_id: ref.kitchenB }],
    [['order_items', { kitchen_id: null }]],
  ),
  check('bill_shares_status_check', 'a share in an unknown state', ['bill_shares', { status: 'HALF' }]),
  check('bill_shares_amount_check', 'a share of nothing', ['bill_shares', { amount: 0 }]),
  check('bill_shares_label_check', 'a share without a name', ['bill_shares', { label: '  ' }]),
  check('bill_shares_method_check', 'a share paid by an unknown method', [
    'bill_shares',
    { method: 'CHEQUE' },
  ]),
  check(
    'bill_shares_paid_check',
    'a share paid with no time or method',
    ['bill_shares', { status: 'PAID', method: 'PIX' }],
    [['bill_shares', { status: 'PAID', method: 'PIX', paid_at: raw('now()') }]],
  ),
  check('bill_shares_paid_check', 'an open share with a time it was paid', [
    'bill_shares',
    { method: 'PIX', paid_at: raw('now()') },
  ]),
  foreignKey('bill_shares_order_fk', "a share of another store's tab", [
    'bill_shares',
    { order_id: ref.orderB },
  ]),
  dangling('bill_shares_created_by_accounts_id_fk', 'bill_shares', 'created_by'),
  dangling('bill_shares_paid_by_accounts_id_fk', 'bill_shares', 'paid_by'),
  dangling('payments_share_id_bill_shares_id_fk', 'payments', 'share_id'),
  check('pix_charges_status_check', 'a Pix charge in an unknown state', ['pix_charges', { status: 'LOST' }]),
  check('pix_charges_amount_check', 'a Pix charge of nothing', ['pix_charges', { amount: 0 }]),
  check('pix_charges_txid_check', 'a Pix charge whose txid the Pix API refuses', [
    'pix_charges',
    { txid: 'curto' },
  ]),
  check(
    'pix_charges_paid_check',
    'a Pix charge paid with no time it was paid',
    ['pix_charges', { status: 'PAID' }],
    [['pix_charges', { status: 'PAID', paid_at: raw('now()') }]],
  ),
  check('pix_charges_paid_check', 'a waiting Pix charge with a time it was paid', [
    'pix_charges',
    { paid_at: raw('now()') },
  ]),
  unique(
    'pix_charges_txid_key',
    'two Pix charges with one txid',
    ['pix_charges', { txid: 'PAINEL1C1XDUPLICADO000000000' }],
    [['pix_charges', { txid: 'PAINEL1C1XDUPLICADO000000000' }]],
  ),
  unique(
    'pix_charges_end_to_end_key',
    'one Pix booked on two charges',
    ['pix_charges', { status: 'PAID', paid_at: raw('now()'), end_to_end_id: 'E2E-UNICO' }],
    [
      ['pix_charges', { status: 'PAID', paid_at: raw('now()'), end_to_end_id: 'E2E-UNICO' }],
      ['pix_charges', {}],
      ['pix_charges', {}],
    ],
  ),
  foreignKey('pix_charges_order_fk', "a Pix charge of another store's tab", [
    'pix_charges',
    { order_id: ref.orderB, ticket_id: ref.ticketB },
  ]),
  foreignKey('pix_charges_ticket_fk', "a Pix charge of another tab's ticket", [
    'pix_charges',
    { ticket_id: ref.ticketA2 },
  ]),
  dangling('pix_charges_store_id_stores_id_fk', 'pix_charges', 'store_id'),
  dangling('pix_charges_payment_id_payments_id_fk', 'pix_charges', 'payment_id'),
  check('pix_charges_charges_check', 'a Pix charge of neither a ticket nor a share', [
    'pix_charges',
    { ticket_id: null },
  ]),
  foreignKey('pix_charges_share_id_bill_shares_id_fk', 'a Pix charge of a share that does not exist', [
    'pix_charges',
    { ticket_id: null, share_id: 2_147_483_647 },
  ]),
  check(
    'kitchens_paper_width_check',
    'a printer paper other than 58 or 80 mm',
    ['kitchens', { paper_width: 76 }],
    [['kitchens', { paper_width: 58 }]],
  ),
  check(
    'kitchens_printer_check',
    'a kitchen printer with an empty address',
    ['kitchens', { printer: '' }],
    [['kitchens', { printer: '192.168.0.50:9100' }]],
  ),
  check('kitchens_printer_fallback_check', 'a fallback printer with an empty address', [
    'kitchens',
    { printer_fallback: '' },
  ]),
  check(
    'print_jobs_kind_check',
    'a print job of an unknown kind',
    ['print_jobs', { kind: 'MENU' }],
    [['print_jobs', { kind: 'PREBILL', kitchen_id: null }]],
  ),
  check('print_jobs_status_check', 'a print job in an unknown state', ['print_jobs', { status: 'LOST' }]),
  check('print_jobs_paper_width_check', 'a print job on 76 mm paper', ['print_jobs', { paper_width: 76 }]),
  check('print_jobs_attempts_check', 'a print job tried a negative number of times', [
    'print_jobs',
    { attempts: -1 },
  ]),
  check(
    'print_jobs_printed_check',
    'a print job printed with no time it printed',
    ['print_jobs', { status: 'PRINTED' }],
    [['print_jobs', { status: 'PRINTED', printed_at: raw('now()') }]],
  ),
  check('print_jobs_printed_check', 'a waiting print job with a time it printed', [
    'print_jobs',
    { printed_at: raw('now()') },
  ]),
  check(
    'print_jobs_lease_check',
    'a print job being sent that nobody holds',
    ['print_jobs', { status: 'SENDING' }],
    [
      [
        'print_jobs',
        {
          status: 'SENDING',
          lease: raw('gen_random_uuid()'),
          lease_until: raw(`now() + interval '30 seconds'`),
        },
      ],
    ],
  ),
  check('print_jobs_lease_check', 'a waiting print job held by a sender', [
    'print_jobs',
    { lease: raw('gen_random_uuid()'), lease_until: raw('now()') },
  ]),
  foreignKey('print_jobs_kitchen_fk', "a print job of another store's kitchen", [
    'print_jobs',
    { kitchen_id: ref.kitchenB },
  ]),
  foreignKey('print_jobs_order_fk', "a print job of another store's tab", [
    'print_jobs',
    { order_id: ref.orderB },
  ]),
  dangling('print_jobs_store_id_stores_id_fk', 'print_jobs', 'store_id', {
    kitchen_id: null,
    order_id: null,
  }),
  dangling('print_jobs_reprint_fk', 'print_jobs', 'reprint_of'),
  dangling('print_jobs_created_by_accounts_id_fk', 'print_jobs', 'created_by'),
  check(
    'payments_kind_check',
    'a payment kind outside PHYSICAL/DIGITAL',
    ['payments', { kind: 'CRYPTO' }],
    [['payments', { kind: 'DIGITAL', method: 'CREDIT_CARD' }]],
  ),
  check(
    'payments_method_check',
    'a payment method outside the five',
    ['payments', { method: 'BITCOIN' }],
    [
      ['payments', { method: 'DEBIT_CARD' }],
      ['payments', { method: 'CASH' }],
      ['payments', { method: 'MEAL_VOUCHER' }],
    ],
  ),
  check(
    'payments_amount_check',
    'a payment of 0 cents',
    ['payments', { amount: 0, fee: 0 }],
    [['payments', { amount: 1, fee: 1 }]],
  ),
  check('payments_amount_check', 'a fee above the amount', ['payments', { amount: 100, fee: 101 }]),
  check('payments_amount_check', 'a negative fee', ['payments', { fee: -1 }]),
  check(
    'payments_service_check',
    'a payment whose service part is more than the payment',
    ['payments', { amount: 100, fee: 0, service: 101 }],
    [['payments', { amount: 100, fee: 0, service: 100 }]],
  ),
  check('payments_service_check', 'a negative service part', ['payments', { service: -1 }]),
  foreignKey('payments_order_fk', 'a payment whose order belongs to another store', [
    'payments',
    { order_id: ref.orderB },
  ]),
  foreignKey('payments_ticket_fk', 'a payment of a ticket of another tab', [
    'payments',
    { ticket_id: ref.ticketA2 },
  ]),
  dangling('payments_customer_id_customers_id_fk', 'payments', 'customer_id'),
  dangling('payments_account_id_accounts_id_fk', 'payments', 'account_id'),
  check('coupons_status_check', 'a coupon status outside CREATED/CONFIRMED/CANCELLED', [
    'coupons',
    { status: 'USED' },
  ]),
  check('coupons_order_type_check', 'a coupon order type outside EITHER/INDOOR/DELIVERY', [
    'coupons',
    { order_type: 'PICKUP' },
  ]),
  check('coupons_discount_check', 'a coupon of 0%', ['coupons', { discount: 0 }]),
  check('coupons_discount_check', 'a coupon above 100%', ['coupons', { discount: 101 }]),
  check('coupons_discount_check', 'a negative coupon amount', ['coupons', { amount: -1 }]),
  dangling('coupons_store_id_stores_id_fk', 'coupons', 'store_id'),
  dangling('coupons_customer_id_customers_id_fk', 'coupons', 'customer_id'),
  dangling('coupons_promo_code_id_promo_codes_id_fk', 'coupons', 'promo_code_id'),
  check(
    'reservations_status_check',
    'a reservation status outside CREATED/CONFIRMED/CANCELLED/UNAVAILABLE/NO_SHOW',
    ['reservations', { status: 'PENDING' }],
    [
      ['reservations', { status: 'UNAVAILABLE' }],
      ['reservations', { status: 'NO_SHOW' }],
    ],
  ),
  check('reservations_persons_check', 'a reservation for nobody', ['reservations', { n_persons: 0 }]),
  check('reservations_persons_check', 'a reservation for 101', ['reservations', { n_persons: 101 }]),
  check(
    'reservations_phone_check',
    'a masked phone',
    ['reservations', { phone: '(81) 99999-8888' }],
    [['reservations', { phone: '8133334444' }]],
  ),
  check('reservations_phone_check', 'a phone of six digits', ['reservations', { phone: '819999' }]),
  unique(
    'reservations_code_key',
    'a reservation code twice',
    ['reservations', { code: 'ABC123' }],
    [['reservations', { code: 'ABC123', store_id: ref.storeB }]],
  ),
  dangling('reservations_store_id_stores_id_fk', 'reservations', 'store_id'),
  dangling('reservations_customer_id_customers_id_fk', 'reservations', 'customer_id'),
  check('checkins_platform_check', 'a check-in platform outside IOS/ANDROID', [
    'checkins',
    { platform: 'WEB' },
  ]),
  dangling('checkins_store_id_stores_id_fk', 'checkins', 'store_id'),
  dangling('checkins_customer_id_customers_id_fk', 'checkins', 'customer_id'),
  check('reviews_rating_check', 'a rating of 0', ['reviews', { rating: 0 }], [['reviews', { rating: 1 }]]),
  check('reviews_rating_check', 'a rating of 6', ['reviews', { rating: 6 }], [['reviews', { rating: 5 }]]),
  dangling('reviews_store_id_stores_id_fk', 'reviews', 'store_id'),
  dangling('reviews_customer_id_customers_id_fk', 'reviews', 'customer_id'),
  dangling('reviews_answered_by_accounts_id_fk', 'reviews', 'answered_by'),
  check(
    'reviews_answer_check',
    'an answer without its time',
    ['reviews', { answer: 'Obrigado!' }],
    [['reviews', { answer: 'Obrigado!', answered_at: raw('now()'), answered_by: ref.staffA }]],
  ),
  check('reviews_answer_check', 'a time without an answer', ['reviews', { answered_at: raw('now()') }]),
  check('reviews_answer_check', 'an answer of 2,001 characters', [
    'reviews',
    { answer: 'a'.repeat(2001), answered_at: raw('now()') },
  ]),

  // Loyalty.
  check('loyalty_programs_consumption_check', 'a program with no consumption', [
    'loyalty_programs',
    { consumption: 0 },
  ]),
  check('loyalty_programs_discount_check', 'a program of 0%', ['loyalty_programs', { discount: 0 }]),
  check('loyalty_programs_discount_check', 'a program above 100%', [
    'loyalty_programs',
    { discount: 100.01 },
  ]),
  unique('loyalty_programs_store_key', 'two programs for one store', [
    'loyalty_programs',
    { store_id: ref.storeA },
  ]),
  dangling('loyalty_programs_store_id_stores_id_fk', 'loyalty_programs', 'store_id'),
  check('loyalty_progress_type_check', 'a progress order type outside INDOOR/DELIVERY', [
    'loyalty_progress',
    { order_type: 'EITHER' },
  ]),
  check(
    'loyalty_progress_amounts_check',
    'a total consumption below the current one',
    ['loyalty_progress', { current_consumption: 500, total_consumption: 400 }],
    [['loyalty_progress', { current_consumption: 500, total_consumption: 500, customer_id: ref.customer2 }]],
  ),
  check('loyalty_progress_amounts_check', 'a negative current consumption', [
    'loyalty_progress',
    { current_consumption: -1 },
  ]),
  check('loyalty_progress_amounts_check', 'negative redemptions', ['loyalty_progress', { n_uses: -1 }]),
  unique(
    'loyalty_progress_program_id_customer_id_pk',
    'two progress rows for one customer in one program',
    ['loyalty_progress'],
    [['loyalty_progress']],
  ),
  dangling('loyalty_progress_program_id_loyalty_programs_id_fk', 'loyalty_progress', 'program_id'),
  dangling('loyalty_progress_customer_id_customers_id_fk', 'loyalty_progress', 'customer_id'),

  // Finance.
  check('deposits_status_check', 'a deposit status outside PENDING/PAID/FAILED', [
    'deposits',
    { status: 'SENT' },
  ]),
  check('deposits_amount_check', 'a deposit of 0 cents', ['deposits', { amount: 0 }]),
  dangling('deposits_store_id_stores_id_fk', 'deposits', 'store_id', { bank_account_id: null }),
  foreignKey(
    'deposits_bank_account_fk',
    "a deposit into another store's bank account",
    ['deposits', { store_id: ref.storeB, bank_account_id: ref.bankA }],
    [['deposits', { store_id: ref.storeB, bank_account_id: null }]],
  ),
  check('statement_entries_kind_check', 'a statement kind outside RECEIVED/CANCELED/TAX/DEPOSIT', [
    'statement_entries',
    { kind: 'REFUND' },
  ]),
  check(
    'statement_entries_amount_check',
    'a statement entry of 0 cents',
    ['statement_entries', { amount: 0 }],
    [['statement_entries', { kind: 'TAX', amount: -92, payment_id: null }]],
  ),
  dangling('statement_entries_store_id_stores_id_fk', 'statement_entries', 'store_id', { payment_id: null }),
  foreignKey(
    'statement_entries_payment_fk',
    "a statement entry for another store's payment",
    ['statement_entries', { store_id: ref.storeB, payment_id: ref.paymentA }],
    [['statement_entries', { store_id: ref.storeB, payment_id: null }]],
  ),
  foreignKey('statement_entries_deposit_fk', "a statement entry for another store's deposit", [
    'statement_entries',
    { store_id: ref.storeB, payment_id: null, deposit_id: ref.depositA },
  ]),
  foreignKey(
    'checkins_order_fk',
    "a check-in on another store's order",
    ['checkins', { order_id: ref.orderB }],
    [['checkins', { order_id: ref.orderA1 }]],
  ),
  foreignKey(
    'reservations_table_fk',
    "a reservation holding another store's table",
    ['reservations', { table_id: ref.tableB }],
    [['reservations', { table_id: ref.tableA }]],
  ),
  foreignKey(
    'reviews_order_fk',
    "a review of another store's order",
    ['reviews', { order_id: ref.orderB }],
    [['reviews', { order_id: ref.orderA1 }]],
  ),
  dangling('coupons_order_id_orders_id_fk', 'coupons', 'order_id'),
];

// ---------------------------------------------------------------------------------------------
// NOT NULL: every column the drizzle schema declares NOT NULL (identity ids aside) gets a null.

const schemaTables = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table));

const notNullCases = schemaTables.flatMap((table) =>
  table.columns
    .filter((column) => column.notNull && !column.generatedIdentity && !column.generated)
    .map((column) => ({ table: table.name as TableName, column: column.name })),
);

// ---------------------------------------------------------------------------------------------

let t: TestApp;
let db: Db;

/** The field a database error carries (column, table…), looking through drizzle's wrapping. */
function errorField(error: unknown, field: 'column' | 'table'): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const value = (current as Record<string, unknown>)[field];
    if (typeof value === 'string') return value;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function errorMessage(error: unknown): string {
  if (!error) return 'the database accepted the row';
  const cause = (error as { cause?: { message?: string } }).cause;
  return cause?.message ?? (error as Error).message ?? String(error);
}

/**
 * Runs `before` (which must succeed), then `refuses`, inside a transaction that is always rolled
 * back; answers the error `refuses` raised, or undefined if the database accepted it.
 */
async function attempt(before: Statement[], refuses: Statement): Promise<unknown> {
  let refusal: unknown;
  try {
    await db.transaction(async (tx) => {
      for (const statement of before) await tx.execute(toSql(statement));
      try {
        await tx.execute(toSql(refuses));
      } catch (error) {
        refusal = error ?? new Error('refused');
      }
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  return refusal;
}

async function create(name: Fixture, table: TableName, changes?: Row): Promise<void> {
  const [row] = rows<{ id: number }>(await db.execute(toSql([table, changes], 'id')));
  if (!row) throw new Error(`fixture ${name} not created`);
  ids[name] = row.id;
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  db = t.database.db;
  await create('cuisine', 'cuisines');
  await create('operation', 'operations');
  await create('storeA', 'stores', {
    name: 'Cantina A',
    cousine_id: ref.cuisine,
    operation_id: ref.operation,
  });
  await create('storeB', 'stores', { name: 'Sertão B' });
  await create('staffA', 'accounts');
  await create('customer', 'customers');
  await create('customer2', 'customers');
  await create('kitchenA', 'kitchens');
  await create('kitchenB', 'kitchens', { store_id: ref.storeB });
  await create('categoryA', 'categories');
  await create('categoryB', 'categories', { store_id: ref.storeB });
  await create('productA', 'products');
  await create('productB', 'products', {
    store_id: ref.storeB,
    category_id: ref.categoryB,
    kitchen_id: ref.kitchenB,
  });
  await create('groupA', 'complement_groups');
  await create('groupB', 'complement_groups', { store_id: ref.storeB });
  await create('tableA', 'tables', { number: 1 });
  await create('tableB', 'tables', { number: 1, store_id: ref.storeB });
  await create('orderA1', 'orders', { table_id: ref.tableA });
  await create('orderA2', 'orders');
  await create('orderB', 'orders', { store_id: ref.storeB, table_id: ref.tableB });
  await create('ticketA1', 'tickets', { customer_id: ref.customer });
  await create('ticketA2', 'tickets', { order_id: ref.orderA2, customer_id: ref.customer });
  await create('ticketB', 'tickets', {
    order_id: ref.orderB,
    store_id: ref.storeB,
    customer_id: ref.customer,
  });
  await create('paymentA', 'payments');
  await create('promo', 'promo_codes');
  await create('push', 'push_notifications');
  await create('programA', 'loyalty_programs', { store_id: ref.storeA });
  await create('bankA', 'bank_accounts');
  await create('depositA', 'deposits');
});

afterAll(async () => {
  await t?.close();
});

describe('the valid rows the cases start from', () => {
  it('cover every table of the schema', () => {
    expect(Object.keys(valid).sort()).toEqual(schemaTables.map((table) => table.name).sort());
  });

  it.each(Object.keys(valid) as TableName[])('a valid %s row is accepted', async (table) => {
    const refusal = await attempt([], [table]);
    expect(refusal, errorMessage(refusal)).toBeUndefined();
  });
});

describe('CHECK, UNIQUE and FOREIGN KEY constraints refuse the bad row', () => {
  it.each(cases)('$constraint refuses $state', async ({ before, refuses, code, constraint }) => {
    const refusal = await attempt(before ?? [], refuses);
    expect({ code: pgErrorCode(refusal), constraint: pgConstraint(refusal) }, errorMessage(refusal)).toEqual({
      code,
      constraint,
    });
  });
});

describe('NOT NULL columns refuse a null', () => {
  it.each(notNullCases)('$table: $column', async ({ table, column }) => {
    const refusal = await attempt([], [table, { [column]: null }]);
    expect(
      {
        code: pgErrorCode(refusal),
        table: errorField(refusal, 'table'),
        column: errorField(refusal, 'column'),
      },
      errorMessage(refusal),
    ).toEqual({ code: NOT_NULL, table, column });
  });
});

describe('coverage', () => {
  it('every constraint and unique index of the database has a case above', async () => {
    // Unique indexes (primary keys and UNIQUE constraints included) and CHECK / FOREIGN KEY /
    // EXCLUDE constraints. Keys containing an identity column are left out: that column is unique
    // by itself, so such a key cannot be broken alone (the (id, store_id) keys exist to be the
    // targets of the composite same-store foreign keys, which are tried above).
    const result = await db.execute(sql`
      select ix.relname as name
        from pg_index i
        join pg_class ix on ix.oid = i.indexrelid
        join pg_class tbl on tbl.oid = i.indrelid
        join pg_namespace ns on ns.oid = tbl.relnamespace
       where ns.nspname = 'public' and i.indisunique
         and not exists (
           select 1 from pg_attribute a
            where a.attrelid = tbl.oid and a.attnum = any (i.indkey) and a.attidentity <> '')
      union
      select c.conname
        from pg_constraint c
        join pg_namespace ns on ns.oid = c.connamespace
       where ns.nspname = 'public' and c.contype in ('c', 'f', 'x')
       order by 1`);
    const inDatabase = rows<{ name: string }>(result).map((row) => row.name);
    const tried = new Set(cases.map((c) => c.constraint));
    expect(inDatabase.filter((name) => !tried.has(name))).toEqual([]);
    // And no case names a constraint the database does not have.
    expect([...tried].filter((name) => !inDatabase.includes(name))).toEqual([]);
  });

  it('every NOT NULL column of the database is tried', async () => {
    const result = await db.execute(sql`
      select table_name || '.' || column_name as name
        from information_schema.columns
       where table_schema = 'public' and is_nullable = 'NO' and is_identity = 'NO'
       order by 1`);
    const tried = new Set(notNullCases.map((c) => `${c.table}.${c.column}`));
    const inDatabase = rows<{ name: string }>(result).map((row) => row.name);
    expect(inDatabase.filter((name) => !tried.has(name))).toEqual([]);
  });
});
