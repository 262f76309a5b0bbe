import type { z } from 'zod';
import type { Category } from '../../../contract/resources/categories/definition';
import type { productRow } from '../../../contract/resources/products/definition';

/** A product as the menu screens read it (GET /api/products, /api/categories?include=products). */
export type MenuProduct = z.input<typeof productRow>;

/** A category with its products in their order. */
export type MenuCategory = Omit<Category, 'products'> & { products: MenuProduct[] };
