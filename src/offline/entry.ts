import type { PricedLine } from '../../contract/resources/orderEntry/rules';

/**
 * What a queued write does to what the screens show, so that they show it applied before the
 * server has it (`overlay.ts`): items moved on the board, a ticket's payment, items added to a
 * ticket.
 */
export type OutboxEffect =
  | { kind: 'itemStatus'; items: { id: number; status: 'PREPARING' | 'READY' }[] }
  | { kind: 'payment'; orderId: number; ticketId: number; amount: number }
  | { kind: 'addItems'; orderId: number; ticketId: number; lines: PricedLine[] };

/**
 * One write waiting in the outbox: its `Idempotency-Key` (made once, when queued, and sent with
 * every attempt, so the server applies it once), whose it is (the account, the store), the call
 * itself, the words the person reads, and where it stands: waiting, being sent, or refused with
 * the server's words (kept until dismissed).
 */
export interface OutboxEntry {
  id: number;
  key: string;
  account: string;
  store: number | null;
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  label: string;
  effect: OutboxEffect;
  created: number;
  /**
   * `sent`: applied by the server, kept (and shown applied) only until the screens have read
   * again, so nothing flashes back to its old state; never sent again.
   */
  state: 'pending' | 'sending' | 'sent' | 'refused';
  /** When the server applied it (state `sent`). */
  sentAt?: number;
  /** The server's words when it refused. */
  refusal?: string;
}

/** What a screen hands the outbox: the call, its words and its effect. */
export type OutboxRequest = Pick<OutboxEntry, 'method' | 'path' | 'body' | 'label' | 'effect'>;

/** A fresh `Idempotency-Key` (as `useSubmissionKey`'s: crypto.getRandomValues works on plain http too). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
