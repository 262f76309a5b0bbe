/**
 * Where the loyalty screens live (restaurant spec 2: /loyalty-programs with /details): the
 * customers table, and the program's details with its form.
 */
export const loyaltyScreens = {
  list: '/loyalty-programs',
  details: '/loyalty-programs/details',
} as const;
