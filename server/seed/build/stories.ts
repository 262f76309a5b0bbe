import * as s from '../../db/schema';
import { STORY_TITLES } from '../content';
import { demoVideo } from '../video';
import type { Demo, Row } from './state';

const FEEDHUNTER_COUNT = 40;

/** Forty feed hunters, chosen among the most active customers, and their featured posts. */
export function buildStories(
  demo: Pick<Demo, 'clock' | 'rng' | 'images' | 'stores' | 'customers' | 'ticketRows' | 'visits' | 'push'>,
): void {
  const rng = demo.rng.fork('stories');
  const counts = new Map<number, number>();
  for (const { customer_id: id } of demo.ticketRows) if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
  const active = demo.customers
    .filter((c) => c.status === 'ACTIVE' && (counts.get(c.id) ?? 0) >= 3)
    .sort((a, b) => (counts.get(b.id) ?? 0) - (counts.get(a.id) ?? 0) || a.id - b.id);
  const hunters = rng.sample(active.slice(0, 400), FEEDHUNTER_COUNT).sort((a, b) => a.id - b.id);
  const video = demo.images.add('videos/feedhunter.mp4', demoVideo());
  const rows: Row<typeof s.stories>[] = [];
  hunters.forEach((hunter, h) => {
    hunter.feedhunter = true;
    const visited = demo.stores.filter((st) => demo.visits.get(st.id)?.has(hunter.id) && st.menu.length > 0);
    const posts = rng.int(1, 3);
    for (let k = 0; k < posts && visited.length > 0; k++) {
      const store = rng.pick(visited);
      const product = rng.pick(store.food.length > 0 ? store.food : store.menu);
      const firstVisit = demo.visits.get(store.id)!.get(hunter.id)!;
      const from = Math.max(firstVisit.getTime(), demo.clock.ago(60 * 1440).getTime());
      const at = new Date(from + rng.next() * (demo.clock.now.getTime() - 60_000 - from));
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
  demo.push(s.stories, rows);
}
