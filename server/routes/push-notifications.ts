import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALREADY_CANCELLED,
  notificationCreateInput,
  notifications,
} from '../../src/resources/notifications/definition';
import { checkins, customers, pushNotifications, stores } from '../db/schema';
import { rows } from '../db/client';
import { badRequest, conflict, notFound } from '../http-errors';
import { callerOf } from '../plugins/access';
import { containsTerm, idParams, paging, sortOrder } from '../resources/params';

const sortable = {
  created_at: pushNotifications.created_at,
  title: pushNotifications.title,
  total_sent: pushNotifications.total_sent,
} as const;

const listQuery = z.strictObject({
  ...paging(notifications.list.perPage),
  sort_field: z
    .enum(Object.keys(sortable) as [keyof typeof sortable], { error: 'Campo de ordenação inválido.' })
    .default('created_at'),
  sort_order: sortOrder.default('DESC'),
  search: z.string().trim().max(200, 'Busca muito longa.').optional(),
  store_id: z.coerce
    .number({ error: 'Restaurante inválido.' })
    .int('Restaurante inválido.')
    .positive('Restaurante inválido.')
    .max(2_147_483_647, 'Restaurante inválido.')
    .optional(),
  gender: z
    .string()
    .transform((v) => v.trim().toUpperCase())
    .pipe(z.enum(['M', 'F', 'O'], { error: 'Gênero inválido: use M, F ou O.' }))
    .optional(),
});

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
  async function readNotification(id: number) {
    const [row] = await app.db.select(columns).from(pushNotifications).where(eq(pushNotifications.id, id));
    if (!row) throw notFound('Notificação não encontrada.');
    return row;
  }

  app.get(
    '/api/push-notifications',
    { config: { access: 'admin' }, schema: { querystring: listQuery } },
    async (request) => {
      const q = request.query;
      const conditions: SQL[] = [];
      if (q.search)
        conditions.push(sql`(${containsTerm(q.search, pushNotifications.title, pushNotifications.body)})`);
      // `@>` keeps to the GIN index on stores.
      if (q.store_id) conditions.push(sql`${pushNotifications.stores} @> array[${q.store_id}]::integer[]`);
      if (q.gender === 'O') conditions.push(sql`cardinality(${pushNotifications.genders}) = 0`);
      else if (q.gender) conditions.push(sql`${pushNotifications.genders} @> array[${q.gender}]::text[]`);
      const order = q.sort_order === 'ASC' ? asc : desc;
      const data = await app.db
        .select(columns)
        .from(pushNotifications)
        .where(and(...conditions))
        .orderBy(order(sortable[q.sort_field]), order(pushNotifications.id))
        .limit(q.page_size)
        .offset((q.page - 1) * q.page_size);
      return { data };
    },
  );

  app.get(
    '/api/push-notifications/id/:id',
    { config: { access: 'admin' }, schema: { params: idParams } },
    async (request) => ({ data: await readNotification(request.params.id) }),
  );

  app.post(
    '/api/push-notifications',
    { config: { access: 'admin' }, schema: { body: notificationCreateInput } },
    async (request, reply) => {
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
  );

  app.patch(
    '/api/push-notifications/id/:id/cancel',
    { config: { access: 'admin' }, schema: { params: idParams } },
    async (request) => {
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
  );
};

export default pushNotificationRoutes;
