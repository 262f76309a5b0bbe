import { Route } from 'react-router-dom';
import PeopleIcon from '@mui/icons-material/People';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../preload';
import { customers as definition } from '../../../contract/resources/customers/definition';

// Loaded when first opened, not with the login page.
const CustomerDetails = lazyScreen('/customers/list/details/:id', () =>
  import('./CustomerDetails').then((m) => ({ default: m.CustomerDetails })),
);
const CustomerList = lazyScreen('/customers/list', () =>
  import('./CustomerList').then((m) => ({ default: m.CustomerList })),
);
const UsersAnalytics = lazyScreen('/customers', () =>
  import('./UsersAnalytics').then((m) => ({ default: m.UsersAnalytics })),
);

/**
 * "Usuários", the app's customers (spec 2.7 and 2.9): /customers is the users analytics,
 * /customers/list the list and /customers/list/details/:id a customer's detail.
 */
export const customers: ResourceProps = {
  name: definition.name,
  icon: PeopleIcon,
  options: { label: definition.label.many },
  list: UsersAnalytics,
  recordRepresentation: 'fullname',
  children: [
    <Route key="list" path="list" element={<CustomerList />} />,
    <Route key="details" path="list/details/:id" element={<CustomerDetails />} />,
  ],
};
