import { cousines } from '../../src/resources/cousines/definition';
import { faqs } from '../../src/resources/faqs/definition';
import { kitchens } from '../../src/resources/kitchens/definition';
import { operations } from '../../src/resources/operations/definition';
import { promoCodes } from '../../src/resources/promoCodes/definition';
import * as schema from '../db/schema';
import { crud, nameKeyed } from './crud';

/** Every resource served by the generic CRUD routes: its definition and its table. */
export const crudResources = [
  crud(cousines, schema.cuisines, nameKeyed),
  crud(operations, schema.operations, nameKeyed),
  crud(faqs, schema.faqs),
  // How many products each kitchen's board receives: the list shows it, removal warns with it.
  crud(kitchens, schema.kitchens, { counts: { n_products: schema.products.kitchen_id } }),
  crud(promoCodes, schema.promoCodes),
];
