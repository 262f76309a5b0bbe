import * as s from '../../db/schema';
import type { RESERVATION_STATUS } from '../../db/schema/enums';
import { makeMobile } from '../documents';
import { FEMALE_NAMES, MALE_NAMES, RESERVATION_NOTES, SURNAMES } from '../names';
import { drawCustomer } from './customers';
import type { Demo, Row } from './state';

/**
 * Reservations at the open stores that take them, from a month ago (two weeks at the others) to a
 * week ahead; the coming ones at the two demo stores show every status.
 */
export function buildReservations(demo: Pick<Demo, 'clock' | 'rng' | 'stores' | 'customers' | 'push'>): void {
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
          created_at: created,
          updated_at: updated < created ? created : updated,
        });
      }
    }
  }
  rows.sort((a, b) => a.created_at!.getTime() - b.created_at!.getTime());
  rows.forEach((row, i) => (row.id = i + 1));
  demo.push(s.reservations, rows);
}
