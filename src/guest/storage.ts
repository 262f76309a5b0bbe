/**
 * What the guest page keeps on the phone (localStorage): the guest's name, the device's id and,
 * per store and table, the cart not ordered yet. A browser that refuses storage (a private tab
 * that is full) still works for the visit: what cannot be kept is kept in memory.
 */
import { GUEST_STORAGE, type TableCode } from '../../contract/resources/guest/paths';
import type { OrderLine } from '../../contract/resources/orderEntry/rules';

const memory = new Map<string, string>();

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Kept in memory for this visit.
    if (value === null) memory.delete(key);
    else memory.set(key, value);
  }
}

/** A random UUID; `crypto.randomUUID` only exists on https, and a restaurant's network may be plain http. */
export function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The device's id, made once and kept: the server knows the guest's ticket by it. */
export function deviceId(): string {
  const kept = read(GUEST_STORAGE.device);
  if (kept) return kept;
  const made = newId();
  write(GUEST_STORAGE.device, made);
  return made;
}

export const readName = () => read(GUEST_STORAGE.name);
export const keepName = (name: string) => write(GUEST_STORAGE.name, name);

/** One line of the cart; `key` tells equal lines apart while they are edited. */
export interface CartLine {
  key: number;
  line: OrderLine;
}

/**
 * The cart not ordered yet, and the `Idempotency-Key` of the last attempt to order it: kept until
 * the cart changes or the order goes through, so a retry (a reload included) sends the same key.
 */
export interface Cart {
  lines: CartLine[];
  attempt: string | null;
}

const cartKey = (code: TableCode) => `painel.mesa.pedido.${code.s}.${code.t}`;

export function readCart(code: TableCode): Cart {
  try {
    const kept = JSON.parse(read(cartKey(code)) ?? 'null') as Cart | null;
    if (kept && Array.isArray(kept.lines)) return { lines: kept.lines, attempt: kept.attempt ?? null };
  } catch {
    // A cart that cannot be read is an empty one.
  }
  return { lines: [], attempt: null };
}

export const keepCart = (code: TableCode, cart: Cart) =>
  write(cartKey(code), cart.lines.length === 0 ? null : JSON.stringify(cart));
