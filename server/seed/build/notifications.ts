import * as s from '../../db/schema';
import { NOTIFICATIONS } from '../content';
import type { Demo, Row } from './state';

/** Push notifications and who received them (audience computed like the server would). */
export function buildNotifications(
  demo: Pick<Demo, 'clock' | 'stores' | 'customers' | 'visits' | 'push'>,
): void {
  const rows: Row<typeof s.pushNotifications>[] = [];
  const deliveries: Row<typeof s.pushDeliveries>[] = [];
  NOTIFICATIONS.forEach((def, i) => {
    const id = i + 1;
    const at = demo.clock.at(def.day, def.minute);
    const storeIds = def.stores.map((index) => demo.stores[index]!.id);
    const audience = demo.customers.filter((c) => {
      if (c.status !== 'ACTIVE' || c.createdAt > at) return false;
      if (def.genders.length > 0 && (!c.gender || !def.genders.includes(c.gender))) return false;
      const age = ageOn(c.birthdate, demo.clock.date(def.day));
      if (def.minAge !== null && age < def.minAge) return false;
      if (def.maxAge !== null && age > def.maxAge) return false;
      if (storeIds.length > 0) {
        return storeIds.some((storeId) => {
          const first = demo.visits.get(storeId)?.get(c.id);
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
  demo.push(s.pushNotifications, rows);
  demo.push(s.pushDeliveries, deliveries);
}

/** Whole years between a birthdate and a day, both 'YYYY-MM-DD'. */
function ageOn(birthdate: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(birthdate.slice(0, 4));
  return day.slice(5) < birthdate.slice(5) ? years - 1 : years;
}
