/**
 * The guest page's side of the guest API (`/mesa`, the table's QR code): its paths, its words, its
 * limits and the shapes it reads. Pure TypeScript, no zod: the guest page ships this file, and
 * the server validates with `./definition.ts`, which checks the same shapes.
 *
 * Every call names the table as the QR code does: `s` (the store's id), `t` (the table's number)
 * and `k` (the table's secret token) — in the query of a GET, in the body of a POST. The phone is
 * a random id the page keeps on the device, sent in the `X-Painel-Device` header, never in a URL;
 * the server stores only its SHA-256.
 */
import type { MenuProduct, OrderLine } from '../orderEntry/rules';

export const GUEST_PATHS = {
  /** GET: the store, the table and the menu. */
  menu: '/api/guest/menu',
  /** GET: the device's own ticket in the table's open tab. */
  tab: '/api/guest/tab',
  /** POST (Idempotency-Key): an order from this device; opens the tab at a free table. */
  orders: '/api/guest/orders',
  /** POST: calls the waiter to the table. */
  waiter: '/api/guest/waiter',
} as const;

/** The header that carries the device's id (a UUID the page makes once and keeps). */
export const DEVICE_HEADER = 'x-painel-device';

/** Where the page keeps the guest's name and device id (localStorage). */
export const GUEST_STORAGE = { name: 'painel.mesa.nome', device: 'painel.mesa.aparelho' } as const;

/** What the guest API says, in the guest's words. */
export const GUEST_MESSAGES = {
  /** Unknown store, store off, unknown table, wrong or rotated token: one answer (403) for all. */
  badCode: 'Este QR code não vale mais. Peça ajuda à equipe do restaurante.',
  device: 'Não foi possível identificar este aparelho. Recarregue a página.',
  name: 'Informe seu nome para fazer o pedido.',
  nameTooLong: 'O nome pode ter no máximo 60 caracteres.',
  tooMany: 'Muitos pedidos em pouco tempo. Chame o garçom ou tente de novo em alguns minutos.',
  ordered: 'Pedido enviado para a cozinha!',
  orderedHeld: 'Pedido enviado! A equipe vai confirmar em instantes.',
  waiterCalled: 'Chamamos o garçom. Ele já vem!',
  waiterAlreadyCalled: 'O garçom já foi chamado.',
  offline: 'Sem conexão. Verifique a internet e tente de novo.',
  /** The staff moved the guest's tab (or joined it) to another table: its code is the one now. */
  moved: (table: number) =>
    `Sua comanda foi transferida para a mesa ${table}. Leia o QR code da mesa ${table} para continuar.`,
} as const;

/**
 * How often each device and table may act, counted before acting, per window of `minutes`. A
 * table's whole party orders well inside these; a script hammering one code does not.
 */
export const GUEST_LIMITS = {
  ordersPerDevice: { count: 6, minutes: 10 },
  ordersPerTable: { count: 30, minutes: 10 },
  waiterPerDevice: { count: 3, minutes: 10 },
  /** Calls with a wrong code, per address (someone guessing tokens). */
  badCodesPerAddress: { count: 30, minutes: 15 },
} as const;

/** How the guest page polls its ticket while it is visible (a 304 costs no query). */
export const GUEST_POLL_MS = 2_000;

/** The state of one of the guest's items, in their words (HELD: waiting for the staff's approval). */
export const GUEST_ITEM_STATUSES = {
  HELD: 'Aguardando aprovação',
  PLACED: 'Aguardando',
  PREPARING: 'Preparando',
  READY: 'Pronto',
  CANCELLED: 'Cancelado',
} as const;
export type GuestItemStatus = keyof typeof GUEST_ITEM_STATUSES;

/** Which table a call is about, as the QR code names it. */
export interface TableCode {
  s: number;
  t: number;
  k: string;
}

/** The store as its guests see it. */
export interface GuestStore {
  id: number;
  name: string;
  logo: string | null;
  /** Percent (the store's 'Taxa de serviço'). */
  service_charge: number;
  /** 'Aprovar pedidos da mesa': the staff approve each order before the kitchen gets it. */
  approval: boolean;
}

/** `GET /api/guest/menu`: what the page shows before anyone orders. */
export interface GuestMenu {
  store: GuestStore;
  table: { number: number };
  /** The available categories, in the menu's order. */
  categories: { id: number; name: string }[];
  /** The products of those categories a guest may order (complement-only ones are left out). */
  products: (MenuProduct & { category_id: number; description: string | null })[];
}

/** One of the guest's own items, as their ticket shows it. */
export interface GuestItem {
  id: number;
  name: string;
  quantity: number;
  complements: { name: string; quantity: number }[];
  observations: string | null;
  status: GuestItemStatus;
  /** Cents: (product + complements) × quantity. */
  total: number;
}

/**
 * `GET /api/guest/tab` (and what every POST answers): the device's own ticket. Never another
 * guest's name or items: the others at the table are only a count.
 */
export interface GuestTab {
  /** The name on the device's ticket; null before its first order or call. */
  name: string | null;
  table: { number: number };
  items: GuestItem[];
  /** Cents, the device's own ticket. */
  subtotal: number;
  service_charge: number;
  total: number;
  total_paid: number;
  /** The waiter has been called to the table and has not come yet. */
  waiter_called: boolean;
  /** Other guests' tickets on the table's open tab. */
  others: number;
  /**
   * The table the staff moved this phone's tab to (a move or a join): its ticket is there now, and
   * so are its orders, with that table's code. Null while the tab is at this table, or closed.
   */
  moved_to: number | null;
}

/** `POST /api/guest/orders`. */
export interface GuestOrderBody extends TableCode {
  name: string;
  items: OrderLine[];
}

/** `POST /api/guest/waiter`: the name is needed only when the device has no ticket yet. */
export interface GuestWaiterBody extends TableCode {
  name?: string;
}

/** The link a table's QR code carries. */
export function guestLink(base: string, code: TableCode): string {
  const url = new URL(base);
  url.searchParams.set('s', String(code.s));
  url.searchParams.set('t', String(code.t));
  url.searchParams.set('k', code.k);
  return url.toString();
}
