import { lazy } from 'react';
import { Navigate, Route } from 'react-router-dom';
import StorefrontIcon from '@mui/icons-material/Storefront';
import type { ScreenModule } from '../../engine/resources';

// Heavy screens (drag and drop, uploads, long forms) load when first opened, not with the login.
const RestaurantApprovals = lazy(() =>
  import('./RestaurantApprovals').then((m) => ({ default: m.RestaurantApprovals })),
);
const RestaurantsDashboard = lazy(() =>
  import('./RestaurantsDashboard').then((m) => ({ default: m.RestaurantsDashboard })),
);

/**
 * The spec's restaurant routes: /restaurants is the dashboard, /restaurants/list the list,
 * /restaurants/list/details/:id the detail, /restaurants/approvals and /restaurants/create. The
 * list (in the app's order, dragged), the create and the detail forms are generated (./overrides.tsx);
 * the approvals are the engine's list too, with columns and filters of their own
 * (./RestaurantApprovals.tsx).
 */
export const restaurantScreens: ScreenModule = {
  icon: StorefrontIcon,
  overrides: () => import('./overrides'),
  list: RestaurantsDashboard,
  paths: { list: 'list', edit: 'list/details/:id' },
  routes: [
    // The spec's path without a record (its client passed the record in navigation state).
    <Route key="details-alone" path="list/details" element={<Navigate to="/restaurants/list" replace />} />,
    <Route key="approvals" path="approvals" element={<RestaurantApprovals />} />,
  ],
};
