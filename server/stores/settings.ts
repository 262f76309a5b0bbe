import type { z } from 'zod';
import { withScheme } from '../../contract/lib/fields';
import type { defaultLinkInput, extraLinkInput } from '../../contract/resources/settings/schema';
import type { DefaultLinks, StoreLink } from '../db/schema';
import { defaultLinksFor } from './serialize';

/**
 * The save rules of restaurant spec 5 for a store's links, kept by the API so that every client
 * gets them, whatever it sends.
 */

type ExtraLinkInput = z.output<typeof extraLinkInput>;
type DefaultLinkInput = z.output<typeof defaultLinkInput>;

/** A text that holds something once trimmed. */
const filled = (text: string | null | undefined): text is string =>
  typeof text === 'string' && text.trim() !== '';

/**
 * The additional links as stored: one without a title or an address is dropped; an address without
 * http:// or https:// (in any case) gets https:// in front.
 */
export function keptLinks(links: readonly ExtraLinkInput[]): StoreLink[] {
  return links
    .filter((link) => filled(link.title) && filled(link.url))
    .map((link) => ({
      title: link.title!.trim(),
      url: withScheme(link.url!.trim()),
      active: link.active,
      ...(filled(link.icon) ? { icon: link.icon.trim() } : {}),
    }));
}

/**
 * The menu and reservations links as stored: a blank title or address falls back to the link's
 * default (Cardápio / Reservas, and the store's address in the app, made from its slug), an
 * `active` that is not a boolean to the default's (active). A link left out of the request stays
 * as it was.
 */
export function defaultLinksOf(
  sent: { menu?: DefaultLinkInput; reservations?: DefaultLinkInput },
  store: { slug: string; default_links: DefaultLinks | null },
): DefaultLinks {
  const defaults = defaultLinksFor(store.slug);
  const one = (key: keyof DefaultLinks): StoreLink => {
    const link = sent[key];
    const fallback = defaults[key];
    if (!link) return store.default_links?.[key] ?? fallback;
    return {
      title: filled(link.title) ? link.title.trim() : fallback.title,
      url: filled(link.url) ? withScheme(link.url.trim()) : fallback.url,
      active: typeof link.active === 'boolean' ? link.active : fallback.active,
    };
  };
  return { menu: one('menu'), reservations: one('reservations') };
}
