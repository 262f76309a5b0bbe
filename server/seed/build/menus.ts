import type * as s from '../../db/schema';
import type { StoreDef } from '../catalog';
import { slugOf } from '../documents';
import { dishCard } from '../images';
import type { Random } from '../random';
import type { Demo, GroupRt, ProductRt, Row } from './state';

/** Every store's menu rows, queued by buildStores (full scale only). */
export interface MenuRows {
  kitchens: Row<typeof s.kitchens>[];
  categories: Row<typeof s.categories>[];
  groups: Row<typeof s.complementGroups>[];
  groupProducts: Row<typeof s.complementGroupProducts>[];
  productGroups: Row<typeof s.productComplementGroups>[];
}

/**
 * One store's menu, drawn from the stores' random stream in turn with its store row. Returns the
 * kitchens' ids and what its tabs can order (the unavailable products left out).
 */
export function buildMenu(
  demo: Pick<Demo, 'images' | 'productRows'>,
  rng: Random,
  rows: MenuRows,
  ids: { kitchen: number; category: number; product: number; group: number },
  store: { def: StoreDef; index: number; id: number; since: Date },
): { kitchenIds: number[]; food: ProductRt[]; drinks: ProductRt[] } {
  const { kitchens, categories, groups, groupProducts, productGroups } = rows;
  const { def, index, id, since } = store;
  // Kitchens, then the complement groups with their option products, then the menu.
  const kitchenIds = def.kitchens.map((name) => {
    kitchens.push({
      id: ++ids.kitchen,
      store_id: id,
      name,
      available: true,
      created_at: since,
      updated_at: since,
    });
    return ids.kitchen;
  });
  const codes = new Set<string>();
  const code = () => {
    for (;;) {
      const c = rng.chars(6, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789');
      if (!codes.has(c)) {
        codes.add(c);
        return c;
      }
    }
  };
  const storeCategories = [...def.categories];
  let complementCategoryId: number | null = null;
  if (def.groups.length > 0) {
    complementCategoryId = ++ids.category;
    categories.push({
      id: complementCategoryId,
      store_id: id,
      name: 'Complementos',
      display: 'LIST',
      available: true,
      image: null,
      list_order: storeCategories.length + 1,
      created_at: since,
      updated_at: since,
    });
  }
  const groupById = new Map<string, GroupRt>();
  const optionProduct = new Map<string, number>();
  def.groups.forEach((group) => {
    const groupId = ++ids.group;
    groups.push({
      id: groupId,
      store_id: id,
      name: group.name,
      min_items: group.min,
      max_items: group.max,
      allow_repeat: group.repeat ?? false,
      created_at: since,
      updated_at: since,
    });
    group.options.forEach(([name, price], position) => {
      let productId = optionProduct.get(name);
      if (productId === undefined) {
        productId = ++ids.product;
        optionProduct.set(name, productId);
        demo.productRows.push({
          id: productId,
          store_id: id,
          category_id: complementCategoryId!,
          kitchen_id: null,
          name,
          description: '',
          price,
          external_code: code(),
          complement_only: true,
          allow_observations: false,
          image_aspect_ratio: 1,
          images: [],
          image: null,
          thumbnail: null,
          icon: null,
          available: true,
          list_priority: optionProduct.size,
          n_likes: 0,
          n_sold: 0,
          origin: null,
          integration_code: null,
          integration_name: null,
          integration_category_id: null,
          integration_category_name: null,
          created_at: since,
          updated_at: since,
        });
      }
      groupProducts.push({ group_id: groupId, product_id: productId, store_id: id, position });
    });
    groupById.set(group.key, {
      id: groupId,
      def: group,
      options: group.options.map(([name, price]) => ({ name, price })),
    });
  });

  const food: ProductRt[] = [];
  const drinks: ProductRt[] = [];
  storeCategories.forEach((category, categoryIndex) => {
    const categoryId = ++ids.category;
    const hue = def.hue + categoryIndex * 14;
    categories.push({
      id: categoryId,
      store_id: id,
      name: category.name,
      display: category.display ?? (categoryIndex % 3 === 2 ? 'GRID' : 'ALL'),
      available: true,
      image: demo.images.add(
        `categories/${def.slug}-${slugOf(category.name)}.svg`,
        dishCard(category.name, def.name, hue),
      ),
      list_order: categoryIndex + 1,
      created_at: since,
      updated_at: since,
    });
    category.products.forEach((product, position) => {
      const productId = ++ids.product;
      const externalCode = code();
      const ratio = product.ratio ?? 1;
      const image = demo.images.add(
        `products/${def.slug}-${externalCode.toLowerCase()}.svg`,
        dishCard(product.name, def.name, hue + position * 5, ratio),
      );
      const kitchenId = kitchenIds[product.kitchen ?? category.kitchen] ?? null;
      const opdv = index === 0 && category.drinks && position < 3;
      const created = new Date(since.getTime() + (categoryIndex * 7 + position) * 3_600_000);
      demo.productRows.push({
        id: productId,
        store_id: id,
        category_id: categoryId,
        kitchen_id: kitchenId,
        name: product.name,
        description: product.description,
        price: product.price,
        external_code: externalCode,
        complement_only: false,
        allow_observations: !product.noObservations,
        image_aspect_ratio: ratio,
        images: [image],
        image,
        thumbnail: image,
        icon: product.icon ?? null,
        available: !product.unavailable,
        list_priority: position + 1,
        n_likes: Math.round(rng.float(0, 60) * (product.weight ?? 1)),
        n_sold: 0,
        origin: opdv ? 'opdv' : null,
        integration_code: opdv ? `${1000 + productId}` : null,
        integration_name: opdv ? product.name.toUpperCase() : null,
        integration_category_id: opdv ? '7' : null,
        integration_category_name: opdv ? 'BEBIDAS' : null,
        created_at: created,
        updated_at: created,
      });
      (product.groups ?? []).forEach((key, groupPosition) => {
        const group = groupById.get(key);
        if (!group) throw new Error(`${def.name}: no complement group ${key}`);
        productGroups.push({
          product_id: productId,
          group_id: group.id,
          store_id: id,
          position: groupPosition,
        });
      });
      if (product.unavailable) return;
      const rt: ProductRt = {
        id: productId,
        name: product.name,
        price: product.price,
        kitchenId,
        thumbnail: image,
        image,
        groups: (product.groups ?? []).map((key) => groupById.get(key)!),
        drink: Boolean(category.drinks),
        observations: !product.noObservations,
        weight: product.weight ?? 1,
        sold: 0,
      };
      (category.drinks ? drinks : food).push(rt);
    });
  });
  return { kitchenIds, food, drinks };
}
