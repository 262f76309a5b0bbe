import type { ResourceDefinition } from './define';
import { cousines } from './cousines/definition';
import { faqs } from './faqs/definition';
import { operations } from './operations/definition';

/** Every resource the engine serves, by name. */
export const definitions = { cousines, operations, faqs } satisfies Record<string, ResourceDefinition>;

export type ResourceName = keyof typeof definitions;
