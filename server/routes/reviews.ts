import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  REVIEW_MESSAGES,
  reviewAnswerInput,
  reviewRecord,
  reviews as definition,
  reviewSummary,
} from '../../contract/resources/reviews/definition';
import { accounts, customers, reviews, stores } from '../db/schema';
import { notFound } from '../http-errors';
import { callerOf } from '../plugins/access';
import { filter, registerList } from '../resources/list';
import { storeIdParam } from '../resources/params';
import { served } from '../resources/routes';
import { listScope, storeCondition } from '../resources/scope';

/** A review's row: its own columns, its store's name, its author and who answered, flat. */
const columns = {
  id: reviews.id,
  store_id: reviews.store_id,
  store_name: stores.name,
  rating: reviews.rating,
  text: reviews.text,
  created_at: reviews.created_at,
  customer_id: reviews.customer_id,
  customer_name: customers.fullname,
  customer_username: customers.username,
  customer_picture: customers.profile_picture,
  answer: reviews.answer,
  answered_at: reviews.answered_at,
  answered_by_id: accounts.id,
  answered_by_name: accounts.fullname,
};

/** A review's row as read: the joined columns may be null (left joins). */
interface FlatReview {
  id: number;
  store_id: number;
  store_name: string | null;
  rating: number;
  text: string;
  created_at: Date;
  customer_id: number;
  customer_name: string | null;
  customer_username: string | null;
  customer_picture: string | null;
  answer: string | null;
  answered_at: Date | null;
  answered_by_id: number | null;
  answered_by_name: string | null;
}

/**
 * Left joins, as a list's must be (they never change its count): a review always has its store
 * and its author (foreign keys), while who answered may be gone.
 */
const joins = (query: PgSelect) =>
  query
    .leftJoin(stores, eq(stores.id, reviews.store_id))
    .leftJoin(customers, eq(customers.id, reviews.customer_id))
    .leftJoin(accounts, eq(accounts.id, reviews.answered_by));

/** The spec's shape: the author as `customer {id, name, username, profile_picture}`. */
function toReview(row: FlatReview): z.output<typeof reviewRecord> {
  return {
    id: row.id,
    store_id: row.store_id,
    store_name: row.store_name ?? '',
    rating: row.rating,
    text: row.text,
    created_at: row.created_at,
    customer: {
      id: row.customer_id,
      name: row.customer_name ?? '',
      username: row.customer_username ?? '',
      profile_picture: row.customer_picture,
    },
    answer: row.answer,
    answered_at: row.answered_at,
    answered_by:
      row.answered_by_id === null ? null : { id: row.answered_by_id, name: row.answered_by_name ?? '' },
  };
}

const ratingFilter = z.coerce
  .number({ error: REVIEW_MESSAGES.ratingInvalid })
  .int(REVIEW_MESSAGES.ratingInvalid)
  .min(1, REVIEW_MESSAGES.ratingInvalid)
  .max(5, REVIEW_MESSAGES.ratingInvalid)
  .optional();

const answeredFilter = z.enum(['yes', 'no'], { error: REVIEW_MESSAGES.answeredInvalid }).optional();

const customerFilter = z.coerce
  .number({ error: 'Cliente inválido.' })
  .int('Cliente inválido.')
  .positive('Cliente inválido.')
  .max(2_147_483_647, 'Cliente inválido.')
  .optional();

const summaryQuery = z.strictObject({ store_id: storeIdParam.optional() });

/**
 * Reviews: the list (newest first, by rating, answered or not, by customer; staff only their own
 * store's, administrators the store they name), the summary that heads the screen, and the
 * restaurant's answer.
 */
const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const routes = served(definition);

  registerList(app, definition, {
    table: reviews,
    columns,
    join: joins,
    store: reviews.store_id,
    filters: {
      rating: filter(ratingFilter, (rating) => eq(reviews.rating, rating)),
      answered: filter(answeredFilter, (answered) =>
        answered === 'yes' ? isNotNull(reviews.answer) : isNull(reviews.answer),
      ),
      customer_id: filter(customerFilter, (customer) => eq(reviews.customer_id, customer)),
    },
    decorate: async (rows) => rows.map((row) => toReview(row as unknown as FlatReview)),
  });

  async function readReview(request: FastifyRequest, id: number) {
    const [row] = await joins(db.select(columns).from(reviews).$dynamic()).where(
      and(eq(reviews.id, id), storeCondition(request, reviews.store_id)),
    );
    if (!row) throw notFound(REVIEW_MESSAGES.notFound);
    return toReview(row as unknown as FlatReview);
  }

  app.route({
    ...routes.call('summary', {
      operationId: 'getReviewSummary',
      querystring: summaryQuery,
      response: { 200: z.object({ data: reviewSummary }) },
    }),
    handler: async (request) => {
      const counted = await db
        .select({
          rating: reviews.rating,
          total: sql<number>`count(*)`.mapWith(Number),
          unanswered: sql<number>`count(*) filter (where ${reviews.answer} is null)`.mapWith(Number),
        })
        .from(reviews)
        .where(and(...listScope(request, reviews.store_id, request.query.store_id)))
        .groupBy(reviews.rating);
      const byRating = new Map(counted.map((row) => [row.rating, row.total]));
      const total = counted.reduce((sum, row) => sum + row.total, 0);
      const points = counted.reduce((sum, row) => sum + row.rating * row.total, 0);
      return {
        data: {
          total,
          average: total === 0 ? null : Math.round((points / total) * 100) / 100,
          distribution: [5, 4, 3, 2, 1].map((rating) => ({ rating, total: byRating.get(rating) ?? 0 })),
          unanswered: counted.reduce((sum, row) => sum + row.unanswered, 0),
        },
      };
    },
  });

  // Answering again replaces the answer and its time; an empty answer takes it down.
  app.route({
    ...routes.update({ body: reviewAnswerInput }),
    handler: async (request) => {
      const { answer } = request.body;
      const change = answer
        ? { answer, answered_at: sql`now()`, answered_by: callerOf(request).accountId }
        : { answer: null, answered_at: null, answered_by: null };
      const [changed] = await db
        .update(reviews)
        .set(change)
        .where(and(eq(reviews.id, request.params.id), storeCondition(request, reviews.store_id)))
        .returning({ id: reviews.id });
      if (!changed) throw notFound(REVIEW_MESSAGES.notFound);
      return { data: await readReview(request, changed.id) };
    },
  });
};

export default reviewRoutes;
