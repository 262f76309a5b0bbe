import { Navigate, Route } from 'react-router-dom';
import { dragOrderModule } from '../../engine/dragOrderLoader';
import { menuPaths } from '../products/paths';
import { lazyScreen } from '../preload';

/**
 * The menu, /products: the categories' list, loaded with its drag and drop (it renders once, with
 * its grips).
 */
export const CategoryMenu = lazyScreen(menuPaths.categories, async () => {
  const [screens] = await Promise.all([import('./overrides'), dragOrderModule()]);
  return { default: screens.CategoryMenu };
});
const CategoryCreate = lazyScreen(menuPaths.categoryCreate, () =>
  import('./overrides').then((m) => ({ default: m.CategoryCreate })),
);
const CategoryEdit = lazyScreen(menuPaths.categoryEdit(':id'), () =>
  import('./overrides').then((m) => ({ default: m.CategoryEdit })),
);

/** The category's form under the menu: /products/category/create and /products/category/update/:id. */
export const categoryRoutes = [
  <Route key="category-create" path="category/create" element={<CategoryCreate />} />,
  <Route key="category-update" path="category/update/:id" element={<CategoryEdit />} />,
  // The spec's /products/category/update without a record: the menu, where categories are opened.
  <Route key="category-update-none" path="category/update" element={<Navigate to="/products" replace />} />,
];
