import { callPath } from '../../../contract/define';
import { reviews } from '../../../contract/resources/reviews/definition';

/**
 * Where the review screens live: the list at the spec's /reviews, and the customer screen a review
 * opens, under it (the spec names no path for it).
 */
export const reviewPaths = {
  list: '/reviews',
  customer: '/reviews/customer/:id',
  customerOf: (id: number | string) => `/reviews/customer/${encodeURIComponent(String(id))}`,
} as const;

/** The summary that heads the list (read again when an answer changes its counts). */
export const SUMMARY_PATH = callPath(reviews, reviews.calls!.summary!);
