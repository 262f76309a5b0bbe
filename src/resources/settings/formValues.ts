import { ungroupHours, type HoursGroup } from '../../../contract/lib/hours';
import type { Store } from '../../../contract/resources/restaurants/definition';
import type { SettingsUpdate } from '../../../contract/resources/settings/schema';

/** The settings form's values: the store as read, and its hours as groups. */
export type SettingsValues = Store & { hours: HoursGroup[] };
type LinkValues = Store['info']['default_links']['menu'];
export type DefaultLinkKey = keyof Store['info']['default_links'];

const blank = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * A field the store must keep (name, address): left as it is while it was never filled, sent
 * blank once emptied, for the API to refuse with its message.
 */
const kept = (value: string | null | undefined, before: string | null | undefined) =>
  blank(value) ? (blank(before) ? undefined : '') : (value as string);

/** A field the store may empty: blank clears it. */
const clearable = (value: string | null | undefined) => (blank(value) ? null : value);

/** An image is replaced, never removed: a store always shows its logos and home photo. */
const image = (value: string | null | undefined) => (blank(value) ? undefined : value!);

/** The links as typed: the API drops the empty ones and completes the addresses (spec 5). */
const linkPayload = ({ title, url, active, icon }: LinkValues) => ({
  title: title ?? '',
  url: url ?? '',
  active: active !== false,
  ...(icon ? { icon } : {}),
});

export function linksPayload(values: Pick<Store['info'], 'links' | 'default_links'>) {
  return {
    links: (values.links ?? []).map(linkPayload),
    default_links: {
      menu: linkPayload(values.default_links.menu),
      reservations: linkPayload(values.default_links.reservations),
    },
  };
}

/**
 * What SALVAR sends: the store's fields the settings show (never its status or fees, which are
 * the platform's), the links as typed; the hours, checked as the groups on screen, are the API's
 * per-day list only once sent (`hoursSent`).
 */
export function settingsPayload(values: SettingsValues, store: Store) {
  const { info } = values;
  const address = info.address;
  const before = store.info.address;
  return {
    name: kept(values.name, store.name),
    description: clearable(values.description),
    cousine_id: values.cousine_id ?? undefined,
    logo_white: image(values.logo_white),
    logo_black: image(values.logo_black),
    bg_image: image(values.bg_image),
    info: {
      company_name: kept(info.company_name, store.info.company_name),
      full_description: clearable(info.full_description),
      instagram: clearable(info.instagram),
      phone: clearable(info.phone),
      whatsapp: clearable(info.whatsapp),
      site: clearable(info.site),
      service_charge: blank(info.service_charge) ? 0 : (info.service_charge as number | string),
      app_skin: info.app_skin,
      address: {
        zip_code: kept(address.zip_code, before.zip_code),
        street: kept(address.street, before.street),
        street_number: kept(address.street_number, before.street_number),
        neighborhood: kept(address.neighborhood, before.neighborhood),
        city: kept(address.city, before.city),
        uf: kept(address.uf, before.uf),
        maps_url: clearable(address.maps_url),
      },
      ...linksPayload(info),
    },
    hours: values.hours,
  };
}

/** The groups of hours as the API's per-day list, in the store's `info`. */
export const hoursSent = ({ hours, ...payload }: Record<string, unknown>): SettingsUpdate => ({
  ...payload,
  info: { ...(payload.info as object), opening_hours: ungroupHours(hours as HoursGroup[]) },
});
