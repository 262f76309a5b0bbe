import { z } from 'zod';
import { storeIdField } from '../../lib/fields';
import { count, instant, maybeText, recordId } from '../../lib/records';
import { defineResource, type CallDefinition, type RecordOf, type RowOf } from '../../define';

/**
 * The loyalty program (restaurant spec 2 "Loyalty program", 3, 4, 9): a store's customers earn a
 * discount (`discount` percent) each time they have consumed `consumption` cents there. Served by
 * server/routes/loyalty-programs.ts: `read` and `save` are the program itself, its list the
 * store's customers with their figures. The customers list (/loyalty-programs) is generated, with
 * the overrides and the program's details (/loyalty-programs/details) of src/resources/loyalty.
 *
 * Every figure is computed from the store's orders and coupons when it is asked for, never kept:
 * - consumed: the subtotal of the customer's tickets (the billed items, before service charge and
 *   discounts) in the store's closed tabs — a tab still open has not been consumed yet;
 * - a redemption: a reward of the loyalty program (a coupon with `loyalty`, not a promo code's)
 *   used on one of the customer's tabs (CONFIRMED): spec 3 counts them as `n_uses`. A reward
 *   granted and still waiting, or expired unused (CANCELLED), is no redemption;
 * - the redemption date (`created_at`, as spec 3 names it): when the customer's ticket of the tab
 *   where the last reward was used began (the coupon's own date if that tab is gone);
 * - consumed since the last redemption: the tickets from that one on (what the customer consumed
 *   on the visit that used the reward counts towards the next);
 * - the origin: whether the customer's latest closed tab there was at a table or a delivery.
 */

export const LOYALTY_PAGE_SIZE = 8;
/** R$ 1.000.000,00: far above any program, far below what a column of cents holds. */
export const CONSUMPTION_MAX = 100_000_000;

export const LOYALTY_MESSAGES = {
  created: 'Programa de fidelidade criado com sucesso!',
  saved: 'Programa de fidelidade atualizado com sucesso!',
  consumptionRequired: 'Informe o valor de consumo para o resgate.',
  consumptionPositive: 'O valor de consumo para o resgate deve ser maior que zero.',
  consumptionMax: 'O valor de consumo para o resgate pode ser de no máximo R$ 1.000.000,00.',
  discountRequired: 'Informe o percentual de desconto.',
  discountRange: 'O desconto deve ser de 1% a 100%.',
  /** Restaurant spec 5's words for an input that takes numbers only. */
  digitsOnly: 'Informe somente números.',
  activeInvalid: 'Informe se o programa está ativo.',
  /** The top customer of a program nobody has redeemed yet (spec 2). */
  none: 'nenhum',
  chooseStore: 'Escolha um restaurante para ver o programa de fidelidade.',
  empty: 'Nenhum cliente encontrado.',
  notCreated:
    'O restaurante ainda não tem programa de fidelidade: defina o consumo e o desconto e toque em Salvar.',
} as const;

/** What a program's switch reads (spec 2: Ativo / Desativado). */
export const PROGRAM_ON = 'Ativo';
export const PROGRAM_OFF = 'Desativado';

/** Where a customer consumed last (spec 3: INDOOR or DELIVERY; spec 2: Presencial or Delivery). */
export const originChoices = [
  { id: 'INDOOR', name: 'Presencial' },
  { id: 'DELIVERY', name: 'Delivery' },
] as const;

/**
 * A whole number, as the inputs that keep digits only send it (a digits-only text is read as its
 * number); nothing given reads `required`, anything else (a comma, a sign, a fraction) `digitsOnly`.
 */
const wholeNumber = (required: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,12}$/.test(value.trim()) ? Number(value.trim()) : value),
    z
      .number({
        error: (issue) =>
          issue.input === undefined || issue.input === null || issue.input === ''
            ? required
            : LOYALTY_MESSAGES.digitsOnly,
      })
      .int(LOYALTY_MESSAGES.digitsOnly),
  );

const programFields = {
  /** In cents, above zero. */
  consumption: wholeNumber(LOYALTY_MESSAGES.consumptionRequired).pipe(
    z
      .number()
      .min(1, LOYALTY_MESSAGES.consumptionPositive)
      .max(CONSUMPTION_MAX, LOYALTY_MESSAGES.consumptionMax),
  ),
  /** A whole percentage, 1 to 100. */
  discount: wholeNumber(LOYALTY_MESSAGES.discountRequired).pipe(
    z.number().min(1, LOYALTY_MESSAGES.discountRange).max(100, LOYALTY_MESSAGES.discountRange),
  ),
  active: z.boolean({ error: LOYALTY_MESSAGES.activeInvalid }),
};

/**
 * `PATCH /api/loyalty-programs` (spec 7: consumption, discount, active): any of them, and for an
 * administrator the store. A store without a program gets one on its first save, which therefore
 * needs the consumption and the discount (the server says which is missing).
 */
export const loyaltyProgramInput = z
  .strictObject({
    consumption: programFields.consumption.optional(),
    discount: programFields.discount.optional(),
    active: programFields.active.optional(),
    store_id: storeIdField,
  })
  .refine(
    ({ store_id: _store, ...values }) => Object.values(values).some((value) => value !== undefined),
    'Informe ao menos um campo para alterar.',
  );

/** The details form: the three values, always sent together. */
export const loyaltyProgramForm = z.strictObject({
  consumption: programFields.consumption,
  discount: programFields.discount,
  active: programFields.active,
});
export type LoyaltyProgramValues = z.input<typeof loyaltyProgramForm>;

/** A customer as the loyalty screens show them: no more than staff may see (docs: customer privacy). */
const loyaltyCustomer = z.object({
  id: recordId,
  fullname: z.string(),
  username: z.string(),
  profile_picture: maybeText,
});

/** The program with its figures: `id` null while the store has none (then consumption and discount too). */
export const loyaltyProgramRecord = z.object({
  id: recordId.nullable(),
  store_id: recordId,
  consumption: count.nullable(),
  discount: z.number().nullable(),
  active: z.boolean(),
  /** Customers with an active account who consumed at the store (the table's, minus the others). */
  n_customers: count,
  /** Redemptions of every customer of the table. */
  n_uses: count,
  /** Who redeemed most (then who consumed most); null when nobody has redeemed. */
  top_customer: loyaltyCustomer.extend({ n_uses: count }).nullable(),
  updated_at: instant.nullable(),
});

/** A row of the customers table (spec 3's per-customer rows); its id is the customer's. */
export const loyaltyCustomerRow = z.object({
  id: recordId,
  customer: loyaltyCustomer,
  order_type: z.enum(['INDOOR', 'DELIVERY']),
  current_consumption: count,
  total_consumption: count,
  n_uses: count,
  /** The last redemption's date (spec 3 names it created_at); null before the first. */
  created_at: instant.nullable(),
});

const ENDPOINT = '/api/loyalty-programs';

const calls = {
  read: {
    method: 'GET',
    path: '',
    access: 'store:loyalty',
    summary: 'Ler o programa de fidelidade do restaurante, com os totais calculados dos pedidos e cupons',
  },
  // The program is the store's offer to its customers: its managers set it (docs/ARCHITECTURE.md,
  // "Roles inside a store"), as they set the store's settings.
  save: {
    method: 'PATCH',
    path: '',
    access: 'store:loyalty',
    summary: 'Criar ou alterar o programa de fidelidade (consumo para o resgate, desconto, ativo)',
  },
} as const satisfies Record<string, CallDefinition>;

export const loyaltyPrograms = defineResource({
  name: 'loyalty-programs',
  endpoint: ENDPOINT,
  label: { one: 'Programa de fidelidade', many: 'Fidelidade' },
  access: { list: 'store:loyalty' },
  calls,
  envelope: { list: 'data.results', one: 'data' },
  storeScoped: true,
  fields: {
    customer: {
      label: 'Cliente',
      kind: 'text',
      list: true,
      sortable: true,
      text: (row) => (row.customer as { fullname?: string } | undefined)?.fullname ?? '',
    },
    username: {
      label: 'Usuário',
      kind: 'text',
      export: true,
      text: (row) => (row.customer as { username?: string } | undefined)?.username ?? '',
    },
    order_type: {
      label: 'Origem',
      kind: 'select',
      choices: originChoices,
      filter: false,
      list: true,
      sortable: true,
    },
    current_consumption: {
      label: 'Consumo desde o último resgate',
      kind: 'money',
      list: true,
      sortable: true,
    },
    total_consumption: { label: 'Consumo total', kind: 'money', list: true, sortable: true },
    n_uses: { label: 'Resgates', kind: 'number', list: true, sortable: true },
    created_at: { label: 'Data do resgate', kind: 'date', list: true, sortable: true },
    // The program's own values, as the details' form and figures name them.
    consumption: { label: 'Valor de consumo para resgate', kind: 'money', form: true },
    discount: { label: 'Percentual de benefício', kind: 'percent', form: true },
  },
  input: loyaltyProgramForm,
  // The program's save (`calls.save`): any of its values, and an administrator's store.
  updateInput: loyaltyProgramInput,
  record: loyaltyProgramRecord,
  row: loyaltyCustomerRow,
  list: {
    perPage: LOYALTY_PAGE_SIZE,
    // The best customers first.
    sort: { field: 'total_consumption', order: 'DESC' },
    // Name and username (spec 2: the customer-name search), never what staff may not see.
    search: ['fullname', 'username'],
    path: '/customers',
  },
  // Staff's, and the administrators' with a restaurant chosen (platform spec 2.2).
  screens: { audience: 'everyone' },
  messages: {
    created: LOYALTY_MESSAGES.created,
    updated: LOYALTY_MESSAGES.saved,
    deleted: '',
  },
});

export type LoyaltyProgram = RecordOf<typeof loyaltyPrograms>;
export type LoyaltyCustomerRow = RowOf<typeof loyaltyPrograms>;
