/**
 * What the settings and links screens send (PATCH /api/stores/id/{id}), checked alike by the
 * forms and the API: the restaurant's update body, with the links of restaurant spec 5 (a link
 * without a title or an address is dropped, a default link falls back to its default) and a
 * store's hours held to their rules (contract/lib/hours.ts).
 */
import { z } from 'zod';
import { withScheme } from '../../lib/fields';
import { hoursProblems } from '../../lib/hours';
import { storeUpdateInput } from '../restaurants/definition';

export const URL_MESSAGE = 'Informe uma URL válida';

/** The icons an additional link may show in the app. */
export const LINK_ICONS = [
  { id: 'link', name: 'Link' },
  { id: 'menu', name: 'Cardápio' },
  { id: 'reservations', name: 'Reservas' },
  { id: 'map', name: 'Mapa' },
  { id: 'instagram', name: 'Instagram' },
  { id: 'whatsapp', name: 'WhatsApp' },
  { id: 'facebook', name: 'Facebook' },
  { id: 'site', name: 'Site' },
  { id: 'delivery', name: 'Delivery' },
] as const;

const title = z.string().trim().max(60, 'Limite máximo de 60 caracteres.');

/** An address as typed: blank (the link is dropped, or falls back) or a URL, with https:// if it lacks a scheme. */
const address = z
  .string()
  .trim()
  .max(500, 'Limite máximo de 500 caracteres.')
  .refine((url) => url === '' || URL.canParse(withScheme(url)), URL_MESSAGE);

/** An additional link (spec 3: title, url, active, icon). */
export const extraLinkInput = z.strictObject({
  title: title.nullish(),
  url: address.nullish(),
  active: z.boolean({ error: 'Informe se o link está ativo.' }).default(true),
  icon: z.string().trim().max(40, 'Limite máximo de 40 caracteres.').nullish(),
});

/**
 * A default link (menu or reservations). Nothing in it is refused for being empty: a blank title
 * or address and an `active` that is not a boolean fall back to the link's default (spec 5).
 */
export const defaultLinkInput = z.strictObject({
  title: title.nullish(),
  url: address.nullish(),
  active: z.unknown().optional().describe('Ativo; um valor que não seja booleano volta ao padrão (ativo).'),
});

const baseInfo = storeUpdateInput.shape.info.unwrap();

/** The store's `info` as the settings send it, its hours held to their rules. */
export const settingsInfoInput = baseInfo
  .extend({
    links: z.array(extraLinkInput).max(20, 'No máximo 20 links.').optional(),
    default_links: z
      .strictObject({ menu: defaultLinkInput.optional(), reservations: defaultLinkInput.optional() })
      .optional(),
  })
  .superRefine((info, context) => {
    for (const key of ['opening_hours', 'reservation_hours'] as const) {
      for (const problem of hoursProblems(info[key] ?? [])) {
        context.addIssue({
          code: 'custom',
          message: problem.message,
          path: [key, problem.entry, 'time_periods', problem.period, 'end_time'],
        });
      }
    }
  });

/** PATCH /api/stores/id/{id}: the restaurant's update, as the settings, the links and the admin detail send it. */
export const settingsUpdateInput = storeUpdateInput.extend({ info: settingsInfoInput.optional() });

export type SettingsUpdate = z.input<typeof settingsUpdateInput>;
