import type { DefaultLinks, DayHours, StoreLink } from '../db/schema';
import type { stores } from '../db/schema';

type StoreRow = typeof stores.$inferSelect;

/** Default opening hours of a new restaurant (spec 9): Sunday, 11:00 to 15:00. */
export const DEFAULT_OPENING_HOURS: DayHours[] = [
  { day_of_week: 0, time_periods: [{ start_time: '11:00', end_time: '15:00' }] },
];

/** Restaurant spec 5: lower case, no accents, only letters and digits; 'restaurante' when empty. */
export function storeSlug(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  return slug || 'restaurante';
}

/** Public base of the links a restaurant shares (menu and reservations in the app). */
export const APP_LINK_BASE = 'https://app.painel.com.br';

export function defaultLinksFor(slug: string): DefaultLinks {
  return {
    menu: { title: 'Cardápio', url: `${APP_LINK_BASE}/${slug}/cardapio`, active: true },
    reservations: { title: 'Reservas', url: `${APP_LINK_BASE}/${slug}/reservas`, active: true },
  };
}

/**
 * A restaurant as the API answers it: the flat columns the lists and the admin detail read, and
 * the nested `info` / `financial` / `admin` the specification's screens read.
 */
export function storeToApi(
  row: StoreRow,
  extra: {
    cousine?: string | null;
    operation?: string | null;
    admin?: { fullname: string; email: string; phone: string | null } | null;
  } = {},
) {
  const address = {
    street: row.street,
    street_number: row.street_number,
    neighborhood: row.neighborhood,
    zip_code: row.zip_code,
    city: row.city,
    uf: row.uf,
    maps_url: row.maps_url,
  };
  const links: StoreLink[] = row.links ?? [];
  return {
    ...row,
    cousine: extra.cousine ?? null,
    operation: extra.operation ?? null,
    admin: extra.admin ?? null,
    financial: {
      feedme_physical_tax: row.feedme_physical_tax,
      feedme_digital_tax: row.feedme_digital_tax,
    },
    info: {
      responsible: {
        name: row.name_responsible,
        cpf: row.cpf,
        email: row.email,
        phone: row.phone_responsible,
      },
      phone: row.phone,
      whatsapp: row.whatsapp,
      cnpj: row.cnpj,
      company_name: row.company_name,
      site: row.site,
      instagram: row.instagram,
      full_description: row.full_description,
      address,
      opening_hours: row.opening_hours,
      reservations: row.reservations,
      reservation_hours: row.reservation_hours,
      app_skin: row.app_skin,
      service_charge: row.service_charge,
      links,
      default_links: row.default_links ?? defaultLinksFor(row.slug),
      kitchen_timers: row.kitchen_timers,
      kitchen_grouping: row.kitchen_grouping,
    },
  };
}
