/**
 * The store's Pix provider (a bank's or a payment institution's Pix API): a dynamic charge ("cob")
 * for a guest's balance, and the provider's webhook telling that it was paid. Modelled on the
 * Banco Central's Pix API: `PUT {PIX_PROVIDER_URL}/cob/{txid}` with the amount and the key,
 * answering the charge's "Pix copia e cola"; the webhook posts `{ pix: [{ endToEndId, txid,
 * valor, horario }] }`, signed with HMAC-SHA256 of its body under the secret both sides hold
 * (`x-pix-signature: sha256=<hex>`). `npm start` runs a local provider (./stand-in.ts).
 */
import crypto from 'node:crypto';
import { z } from 'zod';

export interface PixProviderOptions {
  /** The provider's API, e.g. https://pix.example.com/v2. */
  url: string;
  /** The secret the provider signs its webhooks with. */
  webhookSecret: string;
  /** How long a call may take (milliseconds). */
  timeoutMs?: number;
}

export const SIGNATURE_HEADER = 'x-pix-signature';

/** What the provider answers to a charge it made. */
const chargeAnswer = z.object({
  txid: z.string(),
  status: z.string(),
  pixCopiaECola: z.string().min(20),
});

/** The webhook's body: each Pix received. */
export const webhookBody = z.object({
  pix: z
    .array(
      z.object({
        endToEndId: z.string().min(1).max(64),
        txid: z.string().min(1).max(35),
        valor: z.string().regex(/^\d{1,10}\.\d{2}$/),
        horario: z.string().optional(),
      }),
    )
    .min(1)
    .max(100),
});
export type PixWebhook = z.infer<typeof webhookBody>;

/** '12.34' of 1234 cents, as the Pix API writes amounts. */
export const reais = (cents: number) => (cents / 100).toFixed(2);
/** 1234 of '12.34'. */
export const centsOf = (valor: string) => Math.round(Number(valor) * 100);

/**
 * A fresh txid for a charge: the tab and what it charges (a guest's ticket, `C`, or a share of the
 * split bill, `S`), and letters to make it unique.
 */
export function chargeTxid(orderId: number, charged: { ticket: number } | { share: number }): string {
  const base =
    'ticket' in charged ? `PAINEL${orderId}C${charged.ticket}X` : `PAINEL${orderId}S${charged.share}X`;
  const random = crypto.randomBytes(16).toString('hex').toUpperCase();
  return (base + random).slice(0, 35).padEnd(26, '0');
}

export function signature(body: string, secret: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Whether `header` is the signature of `body` under `secret` (compared in constant time). */
export function signedBy(body: string, header: string | undefined, secret: string): boolean {
  if (!header) return false;
  const expected = Buffer.from(signature(body, secret));
  const given = Buffer.from(header);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

/** Creates the charge at the provider; its "copia e cola", or an error the caller falls back from. */
export async function createCharge(
  options: PixProviderOptions,
  charge: { txid: string; amount: number; key: string; description: string },
): Promise<string> {
  const response = await fetch(`${options.url.replace(/\/$/, '')}/cob/${charge.txid}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      calendario: { expiracao: 3600 },
      valor: { original: reais(charge.amount) },
      chave: charge.key,
      solicitacaoPagador: charge.description.slice(0, 140),
    }),
    signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
  });
  if (!response.ok) throw new Error(`provedor Pix respondeu ${response.status}`);
  return chargeAnswer.parse(await response.json()).pixCopiaECola;
}
