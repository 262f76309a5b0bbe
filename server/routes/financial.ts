import { and, asc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DAY_RANGE_INVALID, listDay } from '../../contract/lib/fields';
import { bankOf } from '../../contract/resources/financial/banks';
import {
  BANK_MESSAGES,
  bankAccounts as bankAccountDefinition,
  bankAccountWhole,
  deposits as depositDefinition,
  normalPixKey,
  statement,
} from '../../contract/resources/financial/definition';
import type { Tx } from '../db/client';
import { bankAccounts, deposits, payments, statementEntries } from '../db/schema';
import { badRequest, conflict, notFound } from '../http-errors';
import { filter, registerList } from '../resources/list';
import { storeIdParam } from '../resources/params';
import { served } from '../resources/routes';
import { storeCondition, storeScope, targetStore } from '../resources/scope';
import { failsWith } from '../resources/write-errors';
import { statementBalance, statementCount, statementSeek } from '../service/statement-figures';

const ZONE = 'America/Sao_Paulo';
/** The instants a São Paulo day starts, and the next one starts. */
const dayStart = (date: string) => sql`(${date}::date::timestamp at time zone ${ZONE})`;
const nextDayStart = (date: string) => sql`((${date}::date + 1)::timestamp at time zone ${ZONE})`;

/** A start after the end is refused, on the lists as on the balance. */
const dayRange = (query: Record<string, unknown>) =>
  typeof query.start === 'string' && typeof query.end === 'string' && query.start > query.end
    ? DAY_RANGE_INVALID
    : undefined;

/**
 * Whose finances a read is about: staff's own store; for an administrator the store named, or the
 * whole platform (null) when none is, as the finance dashboard's analytics.
 */
function financeStore(request: FastifyRequest, storeId: number | undefined): number | null {
  return storeScope(request) ?? storeId ?? null;
}

/** Whose statement a list request reads, and its period. */
const statementStore = (request: FastifyRequest, query: Record<string, unknown>) =>
  financeStore(request, query.store_id as number | undefined);
const statementPeriod = (query: Record<string, unknown>) => ({
  start: query.start as string | undefined,
  end: query.end as string | undefined,
});

const balanceQuery = z.strictObject({
  store_id: storeIdParam.optional(),
  start: listDay.optional(),
  end: listDay.optional(),
});

const cents = z.int();
const balanceAnswer = z.object({
  data: z.object({
    amount_received: cents,
    amount_available: cents,
    amount_preview: cents,
    amount_canceled: cents,
    amount_taxes: cents,
  }),
});

const accountColumns = getTableColumns(bankAccounts);
const rejected = failsWith(bankAccountDefinition);
const ACCOUNT_NOT_FOUND = bankAccountDefinition.messages.notFound!;

/** The first broken rule, as a 400 worded like the validation's own (with the field). */
function invalid(error: z.ZodError): never {
  const issue = error.issues[0];
  const field = issue?.path.join('.');
  const text = issue?.message ?? 'Dados inválidos.';
  throw badRequest(field ? `${text} (campo ${field})` : text);
}

/** Makes `id` the store's only default account (in the caller's transaction). */
async function makeDefault(tx: Tx, storeId: number, id: number) {
  await tx
    .update(bankAccounts)
    .set({ is_default: false })
    .where(
      and(eq(bankAccounts.store_id, storeId), eq(bankAccounts.is_default, true), ne(bankAccounts.id, id)),
    );
  await tx
    .update(bankAccounts)
    .set({ is_default: true })
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.store_id, storeId)));
}

/**
 * The finances (platform spec 2.8, 3 "Financial summary" and "Deposit", 9): the five cards over
 * the statement, the statement and the deposit history (8 a page, by São Paulo days, CSV) — a
 * store's for its staff; the platform's (every store) for an administrator, or one store's with
 * `store_id` — and a store's bank accounts, one of them the default the deposits go to.
 */
const financialRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const balance = served(statement);
  const accounts = served(bankAccountDefinition);

  /** The five cards over the statement (server/service/statement-figures.ts). */
  app.route({
    ...balance.call('balance', {
      operationId: 'getFinancialBalance',
      querystring: balanceQuery,
      response: { 200: balanceAnswer },
    }),
    handler: async (request) => {
      const { start, end, store_id } = request.query;
      const problem = dayRange(request.query);
      if (problem) throw badRequest(problem);
      return { data: await statementBalance(db, financeStore(request, store_id), { start, end }) };
    },
  });

  registerList(app, statement, {
    table: statementEntries,
    columns: {
      id: statementEntries.id,
      created_at: statementEntries.created_at,
      kind: statementEntries.kind,
      description: statementEntries.description,
      amount: statementEntries.amount,
      // A payment's line says what of it paid the service (a page's few payments, by their keys).
      service: sql<
        number | null
      >`case when ${statementEntries.kind} = 'RECEIVED' then ${payments.service} end`,
      available_on: statementEntries.available_on,
    },
    join: (query) => query.leftJoin(payments, eq(payments.id, statementEntries.payment_id)),
    store: statementEntries.store_id,
    filters: {
      start: filter(listDay.optional(), (date) => sql`${statementEntries.created_at} >= ${dayStart(date)}`),
      end: filter(listDay.optional(), (date) => sql`${statementEntries.created_at} < ${nextDayStart(date)}`),
    },
    check: dayRange,
    // The statement's rollups count its lines (too many to count on every page), and find the
    // day a deep page starts on, in the pages' order of when the lines were written.
    count: ({ request, query }) => statementCount(db, statementStore(request, query), statementPeriod(query)),
    seek: async ({ request, query, offset }) => {
      if (query.sort_field !== 'created_at') return undefined;
      const newestFirst = query.sort_order === 'DESC';
      const found = await statementSeek(
        db,
        statementStore(request, query),
        statementPeriod(query),
        offset,
        newestFirst,
      );
      if (!found) return undefined;
      return {
        where: newestFirst
          ? sql`${statementEntries.created_at} < ${nextDayStart(found.day)}`
          : sql`${statementEntries.created_at} >= ${dayStart(found.day)}`,
        before: found.before,
      };
    },
  });

  registerList(app, depositDefinition, {
    table: deposits,
    columns: {
      id: deposits.id,
      amount: deposits.amount,
      status: deposits.status,
      message: deposits.message,
      deposit_date: deposits.deposit_date,
      bank_name: bankAccounts.bank_name,
      created_at: deposits.created_at,
    },
    join: (query) => query.leftJoin(bankAccounts, eq(bankAccounts.id, deposits.bank_account_id)),
    store: deposits.store_id,
    filters: {
      start: filter(listDay.optional(), (date) => sql`${deposits.deposit_date} >= ${date}::date`),
      end: filter(listDay.optional(), (date) => sql`${deposits.deposit_date} <= ${date}::date`),
    },
    check: dayRange,
  });

  // Bank accounts: the store's, the default first is not needed (a handful per store), by age.
  registerList(app, bankAccountDefinition, { table: bankAccounts, store: bankAccounts.store_id });

  async function readAccount(request: FastifyRequest, id: number) {
    const [account] = await db
      .select(accountColumns)
      .from(bankAccounts)
      .where(and(eq(bankAccounts.id, id), storeCondition(request, bankAccounts.store_id)));
    if (!account) throw notFound(ACCOUNT_NOT_FOUND);
    return account;
  }

  /** The columns of an account as it will be saved: the bank's name from the list, the PIX key normalised. */
  function columnsOf(values: z.output<typeof bankAccountWhole>) {
    const pixType = values.pix_key_type ?? null;
    const pixKey = pixType && values.pix_key ? normalPixKey(pixType, values.pix_key) : null;
    return {
      bank_code: values.bank_code,
      bank_name: bankOf(values.bank_code)!.name,
      agency: values.agency,
      agency_digit: values.agency_digit ?? null,
      account: values.account,
      account_digit: values.account_digit,
      account_type: values.account_type,
      holder_name: values.holder_name,
      holder_document: values.holder_document,
      pix_key: pixKey,
      pix_key_type: pixKey ? pixType : null,
    };
  }

  app.route({
    ...accounts.one(),
    handler: async (request) => ({ data: await readAccount(request, request.params.id) }),
  });

  /** A new account; the store's first is its default, and one made default takes the place. */
  app.route({
    ...accounts.create(),
    handler: async (request, reply) => {
      const { store_id, is_default, ...values } = request.body;
      const storeId = await targetStore(db, request, store_id);
      const parsed = bankAccountWhole.safeParse(values);
      if (!parsed.success) invalid(parsed.error);
      const created = await db
        .transaction(async (tx) => {
          const [first] = await tx
            .select({ id: bankAccounts.id })
            .from(bankAccounts)
            .where(eq(bankAccounts.store_id, storeId))
            .limit(1);
          const [account] = await tx
            .insert(bankAccounts)
            .values({ ...columnsOf(parsed.data), store_id: storeId, is_default: false })
            .returning({ id: bankAccounts.id });
          if (!first || is_default) await makeDefault(tx, storeId, account!.id);
          const [saved] = await tx
            .select(accountColumns)
            .from(bankAccounts)
            .where(eq(bankAccounts.id, account!.id));
          return saved!;
        })
        .catch(rejected);
      void reply.status(201);
      return { data: created };
    },
  });

  /** A change, checked on the account as it will be; the default moves, it is never left empty. */
  app.route({
    // The default account stays the default until another one is.
    ...accounts.update({ errors: [409] }),
    handler: async (request) => {
      const current = await readAccount(request, request.params.id);
      const { is_default, ...changes } = request.body;
      if (is_default === false && current.is_default) throw conflict(BANK_MESSAGES.keepDefault);
      const parsed = bankAccountWhole.safeParse({ ...current, ...changes });
      if (!parsed.success) invalid(parsed.error);
      const saved = await db
        .transaction(async (tx) => {
          await tx
            .update(bankAccounts)
            .set(columnsOf(parsed.data))
            .where(and(eq(bankAccounts.id, current.id), eq(bankAccounts.store_id, current.store_id)));
          if (is_default && !current.is_default) await makeDefault(tx, current.store_id, current.id);
          const [account] = await tx
            .select(accountColumns)
            .from(bankAccounts)
            .where(eq(bankAccounts.id, current.id));
          return account;
        })
        .catch(rejected);
      if (!saved) throw notFound(ACCOUNT_NOT_FOUND);
      return { data: saved };
    },
  });

  /** A removal; when the default goes, the oldest account left becomes the default. */
  app.route({
    ...accounts.delete(),
    handler: async (request) => {
      const removed = await db
        .transaction(async (tx) => {
          const [account] = await tx
            .delete(bankAccounts)
            .where(
              and(eq(bankAccounts.id, request.params.id), storeCondition(request, bankAccounts.store_id)),
            )
            .returning({
              id: bankAccounts.id,
              store_id: bankAccounts.store_id,
              is_default: bankAccounts.is_default,
            });
          if (account?.is_default) {
            const [oldest] = await tx
              .select({ id: bankAccounts.id })
              .from(bankAccounts)
              .where(eq(bankAccounts.store_id, account.store_id))
              .orderBy(asc(bankAccounts.created_at), asc(bankAccounts.id))
              .limit(1);
            if (oldest) await makeDefault(tx, account.store_id, oldest.id);
          }
          return account;
        })
        .catch(rejected);
      if (!removed) throw notFound(ACCOUNT_NOT_FOUND);
      return { data: { id: removed.id } };
    },
  });
};

export default financialRoutes;
