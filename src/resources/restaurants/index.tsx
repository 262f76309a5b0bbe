import { lazy } from 'react';
import { Navigate, Route } from 'react-router-dom';
import StorefrontIcon from '@mui/icons-material/Storefront';
import type { ResourceProps } from 'react-admin';

// Heavy screens (drag and drop, uploads, long forms) load when first opened, not with the login.
const RestaurantApprovals = lazy(() =>
  import('./RestaurantApprovals').then((m) => ({ default: m.RestaurantApprovals })),
);
const RestaurantCreate = lazy(() =>
  import('./RestaurantCreate').then((m) => ({ default: m.RestaurantCreate })),
);
const RestaurantDetails = lazy(() =>
  import('./RestaurantDetails').then((m) => ({ default: m.RestaurantDetails })),
);
const RestaurantList = lazy(() => import('./RestaurantList').then((m) => ({ default: m.RestaurantList })));
const RestaurantsDashboard = lazy(() =>
  import('./RestaurantsDashboard').then((m) => ({ default: m.RestaurantsDashboard })),
);

/**
 * The spec's restaurant routes: /restaurants is the dashboard, /restaurants/list the list,
 * /restaurants/list/details/:id the detail, /restaurants/approvals and /restaurants/create.
 */
export const restaurants: ResourceProps = {
  name: 'restaurants',
  icon: StorefrontIcon,
  options: { label: 'Restaurantes' },
  list: RestaurantsDashboard,
  create: RestaurantCreate,
  edit: RestaurantDetails,
  recordRepresentation: 'name',
  children: [
    <Route key="list" path="list" element={<RestaurantList />} />,
    <Route key="details" path="list/details/:id" element={<RestaurantDetails />} />,
    // The spec's path without a record (its client passed the record in navigation state).
    <Route key="details-alone" path="list/details" element={<Navigate to="/restaurants/list" replace />} />,
    <Route key="approvals" path="approvals" element={<RestaurantApprovals />} />,
  ],
};
