import { Route } from 'react-router-dom';
import LoyaltyIcon from '@mui/icons-material/Loyalty';
import type { ResourceProps } from 'react-admin';
import { RequirePermission } from '../../components/RequirePermission';
import { lazyScreen } from '../preload';
import { loyaltyPrograms as definition } from '../../../contract/resources/loyalty/definition';
import { loyaltyScreens } from './paths';

export { loyaltyScreens };

// Loaded when first opened, or with the app on their path.
const LoyaltyCustomers = lazyScreen(loyaltyScreens.list, () =>
  import('./LoyaltyCustomers').then((m) => ({ default: m.LoyaltyCustomers })),
);
const LoyaltyDetails = lazyScreen(loyaltyScreens.details, () =>
  import('./LoyaltyDetails').then((m) => ({ default: m.LoyaltyDetails })),
);

/**
 * Fidelidade, for the roles that hold it (managers by default) and for administrators with a
 * restaurant chosen (platform spec 2.2): the customers table (/loyalty-programs) and the program's
 * details (/loyalty-programs/details).
 */
export const loyaltyResource: ResourceProps = {
  name: definition.name,
  icon: LoyaltyIcon,
  options: { label: definition.label.many },
  list: () => (
    <RequirePermission permission="loyalty">
      <LoyaltyCustomers />
    </RequirePermission>
  ),
  children: [
    <Route
      key="details"
      path="details"
      element={
        <RequirePermission permission="loyalty">
          <LoyaltyDetails />
        </RequirePermission>
      }
    />,
  ],
};
