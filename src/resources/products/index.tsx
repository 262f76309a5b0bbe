import { lazy } from 'react';
import { Navigate, Route } from 'react-router-dom';
import FastfoodIcon from '@mui/icons-material/Fastfood';
import { RequirePermission } from '../../components/RequirePermission';
import type { ScreenModule } from '../../engine/resources';

export { menuPaths } from './paths';

// The menu screens load when first opened (drag and drop, uploads, image cropping).
const CategoriesScreen = lazy(() =>
  import('./CategoriesScreen').then((m) => ({ default: m.CategoriesScreen })),
);
const ImportScreen = lazy(() => import('./import/ImportScreen').then((m) => ({ default: m.ImportScreen })));

/**
 * Produtos: the store's menu. /products is the categories screen (categories with their products
 * nested); /products/create and /products/update/:id the product's generated form (its id in the
 * path, so that a reload or a shared link opens the same product); the OPDV import at
 * /products/imports. The categories' and complement groups' screens are under /products too
 * (their folders' routes, joined in ../screens.ts).
 */
export const productScreens: ScreenModule = {
  icon: FastfoodIcon,
  overrides: () => import('./overrides'),
  list: CategoriesScreen,
  paths: { edit: 'update/:id' },
  routes: [
    // The spec's /products/update without a record: the menu, where products are opened.
    <Route key="update-none" path="update" element={<Navigate to="/products" replace />} />,
    <Route
      key="imports"
      path="imports"
      element={
        <RequirePermission permission="integrations">
          <ImportScreen />
        </RequirePermission>
      }
    />,
  ],
};
