import { loyaltyPrograms } from '../../../contract/resources/loyalty/definition';

/**
 * Where the loyalty screens live (restaurant spec 2: /loyalty-programs with /details): the
 * customers list, at the resource's own path, and the program's details with its form under it.
 */
export const loyaltyScreens = {
  list: `/${loyaltyPrograms.name}`,
  details: `/${loyaltyPrograms.name}/details`,
} as const;
