/**
 * Builds the whole demo in memory, deterministically: the same `now` and scale give the same rows.
 * Ids are given here (the database is new), so that rows can point at each other before anything
 * is written; demo.ts writes them set-based in one transaction.
 *
 * How the money adds up (what statistics and finance can rely on):
 * - an item's line is (product_price + Σ complement price × quantity) × quantity; CANCELLED and
 *   SAVED items count for nothing;
 * - a ticket's subtotal is the sum of its lines; total = subtotal + service − discount, where the
 *   service is round(subtotal × store.service_charge %) (none for delivery) and the discount comes
 *   from a coupon (loyalty reward or promo code) with that order_id; an order sums its tickets;
 * - payments are per customer; fee = round(amount × feedme_digital_tax or feedme_physical_tax %);
 *   a cancelled payment (cancelled_at) is not in total_paid; closed tabs are PAID;
 * - the statement: RECEIVED +amount for each app (DIGITAL) payment, available 31 days later;
 *   CANCELED −amount when such a payment is refunded; TAX −(the day's fees, both kinds), the next
 *   morning; DEPOSIT −amount for each PAID weekly transfer (Tuesdays) of the available balance;
 *   PENDING and FAILED deposits have no line;
 * - loyalty: each ticket's subtotal accumulates in the store's program; reaching `consumption`
 *   grants a coupon (loyalty, CREATED) that the customer's next ticket there uses (CONFIRMED,
 *   with order_id and amount); rewards unused for 60 days are CANCELLED;
 * - one check-in per customer and indoor tab, with the customer's platform; one review for about
 *   7% of tickets, and stores' n_ratings/rating follow them.
 */
import type { PgTable } from 'drizzle-orm/pg-core';
import * as s from '../db/schema';
import type { ItemComplement } from '../db/schema';
import type { PAYMENT_METHODS, RESERVATION_STATUS } from '../db/schema/enums';
import { nameKey } from '../resources/crud';
import { saoPauloClock, brDate, type Clock } from './clock';
import { STORES, type StoreDef, type GroupDef } from './catalog';
import {
  CITIES,
  CUISINES,
  FAQS,
  MORE_CUISINES,
  MORE_FAQS,
  NOTIFICATIONS,
  PRIVACY,
  PROMOS,
  STORY_TITLES,
  TEAM_ROLES,
  WALL_POSTS,
  type PromoDef,
} from './content';
import { makeCnpj, makeCpf, makeLandline, makeMobile, plain, slugOf } from './documents';
import { avatar, cover, dishCard, DemoImages, logo } from './images';
import {
  AREA_CODES,
  AREA_CODE_WEIGHTS,
  EMAIL_DOMAINS,
  EMAIL_DOMAIN_WEIGHTS,
  FEMALE_NAMES,
  ITEM_OBSERVATIONS,
  MALE_NAMES,
  RESERVATION_NOTES,
  REVIEW_TEXTS,
  SURNAMES,
} from './names';
import { Random } from './random';
import { demoVideo } from './video';

export type Scale = 'accounts' | 'full';

/** An insert row; ids are given explicitly (the identity columns take them, see bulk.ts). */
type Row<T extends PgTable> = T['$inferInsert'] & { id?: number };

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

const CUSTOMER_COUNT = 2000;
const FEEDHUNTER_COUNT = 40;
const HISTORY_DAYS = 90;
/**
 * Scales every store's tabs a day. With 2,000 customers, each visits about once a week; more tabs
 * would make everyone a regular (and the seed slower).
 */
const VOLUME = 0.65;
/** Staff accounts other than the demo logins all share this password. */
export const STAFF_PASSWORD = 'Equipe@2026';

/** Tabs per day by weekday (Sunday first), before growth and noise. */
const WEEKDAY_FACTOR = [1.15, 0.6, 0.75, 0.85, 1.0, 1.45, 1.6];

const CITY_OF_AREA: Record<string, string> = {
  '11': 'São Paulo',
  '21': 'Rio de Janeiro',
  '31': 'Belo Horizonte',
  '41': 'Curitiba',
  '81': 'Recife',
};

interface Option {
  name: string;
  price: number;
}
interface GroupRt {
  id: number;
  def: GroupDef;
  options: Option[];
}
interface ProductRt {
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
interface StoreRt {
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
interface Customer {
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
interface ItemDraft {
  product: ProductRt;
  quantity: number;
  complements: ItemComplement[];
  observations: string | null;
  status: (typeof s.orderItems.$inferInsert)['status'] & string;
  createdAt: Date;
  updatedAt: Date;
}
interface TicketDraft {
  customer: Customer;
  createdAt: Date;
  items: ItemDraft[];
}
interface OrderDraft {
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

export function buildDemo(now: Date, scale: Scale, accounts: readonly DemoAccount[]): DemoPlan {
  return new Builder(now, scale, accounts).build();
}

class Builder {
  private readonly clock: Clock;
  private readonly rng = new Random('painel-demo-2026');
  private readonly images = new DemoImages();
  private readonly steps: DemoPlan['steps'] = [];
  private readonly passwords: string[] = [];

  private readonly stores: StoreRt[] = [];
  private customers: Customer[] = [];
  private readonly cuisineIds = new Map<string, number>();
  private readonly cityIds = new Map<string, number>();

  // Rows, kept until the end so that counters (sold, ratings, uses) can be filled in.
  private readonly storeRows: Row<typeof s.stores>[] = [];
  private readonly productRows: Row<typeof s.products>[] = [];
  private readonly tableRows: Row<typeof s.tables>[] = [];
  private readonly orderRows: Row<typeof s.orders>[] = [];
  private readonly ticketRows: Row<typeof s.tickets>[] = [];
  private readonly itemRows: Row<typeof s.orderItems>[] = [];
  private readonly paymentRows: Row<typeof s.payments>[] = [];
  private readonly couponRows: Row<typeof s.coupons>[] = [];
  private readonly checkinRows: Row<typeof s.checkins>[] = [];
  private readonly reviewRows: Row<typeof s.reviews>[] = [];
  private readonly statementRows: Row<typeof s.statementEntries>[] = [];
  private readonly depositRows: Row<typeof s.deposits>[] = [];
  private readonly promoRows: Row<typeof s.promoCodes>[] = [];
  private readonly progress = new Map<string, Row<typeof s.loyaltyProgress>>();
  private readonly visits = new Map<number, Map<number, Date>>(); // store id → customer id → first visit

  constructor(
    now: Date,
    private readonly scale: Scale,
    private readonly demoAccounts: readonly DemoAccount[],
  ) {
    this.clock = saoPauloClock(now);
  }

  build(): DemoPlan {
    this.platform();
    this.storesAndMenus();
    this.accounts();
    if (this.scale === 'full') {
      this.makeCustomers();
      this.promoCodes();
      const live = this.live();
      // A table holds one tab at a time: no closed tab of today overlaps an open one.
      const seated = new Map(live.map((d) => [d.tableId, d.createdAt.getTime() - 3 * 60_000]));
      const history = this.history().filter(
        (d) => d.tableId === null || !seated.has(d.tableId) || d.closedAt!.getTime() < seated.get(d.tableId)!,
      );
      this.money(history, live);
      this.finance();
      this.reservations();
      this.content();
      this.stories();
      this.notifications();
      this.push(s.customers, this.customerRows());
    }
    this.finish();
    return { steps: this.steps, passwords: this.passwords, images: this.images };
  }

  private push<T extends PgTable>(table: T, rows: Row<T>[]): void {
    this.steps.push({ table, rows });
  }

  /** Queues the rows kept for their counters (sold, ratings, uses…), then puts every step in foreign-key order. */
  private finish(): void {
    const order: PgTable[] = [
      s.cuisines,
      s.operations,
      s.stores,
      s.bankAccounts,
      s.accounts,
      s.customers,
      s.kitchens,
      s.categories,
      s.products,
      s.complementGroups,
      s.complementGroupProducts,
      s.productComplementGroups,
      s.integrations,
      s.tables,
      s.promoCodes,
      s.orders,
      s.tickets,
      s.orderItems,
      s.payments,
      s.coupons,
      s.checkins,
      s.reviews,
      s.reservations,
      s.loyaltyPrograms,
      s.loyaltyProgress,
      s.deposits,
      s.statementEntries,
      s.faqs,
      s.privacyTexts,
      s.pushNotifications,
      s.pushDeliveries,
      s.stories,
      s.wallPosts,
    ];
    if (this.scale === 'full') {
      this.push(s.stores, this.storeRows);
      this.push(s.products, this.productRows);
      this.push(s.tables, this.tableRows);
      this.push(s.promoCodes, this.promoRows);
      this.push(s.orders, this.orderRows);
      this.push(s.tickets, this.ticketRows);
      this.push(s.orderItems, this.itemRows);
      this.push(s.payments, this.paymentRows);
      this.push(s.coupons, this.couponRows);
      this.push(s.checkins, this.checkinRows);
      this.push(s.reviews, this.reviewRows);
      this.push(s.loyaltyProgress, [...this.progress.values()]);
      this.push(s.deposits, this.depositRows);
      this.push(s.statementEntries, this.statementRows);
    } else {
      this.push(s.stores, this.storeRows);
    }
    const rank = new Map(order.map((table, i) => [table, i]));
    this.steps.sort((a, b) => rank.get(a.table)! - rank.get(b.table)!);
  }

  // ---------------------------------------------------------------- platform

  private platform(): void {
    const cuisines = this.scale === 'full' ? [...CUISINES, ...MORE_CUISINES] : CUISINES;
    const created = this.clock.at(-900, 9 * 60);
    this.push(
      s.cuisines,
      cuisines.map((name, i) => {
        this.cuisineIds.set(name, i + 1);
        return { id: i + 1, name, name_key: nameKey(name), created_at: created };
      }),
    );
    this.push(
      s.operations,
      CITIES.map((name, i) => {
        this.cityIds.set(name, i + 1);
        return { id: i + 1, name, name_key: nameKey(name), created_at: created };
      }),
    );
    const faqs = this.scale === 'full' ? [...FAQS, ...MORE_FAQS] : FAQS;
    this.push(
      s.faqs,
      faqs.map((faq, i) => {
        const at = this.clock.at(-400 + i * 23, 10 * 60 + i * 7);
        return { id: i + 1, ...faq, created_at: at, updated_at: at };
      }),
    );
    if (this.scale === 'full') {
      this.push(s.privacyTexts, [
        { id: 1, ...PRIVACY, active: true, updated_at: this.clock.at(-120, 14 * 60) },
      ]);
    }
  }

  // ---------------------------------------------------------------- stores and menus

  private storesAndMenus(): void {
    const defs = this.scale === 'full' ? STORES : STORES.slice(0, 2);
    const rng = this.rng.fork('stores');
    const kitchens: Row<typeof s.kitchens>[] = [];
    const categories: Row<typeof s.categories>[] = [];
    const groups: Row<typeof s.complementGroups>[] = [];
    const groupProducts: Row<typeof s.complementGroupProducts>[] = [];
    const productGroups: Row<typeof s.productComplementGroups>[] = [];
    const banks: Row<typeof s.bankAccounts>[] = [];
    const integrations: Row<typeof s.integrations>[] = [];
    const programs: Row<typeof s.loyaltyPrograms>[] = [];
    const ids = { kitchen: 0, category: 0, product: 0, group: 0, table: 0, bank: 0, program: 0 };

    defs.forEach((def, index) => {
      const id = index + 1;
      const since = this.clock.at(-def.partnerDays, 10 * 60 + index * 13);
      const updated = this.clock.at(-Math.min(def.partnerDays, def.stoppedDays ?? 20 + index), 15 * 60);
      const cnpj = makeCnpj(rng);
      const cpf = makeCpf(rng);
      const responsibleSlug = plain(def.responsible).split(' ');
      const site = `https://www.${def.slug}.com.br`;
      const whatsapp = makeMobile(rng, def.ddd);
      const img = {
        white: this.images.add(`stores/${def.slug}-logo-white.svg`, logo(def.name, def.hue, 'white')),
        black: this.images.add(`stores/${def.slug}-logo-black.svg`, logo(def.name, def.hue, 'black')),
        cover: this.images.add(`stores/${def.slug}-cover.svg`, cover(def.name, def.description, def.hue)),
      };
      this.storeRows.push({
        id,
        name: def.name,
        slug: def.slug,
        company_name: def.company,
        cnpj,
        phone: makeLandline(rng, def.ddd),
        whatsapp,
        site,
        instagram: `@${def.slug}`,
        description: def.description,
        full_description: def.fullDescription,
        cousine_id: this.cuisineIds.get(def.cuisine) ?? null,
        operation_id: this.cityIds.get(def.city) ?? null,
        status: def.status,
        logo_white: img.white,
        logo_black: img.black,
        bg_image: img.cover,
        street: def.street,
        street_number: def.number,
        neighborhood: def.neighborhood,
        zip_code: def.zip,
        city: def.city,
        uf: def.uf,
        maps_url: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${def.street}, ${def.number} - ${def.neighborhood}, ${def.city} - ${def.uf}`)}`,
        name_responsible: def.responsible,
        cpf,
        email: `${responsibleSlug[0]}.${responsibleSlug[responsibleSlug.length - 1]}@${def.slug}.com.br`,
        phone_responsible: makeMobile(rng, def.ddd),
        email_admin: `admin@${def.slug}.com.br`,
        feedme_physical_tax: def.physicalTax,
        feedme_digital_tax: def.digitalTax,
        service_charge: def.serviceCharge,
        app_skin: def.skin,
        opening_hours: def.hours,
        reservations: def.reservationHours.length > 0,
        reservation_hours: def.reservationHours,
        links: [
          { title: 'Instagram', url: `https://instagram.com/${def.slug}`, active: true, icon: 'instagram' },
          { title: 'WhatsApp', url: `https://wa.me/55${whatsapp}`, active: true, icon: 'whatsapp' },
          {
            title: 'Como chegar',
            url: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(def.name + ' ' + def.city)}`,
            active: index % 4 !== 3,
            icon: 'map',
          },
        ],
        default_links: {
          menu: { title: 'Cardápio', url: `https://painel.com.br/${def.slug}/cardapio`, active: true },
          reservations: {
            title: 'Reservas',
            url: `https://painel.com.br/${def.slug}/reservas`,
            active: def.reservationHours.length > 0,
          },
        },
        n_ratings: 0,
        rating: 0,
        list_order: index + 1,
        created_at: since,
        updated_at: updated,
      });

      banks.push({
        id: ++ids.bank,
        store_id: id,
        bank_code: def.bank.code,
        bank_name: def.bank.name,
        agency: rng.digits(4),
        account: `${rng.int(10000, 99999)}${rng.digits(3)}-${rng.digits(1)}`,
        account_type: 'CHECKING',
        holder_name: def.company,
        holder_document: cnpj,
        pix_key: cnpj,
        is_default: true,
        created_at: since,
      });
      const defaultBankId = ids.bank;
      if (index === 0) {
        banks.push({
          id: ++ids.bank,
          store_id: id,
          bank_code: '260',
          bank_name: 'Nu Pagamentos S.A.',
          agency: '0001',
          account: `${rng.digits(8)}-${rng.digits(1)}`,
          account_type: 'SAVINGS',
          holder_name: def.company,
          holder_document: cnpj,
          pix_key: `financeiro@${def.slug}.com.br`,
          is_default: false,
          created_at: this.clock.at(-200, 11 * 60),
        });
      }

      // Kitchens, then the complement groups with their option products, then the menu.
      const kitchenIds = def.kitchens.map((name) => {
        kitchens.push({
          id: ++ids.kitchen,
          store_id: id,
          name,
          available: true,
          created_at: since,
          updated_at: since,
        });
        return ids.kitchen;
      });
      const codes = new Set<string>();
      const code = () => {
        for (;;) {
          const c = rng.chars(6, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789');
          if (!codes.has(c)) {
            codes.add(c);
            return c;
          }
        }
      };
      const storeCategories = [...def.categories];
      let complementCategoryId: number | null = null;
      if (def.groups.length > 0) {
        complementCategoryId = ++ids.category;
        categories.push({
          id: complementCategoryId,
          store_id: id,
          name: 'Complementos',
          display: 'LIST',
          available: true,
          image: null,
          list_order: storeCategories.length + 1,
          created_at: since,
          updated_at: since,
        });
      }
      const groupById = new Map<string, GroupRt>();
      const optionProduct = new Map<string, number>();
      def.groups.forEach((group) => {
        const groupId = ++ids.group;
        groups.push({
          id: groupId,
          store_id: id,
          name: group.name,
          min_items: group.min,
          max_items: group.max,
          allow_repeat: group.repeat ?? false,
          created_at: since,
          updated_at: since,
        });
        group.options.forEach(([name, price], position) => {
          let productId = optionProduct.get(name);
          if (productId === undefined) {
            productId = ++ids.product;
            optionProduct.set(name, productId);
            this.productRows.push({
              id: productId,
              store_id: id,
              category_id: complementCategoryId!,
              kitchen_id: null,
              name,
              description: '',
              price,
              external_code: code(),
              complement_only: true,
              allow_observations: false,
              image_aspect_ratio: 1,
              images: [],
              image: null,
              thumbnail: null,
              icon: null,
              available: true,
              list_priority: optionProduct.size,
              n_likes: 0,
              n_sold: 0,
              created_at: since,
              updated_at: since,
            });
          }
          groupProducts.push({ group_id: groupId, product_id: productId, store_id: id, position });
        });
        groupById.set(group.key, {
          id: groupId,
          def: group,
          options: group.options.map(([name, price]) => ({ name, price })),
        });
      });

      const food: ProductRt[] = [];
      const drinks: ProductRt[] = [];
      storeCategories.forEach((category, categoryIndex) => {
        const categoryId = ++ids.category;
        const hue = def.hue + categoryIndex * 14;
        categories.push({
          id: categoryId,
          store_id: id,
          name: category.name,
          display: category.display ?? (categoryIndex % 3 === 2 ? 'GRID' : 'ALL'),
          available: true,
          image: this.images.add(
            `categories/${def.slug}-${slugOf(category.name)}.svg`,
            dishCard(category.name, def.name, hue),
          ),
          list_order: categoryIndex + 1,
          created_at: since,
          updated_at: since,
        });
        category.products.forEach((product, position) => {
          const productId = ++ids.product;
          const externalCode = code();
          const ratio = product.ratio ?? 1;
          const image = this.images.add(
            `products/${def.slug}-${externalCode.toLowerCase()}.svg`,
            dishCard(product.name, def.name, hue + position * 5, ratio),
          );
          const kitchenId = kitchenIds[product.kitchen ?? category.kitchen] ?? null;
          const opdv = index === 0 && category.drinks && position < 3;
          const created = new Date(since.getTime() + (categoryIndex * 7 + position) * 3_600_000);
          this.productRows.push({
            id: productId,
            store_id: id,
            category_id: categoryId,
            kitchen_id: kitchenId,
            name: product.name,
            description: product.description,
            price: product.price,
            external_code: externalCode,
            complement_only: false,
            allow_observations: !product.noObservations,
            image_aspect_ratio: ratio,
            images: [image],
            image,
            thumbnail: image,
            icon: product.icon ?? null,
            available: !product.unavailable,
            list_priority: position + 1,
            n_likes: Math.round(rng.float(0, 60) * (product.weight ?? 1)),
            n_sold: 0,
            origin: opdv ? 'opdv' : null,
            integration_code: opdv ? `${1000 + productId}` : null,
            integration_name: opdv ? product.name.toUpperCase() : null,
            integration_category_id: opdv ? '7' : null,
            integration_category_name: opdv ? 'BEBIDAS' : null,
            created_at: created,
            updated_at: created,
          });
          (product.groups ?? []).forEach((key, groupPosition) => {
            const group = groupById.get(key);
            if (!group) throw new Error(`${def.name}: no complement group ${key}`);
            productGroups.push({
              product_id: productId,
              group_id: group.id,
              store_id: id,
              position: groupPosition,
            });
          });
          if (product.unavailable) return;
          const rt: ProductRt = {
            id: productId,
            name: product.name,
            price: product.price,
            kitchenId,
            thumbnail: image,
            image,
            groups: (product.groups ?? []).map((key) => groupById.get(key)!),
            drink: Boolean(category.drinks),
            observations: !product.noObservations,
            weight: product.weight ?? 1,
            sold: 0,
          };
          (category.drinks ? drinks : food).push(rt);
        });
      });

      const tableIds: number[] = [];
      for (let n = 1; n <= def.tables; n++) {
        tableIds.push(++ids.table);
        this.tableRows.push({
          id: ids.table,
          store_id: id,
          number: n,
          name: `Mesa ${n}`,
          status: 'AVAILABLE',
          created_at: since,
          updated_at: since,
        });
      }

      let programId: number | null = null;
      if (def.loyalty) {
        programId = ++ids.program;
        const created = this.clock.at(-Math.min(def.partnerDays, 150), 16 * 60);
        programs.push({
          id: programId,
          store_id: id,
          consumption: def.loyalty.consumption,
          discount: def.loyalty.discount,
          active: def.loyalty.active,
          created_at: created,
          updated_at: created,
        });
      }
      if (index === 0) {
        const created = this.clock.at(-180, 10 * 60);
        integrations.push({
          id: 1,
          store_id: id,
          integration_type: 'OPDV',
          token: 'opdv-demo-cantinabella-7f3a9c',
          active: true,
          settings: { base_url: 'http://localhost/opdv', store_code: 'CB001' },
          created_at: created,
          updated_at: created,
        });
      }

      this.stores.push({
        index,
        id,
        def,
        food,
        drinks,
        menu: [...food, ...drinks],
        kitchenIds,
        tableIds,
        pool: [],
        poolCumulative: [],
        programId,
        defaultBankId,
      });
    });

    if (this.scale === 'full') {
      this.push(s.bankAccounts, banks);
      this.push(s.kitchens, kitchens);
      this.push(s.categories, categories);
      this.push(s.complementGroups, groups);
      this.push(s.complementGroupProducts, groupProducts);
      this.push(s.productComplementGroups, productGroups);
      this.push(s.integrations, integrations);
      this.push(s.loyaltyPrograms, programs);
    }
  }

  // ---------------------------------------------------------------- accounts

  private accounts(): void {
    const rows: Row<typeof s.accounts>[] = [];
    const created = this.clock.at(-900, 9 * 60);
    const [admin, cantina, sertao] = this.demoAccounts;
    const add = (row: Row<typeof s.accounts>, password: string) => {
      rows.push({ ...row, id: rows.length + 1, password_hash: null });
      this.passwords.push(password);
    };
    add(
      {
        fullname: 'Administrador Painel',
        email: admin!.email,
        phone: '11987654321',
        role: 'ADMIN',
        store_id: null,
        permissions: { admin: 1 },
        created_at: created,
        updated_at: created,
      },
      admin!.password,
    );
    add(
      {
        fullname: 'Giulia Romano',
        email: cantina!.email,
        phone: '11991234567',
        role: 'MANAGER',
        store_id: 1,
        permissions: {},
        created_at: this.storeRows[0]!.created_at!,
        updated_at: this.storeRows[0]!.created_at!,
      },
      cantina!.password,
    );
    add(
      {
        fullname: 'Severino Araújo',
        email: sertao!.email,
        phone: '81991234567',
        role: 'MANAGER',
        store_id: 2,
        permissions: {},
        created_at: this.storeRows[1]!.created_at!,
        updated_at: this.storeRows[1]!.created_at!,
      },
      sertao!.password,
    );
    if (this.scale === 'full') {
      const rng = this.rng.fork('team');
      const taken = new Set(rows.map((r) => r.email.toLowerCase()));
      const person = (female: boolean) => {
        for (;;) {
          const first = rng.pick(female ? FEMALE_NAMES : MALE_NAMES);
          const last = rng.pick(SURNAMES);
          const local = `${plain(first)}.${plain(last)}`.replace(/[^a-z.]/g, '');
          if (![...taken].some((e) => e.startsWith(`${local}@`)))
            return { fullname: `${first} ${last}`, local };
        }
      };
      for (const [i, when] of [
        [0, -700],
        [1, -320],
      ] as const) {
        const { fullname, local } = person(i === 0);
        const email = `${local}@painel.com.br`;
        taken.add(email);
        const at = this.clock.at(when, 10 * 60);
        add(
          {
            fullname,
            email,
            phone: makeMobile(rng, '11'),
            role: 'ADMIN',
            store_id: null,
            permissions: { admin: 1 },
            status: i === 0 ? 'ACTIVE' : 'INACTIVE',
            created_at: at,
            updated_at: at,
          },
          STAFF_PASSWORD,
        );
      }
      for (const store of this.stores) {
        const size = store.index < 2 ? 3 : store.def.status === 'OK' ? rng.int(1, 2) : 1;
        for (let k = 0; k < size; k++) {
          const { fullname, local } = person(rng.chance(0.5));
          const email = `${local}@${store.def.slug}.com.br`;
          taken.add(email);
          const role = store.index >= 2 && k === 0 ? 'MANAGER' : TEAM_ROLES[k % TEAM_ROLES.length]!;
          const at = this.clock.at(-rng.int(10, Math.min(store.def.partnerDays, 400)), 10 * 60 + k * 17);
          add(
            {
              fullname,
              email,
              phone: makeMobile(rng, store.def.ddd),
              role,
              store_id: store.id,
              permissions: {},
              status: store.index === 0 && k === size - 1 ? 'INACTIVE' : 'ACTIVE',
              created_at: at,
              updated_at: at,
            },
            STAFF_PASSWORD,
          );
        }
      }
    }
    this.push(s.accounts, rows);
  }

  // ---------------------------------------------------------------- customers

  private makeCustomers(): void {
    const rng = this.rng.fork('customers');
    const usernames = new Set<string>();
    const cpfs = new Set<string>();
    const customers: Customer[] = [];
    for (let i = 0; i < CUSTOMER_COUNT; i++) {
      const gender = rng.choose({ F: 48, M: 45, O: 3, null: 4 });
      const female = gender === 'F' || ((gender === 'O' || gender === 'null') && rng.chance(0.5));
      const first = rng.pick(female ? FEMALE_NAMES : MALE_NAMES);
      const middle = rng.chance(0.25) ? ` ${rng.pick(female ? FEMALE_NAMES : MALE_NAMES)}` : '';
      const last1 = rng.pick(SURNAMES);
      let last2 = rng.pick(SURNAMES);
      if (last2 === last1) last2 = rng.pick(SURNAMES);
      const fullname = `${first}${middle} ${last1} ${last2}`;
      const base =
        `${plain(first)}${rng.pick(['.', '_', ''])}${plain(rng.chance(0.5) ? last2 : last1)}`.replace(
          /[^a-z._]/g,
          '',
        );
      let username = base;
      while (usernames.has(username)) username = `${base}${rng.int(1, 999)}`;
      usernames.add(username);
      let cpf = makeCpf(rng);
      while (cpfs.has(cpf)) cpf = makeCpf(rng);
      cpfs.add(cpf);
      const area = rng.weighted(AREA_CODES, AREA_CODE_WEIGHTS);
      const age = Math.max(18, Math.min(75, Math.round(rng.normal(33, 10))));
      const birthYear = Number(this.clock.today.slice(0, 4)) - age;
      const birthDay = rng.int(0, 364);
      const birthdate = new Date(Date.UTC(birthYear, 0, 1 + birthDay)).toISOString().slice(0, 10);
      // Sign-ups: 55% before the demo's history, the rest accelerating towards today.
      const daysAgo =
        i < 8
          ? 0
          : rng.chance(0.55)
            ? rng.float(HISTORY_DAYS + 1, 620)
            : HISTORY_DAYS * (1 - Math.sqrt(rng.next()));
      const createdAt =
        daysAgo === 0
          ? this.clock.ago(rng.float(5, Math.max(6, Math.min(this.clock.minuteOfDay, 600))))
          : this.clock.ago(daysAgo * 1440 + rng.float(0, 600));
      const initials = `${first[0]}${last2[0]}`.normalize('NFD').replace(/\p{Diacritic}/gu, '');
      const hue = rng.int(0, 11) * 30;
      customers.push({
        id: i + 1,
        fullname,
        first,
        username,
        email: `${username.replace(/_/g, '.')}@${rng.weighted(EMAIL_DOMAINS, EMAIL_DOMAIN_WEIGHTS)}`,
        phone: makeMobile(rng, area),
        cpf,
        gender: gender === 'null' ? null : gender,
        birthdate,
        platform: rng.chance(0.42) ? 'IOS' : 'ANDROID',
        status: rng.choose({ ACTIVE: 97, INACTIVE: 2, BLOCKED: 1 }),
        createdAt,
        picture: rng.chance(0.72)
          ? this.images.add(`avatars/${initials}-${hue}.svg`, avatar(initials, hue))
          : null,
        feedhunter: false,
        area,
      });
    }
    // E-mails made from usernames that differ only by '_' and '.' could collide: make them unique.
    const emails = new Set<string>();
    for (const c of customers) {
      let email = c.email;
      let n = 1;
      while (emails.has(email)) email = c.email.replace('@', `${++n}@`);
      emails.add(email);
      c.email = email;
    }
    this.customers = customers;

    // Each store draws its customers mostly from its own city, with a few regulars.
    for (const store of this.stores) {
      const local = customers.filter((c) => CITY_OF_AREA[c.area] === store.def.city);
      const others = customers.filter((c) => CITY_OF_AREA[c.area] !== store.def.city);
      const pool = [...rng.shuffle(local), ...rng.sample(others, Math.round(local.length * 0.25))].map(
        (c) => c.id,
      );
      store.pool = pool;
      let sum = 0;
      store.poolCumulative = pool.map((_, rank) => (sum += 1 / Math.pow(rank + 20, 0.6)));
    }
  }

  private customerRows(): Row<typeof s.customers>[] {
    return this.customers.map((c) => ({
      id: c.id,
      fullname: c.fullname,
      username: c.username,
      email: c.email,
      phone: c.phone,
      cpf: c.cpf,
      profile_picture: c.picture,
      gender: c.gender,
      birthdate: c.birthdate,
      feedhunter: c.feedhunter,
      status: c.status,
      platform: c.platform,
      created_at: c.createdAt,
      updated_at: c.createdAt,
    }));
  }

  /** A customer of the store who had signed up by `at`, not already in `taken`. */
  private drawCustomer(rng: Random, store: StoreRt, at: Date, taken: Set<number>): Customer {
    const cumulative = store.poolCumulative;
    const total = cumulative[cumulative.length - 1]!;
    for (let attempt = 0; attempt < 12; attempt++) {
      const r = rng.next() * total;
      let lo = 0;
      let hi = cumulative.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cumulative[mid]! > r) hi = mid;
        else lo = mid + 1;
      }
      const customer = this.customers[store.pool[lo]! - 1]!;
      if (customer.createdAt <= at && !taken.has(customer.id) && customer.status !== 'BLOCKED')
        return customer;
    }
    for (const id of store.pool) {
      const customer = this.customers[id - 1]!;
      if (customer.createdAt <= at && !taken.has(customer.id) && customer.status === 'ACTIVE')
        return customer;
    }
    throw new Error('no customer available');
  }

  // ---------------------------------------------------------------- orders

  private pickProduct(rng: Random, store: StoreRt, drink: boolean): ProductRt {
    const list =
      drink && store.drinks.length > 0 ? store.drinks : store.food.length > 0 ? store.food : store.drinks;
    return rng.weighted(
      list,
      list.map((p) => p.weight),
    );
  }

  private complementsFor(rng: Random, product: ProductRt): ItemComplement[] {
    const chosen: ItemComplement[] = [];
    for (const group of product.groups) {
      const { min, max } = group.def;
      const count =
        min > 0 ? rng.int(min, Math.min(max, min + 1)) : rng.chance(0.45) ? rng.int(1, Math.min(max, 2)) : 0;
      const picks = group.def.repeat
        ? Array.from({ length: count }, () => rng.pick(group.options))
        : rng.sample(group.options, count);
      for (const option of picks) {
        const found = chosen.find((c) => c.name === option.name);
        if (found) found.quantity++;
        else chosen.push({ name: option.name, price: option.price, quantity: 1 });
      }
    }
    return chosen;
  }

  private item(rng: Random, store: StoreRt, drink: boolean, createdAt: Date, readyAt: Date): ItemDraft {
    const product = this.pickProduct(rng, store, drink);
    return {
      product,
      quantity: product.drink ? rng.weighted([1, 2, 3], [70, 22, 8]) : rng.chance(0.92) ? 1 : 2,
      complements: this.complementsFor(rng, product),
      observations: product.observations && rng.chance(0.08) ? rng.pick(ITEM_OBSERVATIONS) : null,
      status: 'READY',
      createdAt,
      updatedAt: readyAt,
    };
  }

  /** 90 days of closed tabs per store, busier on weekends and evenings and growing over time. */
  private history(): OrderDraft[] {
    const drafts: OrderDraft[] = [];
    const nowMs = this.clock.now.getTime();
    for (const store of this.stores) {
      const rng = this.rng.fork(`history/${store.def.slug}`);
      const def = store.def;
      const openDays = new Set(def.hours.map((h) => h.day_of_week));
      for (let day = -HISTORY_DAYS; day <= 0; day++) {
        if (day < -def.partnerDays) continue;
        if (def.stoppedDays !== undefined && day > -def.stoppedDays) continue;
        const weekday = this.clock.weekdayOf(day);
        if (!openDays.has(weekday)) continue;
        const growth = 0.72 + 0.5 * ((day + HISTORY_DAYS) / HISTORY_DAYS);
        const count = Math.round(
          def.dailyOrders * VOLUME * WEEKDAY_FACTOR[weekday]! * growth * rng.float(0.85, 1.15),
        );
        for (let n = 0; n < count; n++) {
          const lunch = rng.chance(def.lunch);
          const minute = lunch
            ? Math.max(11 * 60 + 20, Math.min(14 * 60 + 50, rng.normal(12 * 60 + 50, 40)))
            : Math.max(18 * 60 + 20, Math.min(22 * 60 + 50, rng.normal(20 * 60 + 30, 55)));
          const createdAt = this.clock.at(day, minute);
          const delivery = rng.chance(def.delivery ?? 0);
          const duration = delivery ? rng.float(12, 30) : lunch ? rng.float(35, 85) : rng.float(55, 150);
          const closedAt = new Date(createdAt.getTime() + duration * 60_000);
          if (closedAt.getTime() > nowMs - 5 * 60_000) continue;
          const size = delivery ? 1 : rng.weighted([1, 2, 3, 4, 5, 6], [28, 40, 14, 11, 4, 3]);
          const taken = new Set<number>();
          const tickets: TicketDraft[] = [];
          for (let t = 0; t < size; t++) {
            const joined = new Date(createdAt.getTime() + (t === 0 ? 0 : rng.float(0, 12)) * 60_000);
            const customer = this.drawCustomer(rng, store, joined, taken);
            taken.add(customer.id);
            const itemCount = rng.weighted([1, 2, 3, 4, 5], [18, 36, 28, 13, 5]);
            const items: ItemDraft[] = [];
            const span = closedAt.getTime() - joined.getTime();
            for (let k = 0; k < itemCount; k++) {
              const later = k > 0 && rng.chance(0.3);
              const at = new Date(
                joined.getTime() + (later ? rng.float(0.35, 0.6) : rng.float(0.02, 0.15)) * span,
              );
              const ready = new Date(
                Math.min(at.getTime() + rng.float(6, 25) * 60_000, closedAt.getTime() - 60_000),
              );
              const drink = k === 0 ? rng.chance(0.35) : rng.chance(0.45);
              const item = this.item(rng, store, drink, at, ready < at ? at : ready);
              if (rng.chance(0.025)) item.status = 'CANCELLED';
              items.push(item);
            }
            tickets.push({ customer, createdAt: joined, items });
          }
          drafts.push({
            store,
            day,
            tableId: delivery ? null : rng.pick(store.tableIds),
            delivery,
            createdAt,
            closedAt,
            tickets,
          });
        }
      }
    }
    drafts.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.store.id - b.store.id);
    return drafts;
  }

  /**
   * The floor right now: occupied tables with open tabs, items in every kitchen status, a waiter
   * call and a birthday at each of the two demo stores.
   */
  private live(): OrderDraft[] {
    const drafts: OrderDraft[] = [];
    const taken = new Set<number>();
    const birthdays: Customer[] = [];
    for (const store of this.stores) {
      if (store.def.status !== 'OK') continue;
      const rng = this.rng.fork(`live/${store.def.slug}`);
      const main = store.index < 2;
      const ages = main
        ? store.index === 0
          ? [96, 81, 66, 53, 41, 32, 23, 13, 5]
          : [88, 70, 57, 44, 30, 19, 9]
        : rng.sample([75, 58, 44, 30, 17, 8], rng.int(1, 4)).sort((a, b) => b - a);
      const tableNumbers = rng.sample(
        store.tableIds.map((_, i) => i),
        ages.length,
      );
      ages.forEach((age, k) => {
        const start = this.clock.ago(age);
        const size = main ? [2, 4, 1, 3, 2, 3, 1, 2, 4][k % 9]! : rng.int(1, 3);
        const tickets: TicketDraft[] = [];
        for (let t = 0; t < size; t++) {
          const joined = new Date(
            start.getTime() + (t === 0 ? 0 : rng.float(0, Math.min(10, age * 0.3))) * 60_000,
          );
          const customer = this.drawCustomer(rng, store, joined, taken);
          taken.add(customer.id);
          const items: ItemDraft[] = [];
          const itemCount = rng.int(1, 4);
          for (let i = 0; i < itemCount; i++) {
            const minutesIn = (this.clock.now.getTime() - joined.getTime()) / 60_000;
            const at = new Date(joined.getTime() + rng.float(0.05, 0.9) * minutesIn * 60_000);
            const item = this.item(rng, store, i === 0 ? rng.chance(0.5) : rng.chance(0.35), at, at);
            item.status = liveStatus(rng, (this.clock.now.getTime() - at.getTime()) / 60_000);
            item.updatedAt =
              item.status === 'PLACED'
                ? at
                : new Date(
                    Math.min(at.getTime() + rng.float(2, 15) * 60_000, this.clock.now.getTime() - 30_000),
                  );
            items.push(item);
          }
          tickets.push({ customer, createdAt: joined, items });
        }
        const draft: OrderDraft = {
          store,
          day: 0,
          tableId: store.tableIds[tableNumbers[k]!]!,
          delivery: false,
          createdAt: start,
          closedAt: null,
          tickets,
        };
        if (main) {
          // The oldest table has paid everything and waits to be released; two more paid in part.
          draft.paidTickets = k === 0 ? size : k === 1 || k === 3 ? 1 : 0;
          if ((store.index === 0 && k === 3) || (store.index === 1 && k === 2)) {
            draft.waiterAt = this.clock.ago(store.index === 0 ? 3 : 6);
          }
          if ((store.index === 0 && (k === 4 || k === 6)) || (store.index === 1 && k === 3)) {
            birthdays.push(tickets[tickets.length - 1]!.customer);
          }
        } else {
          draft.paidTickets = rng.chance(0.3) ? 1 : 0;
          if (rng.chance(0.2)) draft.waiterAt = this.clock.ago(rng.int(1, 8));
        }
        drafts.push(draft);
      });

      if (main)
        this.coverKitchenStatuses(
          rng,
          store,
          drafts.filter((d) => d.store === store),
        );
    }
    // Paid tickets hold only served (or cancelled) items.
    for (const draft of drafts) {
      for (const ticket of draft.tickets.slice(0, draft.paidTickets ?? 0)) {
        for (const item of ticket.items)
          if (item.status !== 'CANCELLED' && item.status !== 'SAVED') item.status = 'READY';
      }
    }
    // Birthdays today, in São Paulo (29 February only in a leap year).
    for (const customer of birthdays) {
      let year = Number(customer.birthdate.slice(0, 4));
      if (this.clock.month === 2 && this.clock.day === 29)
        while (!(year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0))) year--;
      customer.birthdate = `${year}-${String(this.clock.month).padStart(2, '0')}-${String(this.clock.day).padStart(2, '0')}`;
    }
    return drafts;
  }

  /** Makes sure each kitchen's board shows every status, and two carts hold SAVED items. */
  private coverKitchenStatuses(rng: Random, store: StoreRt, orders: OrderDraft[]): void {
    const statuses = ['PLACED', 'PREPARING', 'READY', 'CANCELLED'] as const;
    const minutesAgo = { PLACED: 2, PREPARING: 11, READY: 27, CANCELLED: 16 };
    const unpaid = orders.filter((o) => (o.paidTickets ?? 0) < o.tickets.length);
    for (const kitchenId of store.kitchenIds) {
      const products = store.menu.filter((p) => p.kitchenId === kitchenId);
      if (products.length === 0) continue;
      for (const status of statuses) {
        const present = orders.some((o) =>
          o.tickets.some((t) =>
            t.items.some((i) => i.product.kitchenId === kitchenId && i.status === status),
          ),
        );
        if (present) continue;
        const age = minutesAgo[status];
        const order =
          unpaid.find((o) => o.createdAt.getTime() <= this.clock.ago(age).getTime()) ?? unpaid[0]!;
        const ticket = order.tickets[order.tickets.length - 1]!;
        const at = this.clock.ago(
          Math.min(age, (this.clock.now.getTime() - ticket.createdAt.getTime()) / 60_000),
        );
        const product = rng.pick(products);
        ticket.items.push({
          product,
          quantity: 1,
          complements: this.complementsFor(rng, product),
          observations: null,
          status,
          createdAt: at,
          updatedAt: status === 'PLACED' ? at : this.clock.ago(Math.max(0.5, age / 3)),
        });
      }
    }
    for (const order of unpaid.slice(-2)) {
      const ticket = order.tickets[0]!;
      const at = this.clock.ago(1.5);
      const item = this.item(rng, store, true, at, at);
      item.status = 'SAVED';
      ticket.items.push(item);
    }
  }

  /** Totals, discounts (loyalty and promo codes), payments, check-ins and reviews, in time order. */
  private money(history: OrderDraft[], live: OrderDraft[]): void {
    const rng = this.rng.fork('money');
    const nowMs = this.clock.now.getTime();
    const promos = PROMOS.map((def, i) => ({ def, id: i + 1, uses: 0 }));
    const firstTicketDone = new Set<number>();
    const pendingLoyalty = new Map<string, Row<typeof s.coupons>>();
    const ids = { order: 0, ticket: 0, item: 0, payment: 0, coupon: 0, checkin: 0, review: 0 };
    const taxByDay = new Map<string, { store: StoreRt; day: number; fee: number }>();

    const pay = (
      draft: OrderDraft,
      orderId: number,
      customer: Customer,
      amount: number,
      at: Date,
      kind: 'PHYSICAL' | 'DIGITAL',
      method: (typeof PAYMENT_METHODS)[number],
      cancelledAt: Date | null = null,
    ) => {
      const def = draft.store.def;
      const fee = Math.round((amount * (kind === 'DIGITAL' ? def.digitalTax : def.physicalTax)) / 100);
      const id = ++ids.payment;
      this.paymentRows.push({
        id,
        store_id: draft.store.id,
        order_id: orderId,
        customer_id: customer.id,
        kind,
        method,
        amount,
        fee,
        cancelled_at: cancelledAt,
        created_at: at,
      });
      if (kind === 'DIGITAL') {
        this.statementRows.push({
          id: 0,
          store_id: draft.store.id,
          payment_id: id,
          deposit_id: null,
          kind: 'RECEIVED',
          amount,
          description: draft.tableId
            ? `Pagamento pelo app — comanda ${orderId}`
            : `Pedido delivery ${orderId}`,
          available_on: this.clock.date(draft.day + 31),
          created_at: at,
        });
        if (cancelledAt) {
          this.statementRows.push({
            id: 0,
            store_id: draft.store.id,
            payment_id: id,
            deposit_id: null,
            kind: 'CANCELED',
            amount: -amount,
            description: `Estorno do pagamento da comanda ${orderId}`,
            available_on: this.clock.date(draft.day),
            created_at: cancelledAt,
          });
        }
      }
      if (!cancelledAt && fee > 0) {
        const key = `${draft.store.id}/${draft.day}`;
        const entry = taxByDay.get(key) ?? { store: draft.store, day: draft.day, fee: 0 };
        entry.fee += fee;
        taxByDay.set(key, entry);
      }
      return cancelledAt ? 0 : amount;
    };

    const all = [...history, ...live];
    for (const draft of all) {
      const orderId = ++ids.order;
      const def = draft.store.def;
      const closed = draft.closedAt !== null;
      const progress = (draft.day + HISTORY_DAYS) / HISTORY_DAYS;
      let orderSubtotal = 0;
      let orderService = 0;
      let orderDiscount = 0;
      let orderPaid = 0;
      let lastUpdate = draft.createdAt;
      draft.tickets.forEach((ticket, ticketIndex) => {
        const ticketId = ++ids.ticket;
        const customer = ticket.customer;
        let subtotal = 0;
        for (const item of ticket.items) {
          this.itemRows.push({
            id: ++ids.item,
            store_id: draft.store.id,
            order_id: orderId,
            ticket_id: ticketId,
            product_id: item.product.id,
            kitchen_id: item.product.kitchenId,
            name: item.product.name,
            thumbnail: item.product.thumbnail,
            product_price: item.product.price,
            quantity: item.quantity,
            observations: item.observations,
            complements: item.complements,
            status: item.status,
            created_at: item.createdAt,
            updated_at: item.updatedAt,
          });
          if (item.updatedAt > lastUpdate) lastUpdate = item.updatedAt;
          if (item.status === 'CANCELLED' || item.status === 'SAVED') continue;
          const unit =
            item.product.price + item.complements.reduce((sum, c) => sum + c.price * c.quantity, 0);
          subtotal += unit * item.quantity;
          if (closed) item.product.sold += item.quantity;
        }
        const service = draft.delivery ? 0 : Math.round((subtotal * def.serviceCharge) / 100);

        // A discount: the loyalty reward waiting for this customer here, or a promo code.
        let discount = 0;
        const programKey = `${draft.store.programId}/${customer.id}`;
        const reward = closed && draft.store.programId ? pendingLoyalty.get(programKey) : undefined;
        if (reward && subtotal > 0) {
          discount = Math.round((subtotal * Number(reward.discount)) / 100);
          reward.status = 'CONFIRMED';
          reward.order_id = orderId;
          reward.order_type = draft.delivery ? 'DELIVERY' : 'INDOOR';
          reward.amount = discount;
          pendingLoyalty.delete(programKey);
          const p = this.progress.get(programKey)!;
          p.n_uses = (p.n_uses ?? 0) + 1;
          p.last_redeemed_at = ticket.createdAt;
        } else if (closed && subtotal > 0) {
          const promo = this.eligiblePromo(
            rng,
            promos,
            ticket.createdAt,
            draft,
            firstTicketDone.has(customer.id),
          );
          if (promo) {
            discount = Math.min(Math.round((subtotal * promo.def.discount) / 100), promo.def.maxDiscount);
            promo.uses++;
            this.couponRows.push({
              id: ++ids.coupon,
              store_id: draft.store.id,
              customer_id: customer.id,
              promo_code_id: promo.id,
              loyalty: false,
              order_id: orderId,
              order_type: promo.def.origin ?? 'EITHER',
              status: 'CONFIRMED',
              discount: promo.def.discount,
              amount: discount,
              created_at: ticket.createdAt,
            });
          }
        }
        const total = Math.max(0, subtotal + service - discount);

        // Payments: everyone pays at the end of a closed tab; in a live tab only the paid tickets.
        let paid = 0;
        const paysNow = closed || ticketIndex < (draft.paidTickets ?? 0);
        if (paysNow && total > 0) {
          const at = closed
            ? new Date(draft.closedAt!.getTime() - rng.float(1, 10) * 60_000)
            : new Date(
                Math.min(
                  nowMs - 30_000,
                  Math.max(...ticket.items.map((i) => i.updatedAt.getTime())) + rng.float(1, 5) * 60_000,
                ),
              );
          const digitalShare = draft.delivery ? 1 : closed ? 0.33 + 0.22 * progress : 1;
          if (rng.chance(digitalShare)) {
            const method = rng.chance(0.68) ? 'CREDIT_CARD' : 'PIX';
            if (closed && rng.chance(0.006)) {
              pay(draft, orderId, customer, total, at, 'DIGITAL', method, new Date(at.getTime() + 90_000));
              paid += pay(
                draft,
                orderId,
                customer,
                total,
                new Date(at.getTime() + 180_000),
                'PHYSICAL',
                'DEBIT_CARD',
              );
            } else paid += pay(draft, orderId, customer, total, at, 'DIGITAL', method);
          } else {
            const lunch = ticket.createdAt.getTime() < this.clock.at(draft.day, 16 * 60).getTime();
            const method = rng.weighted(
              ['CREDIT_CARD', 'DEBIT_CARD', 'PIX', 'CASH', 'MEAL_VOUCHER'] as const,
              [40, 27, 17, 8, lunch ? 22 : 3],
            );
            if (total > 4000 && rng.chance(0.06)) {
              const part = Math.round(total * rng.float(0.3, 0.6));
              paid += pay(draft, orderId, customer, part, at, 'PHYSICAL', 'CASH');
              paid += pay(
                draft,
                orderId,
                customer,
                total - part,
                at,
                'PHYSICAL',
                method === 'CASH' ? 'PIX' : method,
              );
            } else paid += pay(draft, orderId, customer, total, at, 'PHYSICAL', method);
          }
        }

        this.ticketRows.push({
          id: ticketId,
          order_id: orderId,
          store_id: draft.store.id,
          customer_id: customer.id,
          subtotal,
          total,
          total_paid: paid,
          created_at: ticket.createdAt,
        });
        if (!draft.delivery) {
          this.checkinRows.push({
            id: ++ids.checkin,
            store_id: draft.store.id,
            customer_id: customer.id,
            order_id: orderId,
            platform: customer.platform,
            created_at: ticket.createdAt,
          });
        }
        let visits = this.visits.get(draft.store.id);
        if (!visits) this.visits.set(draft.store.id, (visits = new Map()));
        if (!visits.has(customer.id)) visits.set(customer.id, ticket.createdAt);

        if (closed) {
          firstTicketDone.add(customer.id);
          if (draft.store.programId)
            this.accumulate(draft, customer, subtotal, ticket.createdAt, pendingLoyalty, ids);
          if (rng.chance(0.07)) {
            const at = new Date(draft.closedAt!.getTime() + rng.float(20, 2 * 1440) * 60_000);
            if (at.getTime() < nowMs) {
              const rating = Math.max(1, Math.min(5, Math.round(rng.normal(def.rating, 0.75))));
              this.reviewRows.push({
                id: ++ids.review,
                store_id: draft.store.id,
                customer_id: customer.id,
                order_id: orderId,
                rating,
                text: rng.chance(0.75) ? rng.pick(REVIEW_TEXTS[rating]!) : '',
                created_at: at,
              });
            }
          }
        }
        orderSubtotal += subtotal;
        orderService += service;
        orderDiscount += discount;
        orderPaid += paid;
      });
      const orderTotal = Math.max(0, orderSubtotal + orderService - orderDiscount);
      this.orderRows.push({
        id: orderId,
        store_id: draft.store.id,
        table_id: draft.tableId,
        order_type: draft.delivery ? 'DELIVERY' : 'INDOOR',
        status: closed ? 'CLOSED' : 'OPENED',
        payment_status: orderPaid >= orderTotal ? 'PAID' : orderPaid > 0 ? 'PARTIALLY_PAID' : 'OPEN',
        waiter_requested: Boolean(draft.waiterAt),
        waiter_requested_at: draft.waiterAt ?? null,
        subtotal: orderSubtotal,
        service_charge: orderService,
        discount: orderDiscount,
        total: orderTotal,
        total_paid: orderPaid,
        created_at: draft.createdAt,
        updated_at: closed
          ? draft.closedAt!
          : draft.waiterAt && draft.waiterAt > lastUpdate
            ? draft.waiterAt
            : lastUpdate,
        closed_at: draft.closedAt,
      });
      if (!closed && draft.tableId) {
        const table = this.tableRows.find((t) => t.id === draft.tableId)!;
        table.status = 'OCCUPIED';
        table.updated_at = draft.createdAt;
      }
    }

    for (const promo of promos) {
      const row = this.promoRows[promo.id - 1]!;
      row.n_uses = promo.uses;
    }
    // Rewards never used: expired (cancelled) when older than 60 days, else waiting.
    for (const coupon of pendingLoyalty.values()) {
      if (coupon.created_at! < this.clock.at(-60, 0)) coupon.status = 'CANCELLED';
    }
    // Platform fees, one statement line per store and day, settled the next morning.
    for (const { store, day, fee } of [...taxByDay.values()].sort(
      (a, b) => a.day - b.day || a.store.id - b.store.id,
    )) {
      const at = this.clock.at(day + 1, 5);
      if (at.getTime() > nowMs) continue;
      this.statementRows.push({
        id: 0,
        store_id: store.id,
        payment_id: null,
        deposit_id: null,
        kind: 'TAX',
        amount: -fee,
        description: `Taxas da plataforma de ${brDate(this.clock.date(day))}`,
        available_on: this.clock.date(day + 1),
        created_at: at,
      });
    }
    for (const product of this.stores.flatMap((st) => st.menu)) {
      this.productRows.find((r) => r.id === product.id)!.n_sold = product.sold;
    }
    // Ratings follow the reviews.
    for (const store of this.storeRows) {
      const reviews = this.reviewRows.filter((r) => r.store_id === store.id);
      store.n_ratings = reviews.length;
      store.rating = reviews.length
        ? Math.round((reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length) * 100) / 100
        : 0;
    }
  }

  private eligiblePromo(
    rng: Random,
    promos: { def: PromoDef; id: number; uses: number }[],
    at: Date,
    draft: OrderDraft,
    returning: boolean,
  ) {
    const day = draft.day;
    for (const promo of promos) {
      const { def } = promo;
      if (def.use === 0 || day < def.createdDay || day > def.expiresDay) continue;
      if (!def.active && day > def.expiresDay - 10) continue;
      if (def.type === 'FIRST_USE' && returning) continue;
      if (def.origin === 'DELIVERY' && !draft.delivery) continue;
      if (def.origin === 'INDOOR' && draft.delivery) continue;
      if (def.code === 'SEXTOU20' && this.clock.weekdayOf(day) !== 5) continue;
      if (promo.uses >= def.available) continue;
      if (at.getTime() > this.clock.now.getTime()) continue;
      if (rng.chance(def.use)) return promo;
    }
    return undefined;
  }

  /** Loyalty: consumption accumulates; reaching the goal grants a discount for the next visit. */
  private accumulate(
    draft: OrderDraft,
    customer: Customer,
    subtotal: number,
    at: Date,
    pending: Map<string, Row<typeof s.coupons>>,
    ids: { coupon: number },
  ): void {
    const def = draft.store.def.loyalty!;
    const key = `${draft.store.programId}/${customer.id}`;
    let p = this.progress.get(key);
    if (!p) {
      p = {
        program_id: draft.store.programId!,
        customer_id: customer.id,
        order_type: 'INDOOR',
        current_consumption: 0,
        total_consumption: 0,
        n_uses: 0,
        last_redeemed_at: null,
        created_at: at,
        updated_at: at,
      };
      this.progress.set(key, p);
    }
    p.order_type = draft.delivery ? 'DELIVERY' : 'INDOOR';
    p.total_consumption! += subtotal;
    p.current_consumption! += subtotal;
    p.updated_at = at;
    if (!def.active) return;
    if (p.current_consumption! >= def.consumption && !pending.has(key)) {
      p.current_consumption! -= def.consumption;
      const coupon: Row<typeof s.coupons> = {
        id: ++ids.coupon,
        store_id: draft.store.id,
        customer_id: customer.id,
        promo_code_id: null,
        loyalty: true,
        order_id: null,
        order_type: 'EITHER',
        status: 'CREATED',
        discount: def.discount,
        amount: 0,
        created_at: draft.closedAt ?? at,
      };
      this.couponRows.push(coupon);
      pending.set(key, coupon);
    }
  }

  // ---------------------------------------------------------------- finance

  /** Weekly transfers of the available balance, and their statement lines. */
  private finance(): void {
    let depositId = 0;
    const nowMs = this.clock.now.getTime();
    // Statement ids in time order.
    for (const store of this.stores) {
      const entries = this.statementRows.filter((e) => e.store_id === store.id);
      let deposited = 0;
      let failedOnce = false;
      for (let day = -HISTORY_DAYS; day <= 7; day++) {
        if (this.clock.weekdayOf(day) !== 2) continue; // Tuesdays
        const date = this.clock.date(day);
        const at = this.clock.at(day, 9 * 60);
        const available =
          entries.reduce(
            (sum, e) => (e.available_on! <= date && e.created_at! <= at ? sum + e.amount : sum),
            0,
          ) - deposited;
        if (available < 10_000) continue;
        const future = at.getTime() > nowMs;
        const failed = !future && store.index === 4 && !failedOnce && day > -40;
        if (failed) failedOnce = true;
        const id = ++depositId;
        this.depositRows.push({
          id,
          store_id: store.id,
          bank_account_id: store.defaultBankId,
          amount: available,
          status: future ? 'PENDING' : failed ? 'FAILED' : 'PAID',
          message: future
            ? 'Aguardando processamento'
            : failed
              ? 'Falha na transferência: conta de destino encerrada'
              : 'Depósito realizado',
          deposit_date: date,
          created_at: future ? this.clock.ago(30) : at,
        });
        if (future) break;
        if (failed) continue;
        deposited += available;
        this.statementRows.push({
          id: 0,
          store_id: store.id,
          payment_id: null,
          deposit_id: id,
          kind: 'DEPOSIT',
          amount: -available,
          description: `Transferência para ${store.def.bank.name}`,
          available_on: date,
          created_at: at,
        });
      }
    }
    this.statementRows.sort(
      (a, b) => a.created_at!.getTime() - b.created_at!.getTime() || a.store_id - b.store_id,
    );
    this.statementRows.forEach((row, i) => (row.id = i + 1));
  }

  // ---------------------------------------------------------------- reservations

  private reservations(): void {
    const rows: Row<typeof s.reservations>[] = [];
    const codes = new Set<string>();
    const nowMs = this.clock.now.getTime();
    for (const store of this.stores) {
      const periods = store.def.reservationHours;
      if (periods.length === 0 || store.def.status !== 'OK') continue;
      const rng = this.rng.fork(`reservations/${store.def.slug}`);
      const main = store.index < 2;
      const forced = main ? (['CREATED', 'CONFIRMED', 'CANCELLED', 'UNAVAILABLE'] as const) : [];
      let forcedIndex = 0;
      for (let day = main ? -30 : -14; day <= 7; day++) {
        const hours = periods.find((h) => h.day_of_week === this.clock.weekdayOf(day));
        if (!hours) continue;
        const count = main ? (day >= 0 ? rng.int(5, 9) : rng.int(2, 4)) : rng.int(0, 2);
        for (let n = 0; n < count; n++) {
          const period = hours.time_periods[n % hours.time_periods.length]!;
          const [sh, sm] = period.start_time.split(':').map(Number) as [number, number];
          const [eh, em] = period.end_time.split(':').map(Number) as [number, number];
          const slots = Math.max(1, Math.floor((eh * 60 + em - (sh * 60 + sm)) / 30));
          const minute = sh * 60 + sm + rng.int(0, slots - 1) * 30;
          const date = this.clock.at(day, minute);
          const future = date.getTime() > nowMs;
          let status: (typeof RESERVATION_STATUS)[number];
          if (future && forcedIndex < forced.length) status = forced[forcedIndex++]!;
          else if (future) status = rng.choose({ CREATED: 45, CONFIRMED: 40, CANCELLED: 10, UNAVAILABLE: 5 });
          else status = rng.choose({ CONFIRMED: 75, CANCELLED: 15, UNAVAILABLE: 5, CREATED: 5 });
          const customer = rng.chance(0.75) ? this.drawCustomer(rng, store, this.clock.now, new Set()) : null;
          let code: string;
          do code = rng.chars(6, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789');
          while (codes.has(code));
          codes.add(code);
          const fullname = customer
            ? customer.fullname
            : `${rng.pick(rng.chance(0.5) ? FEMALE_NAMES : MALE_NAMES)} ${rng.pick(SURNAMES)}`;
          const created = new Date(
            Math.min(date.getTime() - rng.float(2, 9 * 24) * 3_600_000, nowMs - rng.float(10, 600) * 60_000),
          );
          const updated =
            status === 'CREATED'
              ? created
              : new Date(Math.min(created.getTime() + rng.float(1, 30) * 3_600_000, nowMs - 60_000));
          rows.push({
            id: rows.length + 1,
            store_id: store.id,
            customer_id: customer?.id ?? null,
            code,
            fullname,
            email: customer ? customer.email : null,
            phone: customer ? customer.phone : makeMobile(rng, store.def.ddd),
            n_persons: rng.weighted([2, 3, 4, 5, 6, 8, 10, 12], [34, 14, 22, 8, 10, 6, 4, 2]),
            date,
            observations: rng.chance(0.3) ? rng.pick(RESERVATION_NOTES) : null,
            status,
            created_at: created,
            updated_at: updated < created ? created : updated,
          });
        }
      }
    }
    rows.sort((a, b) => a.created_at!.getTime() - b.created_at!.getTime());
    rows.forEach((row, i) => (row.id = i + 1));
    this.push(s.reservations, rows);
  }

  // ---------------------------------------------------------------- content

  private promoCodes(): void {
    PROMOS.forEach((def, i) => {
      const created = this.clock.at(def.createdDay, 10 * 60 + i * 11);
      this.promoRows.push({
        id: i + 1,
        code: def.code,
        description: def.description,
        discount: def.discount,
        max_discount: def.maxDiscount,
        n_available: def.available,
        n_uses: 0,
        origin: def.origin,
        type: def.type,
        expires_at: this.clock.at(def.expiresDay, 23 * 60 + 59),
        active: def.active,
        created_at: created,
      });
    });
  }

  private content(): void {
    const rng = this.rng.fork('wall');
    const rows: Row<typeof s.wallPosts>[] = [];
    for (const store of this.stores) {
      const posts = WALL_POSTS[store.def.slug] ?? [];
      posts.forEach((post, i) => {
        const created = this.clock.at(-rng.int(3, 80), 9 * 60 + rng.int(0, 600));
        rows.push({
          id: rows.length + 1,
          store_id: store.id,
          title: post.title,
          body: post.body,
          image: post.image
            ? this.images.add(
                `wall/${store.def.slug}-${i + 1}.svg`,
                dishCard(post.title, store.def.name, store.def.hue + 180 + i * 20, 0.8),
              )
            : null,
          n_views: rng.int(40, 2400),
          active: i !== posts.length - 1 || posts.length < 3,
          pinned: i === 0,
          list_order: i + 1,
          created_at: created,
          updated_at: created,
        });
      });
    }
    this.push(s.wallPosts, rows);
  }

  /** Forty feed hunters, chosen among the most active customers, and their featured posts. */
  private stories(): void {
    const rng = this.rng.fork('stories');
    const counts = new Map<number, number>();
    for (const t of this.ticketRows) counts.set(t.customer_id, (counts.get(t.customer_id) ?? 0) + 1);
    const active = this.customers
      .filter((c) => c.status === 'ACTIVE' && (counts.get(c.id) ?? 0) >= 3)
      .sort((a, b) => (counts.get(b.id) ?? 0) - (counts.get(a.id) ?? 0) || a.id - b.id);
    const hunters = rng.sample(active.slice(0, 400), FEEDHUNTER_COUNT).sort((a, b) => a.id - b.id);
    const video = this.images.add('videos/feedhunter.mp4', demoVideo());
    const rows: Row<typeof s.stories>[] = [];
    hunters.forEach((hunter, h) => {
      hunter.feedhunter = true;
      const visited = this.stores.filter(
        (st) => this.visits.get(st.id)?.has(hunter.id) && st.menu.length > 0,
      );
      const posts = rng.int(1, 3);
      for (let k = 0; k < posts && visited.length > 0; k++) {
        const store = rng.pick(visited);
        const product = rng.pick(store.food.length > 0 ? store.food : store.menu);
        const firstVisit = this.visits.get(store.id)!.get(hunter.id)!;
        const from = Math.max(firstVisit.getTime(), this.clock.ago(60 * 1440).getTime());
        const at = new Date(from + rng.next() * (this.clock.now.getTime() - 60_000 - from));
        const isVideo = h % 13 === 0 && k === 0;
        const title = rng
          .pick(STORY_TITLES)
          .replace('{product}', product.name)
          .replace('{store}', store.def.name)
          .replace('{city}', store.def.city);
        rows.push({
          id: 0,
          title,
          customer_id: hunter.id,
          product_id: product.id,
          store_id: store.id,
          media_type: isVideo ? 'VIDEO' : 'PHOTO',
          image_url: product.image,
          video_url: isVideo ? video : null,
          created_at: at,
          updated_at: at,
        });
      }
    });
    rows.sort((a, b) => a.created_at!.getTime() - b.created_at!.getTime());
    rows.forEach((row, i) => (row.id = i + 1));
    this.push(s.stories, rows);
  }

  /** Push notifications and who received them (audience computed like the server would). */
  private notifications(): void {
    const rows: Row<typeof s.pushNotifications>[] = [];
    const deliveries: Row<typeof s.pushDeliveries>[] = [];
    NOTIFICATIONS.forEach((def, i) => {
      const id = i + 1;
      const at = this.clock.at(def.day, def.minute);
      const storeIds = def.stores.map((index) => this.stores[index]!.id);
      const audience = this.customers.filter((c) => {
        if (c.status !== 'ACTIVE' || c.createdAt > at) return false;
        if (def.genders.length > 0 && (!c.gender || !def.genders.includes(c.gender))) return false;
        const age = ageOn(c.birthdate, this.clock.date(def.day));
        if (def.minAge !== null && age < def.minAge) return false;
        if (def.maxAge !== null && age > def.maxAge) return false;
        if (storeIds.length > 0) {
          return storeIds.some((storeId) => {
            const first = this.visits.get(storeId)?.get(c.id);
            return first !== undefined && first <= at;
          });
        }
        return true;
      });
      const updated = def.cancelled ? new Date(at.getTime() + 25 * 60_000) : at;
      rows.push({
        id,
        title: def.title,
        body: def.body,
        genders: def.genders,
        stores: storeIds,
        min_age: def.minAge,
        max_age: def.maxAge,
        total_sent: audience.length,
        status: def.cancelled ? 'CANCELLED' : 'ACTIVE',
        created_by: 1,
        created_at: at,
        updated_at: updated,
      });
      audience.forEach((c, k) => {
        deliveries.push({
          notification_id: id,
          customer_id: c.id,
          sent_at: new Date(at.getTime() + 1000 + k * 20),
        });
      });
    });
    this.push(s.pushNotifications, rows);
    this.push(s.pushDeliveries, deliveries);
  }
}

/** Kitchen status of a live item ordered `age` minutes ago. */
function liveStatus(rng: Random, age: number): ItemDraft['status'] {
  if (rng.chance(0.05)) return 'CANCELLED';
  if (age < 6) return 'PLACED';
  if (age < 18) return rng.chance(0.3) ? 'PLACED' : 'PREPARING';
  if (age < 35) return rng.chance(0.5) ? 'PREPARING' : 'READY';
  return 'READY';
}

/** Whole years between a birthdate and a day, both 'YYYY-MM-DD'. */
function ageOn(birthdate: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(birthdate.slice(0, 4));
  return day.slice(5) < birthdate.slice(5) ? years - 1 : years;
}
