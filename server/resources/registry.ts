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
  crud(kitchens, schema.kitchens),
  crud(promoCodes, schema.promoCodes),
];
