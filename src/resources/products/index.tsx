import { lazy } from 'react';
import { RequirePermission } from '../../components/RequirePermission';
import { Navigate, Route } from 'react-router-dom';
import FastfoodIcon from '@mui/icons-material/Fastfood';
import type { ResourceProps } from 'react-admin';
import { products as definition } from '../../../contract/resources/products/definition';

export { menuPaths } from './paths';

// The menu screens load when first opened (drag and drop, uploads, image cropping).
const CategoriesScreen = lazy(() =>
  import('./CategoriesScreen').then((m) => ({ default: m.CategoriesScreen })),
);
const ProductCreate = lazy(() => import('./ProductForm').then((m) => ({ default: m.ProductCreate })));
const ProductEdit = lazy(() => import('./ProductForm').then((m) => ({ default: m.ProductEdit })));
const CategoryCreate = lazy(() =>
  import('../categories/overrides').then((m) => ({ default: m.CategoryCreate })),
);
const CategoryEdit = lazy(() =>
  import('../categories/overrides').then((m) => ({ default: m.CategoryEdit })),
);
const ImportScreen = lazy(() => import('./import/ImportScreen').then((m) => ({ default: m.ImportScreen })));
const ComplementGroupList = lazy(() =>
  import('../complementGroups/overrides').then((m) => ({ default: m.ComplementGroupList })),
);
const ComplementGroupForm = lazy(() =>
  import('../complementGroups/ComplementGroupForm').then((m) => ({ default: m.ComplementGroupForm })),
);

/**
 * Produtos: the store's menu. /products is the categories screen (categories with their products
 * nested), /products/create and /products/update/:id the product form, then the category form
 * and the complement groups under /products/category and /products/complements, the OPDV import
 * at /products/imports. Edit screens
 * carry the record's id in the path, so that a reload or a shared link opens the same record.
 */
export const productsResource: ResourceProps = {
  name: definition.name,
  icon: FastfoodIcon,
  options: { label: definition.label.many },
  list: CategoriesScreen,
  create: ProductCreate,
  recordRepresentation: 'name',
  children: [
    <Route key="update" path="update/:id" element={<ProductEdit />} />,
    // The spec's /products/update and /products/category/update without a record: the menu, where
    // products and categories are opened.
    <Route key="update-none" path="update" element={<Navigate to="/products" replace />} />,
    <Route key="category-update-none" path="category/update" element={<Navigate to="/products" replace />} />,
    <Route key="category-create" path="category/create" element={<CategoryCreate />} />,
    <Route key="category-update" path="category/update/:id" element={<CategoryEdit />} />,
    <Route
      key="imports"
      path="imports"
      element={
        <RequirePermission permission="integrations">
          <ImportScreen />
        </RequirePermission>
      }
    />,
    <Route key="complements" path="complements" element={<ComplementGroupList />} />,
    <Route key="group-create" path="complements/create/group" element={<ComplementGroupForm />} />,
    <Route key="group-update" path="complements/create/group/:id" element={<ComplementGroupForm />} />,
  ],
};
