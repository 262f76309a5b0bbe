import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { storeResource } from '../../contract/define';
import { categories } from '../../contract/resources/categories/definition';
import { kitchens } from '../../contract/resources/kitchens/definition';
import { wall } from '../../contract/resources/wall/definition';

/** The least a definition says besides its header. */
const base = {
  name: 'suppliers',
  endpoint: '/api/suppliers',
  label: { one: 'Fornecedor', many: 'Fornecedores' },
  fields: { name: { label: 'Nome', kind: 'text' as const, list: true } },
  input: z.strictObject({ name: z.string() }),
  record: z.object({ id: z.number(), name: z.string() }),
  list: { perPage: 25, sort: { field: 'name', order: 'ASC' as const } },
  messages: { created: 'Criado!', updated: 'Atualizado!', deleted: 'Removido!' },
};

describe('storeResource: the usual header of a store resource', () => {
  it("lets the team read, the permission's holders write, and keeps the store's records apart", () => {
    const suppliers = storeResource({ ...base, permission: 'finance' });

    expect(suppliers.access).toEqual({
      list: 'store',
      one: 'store',
      create: 'store:finance',
      update: 'store:finance',
      delete: 'store:finance',
    });
    expect(suppliers.storeScoped).toBe(true);
    expect(suppliers.envelope).toEqual({ list: 'data.results', one: 'data' });
    expect(suppliers.name).toBe('suppliers');
    expect(suppliers.input).toBe(base.input);
    // No screens asked for: none made up.
    expect('screens' in suppliers).toBe(false);
  });

  it('adds the drag order for the same writers when asked', () => {
    expect(storeResource({ ...base, permission: 'menu', reorder: true }).access).toEqual({
      list: 'store',
      one: 'store',
      create: 'store:menu',
      update: 'store:menu',
      delete: 'store:menu',
      reorder: 'store:menu',
    });
  });

  it("gives its screens to the store's team unless they name their audience", () => {
    const staff = storeResource({ ...base, permission: 'menu', screens: { createLabel: 'NOVO FORNECEDOR' } });
    expect(staff.screens).toEqual({ audience: 'staff', createLabel: 'NOVO FORNECEDOR' });
    const both = storeResource({ ...base, permission: 'menu', screens: { audience: 'everyone' } });
    expect(both.screens).toEqual({ audience: 'everyone' });
  });

  it('is what the kitchens, the categories and the wall are made of', () => {
    expect(kitchens.access).toEqual({
      list: 'store',
      one: 'store',
      create: 'store:menu',
      update: 'store:menu',
      delete: 'store:menu',
    });
    expect(kitchens.screens?.audience).toBe('staff');
    expect(categories.access.reorder).toBe('store:menu');
    expect(wall.access).toMatchObject({ create: 'store:wall', reorder: 'store:wall' });
    for (const definition of [kitchens, categories, wall]) expect(definition.storeScoped).toBe(true);
  });
});
