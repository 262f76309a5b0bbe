import { describe, expect, it } from 'vitest';
import {
  checkLine,
  checkOrder,
  groupState,
  priceLine,
  type MenuGroup,
  type MenuProduct,
  type MenuView,
  type OrderLine,
} from '../../contract/resources/orderEntry/rules';

const option = (product_id: number, name: string, price: number, available = true) => ({
  product_id,
  name,
  price,
  available,
});

const sauce: MenuGroup = {
  id: 10,
  name: 'Molho',
  min: 1,
  max: 1,
  allow_repeat: false,
  options: [option(21, 'Molho de tomate', 0), option(22, 'Pesto', 300)],
};
const extras: MenuGroup = {
  id: 11,
  name: 'Adicionais',
  min: 0,
  max: 3,
  allow_repeat: true,
  options: [option(31, 'Bacon', 500), option(32, 'Queijo extra', 400), option(33, 'Trufa', 1200, false)],
};
const sides: MenuGroup = {
  id: 12,
  name: 'Acompanhamentos',
  min: 2,
  max: 3,
  allow_repeat: false,
  options: [option(41, 'Fritas', 900), option(42, 'Salada', 700), option(43, 'Purê', 800, false)],
};

function product(over: Partial<MenuProduct> & Pick<MenuProduct, 'id' | 'name'>): MenuProduct {
  return {
    price: 1000,
    available: true,
    complement_only: false,
    allow_observations: true,
    kitchen_id: 7,
    thumbnail: null,
    groups: [],
    ...over,
  };
}

const risotto = product({ id: 1, name: 'Risoto de cogumelos', price: 5800, groups: [sauce, extras] });
const water = product({ id: 2, name: 'Água', price: 600, allow_observations: false, kitchen_id: null });
const menu: MenuView = {
  products: [
    risotto,
    water,
    product({ id: 3, name: 'Tiramisù', available: false }),
    product({ id: 5, name: 'Picanha', price: 8900, groups: [sides] }),
    product({
      id: 6,
      name: 'Hambúrguer',
      groups: [
        {
          id: 13,
          name: 'Pão',
          min: 1,
          max: 1,
          allow_repeat: false,
          options: [option(51, 'Brioche', 0, false)],
        },
      ],
    }),
    product({
      id: 7,
      name: 'Pastel',
      groups: [
        { id: 14, name: 'Recheio', min: 2, max: 2, allow_repeat: true, options: [option(52, 'Queijo', 0)] },
      ],
    }),
    product({ id: 31, name: 'Bacon', price: 500, complement_only: true }),
  ],
};

const line = (over: Partial<OrderLine> & Pick<OrderLine, 'product_id'>): OrderLine => ({
  quantity: 1,
  complements: [],
  observations: null,
  ...over,
});
const SAUCE = { group_id: 10, product_id: 21, quantity: 1 };
const withSauce = (over: Partial<OrderLine> = {}): OrderLine =>
  line({ product_id: 1, complements: [SAUCE], ...over });
/** The risotto with its sauce and `more` complements. */
const sauceAnd = (...more: OrderLine['complements']): OrderLine =>
  withSauce({ complements: [SAUCE, ...more] });

describe('checkLine refuses', () => {
  it.each([
    ['an unknown product', line({ product_id: 99 }), 404, 'Produto não encontrado.'],
    ['an unavailable product', line({ product_id: 3 }), 409, 'O produto Tiramisù está indisponível.'],
    [
      'a product whose required group has no available option',
      line({ product_id: 6 }),
      409,
      'O produto Hambúrguer está indisponível.',
    ],
    [
      'a complement ordered alone',
      line({ product_id: 31 }),
      400,
      'Bacon só pode ser pedido como complemento.',
    ],
    [
      'an option of the product in another of its groups',
      sauceAnd({ group_id: 11, product_id: 22, quantity: 1 }),
      400,
      'O complemento Pesto não faz parte de "Adicionais" em Risoto de cogumelos.',
    ],
    [
      'a group of another product',
      sauceAnd({ group_id: 12, product_id: 41, quantity: 1 }),
      400,
      'O complemento Fritas não faz parte de "Acompanhamentos" em Risoto de cogumelos.',
    ],
    [
      'an option the menu does not know',
      withSauce({ complements: [{ group_id: 10, product_id: 999, quantity: 1 }] }),
      404,
      'Complemento não encontrado.',
    ],
    [
      'an unavailable option',
      sauceAnd({ group_id: 11, product_id: 33, quantity: 1 }),
      409,
      'O complemento Trufa está indisponível.',
    ],
    [
      'fewer options than the minimum (one)',
      line({ product_id: 1 }),
      400,
      'Escolha pelo menos 1 opção em "Molho" para Risoto de cogumelos.',
    ],
    [
      'fewer options than the minimum (several)',
      line({ product_id: 5, complements: [{ group_id: 12, product_id: 41, quantity: 1 }] }),
      400,
      'Escolha pelo menos 2 opções em "Acompanhamentos" para Picanha.',
    ],
    [
      'more options than the maximum (one)',
      sauceAnd({ group_id: 10, product_id: 22, quantity: 1 }),
      400,
      'Escolha no máximo 1 opção em "Molho" para Risoto de cogumelos.',
    ],
    [
      'more options than the maximum, counting repeats',
      sauceAnd({ group_id: 11, product_id: 31, quantity: 2 }, { group_id: 11, product_id: 32, quantity: 2 }),
      400,
      'Escolha no máximo 3 opções em "Adicionais" para Risoto de cogumelos.',
    ],
    [
      'an option twice as much where it may not repeat',
      withSauce({ complements: [{ group_id: 10, product_id: 21, quantity: 2 }] }),
      400,
      'Em "Molho" cada opção só pode ser escolhida uma vez.',
    ],
    [
      'the same option twice where it may not repeat',
      line({
        product_id: 5,
        complements: [
          { group_id: 12, product_id: 41, quantity: 1 },
          { group_id: 12, product_id: 41, quantity: 1 },
        ],
      }),
      400,
      'Em "Acompanhamentos" cada opção só pode ser escolhida uma vez.',
    ],
    [
      'observations on a product that takes none',
      line({ product_id: 2, observations: 'sem gelo' }),
      400,
      'O produto Água não aceita observações.',
    ],
    [
      'an observation over 140 characters',
      withSauce({ observations: 'a'.repeat(141) }),
      400,
      'A observação pode ter no máximo 140 caracteres.',
    ],
    ['a quantity of 0', withSauce({ quantity: 0 }), 400, 'A quantidade deve ser de 1 a 50.'],
    ['a quantity of 51', withSauce({ quantity: 51 }), 400, 'A quantidade deve ser de 1 a 50.'],
    ['a quantity of 1.5', withSauce({ quantity: 1.5 }), 400, 'A quantidade deve ser de 1 a 50.'],
    [
      'an option chosen 0 times',
      sauceAnd({ group_id: 11, product_id: 31, quantity: 0 }),
      400,
      'A quantidade deve ser de 1 a 50.',
    ],
  ])('%s', (_case, refused, status, message) => {
    expect(checkLine(refused, menu)).toEqual({ ok: false, status, message });
  });
});

describe('checkLine accepts', () => {
  it('a line within every rule, named and priced from the menu, observations trimmed', () => {
    expect(checkLine(withSauce({ quantity: 50, observations: '  sem cebola ' }), menu)).toEqual({
      ok: true,
      line: {
        product_id: 1,
        name: 'Risoto de cogumelos',
        thumbnail: null,
        kitchen_id: 7,
        product_price: 5800,
        quantity: 50,
        observations: 'sem cebola',
        complements: [{ group_id: 10, product_id: 21, quantity: 1, name: 'Molho de tomate', price: 0 }],
        unit: 5800,
        total: 290_000,
      },
    });
  });

  it('an observation of exactly 140 characters, and a blank one on a product that takes none', () => {
    const long = checkLine(withSauce({ observations: 'a'.repeat(140) }), menu);
    expect(long.ok && long.line.observations).toHaveLength(140);
    const blank = checkLine(line({ product_id: 2, observations: '   ' }), menu);
    expect(blank.ok && blank.line.observations).toBeNull();
  });

  it('a group that may repeat reaching its minimum with one option', () => {
    const pastel = checkLine(
      line({ product_id: 7, complements: [{ group_id: 14, product_id: 52, quantity: 2 }] }),
      menu,
    );
    expect(pastel.ok).toBe(true);
  });

  it('prices repeated options and ignores a price the line carries', () => {
    const carried = {
      ...withSauce({
        quantity: 2,
        complements: [
          { group_id: 10, product_id: 22, quantity: 1 },
          { group_id: 11, product_id: 31, quantity: 1 },
          { group_id: 11, product_id: 32, quantity: 1 },
          { group_id: 11, product_id: 31, quantity: 1 },
        ],
      }),
      price: 1,
      total: 2,
    };
    const checked = checkLine(carried, menu);
    // 5800 + Pesto 300 + Bacon 500 × 2 + Queijo extra 400 = 7500, twice.
    expect(checked).toMatchObject({ ok: true, line: { product_price: 5800, unit: 7500, total: 15_000 } });
    expect(checked.ok && checked.line.complements).toEqual([
      { group_id: 10, product_id: 22, quantity: 1, name: 'Pesto', price: 300 },
      { group_id: 11, product_id: 31, quantity: 2, name: 'Bacon', price: 500 },
      { group_id: 11, product_id: 32, quantity: 1, name: 'Queijo extra', price: 400 },
    ]);
  });
});

describe('priceLine', () => {
  it('adds each option times its quantity to the product, then multiplies by the quantity', () => {
    const complements = [
      { group_id: 10, product_id: 22, quantity: 1 },
      { group_id: 11, product_id: 31, quantity: 3 },
    ];
    expect(priceLine(risotto, { quantity: 3, complements })).toEqual({ unit: 7600, total: 22_800 });
    expect(priceLine(water, { quantity: 4, complements: [] })).toEqual({ unit: 600, total: 2400 });
  });
});

describe('checkOrder', () => {
  it('refuses an order without lines and one of more than 30', () => {
    expect(checkOrder([], menu)).toEqual({ ok: false, status: 400, message: 'Escolha ao menos um item.' });
    expect(
      checkOrder(
        Array.from({ length: 31 }, () => line({ product_id: 2 })),
        menu,
      ),
    ).toEqual({
      ok: false,
      status: 400,
      message: 'Um pedido pode ter no máximo 30 itens.',
    });
  });

  it('prices every line of an order of up to 30', () => {
    const checked = checkOrder(
      [...Array.from({ length: 29 }, () => line({ product_id: 2 })), withSauce()],
      menu,
    );
    expect(checked.ok && checked.lines.map((priced) => priced.total)).toEqual([...Array(29).fill(600), 5800]);
  });

  it('answers the first refusal, in the order of the lines', () => {
    expect(checkOrder([withSauce(), line({ product_id: 3 }), line({ product_id: 99 })], menu)).toEqual({
      ok: false,
      status: 409,
      message: 'O produto Tiramisù está indisponível.',
    });
  });
});

describe('groupState', () => {
  it('says what a required group still needs', () => {
    expect(groupState(sauce, [], risotto.name)).toEqual({
      count: 0,
      canAdd: true,
      missing: 1,
      message: 'Escolha pelo menos 1 opção em "Molho" para Risoto de cogumelos.',
    });
    expect(groupState(sauce, [{ product_id: 22, quantity: 1 }], risotto.name)).toEqual({
      count: 1,
      canAdd: false,
      missing: 0,
      message: null,
    });
  });

  it('counts repeats toward the maximum where options may repeat', () => {
    expect(groupState(extras, [{ product_id: 31, quantity: 2 }], risotto.name)).toMatchObject({
      count: 2,
      canAdd: true,
      message: null,
    });
    expect(groupState(extras, [{ product_id: 31, quantity: 3 }], risotto.name)).toMatchObject({
      count: 3,
      canAdd: false,
      message: null,
    });
    expect(groupState(extras, [{ product_id: 31, quantity: 4 }], risotto.name).message).toBe(
      'Escolha no máximo 3 opções em "Adicionais" para Risoto de cogumelos.',
    );
  });

  it('offers no more once every available option is chosen where none may repeat', () => {
    const chosen = [
      { product_id: 41, quantity: 1 },
      { product_id: 42, quantity: 1 },
    ];
    expect(groupState(sides, chosen, 'Picanha')).toEqual({
      count: 2,
      canAdd: false,
      missing: 0,
      message: null,
    });
    expect(groupState(sides, [{ product_id: 41, quantity: 2 }], 'Picanha').message).toBe(
      'Em "Acompanhamentos" cada opção só pode ser escolhida uma vez.',
    );
  });
});
