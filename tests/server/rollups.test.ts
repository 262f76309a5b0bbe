/**
 * The dashboards' daily figures (store_days, platform_days, product_days) and the statement's
 * (statement_days, statement_months, statement_totals) are kept by triggers in the same
 * transaction as the rows they count. Each case writes like the app does (inserts, cancellations,
 * kitchen moves, statement lines and deposits, deletions, a whole store removed) and then compares
 * the tables with `rebuild_rollups()`, the plain recomputation from the raw rows.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../server/db/client';
import { mergeOrder, receivePayment, removePayment } from '../../server/service/tabs';
import { refreshTotals } from '../../server/service/totals';
import { mergeUndoToken, undoMerge } from '../../server/service/undo';
import { createTestApp, storeId, type TestApp } from './helpers';

let t: TestApp;
let store: number;

beforeAll(async () => {
  t = await createTestApp({ seed: 'full', seedNow: new Date('2026-11-20T15:00:00-03:00') });
  store = await storeId(t.database.db, 'Cantina Bella');
});
afterAll(() => t?.close());

const TABLES = [
  'store_days',
  'platform_days',
  'product_days',
  'statement_days',
  'statement_months',
  'statement_totals',
] as const;

async function snapshot(): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    out[table] = rows(await t.database.db.execute(sql.raw(`select * from ${table} order by 1, 2, 3`))).map(
      (r) => JSON.parse(JSON.stringify(r)),
    );
  }
  return out;
}

/**
 * The tables as the triggers left them, then as a recomputation gives them: equal. The database
 * compares them (a year of figures, tens of thousands of rows), and only the rows on one side
 * alone come back.
 */
async function expectRebuildAgrees() {
  const apart = await t.database.db.transaction(async (tx) => {
    for (const table of TABLES) {
      await tx.execute(sql.raw(`create temp table kept_${table} on commit drop as table ${table}`));
    }
    await tx.execute(sql`select rebuild_rollups()`);
    const out: Record<string, { side: string; row: Record<string, unknown> }[]> = {};
    for (const table of TABLES) {
      out[table] = rows(
        await tx.execute(
          sql.raw(`select 'kept' as side, to_jsonb(k) as row from (table kept_${table} except table ${table}) k
            union all
            select 'rebuilt', to_jsonb(r) from (table ${table} except table kept_${table}) r
            order by 2`),
        ),
      );
    }
    return out;
  });
  for (const table of TABLES) {
    // A row the triggers brought to all zeros is the same as no row.
    const nonZero = apart[table]!.filter(({ row }) =>
      Object.entries(row).some(
        ([k, v]) =>
          !['store_id', 'day', 'month', 'product_id'].includes(k) &&
          (Array.isArray(v) ? v.some((x) => Number(x) !== 0) : Number(v) !== 0),
      ),
    );
    expect(nonZero, table).toEqual([]);
  }
}

const db = () => t.database.db;

describe('rollups', () => {
  it('the comparison sees a payment written with the figures turned off', async () => {
    const [order] = rows<{ id: number }>(
      await db().execute(sql`select id from orders where store_id = ${store} order by id limit 1`),
    );
    await db().transaction(async (tx) => {
      await tx.execute(sql`set local painel.rollups = 'off'`);
      await tx.execute(sql`insert into payments (store_id, order_id, kind, method, amount, fee)
        values (${store}, ${order!.id}, 'PHYSICAL', 'CASH', 700, 0)`);
    });
    await expect(expectRebuildAgrees()).rejects.toThrow();
  });

  it('the demo starts with figures', async () => {
    const [row] = rows<{ gross: string; tickets: number }>(
      await db().execute(
        sql`select sum(gross)::text as gross, sum(tickets)::int as tickets from store_days where store_id = ${store}`,
      ),
    );
    expect(Number(row!.gross)).toBeGreaterThan(0);
    expect(row!.tickets).toBeGreaterThan(0);
    await expectRebuildAgrees();
  });

  it('follow payments made, cancelled, changed and deleted', async () => {
    const [order] = rows<{ id: number }>(
      await db().execute(sql`select id from orders where store_id = ${store} order by id limit 1`),
    );
    const [paid] = rows<{ id: number }>(
      await db().execute(sql`insert into payments (store_id, order_id, kind, method, amount, fee, created_at)
        values (${store}, ${order!.id}, 'DIGITAL', 'PIX', 12345, 123, '2026-11-20T02:30:00Z') returning id`),
    );
    await db().execute(sql`insert into payments (store_id, order_id, kind, method, amount, fee, created_at)
      values (${store}, ${order!.id}, 'PHYSICAL', 'CASH', 5000, 0, '2026-11-20T03:10:00Z')`);
    await expectRebuildAgrees();
    await db().execute(sql`update payments set cancelled_at = now() where id = ${paid!.id}`);
    await expectRebuildAgrees();
    await db().execute(
      sql`update payments set method = 'CREDIT_CARD', cancelled_at = null, created_at = '2026-10-01T12:00:00Z' where id = ${paid!.id}`,
    );
    await expectRebuildAgrees();
    await db().execute(sql`delete from payments where id = ${paid!.id}`);
    await expectRebuildAgrees();
  });

  it('follow items through the kitchen, cancelled, saved and their product deleted', async () => {
    const [item] = rows<{ id: number; product_id: number }>(
      await db().execute(sql`select id, product_id from order_items
        where store_id = ${store} and status = 'PLACED' and product_id is not null order by id limit 1`),
    );
    expect(item).toBeDefined();
    await db().execute(sql`update order_items set status = 'PREPARING' where id = ${item!.id}`);
    await db().execute(sql`update order_items set quantity = quantity + 2 where id = ${item!.id}`);
    await expectRebuildAgrees();
    await db().execute(sql`update order_items set status = 'CANCELLED' where id = ${item!.id}`);
    await expectRebuildAgrees();
    await db().execute(sql`update order_items set status = 'SAVED' where id = ${item!.id}`);
    await db().execute(sql`update order_items set status = 'READY' where id = ${item!.id}`);
    await expectRebuildAgrees();
    await db().execute(sql`delete from products where id = ${item!.product_id}`);
    await expectRebuildAgrees();
  });

  it('follow a payment taken back at the table, and a join split back as it was', async () => {
    // Two open tabs of the demo's floor, and a ticket of the first that still owes.
    const open = rows<{ id: number; table_id: number }>(
      await db().execute(sql`select o.id, o.table_id from orders o
        where o.store_id = ${store} and o.status = 'OPENED' and o.table_id is not null
        order by exists (select 1 from tickets t where t.order_id = o.id and t.total > t.total_paid) desc, o.id
        limit 2`),
    );
    expect(open).toHaveLength(2);
    const [first, second] = open as [{ id: number; table_id: number }, { id: number; table_id: number }];
    await db().transaction((tx) => refreshTotals(tx, first.id));
    const [owing] = rows<{ customer_id: number; owed: number }>(
      await db().execute(sql`select customer_id, total - total_paid as owed from tickets
        where order_id = ${first.id} and total > total_paid order by id limit 1`),
    );
    expect(owing).toBeDefined();
    const before = await snapshot();
    const tabBefore = rows(
      await db().execute(sql`select total, total_paid, payment_status from orders where id = ${first.id}`),
    );

    const paymentId = await db().transaction((tx) =>
      receivePayment(tx, store, {
        orderId: first.id,
        customerId: owing!.customer_id,
        amount: owing!.owed,
        kind: 'PHYSICAL',
        method: 'CASH',
        accountId: null,
      }),
    );
    await expectRebuildAgrees();
    await db().transaction((tx) => removePayment(tx, store, paymentId));
    await expectRebuildAgrees();
    // The tab is as it was, and the day's figures count the payment as cancelled, not received.
    expect(
      rows(
        await db().execute(sql`select total, total_paid, payment_status from orders where id = ${first.id}`),
      ),
    ).toEqual(tabBefore);
    const after = await snapshot();
    const totals = (snap: Record<string, unknown[]>) =>
      (snap.store_days as { store_id: number; gross: string; cancelled: string }[])
        .filter((row) => row.store_id === store)
        .reduce(
          (sum, row) => ({
            gross: sum.gross + Number(row.gross),
            cancelled: sum.cancelled + Number(row.cancelled),
          }),
          {
            gross: 0,
            cancelled: 0,
          },
        );
    expect(totals(after)).toEqual({
      gross: totals(before).gross,
      cancelled: totals(before).cancelled + owing!.owed,
    });

    const key = Buffer.alloc(32, 7);
    const figures = await snapshot();
    const token = await db().transaction(async (tx) =>
      mergeUndoToken(tx, key, await mergeOrder(tx, store, first.id, second.table_id)),
    );
    await expectRebuildAgrees();
    await db().transaction((tx) => undoMerge(tx, store, second.id, token, key));
    await expectRebuildAgrees();
    expect(await snapshot()).toEqual(figures);
  });

  it('follow statement lines written, changed, moved to a deposit and removed', async () => {
    const [payment] = rows<{ id: number }>(
      await db().execute(sql`select id from payments where store_id = ${store} order by id limit 1`),
    );
    // A payment received through the app today, released in 31 days, and one of a past day.
    const [line] = rows<{ id: number }>(
      await db()
        .execute(sql`insert into statement_entries (store_id, payment_id, kind, amount, description, available_on)
        values (${store}, ${payment!.id}, 'RECEIVED', 4590, 'Pagamento', rollup_day(now()) + 31) returning id`),
    );
    await db()
      .execute(sql`insert into statement_entries (store_id, kind, amount, description, available_on, created_at)
      values (${store}, 'TAX', -92, 'Taxas', '2026-10-02', '2026-10-02T00:05:00-03:00')`);
    await expectRebuildAgrees();
    await db().execute(sql`update statement_entries set amount = 5000 where id = ${line!.id}`);
    await expectRebuildAgrees();
    await db().execute(sql`update statement_entries set kind = 'CANCELED', amount = -5000,
      available_on = '2026-11-19', created_at = '2026-11-19T23:59:00-03:00' where id = ${line!.id}`);
    await expectRebuildAgrees();

    // A transfer: the deposit and its line in one transaction; lines paid by it point to it.
    const deposit = await db().transaction(async (tx) => {
      const [made] = rows<{ id: number }>(
        await tx.execute(sql`insert into deposits (store_id, amount, status, deposit_date)
          values (${store}, 12000, 'PAID', rollup_day(now())) returning id`),
      );
      await tx.execute(sql`insert into statement_entries (store_id, deposit_id, kind, amount, description, available_on)
        values (${store}, ${made!.id}, 'DEPOSIT', -12000, 'Transferência', rollup_day(now()))`);
      return made!.id;
    });
    await expectRebuildAgrees();
    const statementFigures = async () => {
      const { statement_days, statement_months, statement_totals } = await snapshot();
      return { statement_days, statement_months, statement_totals };
    };
    const kept = await statementFigures();
    await db().execute(sql`update statement_entries set deposit_id = ${deposit} where id = ${line!.id}`);
    await db().execute(sql`delete from deposits where id = ${deposit}`);
    await db().execute(sql`delete from payments where id = ${payment!.id}`);
    // Neither the deposit nor the payment of a line is a statement figure: none moved.
    expect(await statementFigures()).toEqual(kept);
    await expectRebuildAgrees();
    await db().execute(sql`delete from statement_entries where id = ${line!.id}`);
    await expectRebuildAgrees();
  });

  // PostgreSQL only: PGlite runs one transaction at a time.
  it.runIf(process.env.TEST_DATABASE === 'postgres')(
    "add to the platform's day at commit: one store's open transaction does not hold another's writes",
    async () => {
      const other = await storeId(db(), 'Sabor do Sertão');
      const [customer] = rows<{ id: number }>(
        await db().execute(sql`select id from customers order by id limit 1`),
      );
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let written!: () => void;
      const firstWrote = new Promise<void>((resolve) => (written = resolve));
      const first = db().transaction(async (tx) => {
        await tx.execute(
          sql`insert into checkins (store_id, customer_id, platform) values (${store}, ${customer!.id}, 'IOS')`,
        );
        written();
        await held;
      });
      await firstWrote;
      // Added to the day's row with the check-in, the first transaction's lock would hold this one
      // until it ended: the wait fails after lock_timeout instead of hanging the test.
      try {
        await db().transaction(async (tx) => {
          await tx.execute(sql`set local lock_timeout = '5s'`);
          await tx.execute(
            sql`insert into checkins (store_id, customer_id, platform) values (${other}, ${customer!.id}, 'ANDROID')`,
          );
        });
      } finally {
        release();
        await first;
      }
      await expectRebuildAgrees();
    },
  );

  it('follow tickets, tabs, check-ins and sign-ups, and a whole store removed', async () => {
    const [customer] = rows<{ id: number }>(
      await db().execute(sql`insert into customers (fullname, username, email, created_at)
        values ('Teste Rollup', 'teste.rollup', 'teste.rollup@example.com', '2026-11-19T23:30:00-03:00') returning id`),
    );
    await db().execute(
      sql`insert into checkins (store_id, customer_id, platform) values (${store}, ${customer!.id}, 'IOS')`,
    );
    await expectRebuildAgrees();
    await db().execute(sql`update checkins set platform = 'ANDROID' where customer_id = ${customer!.id}`);
    await db().execute(sql`delete from customers where id = ${customer!.id}`);
    await expectRebuildAgrees();
    // A small store of the demo with every kind of figure: the cascade is the same as for the
    // biggest, at a tenth of its rows (each one goes through its triggers).
    const removed = await storeId(db(), 'Casa da Tapioca');
    const [figures] = rows<Record<string, number>>(
      await db().execute(sql`select
        (select count(*)::int from store_days where store_id = ${removed}) as store_days,
        (select count(*)::int from product_days where store_id = ${removed}) as product_days,
        (select count(*)::int from statement_days where store_id = ${removed}) as statement_days,
        (select count(*)::int from statement_totals where store_id = ${removed}) as statement_totals`),
    );
    expect(
      Object.values(figures!).every((count) => count > 0),
      JSON.stringify(figures),
    ).toBe(true);
    await db().execute(sql`delete from stores where id = ${removed}`);
    await expectRebuildAgrees();
  });
});
