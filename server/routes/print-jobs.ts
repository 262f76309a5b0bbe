import { eq, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PRINT_JOB_MESSAGES,
  claimInput,
  claimedJob,
  leaseInput,
  printJobs as definition,
} from '../../contract/resources/printing/definition';
import type { PrintDocument } from '../../contract/resources/printing/documents';
import { rows } from '../db/client';
import { kitchens, printJobs } from '../db/schema';
import { conflict, notFound } from '../http-errors';
import { noteAudit } from '../plugins/audit';
import { AGENT_LEASE_S } from '../printing/jobs';
import { filter, registerList } from '../resources/list';
import { idParams } from '../resources/params';
import { served } from '../resources/routes';
import { storeCondition, storeScope } from '../resources/scope';

/** A row of the list: the job without its document, with its title and its station's name. */
const columns = {
  id: printJobs.id,
  store_id: printJobs.store_id,
  kind: printJobs.kind,
  kitchen_id: printJobs.kitchen_id,
  kitchen_name: kitchens.name,
  order_id: printJobs.order_id,
  title: sql<string>`${printJobs.document}->>'title'`,
  paper_width: printJobs.paper_width,
  printer: printJobs.printer,
  status: printJobs.status,
  attempts: printJobs.attempts,
  printed_on: printJobs.printed_on,
  printed_at: printJobs.printed_at,
  error: printJobs.error,
  reprint_of: printJobs.reprint_of,
  created_at: printJobs.created_at,
};
const ROW = sql`j.id, j.store_id, j.kind, j.kitchen_id, k.name as kitchen_name, j.order_id,
  j.document->>'title' as title, j.paper_width, j.printer, j.status, j.attempts, j.printed_on, j.printed_at,
  j.error, j.reprint_of, j.created_at`;

const joins = (query: PgSelect) => query.leftJoin(kitchens, eq(kitchens.id, printJobs.kitchen_id));

type JobRow = Omit<z.infer<typeof claimedJob>, 'created_at' | 'printed_at'> & {
  created_at: string | Date;
  printed_at: string | Date | null;
};

/** A job as raw SQL reads it, its instants as dates. */
const asJob = (job: JobRow) => ({
  ...job,
  created_at: new Date(job.created_at),
  printed_at: job.printed_at === null ? null : new Date(job.printed_at),
});

/** A job's store, for the caller: staff their own, an administrator any. */
const scoped = (store: number | null) => (store === null ? sql`true` : sql`j.store_id = ${store}`);

/** A kitchen ticket printed again says so at its top, under the station. */
function asReprint(document: PrintDocument): PrintDocument {
  if (document.lines.some((line) => line.kind === 'center' && line.text.includes('REIMPRESSÃO')))
    return document;
  const [first, ...rest] = document.lines;
  return {
    ...document,
    lines: [
      ...(first ? [first] : []),
      { kind: 'center', text: '*** REIMPRESSÃO ***', strong: true },
      ...rest,
    ],
  };
}

const printJobRoutes: FastifyPluginAsyncZod = async (app) => {
  const routes = served(definition);
  const jobAnswer = z.object({
    data: claimedJob.omit({ lease: true }).extend({ lease: z.string().nullable() }),
  });

  /** Impressões: the store's print jobs, newest first, by status, kind or station. */
  registerList(app, definition, {
    table: printJobs,
    columns,
    join: joins,
    store: printJobs.store_id,
    filters: {
      status: filter(z.enum(['PENDING', 'SENDING', 'PRINTED', 'FAILED']).optional(), (value) =>
        eq(printJobs.status, value),
      ),
      kind: filter(z.enum(['KITCHEN', 'PREBILL', 'RECEIPT']).optional(), (value) =>
        eq(printJobs.kind, value),
      ),
      kitchen_id: filter(z.coerce.number().int().positive().optional(), (id) => eq(printJobs.kitchen_id, id)),
    },
  });

  app.route({
    ...routes.one(),
    handler: async (request) => {
      const [job] = await app.db
        .select({ ...columns, document: printJobs.document })
        .from(printJobs)
        .leftJoin(kitchens, eq(kitchens.id, printJobs.kitchen_id))
        .where(
          sql`${printJobs.id} = ${request.params.id} and ${storeCondition(request, printJobs.store_id)}`,
        );
      if (!job) throw notFound(PRINT_JOB_MESSAGES.notFound);
      return { data: job };
    },
  });

  // An agent's claim: the oldest waiting job without a network printer, of the kinds and station
  // asked for, leased to the caller until it acknowledges (or gives back) it. Null: none waiting.
  app.route({
    ...routes.call('claim', {
      body: claimInput,
      response: { 200: z.object({ data: claimedJob.nullable() }) },
    }),
    handler: async (request) => {
      const store = storeScope(request);
      const { kinds, kitchen_id } = request.body;
      const [job] = rows<JobRow>(
        await app.db.execute(sql`
          with claimed as (
            update print_jobs set status = 'SENDING', lease = gen_random_uuid(),
                   lease_until = now() + make_interval(secs => ${AGENT_LEASE_S}), attempts = attempts + 1, updated_at = now()
             where id = (select id from print_jobs
                          where status = 'PENDING' and printer is null
                            and ${store === null ? sql`true` : sql`store_id = ${store}`}
                            and ${kinds ? sql`kind = any(${`{${kinds.join(',')}}`}::text[])` : sql`true`}
                            and ${kitchen_id === undefined ? sql`true` : sql`kitchen_id = ${kitchen_id}`}
                          order by id limit 1 for update skip locked)
            returning *)
          select ${ROW}, j.document, j.lease::text as lease from claimed j left join kitchens k on k.id = j.kitchen_id`),
      );
      return { data: job ? asJob(job) : null };
    },
  });

  // Printed: acknowledged once, by the holder of the lease; a second acknowledgement is refused.
  app.route({
    ...routes.call('acknowledge', {
      params: idParams,
      body: leaseInput,
      response: { 200: jobAnswer },
      errors: [404, 409],
    }),
    handler: async (request) => {
      const store = storeScope(request);
      // Printed by the lease's holder while it holds: once.
      return { data: await endLease(request.params.id, store, request.body.lease, 'printed') };
    },
  });

  // Not printed (the agent's printer is off, out of paper): back in the queue for the next claim.
  app.route({
    ...routes.call('release', {
      params: idParams,
      body: leaseInput,
      response: { 200: jobAnswer },
      errors: [404, 409],
    }),
    handler: async (request) => {
      const store = storeScope(request);
      return { data: await endLease(request.params.id, store, request.body.lease, 'released') };
    },
  });

  // 'Reimprimir': a new job of the same document, marked as a reprint, to the station's printer as
  // it is set now (or the first job's), and a row in the audit trail.
  app.route({
    ...routes.call('reprint', {
      params: idParams,
      response: { 201: jobAnswer },
      errors: [404],
    }),
    handler: async (request, reply) => {
      const store = storeScope(request);
      const [original] = rows<{
        id: number;
        store_id: number;
        kind: string;
        kitchen_id: number | null;
        order_id: number | null;
        document: PrintDocument;
        paper_width: number;
        printer: string | null;
        fallback: string | null;
        station_printer: string | null;
        station_fallback: string | null;
        station_paper: number | null;
      }>(
        await app.db.execute(sql`
          select j.id, j.store_id, j.kind, j.kitchen_id, j.order_id, j.document, j.paper_width, j.printer, j.fallback,
                 k.printer as station_printer, k.printer_fallback as station_fallback, k.paper_width as station_paper
            from print_jobs j left join kitchens k on k.id = j.kitchen_id
           where j.id = ${request.params.id} and ${scoped(store)}`),
      );
      if (!original) throw notFound(PRINT_JOB_MESSAGES.notFound);
      const document = original.kind === 'KITCHEN' ? asReprint(original.document) : original.document;
      const station = original.kitchen_id !== null;
      const [made] = rows<{ id: number }>(
        await app.db.execute(sql`
          insert into print_jobs (store_id, kind, kitchen_id, order_id, document, paper_width, printer, fallback,
                                  reprint_of, created_by)
          values (${original.store_id}, ${original.kind}, ${original.kitchen_id}, ${original.order_id},
                  ${JSON.stringify(document)}::jsonb, ${station ? (original.station_paper ?? original.paper_width) : original.paper_width},
                  ${station ? original.station_printer : original.printer}, ${station ? original.station_fallback : original.fallback},
                  ${original.id}, ${request.caller?.accountId ?? null})
          returning id`),
      );
      noteAudit(request, {
        action: 'reprint',
        resource: definition.name,
        recordId: made!.id,
        storeId: original.store_id,
        summary: `${document.title} impresso de novo`,
      });
      app.printing.wake();
      reply.code(201);
      return { data: await readJob(made!.id, store) };
    },
  });

  /**
   * An agent's claim ended by its holder: printed (while the lease holds: acknowledged once), or
   * put back unprinted. Anyone else's, or a job no longer held, is refused: printed already, or
   * not theirs.
   */
  async function endLease(id: number, store: number | null, lease: string, outcome: 'printed' | 'released') {
    const set =
      outcome === 'printed'
        ? sql`status = 'PRINTED', printed_at = now(), printed_on = 'agente', error = null`
        : sql`status = 'PENDING'`;
    const done = rows<{ id: number }>(
      await app.db.execute(sql`
        update print_jobs j set ${set}, lease = null, lease_until = null, updated_at = now()
         where j.id = ${id} and ${scoped(store)} and j.status = 'SENDING' and j.printer is null
           and j.lease = ${lease}::uuid ${outcome === 'printed' ? sql`and j.lease_until >= now()` : sql``}
        returning j.id`),
    );
    const job = await readJob(id, store);
    if (done.length === 0)
      throw conflict(
        job.status === 'PRINTED' ? PRINT_JOB_MESSAGES.alreadyPrinted : PRINT_JOB_MESSAGES.notYours,
      );
    return job;
  }

  async function readJob(id: number, store: number | null) {
    const [job] = rows<JobRow>(
      await app.db.execute(sql`
        select ${ROW}, j.document, j.lease::text as lease
          from print_jobs j left join kitchens k on k.id = j.kitchen_id
         where j.id = ${id} and ${scoped(store)}`),
    );
    if (!job) throw notFound(PRINT_JOB_MESSAGES.notFound);
    return asJob(job);
  }
};

export default printJobRoutes;
