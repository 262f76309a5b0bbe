import type { ResourceDefinition } from './define';
import { admins } from './admins/definition';
import { cuisines } from './cuisines/definition';
import { customers } from './customers/definition';
import { faqs } from './faqs/definition';
import { notifications } from './notifications/definition';
import { operations } from './operations/definition';
import { promoCodes } from './promoCodes/definition';
import { restaurants } from './restaurants/definition';
import { categories } from './categories/definition';
import { products } from './menu/definition';
import { complementGroups } from './complementGroups/definition';
import { kitchens } from './kitchens/definition';
import { stories } from './stories/definition';
import { tables } from './tables/definition';
import { commands } from './commands/definition';
import { orderItems } from './orderItems/definition';
import { reservations } from './reservations/definition';
import { usagePolicy } from './usagePolicy/definition';
import { wall } from './wall/definition';
import { reviews } from './reviews/definition';
import { loyaltyPrograms } from './loyalty/definition';
import { bankAccounts, deposits, statement } from './financial/definition';
import { integrations } from './integrations/definition';
import { rolePermissions } from './rolePermissions/definition';
import { auditEvents } from './audit/definition';

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
  commands,
  orderItems,
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
} satisfies Record<string, ResourceDefinition>;

export type ResourceName = keyof typeof definitions;
