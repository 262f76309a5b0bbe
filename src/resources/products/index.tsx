import { Navigate, Route } from 'react-router-dom';
import FastfoodIcon from '@mui/icons-material/Fastfood';
import { RequirePermission } from '../../components/RequirePermission';
import type { ScreenModule } from '../../engine/resources';
import { lazyScreen } from '../preload';
import { menuPaths } from './paths';

// Loaded when first opened, or with the app on its path.
const ImportScreen = lazyScreen(menuPaths.imports, () =>
  import('./import/ImportScreen').then((m) => ({ default: m.ImportScreen })),
);

/**
 * Produtos: the store's menu. /products/create and /products/update/:id are the product's
 * generated form (its id in the path, so that a reload or a shared link opens the same product),
 * /products/imports the OPDV import. /products itself is the categories' list, and the
 * categories' and complement groups' screens are under /products too: ../screens.ts joins them.
 */
export const productScreens: ScreenModule = {
  icon: FastfoodIcon,
  overrides: () => import('./overrides'),
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
