import { afterAll, beforeAll, expect } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { categories, complementGroups, kitchens, products } from '../../server/db/schema';
import { as, createTestApp, demo, login, storeId, type TestApp } from './helpers';

/**
 * What the tests of the menu's route modules share (categories, products and complement groups,
 * and the menu part of kitchens.test.ts): one app over the full demo, the callers, and records of
 * both demo stores. `useMenuApp()` starts the app for the file or describe that calls it; the
 * bindings below are set by its beforeAll, so tests read them when they run (imports are live).
 */

export type Call = ReturnType<typeof as>;
export type { Category } from '../../contract/resources/categories/definition';

/** The answer is the error shape with this status, and its message starts with `message`. */
export function expectError(response: { statusCode: number; body: string }, status: number, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = JSON.parse(response.body) as { error: { message: string } };
  expect(body.error.message.startsWith(message), body.error.message).toBe(true);
}

export type { Product } from '../../contract/resources/products/definition';

export let t: TestApp;
export let admin: Call;
export let cantina: Call;
export let anonymous: Call;
export let cantinaId: number;
export let sertaoId: number;
/** Sabor do Sertão's records, that Cantina Bella's staff must never reach. */
export const foreign = { category: 0, product: 0, group: 0, kitchen: 0 };
/** Some of Cantina Bella's own. */
export const own = {
  category: 0,
  otherCategory: 0,
  kitchen: 0,
  groups: [] as number[],
  products: [] as number[],
};

export function useMenuApp(): void {
  beforeAll(async () => {
    t = await createTestApp({ seed: 'full' });
    admin = as(t.app, await login(t.app, demo.admin));
    cantina = as(t.app, await login(t.app, demo.cantina));
    anonymous = as(t.app, null);
    cantinaId = await storeId(t.database.db, 'Cantina Bella');
    sertaoId = await storeId(t.database.db, 'Sabor do Sertão');
    const db = t.database.db;
    const first = async <T extends { id: number }>(rows: Promise<T[]>) => (await rows)[0]!.id;
    foreign.category = await first(
      db.select({ id: categories.id }).from(categories).where(eq(categories.store_id, sertaoId)),
    );
    foreign.product = await first(
      db.select({ id: products.id }).from(products).where(eq(products.store_id, sertaoId)),
    );
    foreign.group = await first(
      db
        .select({ id: complementGroups.id })
        .from(complementGroups)
        .where(eq(complementGroups.store_id, sertaoId)),
    );
    foreign.kitchen = await first(
      db.select({ id: kitchens.id }).from(kitchens).where(eq(kitchens.store_id, sertaoId)),
    );
    const ownCategories = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.store_id, cantinaId))
      .orderBy(asc(categories.list_order));
    own.category = ownCategories[0]!.id;
    own.otherCategory = ownCategories[1]!.id;
    own.kitchen = await first(
      db.select({ id: kitchens.id }).from(kitchens).where(eq(kitchens.store_id, cantinaId)),
    );
    own.groups = (
      await db
        .select({ id: complementGroups.id })
        .from(complementGroups)
        .where(eq(complementGroups.store_id, cantinaId))
        .orderBy(asc(complementGroups.id))
    ).map((g) => g.id);
    own.products = (
      await db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.store_id, cantinaId))
        .orderBy(asc(products.id))
    ).map((p) => p.id);
  }, 120_000);
  afterAll(() => t?.close());
}
