import type { Identifier } from 'react-admin';

/** A restaurant's detail (spec 2.5), which the list, the approvals and the dashboard open. */
export const restaurantPath = (id: Identifier) => `/restaurants/list/details/${id}`;
