import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEvents as definition } from '../../contract/resources/audit/definition';
import { auditEvents, stores } from '../db/schema';
import { notFound } from '../http-errors';
import { ADMIN, callerOf } from '../plugins/access';
import { betweenDays, filter, registerList } from '../resources/list';

import { served } from '../resources/routes';
import { storeCondition } from '../resources/scope';

/** A row of the list: the trail's row without its changes and hashes, with its store's name. */
const columns = {
  id: auditEvents.id,
  at: auditEvents.at,
  store_id: auditEvents.store_id,
  store_name: stores.name,
  account_id: auditEvents.account_id,
  actor: auditEvents.actor,
  address: auditEvents.address,
  resource: auditEvents.resource,
  record_id: auditEvents.record_id,
  action: auditEvents.action,
  summary: auditEvents.summary,
  reason: auditEvents.reason,
};

/** The store may be gone: the trail outlives it (left join, as a list's joins must be). */
const joins = (query: PgSelect) => query.leftJoin(stores, eq(stores.id, auditEvents.store_id));

/** `orders:12`: one row of one table, as the trail names the rows it changed. */
const subject = z
  .string()
  .regex(/^[a-z_]{1,40}:[0-9:A-Za-z_-]{1,60}$/, 'Registro inválido: use tabela:id (ex.: orders:12).');

const auditEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const routes = served(definition);

  /**
   * Histórico: the store's rows (staff their own; an administrator every store's and the
   * platform's, or one store's with `store_id`, or the platform's own with `platform=1`), newest
   * first, filtered by who, what, where, when, and by the record they changed (`subject`); CSV too.
   * Every filter rides an index that starts with the store (migration 0016).
   */
  registerList(app, definition, {
    table: auditEvents,
    columns,
    join: joins,
    store: auditEvents.store_id,
    filters: {
      account_id: filter(z.coerce.number().int().positive().optional(), (id) =>
        eq(auditEvents.account_id, id),
      ),
      subject: filter(subject.optional(), (name) => sql`${auditEvents.subjects} @> array[${name}]::text[]`),
      // What a person did, and what was done to them (their account, their place on the team).
      person: filter(z.coerce.number().int().positive().optional(), (id) =>
        or(
          eq(auditEvents.account_id, id),
          sql`${auditEvents.subjects} && array[${`accounts:${id}`}]::text[]`,
        ),
      ),
      platform: filter(z.enum(['1', 'true']).optional(), () => isNull(auditEvents.store_id)),
      ...betweenDays(auditEvents.at).filters,
    },
    check: betweenDays(auditEvents.at).check,
  });

  app.route({
    ...routes.one(),
    handler: async (request) => {
      const caller = callerOf(request);
      const [event] = await app.db
        .select({
          ...columns,
          chain: auditEvents.chain,
          seq: auditEvents.seq,
          session_id: auditEvents.session_id,
          changes: auditEvents.changes,
          subjects: auditEvents.subjects,
          prev_hash: auditEvents.prev_hash,
          hash: auditEvents.hash,
        })
        .from(auditEvents)
        .leftJoin(stores, eq(stores.id, auditEvents.store_id))
        .where(
          and(
            eq(auditEvents.id, request.params.id),
            // Staff read their store's rows; the platform's are the administrators'.
            caller.role === ADMIN ? undefined : storeCondition(request, auditEvents.store_id),
          ),
        );
      if (!event) throw notFound(definition.messages.notFound!);
      return { data: { ...event, changes: event.changes as never } };
    },
  });
};

export default auditEventRoutes;
