import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rows } from '../db/client';
import {
  categories,
  customers,
  orderItems,
  products,
  stores,
  stories,
  storedFiles,
  wallPosts,
} from '../db/schema';

/**
 * What each store (and the platform's administrators) may keep in the API's own storage, and how
 * many files an account may send in a window. One place for the limits; see "Uploads" in
 * docs/ARCHITECTURE.md.
 */
export const UPLOAD_LIMITS = {
  storeBytes: 500 * 1024 * 1024,
  platformBytes: 5 * 1024 * 1024 * 1024,
  uploadsPerWindow: 60,
  windowMinutes: 10,
  /** A file no record points to is removed once it is this old (a form may still be open). */
  orphanGraceHours: 24,
} as const;

export const quotaOf = (owner: string) =>
  owner === 'platform' ? UPLOAD_LIMITS.platformBytes : UPLOAD_LIMITS.storeBytes;

const megabytes = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${bytes / 1024 ** 3} GB` : `${Math.round(bytes / 1024 ** 2)} MB`;

export const quotaMessage = (owner: string) =>
  owner === 'platform'
    ? `O limite de armazenamento da plataforma foi atingido (${megabytes(quotaOf(owner))}). Remova arquivos que não usa mais.`
    : `O limite de armazenamento do restaurante foi atingido (${megabytes(quotaOf(owner))}). Remova arquivos que não usa mais.`;

/** The bytes an owner's stored files take. */
export async function storedBytes(db: Db, owner: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<number>`coalesce(sum(${storedFiles.bytes}), 0)`.mapWith(Number) })
    .from(storedFiles)
    .where(eq(storedFiles.owner, owner));
  return row?.bytes ?? 0;
}

/**
 * Every column that can hold the URL of a stored file, as the path under the uploads folder
 * (`images/12/…`), relative (`/uploads/…`) or absolute (`https://host/uploads/…`) alike.
 */
const referencedPaths = sql`
  select substring(u from '/uploads/([^?#]+)') as path from (
    select ${stores.logo_white} as u from ${stores}
    union all select ${stores.logo_black} from ${stores}
    union all select ${stores.bg_image} from ${stores}
    union all select ${categories.image} from ${categories}
    union all select ${products.image} from ${products}
    union all select ${products.thumbnail} from ${products}
    union all select unnest(${products.images}) from ${products}
    union all select ${stories.image_url} from ${stories}
    union all select ${stories.video_url} from ${stories}
    union all select ${wallPosts.image} from ${wallPosts}
    union all select ${customers.profile_picture} from ${customers}
    union all select ${orderItems.thumbnail} from ${orderItems}
  ) refs where u like '%/uploads/%'`;

/** Stored files older than the grace period that no record points to, a batch at a time. */
export async function orphanFiles(db: Db, graceHours: number, limit = 500): Promise<string[]> {
  const result = await db.execute(sql`
    select ${storedFiles.path} as path from ${storedFiles}
    where ${storedFiles.created_at} < now() - make_interval(hours => ${graceHours})
      and ${storedFiles.path} not in (select path from (${referencedPaths}) r where path is not null)
    order by ${storedFiles.created_at}
    limit ${limit}`);
  return rows<{ path: string }>(result).map((row) => row.path);
}

/** Forgets the rows of files that are gone: one by one, or a whole owner folder. */
export async function forgetFiles(db: Db, paths: readonly string[]): Promise<void> {
  if (paths.length > 0) await db.delete(storedFiles).where(inArray(storedFiles.path, [...paths]));
}
export async function forgetFolder(db: Db, folder: string): Promise<void> {
  await db.delete(storedFiles).where(and(sql`starts_with(${storedFiles.path}, ${`${folder}/`})`));
}
