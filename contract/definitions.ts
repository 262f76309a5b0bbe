import type { ResourceDefinition } from './define';
import { admins } from './resources/admins/definition';
import { cuisines } from './resources/cuisines/definition';
import { customers } from './resources/customers/definition';
import { faqs } from './resources/faqs/definition';
import { notifications } from './resources/notifications/definition';
import { operations } from './resources/operations/definition';
import { promoCodes } from './resources/promoCodes/definition';
import { restaurants } from './resources/restaurants/definition';
import { categories } from './resources/categories/definition';
import { products } from './resources/products/definition';
import { complementGroups } from './resources/complementGroups/definition';
import { kitchens } from './resources/kitchens/definition';
import { stories } from './resources/stories/definition';
import { tables } from './resources/floor/definition';
import { tabs } from './resources/tabs/definition';
import { kitchenBoard } from './resources/kitchenBoard/definition';
import { reservations } from './resources/reservations/definition';
import { usagePolicy } from './resources/usagePolicy/definition';
import { wall } from './resources/wall/definition';
import { reviews } from './resources/reviews/definition';
import { loyaltyPrograms } from './resources/loyalty/definition';
import { bankAccounts, deposits, statement } from './resources/financial/definition';
import { integrations } from './resources/integrations/definition';
import { rolePermissions } from './resources/rolePermissions/definition';
import { auditEvents } from './resources/audit/definition';
import { printJobs } from './resources/printing/definition';

/** Every resource the engine serves, by its name (react-admin's, which is also its route). */
export const definitions = {
  cousines: cuisines,
  operations,
  faqs,
  restaurants,
  admins,
  notifications,
  stories,
  promoCodes,
  categories,
  products,
  complementGroups,
  kitchens,
  customers,
  tables,
  commands: tabs,
  orderItems: kitchenBoard,
  reserves: reservations,
  usagePolicy,
  reviews,
  'loyalty-programs': loyaltyPrograms,
  mural: wall,
  'financial/extracts': statement,
  'financial/history': deposits,
  'financial/bank-accounts': bankAccounts,
  integrations,
  'role-permissions': rolePermissions,
  'audit-events': auditEvents,
  'print-jobs': printJobs,
} satisfies Record<string, ResourceDefinition>;

export type ResourceName = keyof typeof definitions;
