/** Where the reservation screens live (restaurant spec 2: /reserves with /create and /opening-hours). */
export const reservationPaths = {
  list: '/reserves',
  create: '/reserves/create',
  hours: '/reserves/opening-hours',
} as const;
