/**
 * The phases of `npm run seed:large`. Every row is generated inside the database by set-based
 * SQL over generate_series, in batches of one transaction each: the script itself only holds
 * counters, so its memory stays flat whatever the size asked for.
 *
 * Identifiers are assigned explicitly (OVERRIDING SYSTEM VALUE) from the first free value of each
 * identity sequence, so relations are computed arithmetically (store s owns products
 * productBase + 30·(s − 1) + 1 … + 30, and so on) instead of being looked up; the sequences are
 * moved past the used range after every batch, so a crash leaves a consistent database and the
 * application's own inserts continue after the generated rows.
 */
import {
  BAR,
  CATEGORY_DESCRIPTIONS,
  CATEGORY_NAMES,
  CITIES,
  COMPLEMENTS,
  CUISINES,
  DESSERTS,
  DRINKS,
  EMAIL_DOMAINS,
  FEMALE_NAMES,
  MALE_NAMES,
  OBSERVATIONS,
  REVIEW_TEXTS,
  SIDES,
  STREETS,
  SURNAMES,
} from './catalog';
import { formatCount, Progress } from './progress';
import { asciiKey, cnpjExpr, cpfExpr, int, intArray, lit, pick, rnd, textArray, unit, type Run } from './sql';

/** Products per store: 6 categories of 5. */
export const PRODUCTS_PER_STORE = 30;
export const CATEGORIES_PER_STORE = CATEGORY_NAMES.length;
const PRODUCTS_PER_CATEGORY = PRODUCTS_PER_STORE / CATEGORIES_PER_STORE;
export const TABLES_PER_STORE = 20;
export const KITCHENS_PER_STORE = 2; // 1 kitchen, 2 bar
/** Open tabs per open store at the end (live kitchen board), each with LIVE_ITEMS items. */
const LIVE_TABS = 4;
const LIVE_ITEMS = 3;
/** History spans this many days before today. */
const HISTORY_DAYS = 730;
const TZ = `'America/Sao_Paulo'`;

/** A transaction: runs `fn` with a runner bound to one connection, commits at the end. */
export type Transaction = (fn: (run: Run) => Promise<void>) => Promise<void>;

export interface Context {
  run: Run;
  transaction: Transaction;
  /** "Now" of the data set: a timestamptz literal. */
  anchor: string;
  /** Today in São Paulo: a date literal. */
  today: string;
  /**
   * Run the batches with session_replication_role = replica (foreign-key triggers off): only
   * for a superuser, and only while the loaded tables have no trigger of their own.
   */
  skipTriggers: boolean;
  /** Called after every batch (see walCheckpointer). */
  afterBatch: () => Promise<void>;
}

/** WAL written since the last checkpoint beyond which the embedded database gets one. */
const WAL_CHECKPOINT_BYTES = 512 * 1024 * 1024;

/**
 * PGlite runs PostgreSQL as a single standalone backend: no checkpointer, and the checkpoints
 * that a server starts when WAL reaches max_wal_size are never requested there. Left alone, a
 * full load piles up ~10 GB of WAL until close (and as long a recovery after a crash); so after
 * each batch, once 512 MB were written since the last checkpoint, this takes one. A PostgreSQL
 * server checkpoints by itself: nothing to do there.
 */
export function walCheckpointer(run: Run, embedded: boolean): () => Promise<void> {
  if (!embedded) return async () => {};
  return async () => {
    const [row] = await run<{ since: number }>(
      `select pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::float8 as since from pg_control_checkpoint()`,
    );
    if ((row?.since ?? 0) > WAL_CHECKPOINT_BYTES) await run('checkpoint');
  };
}

/** The tables this script writes to. */
export const LOADED_TABLES = [
  'cuisines', 'operations', 'stores', 'kitchens', 'categories', 'products', 'tables', 'customers',
  'orders', 'tickets', 'order_items', 'payments', 'checkins', 'reviews',
  'bank_accounts', 'deposits', 'statement_entries',
] as const; // prettier-ignore

/** Whether the foreign-key triggers may be skipped during the load (see Context.skipTriggers). */
export async function canSkipTriggers(run: Run): Promise<boolean> {
  const [row] = await run<{ superuser: boolean; triggers: number }>(
    `select coalesce((select rolsuper from pg_roles where rolname = current_user), false) as superuser,
       (select count(*) from pg_trigger where not tgisinternal
          -- the daily rollups' triggers are off during the load and rebuilt after it
          and tgname not like '%\\_rollup' escape '\\'
          and tgrelid = any(${textArray(LOADED_TABLES)}::regclass[]))::int as triggers`,
  );
  return Boolean(row?.superuser) && row?.triggers === 0;
}

export interface StoreRange {
  /** Store s (1-based) has id storeBase + s. */
  storeBase: number;
  count: number;
  kitchenBase: number;
  categoryBase: number;
  productBase: number;
  tableBase: number;
}

/**
 * Each transaction: no waiting for the disk at commit, room to sort a batch in memory and, when
 * allowed, no per-row foreign-key triggers: they are three quarters of the cost of an insert
 * here, and verifyForeignKeys checks every one of them afterwards in one set-based pass.
 */
export async function tune(ctx: Context, run: Run): Promise<void> {
  await run(`set local synchronous_commit = off`);
  // The daily rollups are rebuilt once at the end (rebuildRollups): per-row upkeep would
  // serialise every batch on the platform's row of the day.
  await run(`set local painel.rollups = 'off'`);
  // Generated history is nobody's action: nothing for the audit trail.
  await run(`set local painel.audit = 'off'`);
  await run(`set local work_mem = '64MB'`);
  if (ctx.skipTriggers) await run(`set local session_replication_role = replica`);
}

/** The first free id of a table: past both the rows and the identity sequence. */
export async function nextIdBase(run: Run, table: string): Promise<number> {
  const [row] = await run<{ n: number }>(
    `select greatest(
       coalesce((select max(id) from ${table}), 0),
       coalesce(pg_sequence_last_value(pg_get_serial_sequence(${lit(table)}, 'id')::regclass), 0)
     )::int as n`,
  );
  return row!.n;
}

/** Moves a table's identity sequence to `lastId`, so the next generated id follows our rows. */
export async function bumpSequence(run: Run, table: string, lastId: number): Promise<void> {
  if (lastId <= 0) return;
  await run(`select setval(pg_get_serial_sequence(${lit(table)}, 'id'), ${int(lastId)})`);
}

// ---------------------------------------------------------------------------------------------
// Cuisines, cities and stores with their menus, kitchens and tables.

const nameKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** Store s's cuisine: an index into CUISINES. */
const cuisineIndex = (s: string) => `(${rnd(s, 11)} % ${CUISINES.length})`;

/** `case idx when 0 then a when 1 then b … end` */
function caseOf(idx: string, branches: string[]): string {
  return `(case ${idx} ${branches.map((b, i) => `when ${i} then ${b}`).join(' ')} end)`;
}

function openingHours(variant: 'lunch-dinner' | 'dinner' | 'all-day'): string {
  const periods = {
    'lunch-dinner': [
      { start_time: '11:30', end_time: '15:00' },
      { start_time: '18:30', end_time: '23:00' },
    ],
    dinner: [{ start_time: '18:00', end_time: '23:59' }],
    'all-day': [{ start_time: '11:00', end_time: '23:00' }],
  }[variant];
  const closedOn = variant === 'all-day' ? [] : [1]; // closed on Mondays
  const days = [0, 1, 2, 3, 4, 5, 6]
    .filter((d) => !closedOn.includes(d))
    .map((day_of_week) => ({ day_of_week, time_periods: periods }));
  return `${lit(JSON.stringify(days))}::jsonb`;
}

export async function seedStores(ctx: Context, count: number): Promise<StoreRange> {
  const progress = new Progress('Restaurantes', count, 'lojas');
  let range: StoreRange | undefined;
  await ctx.transaction(async (run) => {
    await tune(ctx, run);
    await run(
      `insert into cuisines (name, name_key, created_at) values ${CUISINES.map(
        (c) => `(${lit(c.name)}, ${lit(nameKey(c.name))}, ${ctx.anchor} - interval '3 years')`,
      ).join(', ')} on conflict (name_key) do nothing`,
    );
    await run(
      `insert into operations (name, name_key, created_at) values ${CITIES.map(
        (c) => `(${lit(c.name)}, ${lit(nameKey(c.name))}, ${ctx.anchor} - interval '3 years')`,
      ).join(', ')} on conflict (name_key) do nothing`,
    );

    const r: StoreRange = {
      storeBase: await nextIdBase(run, 'stores'),
      count,
      kitchenBase: await nextIdBase(run, 'kitchens'),
      categoryBase: await nextIdBase(run, 'categories'),
      productBase: await nextIdBase(run, 'products'),
      tableBase: await nextIdBase(run, 'tables'),
    };

    // Cities weighted by their share of the restaurants.
    const cityPool = CITIES.flatMap((c, i) => Array<number>(c.weight).fill(i));
    const city = (field: (c: (typeof CITIES)[number]) => string) =>
      `(${textArray(CITIES.map(field))})[cy + 1]`;
    const neighborhood = caseOf(
      'cy',
      CITIES.map((c) => pick(c.neighborhoods, 's', 14)),
    );
    const cuisineName = `(${textArray(CUISINES.map((c) => c.name))})[ci + 1]`;
    const storeName = `${caseOf(
      'ci',
      CUISINES.map((c) => pick(c.prefixes, 's', 15)),
    )} || ' ' || ${caseOf(
      'ci',
      CUISINES.map((c) => pick(c.suffixes, 's', 16)),
    )}`;
    const allFirst = [...FEMALE_NAMES, ...MALE_NAMES];

    await run(
      `insert into stores (
         id, name, slug, company_name, cnpj, phone, whatsapp, site, instagram, description, full_description,
         cousine_id, operation_id, status, street, street_number, neighborhood, zip_code, city, uf,
         name_responsible, cpf, email, phone_responsible, email_admin,
         feedme_physical_tax, feedme_digital_tax, service_charge, app_skin,
         opening_hours, reservations, reservation_hours, links, list_order, created_at, updated_at
       ) overriding system value
       select id, name, slug, name || ' Ltda.', ${cnpjExpr(`(id::bigint * 7919 + 12345678) % 100000000`)},
         ddd || '3' || lpad((${rnd('s', 17)} % 10000000)::text, 7, '0'),
         ddd || '9' || lpad((${rnd('s', 18)} % 100000000)::text, 8, '0'),
         'https://www.' || replace(slug, '-', '') || '.com.br',
         '@' || replace(slug, '-', ''),
         'Cozinha ' || lower(cuisine) || ' em ' || neighborhood || ', ' || city_name || '.',
         name || ' serve cozinha ' || lower(cuisine) || ' no bairro ' || neighborhood || ', em ' || city_name ||
           '. Ambiente familiar, atendimento pelo aplicativo e pagamento na mesa.',
         (select id from cuisines where name_key = cuisine_key),
         (select id from operations where name_key = city_key),
         case when ${rnd('s', 19)} % 100 < 92 then 'OK' when ${rnd('s', 19)} % 100 < 97 then 'INACTIVE' else 'CLOSED' end,
         ${pick(STREETS, 's', 20)}, (1 + ${rnd('s', 21)} % 2500)::text, neighborhood,
         zip || lpad((${rnd('s', 22)} % 1000000)::text, 6, '0'), city_name, uf,
         ${pick(allFirst, 's', 23)} || ' ' || ${pick(SURNAMES, 's', 24)},
         ${cpfExpr(`(id::bigint * 123456791 + 555) % 1000000000`)},
         'contato@' || replace(slug, '-', '') || '.com.br',
         ddd || '9' || lpad((${rnd('s', 25)} % 100000000)::text, 8, '0'),
         'gerente@' || replace(slug, '-', '') || '.com.br',
         (${rnd('s', 26)} % 11) * 0.25, 3 + (${rnd('s', 27)} % 13) * 0.25,
         case when ${rnd('s', 28)} % 100 < 75 then 10 when ${rnd('s', 28)} % 100 < 90 then 12
              when ${rnd('s', 28)} % 100 < 97 then 0 else 13 end,
         case when ${rnd('s', 29)} % 3 = 0 then 'BLACK' else 'WHITE' end,
         hours, reservations, case when reservations then hours else '[]'::jsonb end,
         case when ${rnd('s', 30)} % 2 = 0 then '[]'::jsonb else jsonb_build_array(jsonb_build_object(
           'title', 'Instagram', 'url', 'https://instagram.com/' || replace(slug, '-', ''), 'active', true)) end,
         s, created_at, created_at
       from (
         select s, id, ci, cy, cuisine, cuisine_key, name, neighborhood, city_name, city_key, uf, ddd, zip,
           lower(regexp_replace(immutable_unaccent(name), '[^A-Za-z0-9]+', '-', 'g')) || '-' || id as slug,
           ${caseOf('(' + rnd('s', 31) + ' % 3)', [
             openingHours('lunch-dinner'),
             openingHours('dinner'),
             openingHours('all-day'),
           ])} as hours,
           ${rnd('s', 32)} % 100 < 40 as reservations,
           ${ctx.anchor} - (${HISTORY_DAYS} + ${rnd('s', 33)} % 365) * interval '1 day' as created_at
         from (
           select s, ${int(r.storeBase)} + s as id, ci, cy,
             ${storeName} as name, ${cuisineName} as cuisine,
             (${textArray(CUISINES.map((c) => nameKey(c.name)))})[ci + 1] as cuisine_key,
             ${neighborhood} as neighborhood, ${city((c) => c.name)} as city_name,
             ${city((c) => nameKey(c.name))} as city_key, ${city((c) => c.uf)} as uf,
             ${city((c) => c.ddd)} as ddd, ${city((c) => c.zip)} as zip
           from generate_series(1, ${int(count)}) s,
             lateral (select ${cuisineIndex('s')} as ci,
                             (${intArray(cityPool)})[1 + ${rnd('s', 13)} % ${cityPool.length}] as cy) k
         ) a
       ) b`,
    );
    await bumpSequence(run, 'stores', r.storeBase + count);

    await run(
      `insert into kitchens (id, store_id, name, created_at, updated_at) overriding system value
       select ${int(r.kitchenBase)} + ${KITCHENS_PER_STORE} * (s - 1) + k, ${int(r.storeBase)} + s,
         (array['Cozinha', 'Bar'])[k], ${ctx.anchor} - interval '2 years', ${ctx.anchor} - interval '2 years'
       from generate_series(1, ${int(count)}) s, generate_series(1, ${KITCHENS_PER_STORE}) k`,
    );
    await bumpSequence(run, 'kitchens', r.kitchenBase + KITCHENS_PER_STORE * count);

    await run(
      `insert into categories (id, store_id, name, display, available, list_order, created_at, updated_at)
       overriding system value
       select ${int(r.categoryBase)} + ${CATEGORIES_PER_STORE} * (s - 1) + c, ${int(r.storeBase)} + s,
         (${textArray(CATEGORY_NAMES)})[c],
         (array['ALL', 'ALL', 'GRID', 'LIST'])[1 + ${rnd('s * 8 + c', 40)} % 4],
         true, c, ${ctx.anchor} - interval '2 years', ${ctx.anchor} - interval '2 years'
       from generate_series(1, ${int(count)}) s, generate_series(1, ${CATEGORIES_PER_STORE}) c`,
    );
    await bumpSequence(run, 'categories', r.categoryBase + CATEGORIES_PER_STORE * count);

    // The menu as a relation: (cuisine or -1 for every cuisine, category, position, name, price, icon).
    const menuRows: string[] = [];
    const add = (cu: number, cat: number, items: readonly (readonly [string, number, (string | null)?])[]) =>
      items.forEach(([name, price, icon], pos) =>
        menuRows.push(`(${cu}, ${cat}, ${pos}, ${lit(name)}, ${int(price)}, ${icon ? lit(icon) : 'null'})`),
      );
    CUISINES.forEach((c, i) => {
      add(i, 1, c.starters);
      add(i, 2, c.mains);
    });
    add(-1, 3, SIDES);
    add(-1, 4, DESSERTS);
    add(-1, 5, DRINKS);
    add(-1, 6, BAR);
    await run(
      `with menu (cu, cat, pos, name, price, icon) as (values ${menuRows.join(', ')}),
       lens as (select cu, cat, count(*)::int as len from menu group by cu, cat),
       st as (select s, ${cuisineIndex('s')} as ci, 0.85 + (${rnd('s', 34)} % 46) / 100.0 as factor
              from generate_series(1, ${int(count)}) s)
       insert into products (
         id, store_id, category_id, kitchen_id, name, description, price, external_code, available,
         image_aspect_ratio, icon, list_priority, n_likes, created_at, updated_at
       ) overriding system value
       select ${int(r.productBase)} + ${PRODUCTS_PER_STORE} * (st.s - 1) + ${PRODUCTS_PER_CATEGORY} * (c.cat - 1) + p + 1,
         ${int(r.storeBase)} + st.s,
         ${int(r.categoryBase)} + ${CATEGORIES_PER_STORE} * (st.s - 1) + c.cat,
         ${int(r.kitchenBase)} + ${KITCHENS_PER_STORE} * (st.s - 1) + case when c.cat >= 5 then 2 else 1 end,
         m.name, (${textArray(CATEGORY_DESCRIPTIONS)})[c.cat],
         greatest(100, round(m.price * st.factor / 100) * 100 - 10)::int,
         'P' || lpad((${PRODUCTS_PER_CATEGORY} * (c.cat - 1) + p + 1)::text, 3, '0'),
         ${rnd('st.s * 64 + c.cat * 8 + p', 35)} % 100 < 97,
         case when ${rnd('st.s * 64 + c.cat * 8 + p', 36)} % 5 = 0 then 0.8 else 1 end,
         m.icon, p, ${rnd('st.s * 64 + c.cat * 8 + p', 37)} % 500,
         ${ctx.anchor} - interval '2 years', ${ctx.anchor} - interval '2 years'
       from st cross join generate_series(1, ${CATEGORIES_PER_STORE}) c(cat) cross join generate_series(0, ${PRODUCTS_PER_CATEGORY - 1}) p
       join lens l on l.cu = case when c.cat <= 2 then st.ci else -1 end and l.cat = c.cat
       join menu m on m.cu = l.cu and m.cat = l.cat
         and m.pos = (${rnd('st.s * 8 + c.cat', 38)} % l.len + p) % l.len`,
    );
    await bumpSequence(run, 'products', r.productBase + PRODUCTS_PER_STORE * count);

    await run(
      `insert into tables (id, store_id, number, name, status, created_at, updated_at) overriding system value
       select ${int(r.tableBase)} + ${TABLES_PER_STORE} * (s - 1) + n, ${int(r.storeBase)} + s, n, 'Mesa ' || n,
         'AVAILABLE', ${ctx.anchor} - interval '2 years', ${ctx.anchor} - interval '2 years'
       from generate_series(1, ${int(count)}) s, generate_series(1, ${TABLES_PER_STORE}) n`,
    );
    await bumpSequence(run, 'tables', r.tableBase + TABLES_PER_STORE * count);
    range = r;
  });
  progress.update(count);
  progress.finish();
  return range!;
}

// ---------------------------------------------------------------------------------------------
// Customers.

export interface CustomerRange {
  /** Customer g (1-based) has id customerBase + g. */
  customerBase: number;
  count: number;
}

/** CPF base of customer id n: n × 3^18 mod 10^9, a bijection on ids below 10^9. */
const CPF_FACTOR = 387_420_489;
/** Its inverse modulo 10^9: recovers the id whose CPF base is b. */
const CPF_INVERSE = 513_180_409;

/**
 * Generated usernames, e-mails and CPFs are unique among themselves by construction: the first
 * two carry the id, the CPF base is a bijection of the id. Rows that were already there (the
 * demo's) could still coincide; this finds, in one pass over them, every id of the new range
 * that might (a superset: trailing digits of usernames and e-mails, CPF bases mapped back to
 * their id). Those few ids get a different username, e-mail and no CPF.
 */
async function suspectCustomerIds(run: Run, customerBase: number, count: number): Promise<number[]> {
  const [row] = await run<{ ids: number[] | null }>(
    `select array_agg(distinct id order by id)::int[] as ids from (
       select substring(lower(username) from '([0-9]{1,15})$')::bigint as id from customers
         where id <= ${int(customerBase)}
       union all
       select substring(lower(email) from '([0-9]{1,15})@')::bigint from customers where id <= ${int(customerBase)}
       union all
       select substr(cpf, 1, 9)::bigint * ${CPF_INVERSE} % 1000000000 from customers
         where id <= ${int(customerBase)} and cpf is not null
     ) x where id between ${int(customerBase + 1)} and ${int(customerBase + count)}`,
  );
  return row?.ids ?? [];
}

export async function seedCustomers(ctx: Context, count: number, batchSize: number): Promise<CustomerRange> {
  const customerBase = await nextIdBase(ctx.run, 'customers');
  const suspects = await suspectCustomerIds(ctx.run, customerBase, count);
  const suspect = (ifSuspect: string, otherwise: string) =>
    suspects.length === 0
      ? otherwise
      : `(case when d.id = any(${intArray(suspects)}) then ${ifSuspect} else ${otherwise} end)`;
  const allFirst = [...FEMALE_NAMES, ...MALE_NAMES];
  const ddds = CITIES.map((c) => c.ddd);
  const progress = new Progress('Clientes', count, 'clientes');
  for (let from = 1; from <= count; from += batchSize) {
    const to = Math.min(count, from + batchSize - 1);
    await ctx.transaction(async (run) => {
      await tune(ctx, run);
      await run(
        `insert into customers (
           id, fullname, username, email, phone, cpf, gender, birthdate, feedhunter, status, platform,
           created_at, updated_at
         ) overriding system value
         select d.id, fullname, ${suspect(`d.username || '_'`, 'd.username')},
           ${suspect(`'_' || d.email`, 'd.email')}, phone, ${suspect('null', 'd.cpf')},
           gender, birthdate, feedhunter, status, platform, created_at,
           least(${ctx.anchor}, created_at + (${rnd('g', 9)} % 400) * interval '1 day')
         from (
           select g, id, gender,
             first || ' ' || last1 || case when ${rnd('g', 5)} % 2 = 0 then ' ' || last2 else '' end as fullname,
             first_key || last_key || id as username,
             first_key || '.' || last_key || id || '@' || ${pick(EMAIL_DOMAINS, 'g', 6)} as email,
             ${pick(ddds, 'g', 7)} || '9' || lpad((${rnd('g', 8)} % 100000000)::text, 8, '0') as phone,
             ${cpfExpr(`id::bigint * ${CPF_FACTOR} % 1000000000`)} as cpf,
             case when ${rnd('g', 10)} % 100 < 94
               then date ${ctx.today} - (6570 + ${rnd('g', 11)} % 20800) end as birthdate,
             ${rnd('g', 12)} % 1000 < 15 as feedhunter,
             case when ${rnd('g', 13)} % 100 < 97 then 'ACTIVE' when ${rnd('g', 13)} % 100 < 99 then 'INACTIVE'
                  else 'BLOCKED' end as status,
             case when ${rnd('g', 14)} % 100 < 58 then 'ANDROID' when ${rnd('g', 14)} % 100 < 95 then 'IOS' end as platform,
             least(${ctx.anchor} - interval '1 minute', greatest(${ctx.anchor} - interval '${HISTORY_DAYS} days',
               ${ctx.anchor} - interval '${HISTORY_DAYS} days'
                 + (sqrt(g::float8 / ${int(count)}) * ${HISTORY_DAYS * 86400} - ${rnd('g', 15)} % 86400) * interval '1 second'
             )) as created_at
           from (
             select g, ${int(customerBase)} + g as id, gender,
               (${textArray(allFirst)})[fi] as first, (${textArray(allFirst.map(asciiKey))})[fi] as first_key,
               (${textArray(SURNAMES)})[li] as last1, (${textArray(SURNAMES.map(asciiKey))})[li] as last_key,
               -- A second surname, never the first one again.
               (${textArray(SURNAMES)})[1 + (li + ${rnd('g', 4)} % ${SURNAMES.length - 1}) % ${SURNAMES.length}] as last2
             from generate_series(${int(from)}, ${int(to)}) g,
               lateral (select ${rnd('g', 1)} % 100 as gr) a,
               lateral (select
                 case when gr < 48 then 'F' when gr < 96 then 'M' when gr < 98 then 'O' end as gender,
                 case when gr < 48 then 1 + ${rnd('g', 2)} % ${FEMALE_NAMES.length}
                      when gr < 96 then ${FEMALE_NAMES.length + 1} + ${rnd('g', 2)} % ${MALE_NAMES.length}
                      else 1 + ${rnd('g', 2)} % ${allFirst.length} end as fi,
                 1 + ${rnd('g', 3)} % ${SURNAMES.length} as li) b
           ) c
         ) d`,
      );
      await bumpSequence(run, 'customers', customerBase + to);
    });
    await ctx.afterBatch();
    progress.update(to);
  }
  progress.finish();
  return { customerBase, count };
}

// ---------------------------------------------------------------------------------------------
// Orders with their tickets, items, payments, check-ins and reviews.

export interface OrderTotals {
  orders: number;
  tickets: number;
  items: number;
}

interface OrderState {
  /** Order g (1-based in this run) has id orderBase + g. */
  orderBase: number;
  ticketBase: number;
  /** Orders and tickets generated so far. */
  orders: number;
  tickets: number;
  items: number;
}

/** Stage tables of one batch, dropped at its commit. */
async function createStage(run: Run): Promise<void> {
  await run(
    `create temp table s_orders (
       g int, id int, store_id int, table_id int, order_type text, n_t int, n_i int,
       created_at timestamptz, closed_at timestamptz, disc numeric, svc numeric, phys numeric, dig numeric,
       live boolean, waiter boolean
     ) on commit drop`,
  );
  await run(
    `create temp table s_tickets (
       g int, k int, id int, order_id int, store_id int, customer_id int, created_at timestamptz, platform text,
       sub int not null default 0, svc int not null default 0, disc int not null default 0
     ) on commit drop`,
  );
  await run(
    `create temp table s_items (
       h bigint, order_id int, store_id int, ticket_id int, product_id int, kitchen_id int, name text,
       thumbnail text, price int, qty int, complements jsonb, extra int, observations text, status text,
       created_at timestamptz
     ) on commit drop`,
  );
}

/**
 * From staged orders: tickets (distinct customers per order), items (products of the order's
 * store, spread over its tickets), then the real rows, in foreign-key order.
 */
async function materialize(
  run: Run,
  ctx: Context,
  stores: StoreRange,
  customers: CustomerRange,
  state: OrderState,
): Promise<OrderTotals> {
  const nc = customers.count;
  await run(`analyze s_orders`);
  await run(
    `insert into s_tickets (g, k, id, order_id, store_id, customer_id, created_at, platform)
     select o.g, k, ${int(state.ticketBase + state.tickets)} + row_number() over (order by o.id, k),
       o.id, o.store_id,
       -- Distinct within an order: c0 + j·step mod n for j < 4, with 3·step < n.
       ${int(customers.customerBase)} + 1 + (c.c0 + (k - 1) * c.step) % ${int(nc)},
       o.created_at + (k - 1) * interval '3 minutes',
       case when ${rnd('o.g * 8 + k', 203)} % 100 < 60 then 'ANDROID' else 'IOS' end
     from s_orders o cross join lateral generate_series(1, o.n_t) k
     cross join lateral (
       -- Regulars: earlier customers come back more often.
       select floor(${int(nc)} * power(${unit('o.g', 201)}, 1.4))::int as c0,
              1 + ${rnd('o.g', 202)} % ${int(Math.floor((nc - 1) / 3))} as step
     ) c`,
  );
  await run(`analyze s_tickets`);

  const foodObs = OBSERVATIONS.slice(0, 7);
  const drinkObs = ['Sem gelo', 'Com gelo e limão', 'Bem gelada', 'Sem açúcar'];
  await run(
    `insert into s_items (h, order_id, store_id, ticket_id, product_id, kitchen_id, name, thumbnail, price, qty,
       complements, extra, observations, status, created_at)
     select i.h, o.id, o.store_id, t.id, p.id, p.kitchen_id, p.name, p.thumbnail, p.price,
       case when ${rnd('i.h', 302)} % 100 < 80 then 1 when ${rnd('i.h', 302)} % 100 < 95 then 2 else 3 end,
       case when main and ${rnd('i.h', 303)} % 100 < 20 then jsonb_build_array(jsonb_build_object(
         'name', (${textArray(COMPLEMENTS.map((c) => c[0]))})[ci], 'price', (${intArray(COMPLEMENTS.map((c) => c[1]))})[ci],
         'quantity', 1)) else '[]'::jsonb end,
       case when main and ${rnd('i.h', 303)} % 100 < 20 then (${intArray(COMPLEMENTS.map((c) => c[1]))})[ci] else 0 end,
       case when ${rnd('i.h', 305)} % 100 < 6 then
         case when food then ${pick(foodObs, 'i.h', 306)} else ${pick(drinkObs, 'i.h', 306)} end end,
       case when o.live then (array['PLACED', 'PREPARING', 'READY'])[1 + ${rnd('i.h', 307)} % 3]
            when ${rnd('i.h', 307)} % 100 < 3 then 'CANCELLED' else 'READY' end,
       o.created_at + (i.k * 2 + case when o.live then 0 else ${rnd('i.h', 308)} % 5 end) * interval '1 minute'
     from s_orders o
     cross join lateral generate_series(1, o.n_i) k
     cross join lateral (select k, o.g::bigint * 16 + k as h) i
     join s_tickets t on t.order_id = o.id and t.k = (i.k - 1) % o.n_t + 1
     join products p on p.id = ${int(stores.productBase)} + ${PRODUCTS_PER_STORE} * (o.store_id - ${int(stores.storeBase)} - 1)
       + 1 + floor(${PRODUCTS_PER_STORE} * power(${unit('i.h', 301)}, 1.3))::int
     cross join lateral (select
       (p.kitchen_id - ${int(stores.kitchenBase)}) % ${KITCHENS_PER_STORE} = 1 as food,
       -- Extras (bacon, cheese…) go with starters and mains only.
       (p.id - ${int(stores.productBase)} - 1) % ${PRODUCTS_PER_STORE} < ${2 * PRODUCTS_PER_CATEGORY} as main,
       1 + ${rnd('i.h', 304)} % ${COMPLEMENTS.length} as ci) f`,
  );

  // Each customer's part: items, plus the store's service charge, minus the order's discount.
  await run(
    `update s_tickets t set sub = a.sub, svc = round(a.sub * o.svc / 100), disc = round(a.sub * o.disc / 100)
     from (select ticket_id, coalesce(sum((price + extra) * qty) filter (where status <> 'CANCELLED'), 0)::int as sub
           from s_items group by ticket_id) a, s_orders o
     where a.ticket_id = t.id and o.id = t.order_id`,
  );

  await run(
    `insert into orders (id, store_id, table_id, order_type, status, payment_status, waiter_requested,
       waiter_requested_at, subtotal, service_charge, discount, total, total_paid, created_at, updated_at, closed_at)
     overriding system value
     select o.id, o.store_id, o.table_id, o.order_type,
       case when o.live then 'OPENED' else 'CLOSED' end, case when o.live then 'OPEN' else 'PAID' end,
       o.waiter, case when o.waiter then ${ctx.anchor} - interval '4 minutes' end,
       a.sub, a.svc, a.disc, a.total, case when o.live then 0 else a.total end,
       o.created_at, coalesce(o.closed_at, o.created_at), o.closed_at
     from s_orders o join (
       select order_id, sum(sub) as sub, sum(svc) as svc, sum(disc) as disc, sum(sub + svc - disc) as total
       from s_tickets group by order_id
     ) a on a.order_id = o.id
     order by o.id`,
  );
  await run(
    `insert into tickets (id, order_id, store_id, customer_id, subtotal, total, total_paid, created_at)
     overriding system value
     select t.id, t.order_id, t.store_id, t.customer_id, t.sub, t.sub + t.svc - t.disc,
       case when o.live then 0 else t.sub + t.svc - t.disc end, t.created_at
     from s_tickets t join s_orders o on o.id = t.order_id
     order by t.id`,
  );
  await run(
    `insert into order_items (store_id, order_id, ticket_id, product_id, kitchen_id, name, thumbnail, product_price,
       quantity, observations, complements, status, created_at, updated_at)
     select store_id, order_id, ticket_id, product_id, kitchen_id, name, thumbnail, price, qty, observations,
       complements, status, created_at, created_at + interval '12 minutes'
     from s_items order by order_id, h`,
  );
  // One payment per ticket, by the customer, in the app (digital) or at the table (physical).
  await run(
    `insert into payments (store_id, order_id, customer_id, kind, method, amount, fee, service, created_at)
     select store_id, order_id, customer_id, kind, method, amount,
       round(amount * case when kind = 'DIGITAL' then dig else phys end / 100)::int, least(svc, amount),
       created_at
     from (
       select t.store_id, t.order_id, t.customer_id, t.sub + t.svc - t.disc as amount, t.svc, o.dig, o.phys,
         o.closed_at - (${rnd('t.id', 501)} % 10) * interval '1 minute' as created_at,
         case when ${rnd('t.id', 502)} % 100 < 55 then 'DIGITAL' else 'PHYSICAL' end as kind,
         case when ${rnd('t.id', 502)} % 100 < 55
              then case when ${rnd('t.id', 503)} % 100 < 65 then 'CREDIT_CARD' else 'PIX' end
              else ${pick(['CREDIT_CARD', 'CREDIT_CARD', 'DEBIT_CARD', 'DEBIT_CARD', 'PIX', 'CASH', 'MEAL_VOUCHER'], 't.id', 504)}
         end as method
       from s_tickets t join s_orders o on o.id = t.order_id
       where not o.live and t.sub + t.svc - t.disc > 0
       order by t.id
     ) p`,
  );
  await run(
    `insert into checkins (store_id, customer_id, order_id, platform, created_at)
     select store_id, customer_id, order_id, platform, created_at from s_tickets order by id`,
  );
  // About one customer in twelve reviews the visit; each store has its own level of praise.
  const texts = (list: string[], salt: number) => pick(list, 't.id', salt);
  await run(
    `insert into reviews (store_id, customer_id, order_id, rating, text, created_at)
     select store_id, customer_id, order_id, rating,
       case when ${rnd('id', 404)} % 100 < 30 then ''
            when rating >= 4 then good when rating = 3 then average else bad end,
       created_at
     from (
       select t.id, t.store_id, t.customer_id, t.order_id,
         1 + floor(5 * power(${unit('t.id', 402)},
           (array[0.35, 0.5, 0.7])[1 + ${rnd(`t.store_id - ${int(stores.storeBase)}`, 41)} % 3]))::int as rating,
         ${texts(REVIEW_TEXTS.good, 405)} as good, ${texts(REVIEW_TEXTS.average, 405)} as average,
         ${texts(REVIEW_TEXTS.bad, 405)} as bad,
         least(${ctx.anchor}, o.closed_at + (1 + ${rnd('t.id', 403)} % 47) * interval '1 hour') as created_at
       from s_tickets t join s_orders o on o.id = t.order_id
       where not o.live and ${rnd('t.id', 401)} % 100 < 8
       order by t.id
     ) r`,
  );

  const [counts] = await run<{ orders: number; tickets: number; items: number; last: number | null }>(
    `select (select count(*) from s_orders)::int as orders, (select count(*) from s_tickets)::int as tickets,
       (select count(*) from s_items)::int as items, (select max(g) from s_orders) as last`,
  );
  state.orders += counts!.orders;
  state.tickets += counts!.tickets;
  state.items += counts!.items;
  if (counts!.last !== null && counts!.last !== state.orders) {
    throw new Error(`Internal error: order numbering out of step (${counts!.last} ≠ ${state.orders})`);
  }
  await bumpSequence(run, 'orders', state.orderBase + state.orders);
  await bumpSequence(run, 'tickets', state.ticketBase + state.tickets);
  return counts!;
}

/** The number of items the live tabs will have (open stores × tabs × items). */
export async function liveItemCount(run: Run, stores: StoreRange): Promise<number> {
  const [row] = await run<{ n: number }>(
    `select count(*)::int as n from stores where id between ${int(stores.storeBase + 1)}
       and ${int(stores.storeBase + stores.count)} and status = 'OK'`,
  );
  return row!.n * LIVE_TABS * LIVE_ITEMS;
}

export async function seedOrders(
  ctx: Context,
  stores: StoreRange,
  customers: CustomerRange,
  itemTarget: number,
  liveItems: number,
  ordersPerBatch: number,
): Promise<OrderTotals> {
  const state: OrderState = {
    orderBase: await nextIdBase(ctx.run, 'orders'),
    ticketBase: await nextIdBase(ctx.run, 'tickets'),
    orders: 0,
    tickets: 0,
    items: 0,
  };
  const historyItems = itemTarget - liveItems;
  // Items per order average ≈ 3.23 (tickets 1.73 + 0–3 more); the estimate spreads the dates.
  const estimatedOrders = Math.max(1, Math.round(historyItems / 3.23));
  const S = stores.count;
  const T = TABLES_PER_STORE;

  const progress = new Progress('Pedidos', historyItems, 'itens');
  while (state.items < historyItems) {
    const from = state.orders + 1;
    const to = state.orders + ordersPerBatch;
    const remaining = historyItems - state.items;
    await ctx.transaction(async (run) => {
      await tune(ctx, run);
      await createStage(run);
      // Orders g from..to; the running item count stops exactly at the target.
      await run(
        `insert into s_orders (g, id, store_id, table_id, order_type, n_t, n_i, created_at, closed_at,
           disc, svc, phys, dig, live, waiter)
         select x.g, ${int(state.orderBase)} + x.g, st.id,
           case when x.indoor then ${int(stores.tableBase)} + ${T} * (x.s - 1) + x.tn end,
           case when x.indoor then 'INDOOR' else 'DELIVERY' end,
           least(x.n_t, x.n_i - greatest(0, x.cum - ${int(remaining)})),
           x.n_i - greatest(0, x.cum - ${int(remaining)}),
           x.created_at, x.created_at + (35 + ${rnd('x.g', 109)} % 100) * interval '1 minute',
           x.disc, st.service_charge, st.feedme_physical_tax, st.feedme_digital_tax, false, false
         from (
           select g, s, indoor, n_t, n_t + ${rnd('g', 104)} % 4 as n_i, 1 + ${rnd('g', 105)} % ${T} as tn,
             sum(n_t + ${rnd('g', 104)} % 4) over (order by g) as cum,
             case when ${rnd('g', 110)} % 100 < 5 then 10 else 0 end as disc,
             ((day + minute * interval '1 minute') at time zone ${TZ}) as created_at
           from generate_series(${int(from)}, ${int(to)}) g,
             lateral (select
               -- Busy stores: store 1 sells about eight times the median.
               1 + floor(${S} * power(${unit('g', 101)}, 1.5))::int as s,
               ${rnd('g', 102)} % 100 < 88 as indoor,
               -- The platform grows: orders per day rise linearly over the two years.
               least(${HISTORY_DAYS - 1}, floor(${HISTORY_DAYS} * sqrt(least(1.0, g::float8 / ${int(estimatedOrders)})))::int) as off,
               -- Lunch (11:30–14:30) or dinner (18:30–23:30), São Paulo time.
               case when ${rnd('g', 107)} % 100 < 40 then 690 + ${rnd('g', 108)} % 180
                    else 1110 + ${rnd('g', 108)} % 300 end as minute
             ) a,
             lateral (select
               case when not indoor then 1 when ${rnd('g', 103)} % 100 < 45 then 1
                    when ${rnd('g', 103)} % 100 < 80 then 2 when ${rnd('g', 103)} % 100 < 92 then 3 else 4 end as n_t,
               date ${ctx.today} - ${HISTORY_DAYS} + off
                 -- Fridays and Saturdays are busier: some Mondays and Tuesdays move four days on.
                 + case when extract(isodow from date ${ctx.today} - ${HISTORY_DAYS} + off) in (1, 2)
                          and off <= ${HISTORY_DAYS - 5} and ${rnd('g', 106)} % 100 < 35 then 4 else 0 end as day
             ) b
         ) x
         join stores st on st.id = ${int(stores.storeBase)} + x.s
         where x.cum - x.n_i < ${int(remaining)}`,
      );
      await materialize(run, ctx, stores, customers, state);
    });
    await ctx.afterBatch();
    progress.update(state.items);
  }
  progress.finish();

  if (liveItems > 0) {
    const live = new Progress('Comandas abertas', liveItems, 'itens');
    const before = state.items;
    await ctx.transaction(async (run) => {
      await tune(ctx, run);
      await createStage(run);
      // Tonight: tables 1–4 of every open store have a tab, table 1 calling the waiter.
      await run(
        `insert into s_orders (g, id, store_id, table_id, order_type, n_t, n_i, created_at, closed_at,
           disc, svc, phys, dig, live, waiter)
         select g, ${int(state.orderBase)} + g, id, ${int(stores.tableBase)} + ${T} * (id - ${int(stores.storeBase)} - 1) + m,
           'INDOOR', 1 + ${rnd('g', 601)} % 2, ${LIVE_ITEMS},
           ${ctx.anchor} - (10 + ${rnd('g', 602)} % 110) * interval '1 minute', null,
           0, service_charge, feedme_physical_tax, feedme_digital_tax, true, m = 1
         from (
           select ${int(state.orders)} + row_number() over (order by st.id, m) as g, st.*, m
           from stores st cross join generate_series(1, ${LIVE_TABS}) m
           where st.id between ${int(stores.storeBase + 1)} and ${int(stores.storeBase + S)} and st.status = 'OK'
         ) x`,
      );
      await materialize(run, ctx, stores, customers, state);
      await run(
        `update tables set status = 'OCCUPIED', updated_at = ${ctx.anchor}
         where id in (select table_id from s_orders)`,
      );
    });
    live.update(state.items - before);
    live.finish();
  }
  return { orders: state.orders, tickets: state.tickets, items: state.items };
}

// ---------------------------------------------------------------------------------------------
// Derived figures and statistics.

/** Store ratings from their reviews and products' sales from their items, as the app keeps them. */
export async function updateAggregates(ctx: Context, stores: StoreRange): Promise<void> {
  const first = stores.storeBase + 1;
  const last = stores.storeBase + stores.count;
  const progress = new Progress('Totais', 2, 'passos');
  await ctx.transaction(async (run) => {
    await tune(ctx, run);
    await run(
      `update stores s set n_ratings = a.n, rating = round(a.avg, 2)
       from (select store_id, count(*)::int as n, avg(rating) as avg from reviews
             where store_id between ${int(first)} and ${int(last)} group by store_id) a
       where s.id = a.store_id`,
    );
  });
  await ctx.afterBatch();
  progress.update(1);
  await ctx.transaction(async (run) => {
    await tune(ctx, run);
    await run(
      `update products p set n_sold = a.n
       from (select product_id, sum(quantity)::int as n from order_items
             where store_id between ${int(first)} and ${int(last)} and status <> 'CANCELLED'
             group by product_id) a
       where p.id = a.product_id`,
    );
  });
  await ctx.afterBatch();
  progress.update(2);
  progress.finish();
}

/** The first id each loaded table will give to this run's rows (ids above it are ours). */
export async function firstIds(run: Run): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const table of LOADED_TABLES) ids[table] = await nextIdBase(run, table);
  return ids;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Checks every foreign key of the loaded tables over the rows this run added, as
 * `ALTER TABLE … VALIDATE CONSTRAINT` would (MATCH SIMPLE: rows with a null column are not
 * checked), with one anti-join per constraint. Throws, naming the constraint, if a row has no
 * parent: the load is then wrong and must not be used.
 */
export async function verifyForeignKeys(ctx: Context, since: Record<string, number>): Promise<number> {
  const constraints = await ctx.run<{
    name: string;
    child: string;
    parent: string;
    cols: string[];
    refcols: string[];
  }>(
    `select c.conname as name, cl.relname as child, pl.relname as parent,
       array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
             join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as cols,
       array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
             join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as refcols
     from pg_constraint c join pg_class cl on cl.oid = c.conrelid join pg_class pl on pl.oid = c.confrelid
     where c.contype = 'f' and c.conrelid = any(${textArray(LOADED_TABLES)}::regclass[])
     order by cl.relname, c.conname`,
  );
  const progress = new Progress('Chaves estrangeiras', constraints.length, 'restrições');
  let checked = 0;
  for (const fk of constraints) {
    const first = since[fk.child] ?? 0;
    const notNull = fk.cols.map((c) => `c.${quoteIdent(c)} is not null`).join(' and ');
    const match = fk.cols.map((c, i) => `p.${quoteIdent(fk.refcols[i]!)} = c.${quoteIdent(c)}`).join(' and ');
    let missing = 0;
    await ctx.transaction(async (run) => {
      await run(`set local work_mem = '256MB'`);
      const [row] = await run<{ n: number }>(
        `select count(*)::int as n from only ${quoteIdent(fk.child)} c
         where c.id > ${int(first)} and ${notNull}
           and not exists (select 1 from only ${quoteIdent(fk.parent)} p where ${match})`,
      );
      missing = row!.n;
    });
    if (missing > 0) {
      throw new Error(
        `${formatCount(missing)} linhas de ${fk.child} violam a chave estrangeira ${fk.name} ` +
          `(${fk.cols.join(', ')} → ${fk.parent}): a carga está inconsistente.`,
      );
    }
    // The first read of a page after the load sets its hint bits: WAL too, on PGlite.
    await ctx.afterBatch();
    progress.update(++checked);
  }
  progress.finish();
  return constraints.length;
}

/**
 * VACUUM (ANALYZE), or ANALYZE only, of every table of the schema: statistics for the planner,
 * and, with VACUUM, the visibility map and hint bits set once here instead of by the first
 * queries of a benchmark (PGlite has no autovacuum). One table at a time, so that the embedded
 * database can checkpoint in between (a database-wide VACUUM writes ~1 GB of WAL in one go).
 */
export async function updateStatistics(ctx: Context, vacuum: boolean): Promise<void> {
  const tables = await ctx.run<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const progress = new Progress(vacuum ? 'VACUUM ANALYZE' : 'ANALYZE', tables.length, 'tabelas');
  let done = 0;
  for (const { name } of tables) {
    await ctx.run(`${vacuum ? 'vacuum (analyze)' : 'analyze'} ${quoteIdent(name)}`);
    await ctx.afterBatch();
    progress.update(++done);
  }
  progress.finish();
}
