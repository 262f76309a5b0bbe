import PeopleIcon from '@mui/icons-material/People';
import type { ScreenModule } from '../../engine/resources';
import { lazyScreen } from '../preload';

// Loaded when first opened, not with the login page.
const UsersAnalytics = lazyScreen('/customers', () =>
  import('./UsersAnalytics').then((m) => ({ default: m.UsersAnalytics })),
);

/**
 * "Usuários", the app's customers (spec 2.7 and 2.9): /customers is the users analytics,
 * /customers/list the generated list and /customers/list/details/:id a customer's generated detail
 * (./overrides.tsx).
 */
export const customerScreens: ScreenModule = {
  icon: PeopleIcon,
  overrides: () => import('./overrides'),
  list: UsersAnalytics,
  paths: { list: 'list', edit: 'list/details/:id' },
};
