import type { ResourceDefinition } from './define';
import { admins } from './admins/definition';
import { cousines } from './cousines/definition';
import { faqs } from './faqs/definition';
import { operations } from './operations/definition';
import { restaurants } from './restaurants/definition';

/** Every resource the engine serves, by name. */
export const definitions = { cousines, operations, faqs, restaurants, admins } satisfies Record<
  string,
  ResourceDefinition
>;

export type ResourceName = keyof typeof definitions;
