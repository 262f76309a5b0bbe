import { Route } from 'react-router-dom';
import { RequirePermission } from '../../components/RequirePermission';
import { lazyScreen } from '../preload';
import { loyaltyScreens } from './paths';

export { loyaltyScreens };

// Loaded when first opened, or with the app on its path.
const LoyaltyDetails = lazyScreen(loyaltyScreens.details, () =>
  import('./LoyaltyDetails').then((m) => ({ default: m.LoyaltyDetails })),
);

/**
 * Beside the generated customers list of Fidelidade (/loyalty-programs, for the roles that hold it
 * and for administrators with a restaurant chosen, platform spec 2.2): the program's details
 * (/loyalty-programs/details), which are no record's form — one program per store, read and saved
 * at the endpoint itself.
 */
export const loyaltyRoutes = [
  <Route
    key="details"
    path="details"
    element={
      <RequirePermission permission="loyalty">
        <LoyaltyDetails />
      </RequirePermission>
    }
  />,
];
