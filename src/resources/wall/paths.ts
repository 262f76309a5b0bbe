/**
 * Where the wall's screens live (restaurant spec 2: /mural with /new and /details). The post's id
 * is in the edit screen's path, so that a reload or a shared link opens the same post.
 */
export const wallPaths = {
  list: '/mural',
  create: '/mural/new',
  details: '/mural/details/:id',
} as const;

/** The edit screen of one post. */
export const postPath = (id: string | number) => `/mural/details/${encodeURIComponent(String(id))}`;
