import { and, desc, eq, exists, not, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAnswer } from '../../contract/answers';
import {
  acceptanceInput,
  DEFAULT_USAGE_POLICY_TITLE,
  USAGE_POLICY_CHANGED,
  USAGE_POLICY_MANAGERS_ACCEPT,
  USAGE_POLICY_NOT_PUBLISHED,
  usagePolicy as definition,
  usagePolicyInput,
  type AcceptanceSituation,
} from '../../contract/resources/usagePolicy/definition';
import type { Db } from '../db/client';
import {
  accounts,
  stores,
  usagePolicyAcceptances as acceptances,
  usagePolicyTexts as texts,
} from '../db/schema';
import { conflict, forbidden } from '../http-errors';
import { ADMIN, callerOf } from '../plugins/access';
import { filter, registerList } from '../resources/list';
import { served } from '../resources/routes';
import { storeScope } from '../resources/scope';

/** The one row of usage_policy_texts (its CHECK allows id 1 only). */
const TEXT_ROW = 1;

const textColumns = {
  title: texts.title,
  text: texts.text,
  version: texts.version,
  updated_at: texts.updated_at,
};

/** The version stores are asked to accept now (null before the terms are published). */
const currentVersion = sql`(select ${texts.version} from ${texts} where ${texts.id} = ${TEXT_ROW})`;

/**
 * The order in which a store's acceptances count: the current version's first, then the latest.
 * A version brought back by the platform counts again for the stores that accepted it then.
 */
const countingOrder = (version: SQL | string | null) => [
  sql`coalesce(${acceptances.version} = ${version}, false) desc`,
  desc(acceptances.accepted_at),
  desc(acceptances.id),
];

const policyAnswer = recordAnswer(definition.envelope.one, definition.record);

/** The store's acceptance that counts, with who made it (one indexed read). */
async function storeAcceptance(db: Db, storeId: number, version: string | null) {
  const [found] = await db
    .select({
      version: acceptances.version,
      accepted_at: acceptances.accepted_at,
      account_name: accounts.fullname,
    })
    .from(acceptances)
    .leftJoin(accounts, eq(accounts.id, acceptances.account_id))
    .where(eq(acceptances.store_id, storeId))
    .orderBy(...countingOrder(version))
    .limit(1);
  return found ?? null;
}

/** The terms, or the unpublished default, with the store's acceptance (none for an administrator). */
async function readPolicy(db: Db, storeId: number | null) {
  const [row] = await db.select(textColumns).from(texts).where(eq(texts.id, TEXT_ROW));
  const policy = row ?? { title: DEFAULT_USAGE_POLICY_TITLE, text: '', version: null, updated_at: null };
  return {
    ...policy,
    acceptance: storeId === null ? null : await storeAcceptance(db, storeId, policy.version),
  };
}

/**
 * The establishments' terms of use (platform spec 9, restaurant spec 2 /usage-policies): every
 * store's team reads them, the platform's administrators publish them, a store's managers accept
 * a version, and administrators follow which store accepted what.
 */
const usagePolicyRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const routes = served(definition);

  app.route({
    ...routes.call('read', { response: { 200: policyAnswer } }),
    handler: async (request) => ({ data: await readPolicy(db, storeScope(request)) }),
  });

  app.route({
    ...routes.call('save', { body: usagePolicyInput, response: { 200: policyAnswer } }),
    handler: async (request) => {
      const { title, text, version } = request.body;
      const [row] = await db
        .insert(texts)
        .values({ id: TEXT_ROW, title, text, version })
        .onConflictDoUpdate({
          target: texts.id,
          set: { title, text, version, updated_at: sql`now()` },
        })
        .returning(textColumns);
      return { data: { ...row!, acceptance: null } };
    },
  });

  app.route({
    ...routes.call('accept', {
      errors: [409],
      body: acceptanceInput,
      response: { 200: policyAnswer, 201: policyAnswer },
    }),
    handler: async (request, reply) => {
      const caller = callerOf(request);
      // The acceptance binds the establishment: the platform never accepts on a store's behalf.
      if (caller.role === ADMIN) throw forbidden(USAGE_POLICY_MANAGERS_ACCEPT);
      const storeId = storeScope(request)!;
      const { version } = request.body;
      const created = await db.transaction(async (tx) => {
        // Held until the acceptance is written: the platform cannot publish another version meanwhile.
        const [current] = await tx
          .select({ version: texts.version })
          .from(texts)
          .where(eq(texts.id, TEXT_ROW))
          .for('share');
        if (!current) throw conflict(USAGE_POLICY_NOT_PUBLISHED);
        // Only the version the reader was shown may be accepted.
        if (current.version !== version) throw conflict(USAGE_POLICY_CHANGED);
        const inserted = await tx
          .insert(acceptances)
          .values({ store_id: storeId, account_id: caller.accountId, version })
          .onConflictDoNothing({ target: [acceptances.store_id, acceptances.version] })
          .returning({ id: acceptances.id });
        return inserted.length > 0;
      });
      // Accepting a version the store already accepted keeps the first acceptance (who and when).
      void reply.status(created ? 201 : 200);
      return { data: await readPolicy(db, storeId) };
    },
  });

  // Every store with its acceptance that counts, in the platform's order of the restaurants.
  const counting = db
    .select({
      version: acceptances.version,
      account_id: acceptances.account_id,
      accepted_at: acceptances.accepted_at,
    })
    .from(acceptances)
    .where(eq(acceptances.store_id, stores.id))
    .orderBy(...countingOrder(currentVersion))
    .limit(1)
    .as('counting');
  const acceptedCurrent = exists(
    db
      .select({ one: sql`1` })
      .from(acceptances)
      .where(and(eq(acceptances.store_id, stores.id), eq(acceptances.version, currentVersion))),
  );
  const acceptedAny = exists(
    db
      .select({ one: sql`1` })
      .from(acceptances)
      .where(eq(acceptances.store_id, stores.id)),
  );
  const situations: Record<AcceptanceSituation, SQL> = {
    CURRENT: acceptedCurrent,
    OUTDATED: and(acceptedAny, not(acceptedCurrent))!,
    PENDING: not(acceptedAny),
  };
  registerList(app, definition, {
    table: stores,
    columns: {
      id: stores.id,
      name: stores.name,
      version: counting.version,
      account_name: accounts.fullname,
      accepted_at: counting.accepted_at,
      situation: sql<AcceptanceSituation>`case when ${counting.version} is null then 'PENDING'
        when ${counting.version} = ${currentVersion} then 'CURRENT' else 'OUTDATED' end`,
    },
    join: (query) =>
      query.leftJoinLateral(counting, sql`true`).leftJoin(accounts, eq(accounts.id, counting.account_id)),
    filters: {
      situation: filter(
        z
          .enum(['CURRENT', 'OUTDATED', 'PENDING'], {
            error: 'Situação inválida: use CURRENT, OUTDATED ou PENDING.',
          })
          .optional(),
        (situation) => situations[situation],
      ),
    },
  });
};

export default usagePolicyRoutes;
