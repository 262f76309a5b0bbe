import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatCents } from '../../contract/lib/format';
import { tabs as definition } from '../../contract/resources/tabs/definition';
import { rows } from '../db/client';
import { badRequest, notFound } from '../http-errors';
import { noteAudit } from '../plugins/audit';
import { centsOf, SIGNATURE_HEADER, signedBy, webhookBody } from '../pix/provider';
import { payShare } from '../service/shares';
import { receivePayment } from '../service/tabs';

export const PIX_WEBHOOK_PATH = '/api/pix/webhook';
/** As the app's own JSON parser says it (server/plugins/errors.ts). */
const INVALID_JSON = 'O corpo da requisição não é um JSON válido.';

export const PIX_WEBHOOK_MESSAGES = {
  noProvider: 'Nenhum provedor Pix configurado.',
  badSignature: 'Assinatura do webhook Pix inválida.',
} as const;

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as it came, for its signature. */
    rawBody?: string;
  }
}

/**
 * The Pix provider's webhook (server/pix/provider.ts): each Pix the guest's bank paid books the
 * payment of its charge's ticket (or pays its share of the split bill), once (the charge is locked and marked paid with the Pix's
 * end-to-end id in the payment's transaction), for what the ticket still owes; the floor hears
 * it as any payment (its notice). Public, and trusted only when signed with the provider's secret.
 */
const pixWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  // This plugin's JSON keeps its text: the signature is of the bytes sent, not of a re-encoding.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(badRequest(INVALID_JSON), undefined);
    }
  });

  app.route({
    method: 'POST',
    url: PIX_WEBHOOK_PATH,
    // An area of its own (`pix` in the audit trail's rows); the payment it books is the tab's.
    config: { access: 'public', idempotent: false },
    schema: {
      tags: [definition.endpoint],
      summary: 'Webhook do provedor Pix: os Pix pagos das cobranças dinâmicas, assinados (HMAC-SHA256)',
      body: webhookBody,
      response: { 200: z.object({ data: z.object({ received: z.int() }) }) },
    },
    // Refused before the body is read as anything: no provider, or not signed by it (400: a
    // webhook has no session to renew, and the provider logs the refusal).
    preValidation: async (request) => {
      const provider = app.pixProvider;
      if (!provider) throw notFound(PIX_WEBHOOK_MESSAGES.noProvider);
      const header = request.headers[SIGNATURE_HEADER];
      if (
        !signedBy(
          request.rawBody ?? '',
          typeof header === 'string' ? header : undefined,
          provider.webhookSecret,
        )
      )
        throw badRequest(PIX_WEBHOOK_MESSAGES.badSignature);
    },
    handler: async (request) => {
      let received = 0;
      for (const pix of request.body.pix) {
        const booked = await app.db.transaction(async (tx) => {
          const [charge] = rows<{
            id: number;
            store_id: number;
            order_id: number;
            ticket_id: number | null;
            share_id: number | null;
            status: string;
            owed: number;
            open: boolean;
            share: string | null;
            guest: string | null;
            table_number: number | null;
          }>(
            await tx.execute(sql`
              select c.id, c.store_id, c.order_id, c.ticket_id, c.share_id, c.status,
                     case when c.share_id is null then greatest(t.total - t.total_paid, 0)
                          when b.status = 'OPEN' then b.amount else 0 end::int as owed,
                     o.status = 'OPENED' as open,
                     b.label as share, coalesce(cu.fullname, t.guest_name) as guest, tb.number as table_number
                from pix_charges c
                join orders o on o.id = c.order_id
                left join tickets t on t.id = c.ticket_id
                left join bill_shares b on b.id = c.share_id
                left join customers cu on cu.id = t.customer_id
                left join tables tb on tb.id = o.table_id
               where c.txid = ${pix.txid}
               for update of c`),
          );
          if (!charge || charge.status === 'PAID') return null;
          // A share is paid whole, as its charge asked; a guest's balance for what the Pix paid of it.
          const amount = charge.share_id === null ? Math.min(centsOf(pix.valor), charge.owed) : charge.owed;
          let paymentId: number | null = null;
          if (charge.open && amount > 0 && charge.share_id !== null) {
            const paid = await payShare(tx, null, charge.order_id, charge.share_id, 'PIX', null);
            paymentId = paid.paymentIds[0] ?? null;
          } else if (charge.open && amount > 0 && charge.ticket_id !== null) {
            paymentId = await receivePayment(tx, null, {
              orderId: charge.order_id,
              ticketId: charge.ticket_id,
              amount,
              kind: 'PHYSICAL',
              method: 'PIX',
              accountId: null,
            });
          }
          await tx.execute(sql`
            update pix_charges set status = 'PAID', paid_at = now(), end_to_end_id = ${pix.endToEndId},
                   payment_id = ${paymentId}
             where id = ${charge.id}`);
          return { ...charge, amount };
        });
        if (!booked) continue;
        received += 1;
        noteAudit(request, {
          action: 'pix-received',
          resource: definition.name,
          recordId: booked.order_id,
          storeId: booked.store_id,
          summary: `Pix de ${formatCents(booked.amount)} recebido ${
            booked.share === null
              ? `da comanda de ${booked.guest ?? 'cliente'}`
              : `pela parte ${booked.share}`
          } (${booked.table_number === null ? `comanda ${booked.order_id}` : `Mesa ${booked.table_number}`})`,
        });
      }
      return { data: { received } };
    },
  });
};

export default pixWebhookRoutes;
