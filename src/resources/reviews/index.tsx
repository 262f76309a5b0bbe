import { Route } from 'react-router-dom';
import RateReviewIcon from '@mui/icons-material/RateReview';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../preload';
import { reviews as definition } from '../../../contract/resources/reviews/definition';
import { reviewPaths } from './paths';

export { reviewPaths };

// Loaded when first opened, or with the app on their path.
const ReviewList = lazyScreen(reviewPaths.list, () =>
  import('./ReviewList').then((m) => ({ default: m.ReviewList })),
);
const ReviewCustomer = lazyScreen(reviewPaths.customer, () =>
  import('./ReviewCustomer').then((m) => ({ default: m.ReviewCustomer })),
);

/**
 * Avaliações, for staff and for administrators with a restaurant chosen (platform spec 2.2): the
 * list (/reviews) and the customer screen a review opens (/reviews/customer/:id).
 */
export const reviewsResource: ResourceProps = {
  name: definition.name,
  icon: RateReviewIcon,
  options: { label: definition.label.many },
  list: ReviewList,
  children: [<Route key="customer" path="customer/:id" element={<ReviewCustomer />} />],
};
