import { lazy } from 'react';
import SoupKitchenIcon from '@mui/icons-material/SoupKitchen';
import type { ResourceProps } from 'react-admin';
import { kitchens as definition } from './definition';

// Loaded when first opened, not with the login page.
const KitchenList = lazy(() => import('./KitchenList').then((m) => ({ default: m.KitchenList })));
const KitchenCreate = lazy(() => import('./KitchenForm').then((m) => ({ default: m.KitchenCreate })));
const KitchenEdit = lazy(() => import('./KitchenForm').then((m) => ({ default: m.KitchenEdit })));

/**
 * Cozinhas: where order items are routed (restaurant spec 2 "Kitchens"). The list with each
 * kitchen's available switch, NOVA COZINHA, and the create/edit screen with Remover. Reached from
 * the products screen (the staff menu has no entry of its own).
 */
export const kitchens: ResourceProps = {
  name: definition.name,
  icon: SoupKitchenIcon,
  options: { label: definition.label.many },
  list: KitchenList,
  create: KitchenCreate,
  edit: KitchenEdit,
  recordRepresentation: 'name',
};
