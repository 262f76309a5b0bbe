import * as s from '../../db/schema';
import { WALL_POSTS } from '../content';
import { dishCard } from '../images';
import type { Demo, Row } from './state';

/** The stores' wall posts (WALL_POSTS), some with a picture. */
export function buildWallPosts(demo: Pick<Demo, 'clock' | 'rng' | 'images' | 'stores' | 'push'>): void {
  const rng = demo.rng.fork('wall');
  const rows: Row<typeof s.wallPosts>[] = [];
  for (const store of demo.stores) {
    const posts = WALL_POSTS[store.def.slug] ?? [];
    posts.forEach((post, i) => {
      const created = demo.clock.at(-rng.int(3, 80), 9 * 60 + rng.int(0, 600));
      rows.push({
        id: rows.length + 1,
        store_id: store.id,
        title: post.title,
        body: post.body,
        image: post.image
          ? demo.images.add(
              `wall/${store.def.slug}-${i + 1}.svg`,
              dishCard(post.title, store.def.name, store.def.hue + 180 + i * 20, 0.8),
            )
          : null,
        n_views: rng.int(40, 2400),
        active: i !== posts.length - 1 || posts.length < 3,
        pinned: i === 0,
        list_order: i + 1,
        created_at: created,
        updated_at: created,
      });
    });
  }
  demo.push(s.wallPosts, rows);
}
