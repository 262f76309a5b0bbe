import { Route } from 'react-router-dom';
import { lazyScreen } from '../preload';
import { reviewPaths } from './paths';

export { reviewPaths };

// Loaded when first opened, or with the app on its path.
const ReviewCustomer = lazyScreen(reviewPaths.customer, () =>
  import('./ReviewCustomer').then((m) => ({ default: m.ReviewCustomer })),
);

/**
 * Beside the generated list of Avaliações (/reviews, staff's and the administrators' with a
 * restaurant chosen, platform spec 2.2): the customer screen a review opens (/reviews/customer/:id).
 */
export const reviewRoutes = [<Route key="customer" path="customer/:id" element={<ReviewCustomer />} />];
