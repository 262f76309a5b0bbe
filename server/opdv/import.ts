/**
 * The OPDV import (restaurant spec 3 "Imported product / category", 4, 5, 9): items of the point
 * of sale become products of the store, through the products' own input rules, each in its own
 * short transaction. The database's unique keys (one product per store and OPDV code, one category
 * per store and OPDV category) make an import idempotent: run twice, or again after it was cut
 * off halfway, it creates only what is still missing.
 */
import crypto from 'node:crypto';
import { and, eq, inArray, isNotNull, max, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { categoryInput } from '../../contract/resources/categories/definition';
import type {
  ImportResult,
  OpdvCategory,
  SyncChange,
} from '../../contract/resources/integrations/definition';
import { IMPORT_MESSAGES } from '../../contract/resources/integrations/definition';
import { productInput } from '../../contract/resources/products/definition';
import { pgConstraint, pgErrorCode, type Db } from '../db/client';
import { categories, products } from '../db/schema';
import { forgetFiles, recordUpload } from '../storage/file-records';
import { FOLDERS } from '../storage/folders';
import { storedPath, type LocalStorage } from '../storage/local-storage';
import { itemsWithCategory, type OpdvWireCategory, type OpdvWireItem } from './client';
import { openPicture } from './picture';

/** How long a picture may take to arrive, and how many products are imported at once. */
const IMAGE_TIMEOUT_MS = 8_000;
const PARALLEL = 4;
/** Spec 3: the imported product's code, 6 characters of A–Z and 0–9. */
const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const CODE_TRIES = 8;

export interface ImportContext {
  db: Db;
  storage: LocalStorage;
  storeId: number;
  accountId: number;
  /** The placeholder picture's URL (spec 9: an invalid image URL is replaced by it). */
  placeholder: string;
  /** The point of sale's own origin, whose pictures are fetched without the address check. */
  pictureOrigin: string | null;
  log: FastifyBaseLogger;
}

export type CatalogueEntry = { item: OpdvWireItem; category: OpdvWireCategory };

/** Spec 3: '42.90' → 4290 (the decimal point removed); null for anything that is not a price. */
export function priceInCents(price: string): number | null {
  const match = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/.exec(price);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

export function externalCode(): string {
  const bytes = crypto.randomBytes(6);
  return Array.from(bytes, (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
}

/** The store's products that carry an OPDV code, by that code. */
export async function importedByCode(db: Db, storeId: number, codes?: readonly string[]) {
  if (codes && codes.length === 0)
    return new Map<string, { product_id: number; name: string; category_id: number }>();
  const rows = await db
    .select({
      code: products.integration_code,
      product_id: products.id,
      name: products.name,
      category_id: products.category_id,
    })
    .from(products)
    .where(
      and(
        eq(products.store_id, storeId),
        codes ? inArray(products.integration_code, [...codes]) : isNotNull(products.integration_code),
      ),
    );
  return new Map(rows.map(({ code, ...product }) => [code!, product]));
}

/** The catalogue as the API answers it: each item with the store's product that carries its code. */
export function withImported(
  catalogue: readonly OpdvWireCategory[],
  imported: Map<string, { product_id: number; name: string; category_id: number }>,
): OpdvCategory[] {
  return catalogue.map((category) => ({
    code: category.code,
    name: category.name,
    categories: withImported(category.categories, imported),
    items: category.items.map((item) => ({
      code: item.code,
      name: item.name,
      description: item.description,
      price: item.price,
      image_url: item.image_url,
      imported: imported.get(item.code) ?? null,
    })),
  }));
}

/** A stream cut one byte past `limit`: a picture too large is refused without reading it all. */
async function* capped(body: ReadableStream<Uint8Array>, limit: number): AsyncGenerator<Buffer> {
  let size = 0;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.length;
      yield Buffer.from(value);
      if (size > limit) return;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/**
 * Downloads a picture and stores it as an upload of the store (the same type sniffing, size
 * limit and quota); its URL, or the placeholder when it is missing, broken or refused.
 */
export async function storePicture(context: ImportContext, url: string | null): Promise<string> {
  if (!url) return context.placeholder;
  const { storage, db, storeId, accountId, log } = context;
  const limit = FOLDERS.images.maxBytes;
  try {
    const response = await openPicture(url, {
      trustedOrigin: context.pictureOrigin,
      timeoutMs: IMAGE_TIMEOUT_MS,
    });
    if (!response) return context.placeholder;
    if (response.status !== 200 || (response.length ?? 0) > limit) {
      await response.body.cancel();
      return context.placeholder;
    }
    const reception = await storage.receive(capped(response.body, limit), (type) =>
      type.kind === 'image' ? limit : null,
    );
    if (reception.status !== 'received') return context.placeholder;
    const { file } = reception;
    const owner = String(storeId);
    const stored = storedPath('images', owner, file.type);
    if (!(await recordUpload(db, { path: stored, owner, accountId, bytes: file.size }))) {
      await file.discard();
      return context.placeholder;
    }
    await file.commit(stored).catch(async (error: unknown) => {
      await forgetFiles(db, [stored]);
      throw error;
    });
    return `/uploads/${stored}`;
  } catch (error) {
    log.warn({ err: error, picture: url }, 'imagem do OPDV não baixada: usando a imagem padrão');
    return context.placeholder;
  }
}

/** Removes a picture stored for a product that was not created after all. */
async function dropPicture(context: ImportContext, url: string) {
  if (url === context.placeholder || !url.startsWith('/uploads/')) return;
  await context.storage.remove(url.slice('/uploads/'.length)).catch(() => false);
}

const firstMessage = (error: { issues: { message: string }[] }) =>
  error.issues[0]?.message ?? IMPORT_MESSAGES.importFailed;

/**
 * The store's category for an OPDV category: the one imported before, or a new one (display ALL,
 * available, the OPDV name, a picture of its first item).
 */
export async function categoryFor(
  context: ImportContext,
  category: OpdvWireCategory,
): Promise<{ id: number; created: boolean }> {
  const { db, storeId } = context;
  const existing = async () => {
    const [row] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.store_id, storeId), eq(categories.integration_category_id, category.code)));
    return row;
  };
  const found = await existing();
  if (found) return { id: found.id, created: false };
  const input = categoryInput.safeParse({ name: category.name, display: 'ALL', available: true });
  if (!input.success) throw new ImportRefusal(firstMessage(input.error));
  const pictureUrl = itemsWithCategory([category]).find(({ item }) => item.image_url)?.item.image_url ?? null;
  const image = await storePicture(context, pictureUrl);
  const { store_id: _ignored, ...values } = input.data;
  try {
    const created = await db.transaction(async (tx) => {
      const [last] = await tx
        .select({ last: max(categories.list_order) })
        .from(categories)
        .where(eq(categories.store_id, storeId));
      const [row] = await tx
        .insert(categories)
        .values({
          ...values,
          image,
          store_id: storeId,
          list_order: (last?.last ?? 0) + 1,
          integration_category_id: category.code,
        })
        .returning({ id: categories.id });
      return row!;
    });
    return { id: created.id, created: true };
  } catch (error) {
    await dropPicture(context, image);
    // Imported at the same moment by another call: that one is the category.
    if (pgErrorCode(error) === '23505') {
      const raced = await existing();
      if (raced) return { id: raced.id, created: false };
    }
    throw error;
  }
}

/** A refusal of one item or category, in the users' words (its `reason`). */
export class ImportRefusal extends Error {}

type ItemOutcome = 'created' | 'skipped' | { reason: string };

/** One OPDV item as a new product of the category: the products' own input rules, then spec 3/9. */
async function importItem(
  context: ImportContext,
  categoryId: number,
  { item, category }: CatalogueEntry,
): Promise<ItemOutcome> {
  const { db, storeId } = context;
  const price = priceInCents(item.price);
  if (price === null) return { reason: `Preço inválido no OPDV: ${item.price}` };
  const candidate = {
    name: item.name,
    description: item.description.trim() === '' ? undefined : item.description,
    price,
    external_code: externalCode(),
    category_id: categoryId,
    image_aspect_ratio: 1,
    available: true,
    origin: 'opdv',
    integration_code: item.code,
    integration_name: item.name,
    integration_category_id: category.code,
    integration_category_name: category.name,
  };
  const input = productInput.safeParse(candidate);
  if (!input.success) return { reason: firstMessage(input.error) };
  const { store_id: _ignored, complements: _none, ...values } = input.data;
  const picture = await storePicture(context, item.image_url);
  for (let attempt = 1; attempt <= CODE_TRIES; attempt++) {
    try {
      await db.transaction(async (tx) => {
        const [last] = await tx
          .select({ last: max(products.list_priority) })
          .from(products)
          .where(eq(products.category_id, categoryId));
        await tx.insert(products).values({
          ...values,
          // Spec 9: an empty description becomes two spaces (the input rules would trim them).
          description: values.description || '  ',
          external_code: attempt === 1 ? values.external_code : externalCode(),
          image: picture,
          thumbnail: picture,
          images: [picture],
          store_id: storeId,
          list_priority: (last?.last ?? 0) + 1,
        });
      });
      return 'created';
    } catch (error) {
      const constraint = pgConstraint(error);
      if (pgErrorCode(error) === '23505' && constraint === 'products_store_code_key') continue;
      await dropPicture(context, picture);
      if (pgErrorCode(error) === '23505' && constraint === 'products_store_integration_key') return 'skipped';
      if (pgErrorCode(error) === '23503') return { reason: IMPORT_MESSAGES.categoryNotFound };
      throw error;
    }
  }
  await dropPicture(context, picture);
  return { reason: 'Não foi possível gerar um código livre para o produto.' };
}

/**
 * Imports items into a category of the store: those already imported are skipped (whatever
 * category they went to), the others created, a few at a time.
 */
export async function importItems(
  context: ImportContext,
  categoryId: number,
  entries: readonly CatalogueEntry[],
): Promise<ImportResult> {
  const result: ImportResult = {
    category_id: categoryId,
    category_created: false,
    created: 0,
    linked: 0,
    skipped: 0,
    failed: [],
  };
  const already = await importedByCode(
    context.db,
    context.storeId,
    entries.map(({ item }) => item.code),
  );
  const pending = entries.filter(({ item }) => !already.has(item.code));
  result.skipped = entries.length - pending.length;
  let next = 0;
  const worker = async () => {
    while (next < pending.length) {
      const entry = pending[next++]!;
      let outcome: ItemOutcome;
      try {
        outcome = await importItem(context, categoryId, entry);
      } catch (error) {
        context.log.error({ err: error, code: entry.item.code }, 'produto do OPDV não importado');
        outcome = { reason: IMPORT_MESSAGES.importFailed };
      }
      if (outcome === 'created') result.created += 1;
      else if (outcome === 'skipped') result.skipped += 1;
      else result.failed.push({ code: entry.item.code, name: entry.item.name, reason: outcome.reason });
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, pending.length) }, worker));
  return result;
}

/**
 * Links an OPDV item to an existing product of the store: its integration fields are set, its
 * origin, name, price and code stay. The code on another product answers 'Produto já importado'.
 */
export async function linkItem(db: Db, productId: number, { item, category }: CatalogueEntry) {
  await db
    .update(products)
    .set({
      integration_code: item.code,
      integration_name: item.name,
      integration_category_id: category.code,
      integration_category_name: category.name,
      updated_at: sql`now()`,
    })
    .where(eq(products.id, productId));
}

/** The linked or imported products whose name or price differs from the OPDV's now. */
export async function syncChanges(
  db: Db,
  storeId: number,
  catalogue: readonly OpdvWireCategory[],
  productIds?: readonly number[],
): Promise<SyncChange[]> {
  const byCode = new Map(itemsWithCategory(catalogue).map((entry) => [entry.item.code, entry.item]));
  const linked = await db
    .select({ id: products.id, code: products.integration_code, name: products.name, price: products.price })
    .from(products)
    .where(
      and(
        eq(products.store_id, storeId),
        isNotNull(products.integration_code),
        productIds ? inArray(products.id, [...productIds]) : sql`true`,
      ),
    )
    .orderBy(products.name, products.id);
  const changes: SyncChange[] = [];
  for (const product of linked) {
    const item = byCode.get(product.code!);
    const newPrice = item ? priceInCents(item.price) : null;
    if (!item || newPrice === null) continue;
    const newName = item.name.trim();
    if (newName === product.name && newPrice === product.price) continue;
    if (newName === '' || newName.length > 150) continue;
    changes.push({
      product_id: product.id,
      code: product.code!,
      name: product.name,
      price: product.price,
      new_name: newName,
      new_price: newPrice,
    });
  }
  return changes;
}

/** Applies the changes: name and price from the OPDV, each product on its own. */
export async function applySync(db: Db, storeId: number, changes: readonly SyncChange[]): Promise<number> {
  let updated = 0;
  for (const change of changes) {
    const rows = await db
      .update(products)
      .set({
        name: change.new_name,
        price: change.new_price,
        integration_name: change.new_name,
        updated_at: sql`now()`,
      })
      .where(and(eq(products.id, change.product_id), eq(products.store_id, storeId)))
      .returning({ id: products.id });
    updated += rows.length;
  }
  return updated;
}
