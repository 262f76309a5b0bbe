/** Paths of the menu screens (restaurant spec 2), with the record's id where one is edited. */
export const menuPaths = {
  categories: '/products',
  productCreate: '/products/create',
  productEdit: (id: number | string) => `/products/update/${id}`,
  categoryCreate: '/products/category/create',
  categoryEdit: (id: number | string) => `/products/category/update/${id}`,
  complements: '/products/complements',
  groupCreate: '/products/complements/create/group',
  groupEdit: (id: number | string) => `/products/complements/create/group/${id}`,
  imports: '/products/imports',
  kitchens: '/kitchens',
} as const;
