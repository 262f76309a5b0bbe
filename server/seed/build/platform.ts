import * as s from '../../db/schema';
import { nameKey } from '../../resources/crud';
import { CITIES, CUISINES, FAQS, MORE_CUISINES, MORE_FAQS, PRIVACY } from '../content';
import type { Demo } from './state';

/** Cuisines and cities (which the stores point at), the FAQ and the privacy text. */
export function buildPlatform(demo: Pick<Demo, 'scale' | 'clock' | 'cuisineIds' | 'cityIds' | 'push'>): void {
  const cuisines = demo.scale === 'full' ? [...CUISINES, ...MORE_CUISINES] : CUISINES;
  const created = demo.clock.at(-900, 9 * 60);
  demo.push(
    s.cuisines,
    cuisines.map((name, i) => {
      demo.cuisineIds.set(name, i + 1);
      return { id: i + 1, name, name_key: nameKey(name), created_at: created };
    }),
  );
  demo.push(
    s.operations,
    CITIES.map((name, i) => {
      demo.cityIds.set(name, i + 1);
      return { id: i + 1, name, name_key: nameKey(name), created_at: created };
    }),
  );
  const faqs = demo.scale === 'full' ? [...FAQS, ...MORE_FAQS] : FAQS;
  demo.push(
    s.faqs,
    faqs.map((faq, i) => {
      const at = demo.clock.at(-400 + i * 23, 10 * 60 + i * 7);
      return { id: i + 1, ...faq, created_at: at, updated_at: at };
    }),
  );
  if (demo.scale === 'full') {
    demo.push(s.privacyTexts, [
      { id: 1, ...PRIVACY, active: true, updated_at: demo.clock.at(-120, 14 * 60) },
    ]);
  }
}
