import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { definitions, type ResourceName } from '../../contract/definitions';
import type { ResourceDefinition } from '../../contract/define';
import * as schema from '../db/schema';
import { crud, nameKeyed, type CrudResource } from './crud';

/** What some resources need beyond their definition and table. */
const extras: Partial<Record<ResourceName, Omit<CrudResource, 'definition' | 'table'>>> = {
  cousines: nameKeyed,
  operations: nameKeyed,
  // How many products each kitchen's board receives: the list shows it, removal warns with it.
  kitchens: { counts: { n_products: schema.products.kitchen_id } },
};

function tableOf(definition: ResourceDefinition): PgTable {
  const table = (schema as Record<string, unknown>)[definition.table!];
  if (!is(table, PgTable)) {
    throw new Error(
      `O recurso ${definition.name} aponta para a tabela "${definition.table}", que não existe.`,
    );
  }
  return table;
}

/** Every resource served by the generic CRUD routes: each definition that names its table. */
export const crudResources: CrudResource[] = Object.entries(definitions)
  .filter(([, definition]) => (definition as ResourceDefinition).table)
  .map(([name, definition]) =>
    crud(
      definition as ResourceDefinition,
      tableOf(definition as ResourceDefinition),
      extras[name as ResourceName],
    ),
  );
