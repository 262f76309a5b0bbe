import * as s from '../../db/schema';
import type { RESERVATION_STATUS } from '../../db/schema/enums';
import { makeMobile } from '../documents';
import { FEMALE_NAMES, MALE_NAMES, RESERVATION_NOTES, SURNAMES } from '../names';
import { drawCustomer } from './customers';
import type { Random } from '../random';
import type { Demo, Row } from './state';

/** Share of the demo stores' past confirmed reservations whose guests did not come. */
const NO_SHOW_SHARE = 0.12;

/**
 * Reservations at the open stores that take them, from a month ago (two weeks at the others) to a
 * week ahead; the coming ones at the two demo stores show every status. At the two demo stores,
 * some past confirmed ones ended as no-shows, and today's confirmed ones hold a table each, which
 * the floor's card shows as their time nears.
 */
export function buildReservations(
  demo: Pick<Demo, 'clock' | 'rng' | 'stores' | 'customers' | 'push' | 'tableRows'>,
): void {
  const rows: Row<typeof s.reservations>[] = [];
  const codes = new Set<string>();
  const nowMs = demo.clock.now.getTime();
  for (const store of demo.stores) {
    const periods = store.def.reservationHours;
    if (periods.length === 0 || store.def.status !== 'OK') continue;
    const rng = demo.rng.fork(`reservations/${store.def.slug}`);
    const main = store.index < 2;
    const forced = main ? (['CREATED', 'CONFIRMED', 'CANCELLED', 'UNAVAILABLE'] as const) : [];
    let forcedIndex = 0;
    for (let day = main ? -30 : -14; day <= 7; day++) {
      const hours = periods.find((h) => h.day_of_week === demo.clock.weekdayOf(day));
      if (!hours) continue;
      const count = main ? (day >= 0 ? rng.int(5, 9) : rng.int(2, 4)) : rng.int(0, 2);
      for (let n = 0; n < count; n++) {
        const period = hours.time_periods[n % hours.time_periods.length]!;
        const [sh, sm] = period.start_time.split(':').map(Number) as [number, number];
        const [eh, em] = period.end_time.split(':').map(Number) as [number, number];
        const slots = Math.max(1, Math.floor((eh * 60 + em - (sh * 60 + sm)) / 30));
        const minute = sh * 60 + sm + rng.int(0, slots - 1) * 30;
        const date = demo.clock.at(day, minute);
        const future = date.getTime() > nowMs;
        let status: (typeof RESERVATION_STATUS)[number];
        if (future && forcedIndex < forced.length) status = forced[forcedIndex++]!;
        else if (future) status = rng.choose({ CREATED: 45, CONFIRMED: 40, CANCELLED: 10, UNAVAILABLE: 5 });
        else status = rng.choose({ CONFIRMED: 75, CANCELLED: 15, UNAVAILABLE: 5, CREATED: 5 });
        const customer = rng.chance(0.75)
          ? drawCustomer(demo.customers, rng, store, demo.clock.now, new Set())
          : null;
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
          table_id: null,
          created_at: created,
          updated_at: updated < created ? created : updated,
        });
      }
    }
  }
  for (const store of demo.stores.filter((candidate) => candidate.index < 2)) {
    serviceOutcomes(
      demo,
      rows.filter((row) => row.store_id === store.id),
      demo.tableRows.filter((table) => table.store_id === store.id),
      demo.rng.fork(`reservations/${store.def.slug}/service`),
    );
  }
  rows.sort((a, b) => a.created_at!.getTime() - b.created_at!.getTime());
  rows.forEach((row, i) => (row.id = i + 1));
  demo.push(s.reservations, rows);
}

/**
 * What service made of a demo store's reservations: some past confirmed ones are no-shows, and
 * each of today's confirmed ones holds a table of its own (from the highest numbers down).
 */
function serviceOutcomes(
  demo: Pick<Demo, 'clock'>,
  rows: Row<typeof s.reservations>[],
  tables: Row<typeof s.tables>[],
  rng: Random,
): void {
  const nowMs = demo.clock.now.getTime();
  const today = demo.clock.today;
  const free = [...tables].sort((a, b) => b.number - a.number);
  for (const row of [...rows].sort((a, b) => a.date.getTime() - b.date.getTime())) {
    if (row.status !== 'CONFIRMED') continue;
    if (row.date.getTime() < nowMs - 3 * 3_600_000 && rng.chance(NO_SHOW_SHARE)) row.status = 'NO_SHOW';
    else if (saoPauloDay(row.date) === today && free.length > 0) row.table_id = free.shift()!.id!;
  }
}

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const saoPauloDay = (date: Date) => dayFormat.format(date);
