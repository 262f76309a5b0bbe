import { Route } from 'react-router-dom';
import PeopleIcon from '@mui/icons-material/People';
import type { ScreenModule } from '../../engine/resources';
import { lazyScreen } from '../preload';

// Loaded when first opened, not with the login page.
const CustomerDetails = lazyScreen('/customers/list/details/:id', () =>
  import('./CustomerDetails').then((m) => ({ default: m.CustomerDetails })),
);
const UsersAnalytics = lazyScreen('/customers', () =>
  import('./UsersAnalytics').then((m) => ({ default: m.UsersAnalytics })),
);

/**
 * "Usuários", the app's customers (spec 2.7 and 2.9): /customers is the users analytics,
 * /customers/list the generated list (./overrides.tsx) and /customers/list/details/:id a customer's
 * detail.
 */
export const customerScreens: ScreenModule = {
  icon: PeopleIcon,
  overrides: () => import('./overrides'),
  list: UsersAnalytics,
  paths: { list: 'list' },
  routes: [<Route key="details" path="list/details/:id" element={<CustomerDetails />} />],
};
