/**
 * The guest API as the page calls it (contract/resources/guest/paths.ts): the table's code from
 * the QR link, the device's id in its header on every call, the error envelope's message, and the
 * guest's words when the network is down. Plain `fetch`: nothing of the back-office's client.
 */
import {
  DEVICE_HEADER,
  GUEST_MESSAGES,
  GUEST_PATHS,
  type GuestMenu,
  type GuestOrderBody,
  type GuestTab,
  type GuestWaiterBody,
  type TableCode,
} from '../../contract/resources/guest/paths';
import { deviceId } from './storage';

/** The API's host: the page's own unless VITE_API_URL points elsewhere, as the back-office's. */
const API_URL: string = (import.meta.env.VITE_API_URL ?? '').replace(/\/$/, '');

/** A server's failure without words of its own (a 5xx). */
export const FAILED = 'Não foi possível concluir agora. Tente de novo.';

/** A call that did not go through: the server's words (or the guest's for no network) and its status (0: no network). */
export class GuestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Whether a failure means the table's code no longer opens it (a rotated token, a store closed). */
export const isRefusedCode = (error: unknown) =>
  error instanceof GuestError && (error.status === 403 || error.message === GUEST_MESSAGES.badCode);

/** The table as the QR link names it (`?s=1&t=4&k=…`); null when the link is not one. */
export function readCode(search: string): TableCode | null {
  const query = new URLSearchParams(search);
  const s = Number(query.get('s'));
  const t = Number(query.get('t'));
  const k = query.get('k') ?? '';
  if (!Number.isInteger(s) || s < 1 || !Number.isInteger(t) || t < 1 || k === '') return null;
  return { s, t, k };
}

const codeQuery = (code: TableCode) =>
  new URLSearchParams({ s: String(code.s), t: String(code.t), k: code.k }).toString();

async function send(path: string, init: RequestInit & { headers: Record<string, string> }) {
  init.headers[DEVICE_HEADER] = deviceId();
  init.headers.Accept = 'application/json';
  try {
    return await fetch(`${API_URL}${path}`, init);
  } catch {
    throw new GuestError(GUEST_MESSAGES.offline, 0);
  }
}

async function failure(response: Response): Promise<GuestError> {
  const body = (await response.json().catch(() => null)) as { error?: { message?: unknown } } | null;
  const message = body?.error?.message;
  if (typeof message === 'string' && message) return new GuestError(message, response.status);
  const fallback =
    response.status === 403
      ? GUEST_MESSAGES.badCode
      : response.status === 429
        ? GUEST_MESSAGES.tooMany
        : FAILED;
  return new GuestError(fallback, response.status);
}

async function data<T>(response: Response): Promise<T> {
  if (!response.ok) throw await failure(response);
  return ((await response.json()) as { data: T }).data;
}

/** `GET menu`: the store, the table and what it sells. */
export async function loadMenu(code: TableCode): Promise<GuestMenu> {
  return data<GuestMenu>(await send(`${GUEST_PATHS.menu}?${codeQuery(code)}`, { headers: {} }));
}

/**
 * `GET tab` with the version the page holds: null when it has not changed (304), else the
 * device's ticket and its new version.
 */
export async function readTab(
  code: TableCode,
  etag: string | null,
): Promise<{ tab: GuestTab; etag: string | null } | null> {
  const headers: Record<string, string> = etag ? { 'If-None-Match': etag } : {};
  const response = await send(`${GUEST_PATHS.tab}?${codeQuery(code)}`, { headers });
  if (response.status === 304) return null;
  return { tab: await data<GuestTab>(response), etag: response.headers.get('etag') };
}

const post = async <T>(path: string, body: unknown, headers: Record<string, string> = {}) =>
  data<T>(
    await send(path, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );

/** `POST orders`, once per cart: the same `key` on a retry, so an order whose answer was lost is not placed twice. */
export const placeOrder = (body: GuestOrderBody, key: string) =>
  post<GuestTab>(GUEST_PATHS.orders, body, { 'Idempotency-Key': key });

/** `POST waiter`. */
export const callWaiter = (body: GuestWaiterBody) => post<GuestTab>(GUEST_PATHS.waiter, body);
