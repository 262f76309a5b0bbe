import type { RaRecord } from 'react-admin';

/** A product as the menu screens read it (GET /api/products, /api/categories?include=products). */
export interface MenuProduct extends RaRecord<number> {
  name: string;
  description: string;
  price: number;
  external_code: string;
  category_id: number;
  available: boolean;
  thumbnail: string | null;
  image: string | null;
  images: string[];
  list_priority: number;
  complement_only: boolean;
}

/** A category with its products in their order. */
export interface MenuCategory extends RaRecord<number> {
  name: string;
  display: 'ALL' | 'GRID' | 'LIST';
  available: boolean;
  image: string | null;
  list_order: number;
  products: MenuProduct[];
}
