import type { FastifyBaseLogger } from 'fastify';
import type { LocalStorage } from './local-storage';

/**
 * A file our storage holds for `owner` (a store's id, or `platform` for what administrators sent):
 * `/uploads/<images|videos>/<owner>/<name>`, relative or on an absolute URL of the API. Demo
 * images, other owners' files and remote URLs are not ours to remove.
 */
export function storedFileOf(url: string | null, owner: number | 'platform'): string | null {
  if (!url) return null;
  let path = url;
  if (!url.startsWith('/')) {
    try {
      const parsed = new URL(url);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
      path = parsed.pathname;
    } catch {
      return null;
    }
  }
  path = path.split(/[?#]/, 1)[0] ?? '';
  const match = /^\/uploads\/((?:images|videos)\/(platform|\d+)\/\d+-[0-9a-f]+\.(?:png|jpg|webp|mp4))$/.exec(
    path,
  );
  return match && match[2] === String(owner) ? (match[1] ?? null) : null;
}

/**
 * Removes the files of `urls` that our storage holds for the store, with their rows in
 * `stored_files` (the store's quota counts them no more). The record is gone either way: a file
 * that cannot be removed only goes to the log.
 */
export async function removeStoredFiles(
  storage: LocalStorage,
  urls: readonly (string | null | undefined)[],
  owner: number | 'platform',
  log: FastifyBaseLogger,
): Promise<void> {
  const files = new Set(urls.flatMap((url) => storedFileOf(url ?? null, owner) ?? []));
  for (const file of files) {
    await storage.remove(file).catch((error: unknown) => {
      log.warn({ err: error, file }, 'arquivo guardado não removido');
    });
  }
}
