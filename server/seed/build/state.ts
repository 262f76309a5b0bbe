/**
 * What the sections of the demo share while it is built (see ../build.ts): the clock, the random
 * streams, the files, the steps queued so far, and the rows kept until the end so that later
 * sections can fill in their counters.
 */
import type { PgTable } from 'drizzle-orm/pg-core';
import type * as s from '../../db/schema';
import type { ItemComplement } from '../../db/schema';
import { saoPauloClock, type Clock } from '../clock';
import type { GroupDef, StoreDef } from '../catalog';
import { DemoImages } from '../images';
import { Random } from '../random';

export type Scale = 'accounts' | 'full';

/** An insert row; ids are given explicitly (the identity columns take them, see bulk.ts). */
export type Row<T extends PgTable> = T['$inferInsert'] & { id?: number };

export interface DemoAccount {
  who: string;
  email: string;
  password: string;
}

/** What seedDemo writes: rows per table in insertion order, the accounts' passwords, the files. */
export interface DemoPlan {
  steps: { table: PgTable; rows: object[] }[];
  /** Plain passwords of the accounts rows (same order), hashed by the caller. */
  passwords: string[];
  images: DemoImages;
}

export const HISTORY_DAYS = 90;

interface Option {
  name: string;
  price: number;
}
export interface GroupRt {
  id: number;
  def: GroupDef;
  options: Option[];
}
export interface ProductRt {
  id: number;
  name: string;
  price: number;
  kitchenId: number | null;
  thumbnail: string | null;
  image: string | null;
  groups: GroupRt[];
  drink: boolean;
  observations: boolean;
  weight: number;
  sold: number;
}
export interface StoreRt {
  index: number;
  id: number;
  def: StoreDef;
  food: ProductRt[];
  drinks: ProductRt[];
  menu: ProductRt[];
  kitchenIds: number[];
  tableIds: number[];
  pool: number[];
  poolCumulative: number[];
  programId: number | null;
  defaultBankId: number;
}
export interface Customer {
  id: number;
  fullname: string;
  first: string;
  username: string;
  email: string;
  phone: string;
  cpf: string;
  gender: 'M' | 'F' | 'O' | null;
  birthdate: string;
  platform: 'IOS' | 'ANDROID';
  status: 'ACTIVE' | 'INACTIVE' | 'BLOCKED';
  createdAt: Date;
  picture: string | null;
  feedhunter: boolean;
  area: string;
}
export interface ItemDraft {
  product: ProductRt;
  quantity: number;
  complements: ItemComplement[];
  observations: string | null;
  status: (typeof s.orderItems.$inferInsert)['status'] & string;
  createdAt: Date;
  updatedAt: Date;
}
export interface TicketDraft {
  customer: Customer;
  createdAt: Date;
  items: ItemDraft[];
}
export interface OrderDraft {
  store: StoreRt;
  day: number;
  tableId: number | null;
  delivery: boolean;
  createdAt: Date;
  closedAt: Date | null;
  tickets: TicketDraft[];
  waiterAt?: Date;
  /** Live orders: how many tickets were already paid in the app. */
  paidTickets?: number;
}

export interface Demo {
  readonly scale: Scale;
  readonly clock: Clock;
  /** The root stream: each section forks its own by name (see random.ts). */
  readonly rng: Random;
  readonly images: DemoImages;
  readonly steps: DemoPlan['steps'];
  readonly passwords: string[];

  readonly stores: StoreRt[];
  customers: Customer[];
  readonly cuisineIds: Map<string, number>;
  readonly cityIds: Map<string, number>;

  // Rows, kept until the end so that counters (sold, ratings, uses) can be filled in.
  readonly storeRows: Row<typeof s.stores>[];
  readonly productRows: Row<typeof s.products>[];
  readonly tableRows: Row<typeof s.tables>[];
  readonly orderRows: Row<typeof s.orders>[];
  readonly ticketRows: Row<typeof s.tickets>[];
  readonly itemRows: Row<typeof s.orderItems>[];
  readonly paymentRows: Row<typeof s.payments>[];
  readonly couponRows: Row<typeof s.coupons>[];
  readonly checkinRows: Row<typeof s.checkins>[];
  readonly reviewRows: Row<typeof s.reviews>[];
  readonly statementRows: Row<typeof s.statementEntries>[];
  readonly depositRows: Row<typeof s.deposits>[];
  readonly promoRows: Row<typeof s.promoCodes>[];
  readonly progress: Map<string, Row<typeof s.loyaltyProgress>>;
  readonly visits: Map<number, Map<number, Date>>; // store id → customer id → first visit

  /** Queues the rows of a table (put in foreign-key order at the end). */
  push<T extends PgTable>(table: T, rows: Row<T>[]): void;
}

export function newDemo(now: Date, scale: Scale): Demo {
  const steps: DemoPlan['steps'] = [];
  return {
    scale,
    clock: saoPauloClock(now),
    rng: new Random('painel-demo-2026'),
    images: new DemoImages(),
    steps,
    passwords: [],
    stores: [],
    customers: [],
    cuisineIds: new Map(),
    cityIds: new Map(),
    storeRows: [],
    productRows: [],
    tableRows: [],
    orderRows: [],
    ticketRows: [],
    itemRows: [],
    paymentRows: [],
    couponRows: [],
    checkinRows: [],
    reviewRows: [],
    statementRows: [],
    depositRows: [],
    promoRows: [],
    progress: new Map(),
    visits: new Map(),
    push(table, rows) {
      steps.push({ table, rows });
    },
  };
}
