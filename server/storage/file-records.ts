import { eq, inArray, sql, type AnyColumn } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { rows } from '../db/client';
import {
  categories,
  customers,
  integrations,
  orderItems,
  products,
  stores,
  stories,
  storedFiles,
  wallPosts,
} from '../db/schema';

/**
 * What each store (and the platform's administrators) may keep in the API's own storage, how many
 * files an account may send in a window, and how long a file nobody uses is kept. The one place
 * for these limits; see the uploads in docs/ARCHITECTURE.md.
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
  `O limite de armazenamento ${owner === 'platform' ? 'da plataforma' : 'do restaurante'} foi atingido ` +
  `(${megabytes(quotaOf(owner))}). Remova arquivos que não usa mais.`;

/** The bytes an owner's stored files take. */
export async function storedBytes(db: Db | Tx, owner: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<number>`coalesce(sum(${storedFiles.bytes}), 0)`.mapWith(Number) })
    .from(storedFiles)
    .where(eq(storedFiles.owner, owner));
  return row?.bytes ?? 0;
}

export interface NewStoredFile {
  /** Under the uploads folder: `images/<owner>/<name>`. */
  path: string;
  owner: string;
  accountId: number;
  bytes: number;
}

/**
 * Records a file about to be stored, when it fits in its owner's quota; false when it does not.
 * The owner's sum and the new row are taken under a transaction lock of that owner, on every
 * instance sharing the database, so uploads racing each other cannot pass the quota together.
 */
export async function recordUpload(db: Db, file: NewStoredFile): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stored_files:${file.owner}`}))`);
    if ((await storedBytes(tx, file.owner)) + file.bytes > quotaOf(file.owner)) return false;
    await tx.insert(storedFiles).values({
      path: file.path,
      owner: file.owner,
      account_id: file.accountId,
      bytes: file.bytes,
    });
    return true;
  });
}

/** Where an uploaded file's path (`images/12/…`) starts in a URL, relative or absolute. */
const UPLOADED_PATH = '/uploads/((?:images|videos)/[^/?#"\\s]+/[^/?#"\\s]+)';

/** The stored paths named by a text column's URLs (`/uploads/…`, or `https://host/uploads/…`). */
const pathsIn = (column: AnyColumn) => sql`select substring(${column} from ${UPLOADED_PATH}) as path from `;

/**
 * Every stored file some record points to. These are all the columns that can hold an upload's
 * URL: the pickers of stores, categories, products and stories, the wall, customers' pictures,
 * the thumbnails orders keep, and the links and settings kept as JSON (searched as text).
 */
const referencedPaths = sql`
  ${pathsIn(stores.logo_white)} ${stores}
  union all ${pathsIn(stores.logo_black)} ${stores}
  union all ${pathsIn(stores.bg_image)} ${stores}
  union all select (regexp_matches(concat(${stores.links}::text, ${stores.default_links}::text), ${UPLOADED_PATH}, 'g'))[1] from ${stores}
  union all ${pathsIn(categories.image)} ${categories}
  union all ${pathsIn(products.image)} ${products}
  union all ${pathsIn(products.thumbnail)} ${products}
  union all select substring(u from ${UPLOADED_PATH}) from ${products}, unnest(${products.images}) as u
  union all ${pathsIn(stories.image_url)} ${stories}
  union all ${pathsIn(stories.video_url)} ${stories}
  union all ${pathsIn(wallPosts.image)} ${wallPosts}
  union all ${pathsIn(customers.profile_picture)} ${customers}
  union all ${pathsIn(orderItems.thumbnail)} ${orderItems}
  union all select (regexp_matches(${integrations.settings}::text, ${UPLOADED_PATH}, 'g'))[1] from ${integrations}`;

/**
 * Forgets the stored files older than the grace period that no record points to, and returns
 * their paths: their files are the caller's to remove. One statement finds and deletes them all,
 * so a record saved meanwhile is seen, and an instance running it at the same moment waits for
 * these rows and finds them gone: each path is returned once. No LIMIT: with one, the planner
 * would hope to meet orphans early and test each file against every reference in turn; without
 * it, the references are read once, in a hashed anti-join.
 */
export async function forgetOrphans(db: Db, graceHours: number): Promise<string[]> {
  const result = await db.execute(sql`
    delete from ${storedFiles} f
    where f.created_at < now() - make_interval(hours => ${graceHours})
      and not exists (select 1 from (${referencedPaths}) r where r.path = f.path)
    returning f.path`);
  return rows<{ path: string }>(result).map((row) => row.path);
}

/** Forgets the rows of files that are gone: one by one, or a whole owner folder. */
export async function forgetFiles(db: Db, paths: readonly string[]): Promise<void> {
  if (paths.length > 0) await db.delete(storedFiles).where(inArray(storedFiles.path, [...paths]));
}
export async function forgetFolder(db: Db, folder: string): Promise<void> {
  await db.delete(storedFiles).where(sql`starts_with(${storedFiles.path}, ${`${folder}/`})`);
}
