import { Route } from 'react-router-dom';
import StorefrontIcon from '@mui/icons-material/Storefront';
import type { ResourceProps } from 'react-admin';
import { RestaurantApprovals } from './RestaurantApprovals';
import { RestaurantCreate } from './RestaurantCreate';
import { RestaurantDetails } from './RestaurantDetails';
import { RestaurantList } from './RestaurantList';
import { RestaurantsDashboard } from './RestaurantsDashboard';

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
    <Route key="approvals" path="approvals" element={<RestaurantApprovals />} />,
  ],
};
