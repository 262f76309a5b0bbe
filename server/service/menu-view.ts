/**
 * The store's menu as the order rules see it (contract/resources/orderEntry/rules.ts) and the
 * waiter's order entry browses it: the categories in the menu's order, every product with the
 * complement groups it offers, in their order, and each group's options. Three queries whatever
 * the menu's size: the categories, the products with their category, then the groups and options
 * of those products (each on an index: the store's categories and products, the groups' product,
 * the options' group).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OrderEntryMenu } from '../../contract/resources/orderEntry/input';
import type { MenuGroup } from '../../contract/resources/orderEntry/rules';
import type { Tx } from '../db/client';
import {
  categories,
  complementGroupProducts,
  complementGroups,
  productComplementGroups,
  products,
} from '../db/schema';

const option = alias(products, 'option');

/**
 * A product is available when it and its category are: a category switched off takes its products
 * off the menu (restaurant spec 2). An option is available when its product is (its category does
 * not matter: complements usually sit in a category of their own that guests never browse).
 */
export async function readMenuView(tx: Tx, storeId: number): Promise<OrderEntryMenu> {
  const categoryRows = await tx
    .select({ id: categories.id, name: categories.name, available: categories.available })
    .from(categories)
    .where(eq(categories.store_id, storeId))
    .orderBy(asc(categories.list_order), asc(categories.id));
  const productRows = await tx
    .select({
      id: products.id,
      category_id: products.category_id,
      name: products.name,
      price: products.price,
      available: products.available,
      categoryAvailable: categories.available,
      complement_only: products.complement_only,
      allow_observations: products.allow_observations,
      kitchen_id: products.kitchen_id,
      thumbnail: products.thumbnail,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.category_id))
    .where(eq(products.store_id, storeId))
    .orderBy(asc(products.list_priority), asc(products.id));
  if (productRows.length === 0) return { categories: categoryRows, products: [] };

  const optionRows = await tx
    .select({
      productId: productComplementGroups.product_id,
      groupId: complementGroups.id,
      groupName: complementGroups.name,
      min: complementGroups.min_items,
      max: complementGroups.max_items,
      allowRepeat: complementGroups.allow_repeat,
      optionId: option.id,
      optionName: option.name,
      optionPrice: option.price,
      optionAvailable: option.available,
    })
    .from(productComplementGroups)
    .innerJoin(complementGroups, eq(complementGroups.id, productComplementGroups.group_id))
    .innerJoin(complementGroupProducts, eq(complementGroupProducts.group_id, complementGroups.id))
    .innerJoin(option, eq(option.id, complementGroupProducts.product_id))
    .where(
      and(
        inArray(
          productComplementGroups.product_id,
          productRows.map((product) => product.id),
        ),
        eq(complementGroups.store_id, storeId),
      ),
    )
    .orderBy(
      asc(productComplementGroups.product_id),
      asc(productComplementGroups.position),
      asc(productComplementGroups.group_id),
      asc(complementGroupProducts.position),
      asc(complementGroupProducts.product_id),
    );

  const groupsOf = new Map<number, Map<number, MenuGroup>>();
  for (const row of optionRows) {
    const groups = groupsOf.get(row.productId) ?? new Map<number, MenuGroup>();
    groupsOf.set(row.productId, groups);
    let group = groups.get(row.groupId);
    if (!group) {
      group = {
        id: row.groupId,
        name: row.groupName,
        min: row.min,
        max: row.max,
        allow_repeat: row.allowRepeat,
        options: [],
      };
      groups.set(row.groupId, group);
    }
    group.options.push({
      product_id: row.optionId,
      name: row.optionName,
      price: row.optionPrice,
      available: row.optionAvailable,
    });
  }

  return {
    categories: categoryRows,
    products: productRows.map(({ categoryAvailable, available, ...product }) => ({
      ...product,
      available: available && categoryAvailable,
      groups: [...(groupsOf.get(product.id)?.values() ?? [])],
    })),
  };
}
