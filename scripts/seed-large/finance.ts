/**
 * The money side of `npm run seed:large`, after the orders: a default bank account per store, a
 * few refunds, the statement (statement_entries) and the weekly deposits, by the rules of the demo
 * (server/seed/build/payments.ts and finance.ts), in set-based SQL, a slice of stores per
 * transaction. Then the daily rollups are recomputed from every raw row at once.
 *
 * - RECEIVED +amount for each app (DIGITAL) payment, available 31 days after its day;
 * - CANCELED −amount for a refunded one (about 1%), available on the payment's day;
 * - TAX −(the day's fees of the payments kept), at 00:05 the next day, available that day;
 * - a PAID deposit each Tuesday at 09:00 with its DEPOSIT line. What a Tuesday transfers is what
 *   stays available from then on (the lowest available balance of that Tuesday and all later
 *   ones, less what went before), so the balance never goes below zero.
 */
import { Progress } from './progress';
import type { Context, StoreRange } from './phases';
import { tune } from './phases';
import { int, lit, rnd } from './sql';

/** Stores per transaction. */
const STORES_PER_BATCH = 25;

const BANKS = [
  ['001', 'Banco do Brasil S.A.'],
  ['237', 'Banco Bradesco S.A.'],
  ['341', 'Itaú Unibanco S.A.'],
  ['104', 'Caixa Econômica Federal'],
  ['033', 'Banco Santander (Brasil) S.A.'],
  ['260', 'Nu Pagamentos S.A.'],
] as const;

export interface FinanceTotals {
  entries: number;
  deposits: number;
}

export async function seedFinance(ctx: Context, stores: StoreRange): Promise<FinanceTotals> {
  const first = stores.storeBase + 1;
  const last = stores.storeBase + stores.count;
  const totals: FinanceTotals = { entries: 0, deposits: 0 };
  const progress = new Progress('Extrato e depósitos', stores.count, 'lojas');
  const bank = (field: 0 | 1) =>
    `(array[${BANKS.map((b) => lit(b[field])).join(', ')}])[1 + ${rnd('s.id', 701)} % ${BANKS.length}]`;

  await ctx.transaction(async (run) => {
    await tune(ctx, run);
    await run(
      `insert into bank_accounts (store_id, bank_code, bank_name, agency, agency_digit, account, account_digit,
         account_type, holder_name, holder_document, is_default, created_at)
       select s.id, ${bank(0)}, ${bank(1)}, lpad((${rnd('s.id', 702)} % 10000)::text, 4, '0'), null,
         lpad((${rnd('s.id', 703)} % 100000000)::text, 8, '0'), (${rnd('s.id', 704)} % 10)::text,
         'CHECKING', s.company_name, s.cnpj, true, s.created_at
       from stores s
       where s.id between ${int(first)} and ${int(last)}
         and not exists (select 1 from bank_accounts b where b.store_id = s.id and b.is_default)`,
    );
  });

  for (let from = first; from <= last; from += STORES_PER_BATCH) {
    const to = Math.min(last, from + STORES_PER_BATCH - 1);
    const inSlice = (column: string) => `${column} between ${int(from)} and ${int(to)}`;
    await ctx.transaction(async (run) => {
      await tune(ctx, run);
      // About one app payment in a hundred is refunded two hours later (if that is already past).
      await run(
        `update payments set cancelled_at = created_at + interval '2 hours'
         where ${inSlice('store_id')} and kind = 'DIGITAL' and cancelled_at is null
           and ${rnd('id', 705)} % 100 = 0 and created_at + interval '2 hours' <= ${ctx.anchor}`,
      );
      const [received] = await run<{ n: number }>(
        `with inserted as (
           insert into statement_entries (store_id, payment_id, kind, amount, description, available_on, created_at)
           select store_id, id, 'RECEIVED', amount, 'Pagamento pelo app — comanda ' || order_id,
             rollup_day(created_at) + 31, created_at
           from payments where ${inSlice('store_id')} and kind = 'DIGITAL'
           order by created_at, id
           returning 1)
         select count(*)::int as n from inserted`,
      );
      const [canceled] = await run<{ n: number }>(
        `with inserted as (
           insert into statement_entries (store_id, payment_id, kind, amount, description, available_on, created_at)
           select store_id, id, 'CANCELED', -amount, 'Estorno do pagamento da comanda ' || order_id,
             rollup_day(created_at), cancelled_at
           from payments where ${inSlice('store_id')} and kind = 'DIGITAL' and cancelled_at is not null
           order by cancelled_at, id
           returning 1)
         select count(*)::int as n from inserted`,
      );
      const [taxes] = await run<{ n: number }>(
        `with inserted as (
           insert into statement_entries (store_id, kind, amount, description, available_on, created_at)
           select store_id, 'TAX', -fees, 'Taxas da plataforma de ' || to_char(day, 'DD/MM/YYYY'), day + 1,
             ((day + 1)::timestamp + interval '5 minutes') at time zone 'America/Sao_Paulo'
           from (
             select store_id, rollup_day(created_at) as day, sum(fee)::int as fees
             from payments where ${inSlice('store_id')} and cancelled_at is null
             group by 1, 2
           ) d
           where fees > 0
             and ((day + 1)::timestamp + interval '5 minutes') at time zone 'America/Sao_Paulo' <= ${ctx.anchor}
           order by day, store_id
           returning 1)
         select count(*)::int as n from inserted`,
      );
      // Tuesdays at 09:00 already past; `available` is what the statement made available by then.
      const [deposits] = await run<{ n: number }>(
        `with tuesdays as (
           select d::date as day, (d::date + time '09:00') at time zone 'America/Sao_Paulo' as at
           from generate_series(date ${ctx.today} - 740, date ${ctx.today}, interval '1 day') d
           where extract(dow from d) = 2
             and (d::date + time '09:00') at time zone 'America/Sao_Paulo' <= ${ctx.anchor}
         ),
         weekly as (
           -- each line counts from the first Tuesday on or after the day it becomes available
           select store_id, available_on + (9 - extract(dow from available_on)::int) % 7 as day,
             sum(amount)::bigint as amount
           from statement_entries where ${inSlice('store_id')} and kind <> 'DEPOSIT'
           group by 1, 2
         ),
         available as (
           select s.id as store_id, t.day, t.at,
             sum(coalesce(w.amount, 0)) over (partition by s.id order by t.day) as amount
           from stores s cross join tuesdays t
             left join weekly w on w.store_id = s.id and w.day = t.day
           where ${inSlice('s.id')}
         ),
         kept as (
           select store_id, day, at,
             greatest(0, min(amount) over (partition by store_id order by day desc)) as total
           from available
         ),
         moves as (
           select store_id, day, at, (total - coalesce(lag(total) over (partition by store_id order by day), 0))::int as amount
           from kept
         ),
         inserted as (
           insert into deposits (store_id, bank_account_id, amount, status, message, deposit_date, created_at)
           select m.store_id, b.id, m.amount, 'PAID', 'Depósito realizado', m.day, m.at
           from moves m left join bank_accounts b on b.store_id = m.store_id and b.is_default
           where m.amount > 0
           order by m.day, m.store_id
           returning id, store_id, bank_account_id, amount, deposit_date, created_at
         ),
         lines as (
           insert into statement_entries (store_id, deposit_id, kind, amount, description, available_on, created_at)
           select i.store_id, i.id, 'DEPOSIT', -i.amount, 'Transferência para ' || coalesce(b.bank_name, 'a conta da loja'),
             i.deposit_date, i.created_at
           from inserted i left join bank_accounts b on b.id = i.bank_account_id
           returning 1
         )
         select count(*)::int as n from lines`,
      );
      totals.entries += received!.n + canceled!.n + taxes!.n + deposits!.n;
      totals.deposits += deposits!.n;
    });
    await ctx.afterBatch();
    progress.update(to - first + 1);
  }
  progress.finish();
  return totals;
}

/**
 * Recomputes the daily rollups from every raw row: the dashboards' store_days, platform_days and
 * product_days (migration 0013) and the statement's days, months and totals (0017).
 */
export async function rebuildRollups(ctx: Context): Promise<void> {
  const progress = new Progress('Consolidados diários', 1, 'passo');
  await ctx.transaction(async (run) => {
    await run(`set local synchronous_commit = off`);
    await run(`set local work_mem = '256MB'`);
    await run(`select rebuild_rollups()`);
  });
  await ctx.afterBatch();
  progress.update(1);
  progress.finish();
}
