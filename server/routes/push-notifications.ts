import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALREADY_CANCELLED,
  notificationCreateInput,
  notifications,
} from '../../contract/resources/notifications/definition';
import { checkins, customers, pushNotifications, stores } from '../db/schema';
import { rows } from '../db/client';
import { badRequest, conflict, notFound } from '../http-errors';
import { callerOf } from '../plugins/access';
import { filter, registerList } from '../resources/list';
import { idParams, storeIdParam } from '../resources/params';
import { served } from '../resources/routes';

const NOT_FOUND = notifications.messages.notFound!;

/** The list's gender filter: M and F as sent; O, the notifications sent to every gender. */
const genderFilter = z
  .string()
  .transform((v) => v.trim().toUpperCase())
  .pipe(z.enum(['M', 'F', 'O'], { error: 'Gênero inválido: use M, F ou O.' }))
  .optional();

const columns = {
  id: pushNotifications.id,
  title: pushNotifications.title,
  body: pushNotifications.body,
  genders: pushNotifications.genders,
  stores: pushNotifications.stores,
  // The names of the stores still there, in the order chosen.
  store_names: sql<string[]>`array(
    select ${stores.name} from ${stores}
    where ${stores.id} = any(${pushNotifications.stores})
    order by array_position(${pushNotifications.stores}, ${stores.id})
  )`,
  min_age: pushNotifications.min_age,
  max_age: pushNotifications.max_age,
  total_sent: pushNotifications.total_sent,
  status: pushNotifications.status,
  created_at: pushNotifications.created_at,
  updated_at: pushNotifications.updated_at,
};

/** The first day of someone `years` old today, in the stores' calendar. */
const bornYearsAgo = (years: number) =>
  sql`((now() at time zone 'America/Sao_Paulo')::date - make_interval(years => ${years}))::date`;

const pushNotificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const routes = served(notifications);

  async function readNotification(id: number) {
    const [row] = await app.db.select(columns).from(pushNotifications).where(eq(pushNotifications.id, id));
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  registerList(app, notifications, {
    table: pushNotifications,
    columns,
    filters: {
      // `@>` keeps to the GIN index on stores.
      store_id: filter(
        storeIdParam.optional(),
        (id) => sql`${pushNotifications.stores} @> array[${id}]::integer[]`,
      ),
      gender: filter(genderFilter, (gender) =>
        gender === 'O'
          ? sql`cardinality(${pushNotifications.genders}) = 0`
          : sql`${pushNotifications.genders} @> array[${gender}]::text[]`,
      ),
    },
  });

  app.route({
    ...routes.one(),
    handler: async (request) => ({ data: await readNotification(request.params.id) }),
  });

  app.route({
    ...routes.create({ body: notificationCreateInput }),
    handler: async (request, reply) => {
      const input = request.body;
      if (input.stores.length > 0) {
        const found = await app.db
          .select({ id: stores.id })
          .from(stores)
          .where(sql`${stores.id} = any(${sql.param(input.stores)}::integer[])`);
        if (found.length !== input.stores.length) {
          const known = new Set(found.map((s) => s.id));
          const missing = input.stores.filter((id) => !known.has(id));
          throw badRequest(`Restaurante inexistente: ${missing.join(', ')}.`);
        }
      }

      const audience: SQL[] = [sql`${customers.status} = 'ACTIVE'`];
      if (input.genders.length > 0) {
        audience.push(sql`${customers.gender} = any(${sql.param(input.genders)}::text[])`);
      }
      if (input.min_age !== undefined)
        audience.push(sql`${customers.birthdate} <= ${bornYearsAgo(input.min_age)}`);
      if (input.max_age !== undefined) {
        audience.push(sql`${customers.birthdate} > ${bornYearsAgo(input.max_age + 1)}`);
      }
      if (input.stores.length > 0) {
        audience.push(
          sql`exists (select 1 from ${checkins} where ${checkins.customer_id} = ${customers.id} and ${checkins.store_id} = any(${sql.param(input.stores)}::integer[]))`,
        );
      }

      // One statement: the audience is read once, the notification records its size, and the
      // deliveries are written from the same snapshot, so total_sent always equals them.
      const result = await app.db.execute(sql`
        with audience as (
          select ${customers.id} as customer_id from ${customers} where ${sql.join(audience, sql` and `)}
        ), created as (
          insert into ${pushNotifications} (title, body, genders, stores, min_age, max_age, total_sent, created_by)
          values (
            ${input.title}, ${input.body},
            ${sql.param(input.genders)}::text[], ${sql.param(input.stores)}::integer[],
            ${input.min_age ?? null}::smallint, ${input.max_age ?? null}::smallint,
            (select count(*) from audience), ${callerOf(request).accountId}
          )
          returning id
        ), delivered as (
          insert into push_deliveries (notification_id, customer_id)
          select created.id, audience.customer_id from created, audience
        )
        select id from created`);
      const [created] = rows<{ id: number }>(result);
      void reply.status(201);
      return { data: await readNotification(Number(created!.id)) };
    },
  });

  app.route({
    ...routes.call('cancel', { params: idParams, response: routes.one().schema.response, errors: [409] }),
    handler: async (request) => {
      const [cancelled] = await app.db
        .update(pushNotifications)
        .set({ status: 'CANCELLED', updated_at: sql`now()` })
        .where(and(eq(pushNotifications.id, request.params.id), eq(pushNotifications.status, 'ACTIVE')))
        .returning({ id: pushNotifications.id });
      if (!cancelled) {
        await readNotification(request.params.id); // 404 when it does not exist
        throw conflict(ALREADY_CANCELLED);
      }
      return { data: await readNotification(cancelled.id) };
    },
  });
};

export default pushNotificationRoutes;
