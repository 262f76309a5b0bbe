import type * as s from '../../db/schema';
import { makeCpf, makeMobile, plain } from '../documents';
import { avatar } from '../images';
import {
  AREA_CODES,
  AREA_CODE_WEIGHTS,
  EMAIL_DOMAINS,
  EMAIL_DOMAIN_WEIGHTS,
  FEMALE_NAMES,
  MALE_NAMES,
  SURNAMES,
} from '../names';
import type { Random } from '../random';
import { HISTORY_DAYS, type Customer, type Demo, type Row, type StoreRt } from './state';

const CUSTOMER_COUNT = 2000;

const CITY_OF_AREA: Record<string, string> = {
  '11': 'São Paulo',
  '21': 'Rio de Janeiro',
  '31': 'Belo Horizonte',
  '41': 'Curitiba',
  '81': 'Recife',
};

/**
 * The app's customers (their rows are queued last, once stories and the live service have made
 * some of them feed hunters or given them a birthday), and each store's pool of regulars.
 */
export function buildCustomers(demo: Pick<Demo, 'clock' | 'rng' | 'images' | 'stores' | 'customers'>): void {
  const rng = demo.rng.fork('customers');
  const usernames = new Set<string>();
  const cpfs = new Set<string>();
  const customers: Customer[] = [];
  const platformDays = Math.max(...demo.stores.map((store) => store.def.partnerDays)) + 30;
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
    const birthYear = Number(demo.clock.today.slice(0, 4)) - age;
    const birthDay = rng.int(0, 364);
    const birthdate = new Date(Date.UTC(birthYear, 0, 1 + birthDay)).toISOString().slice(0, 10);
    // Sign-ups: 55% before the last 90 days, since a month before the first store joined; the
    // rest accelerating towards today.
    const daysAgo =
      i < 8
        ? 0
        : rng.chance(0.55)
          ? rng.float(HISTORY_DAYS + 1, platformDays)
          : HISTORY_DAYS * (1 - Math.sqrt(rng.next()));
    // Today's sign-ups fall between midnight and now (5 minutes ago at the latest once the day is
    // that old): just after midnight, "5 minutes ago" would have been yesterday.
    const sinceMidnight = Math.min(demo.clock.minuteOfDay, 600);
    const createdAt =
      daysAgo === 0
        ? demo.clock.ago(rng.float(Math.min(5, sinceMidnight), sinceMidnight))
        : demo.clock.ago(daysAgo * 1440 + rng.float(0, 600));
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
        ? demo.images.add(`avatars/${initials}-${hue}.svg`, avatar(initials, hue))
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
  demo.customers = customers;

  // Each store draws its customers mostly from its own city, with a few regulars.
  for (const store of demo.stores) {
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

export function customerRows(customers: Customer[]): Row<typeof s.customers>[] {
  return customers.map((c) => ({
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
export function drawCustomer(
  customers: Customer[],
  rng: Random,
  store: StoreRt,
  at: Date,
  taken: Set<number>,
): Customer {
  const customer = findCustomer(customers, rng, store, at, taken);
  if (!customer) throw new Error('no customer available');
  return customer;
}

/** Like `drawCustomer`, or none when every customer of the store who had signed up is in `taken`. */
export function findCustomer(
  customers: Customer[],
  rng: Random,
  store: StoreRt,
  at: Date,
  taken: Set<number>,
): Customer | undefined {
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
    const customer = customers[store.pool[lo]! - 1]!;
    if (customer.createdAt <= at && !taken.has(customer.id) && customer.status !== 'BLOCKED') return customer;
  }
  for (const id of store.pool) {
    const customer = customers[id - 1]!;
    if (customer.createdAt <= at && !taken.has(customer.id) && customer.status === 'ACTIVE') return customer;
  }
  return undefined;
}
