/**
 * What the waiter's order entry sends and reads, as the server validates it (zod): an order's lines
 * in the shape the rules read (`rules.ts`, which stays free of zod for the guest page), and the
 * menu's answer. The shape is checked here; what the menu allows is the rules' to say, against the
 * menu as it is when the order is placed.
 */
import { z } from 'zod';
import { optionalPhone } from '../../lib/fields';
import { recordId } from '../../lib/records';
import { MAX_LINES, MAX_OBSERVATIONS, MAX_QUANTITY, ORDER_ENTRY_MESSAGES as M } from './rules';

const quantity = z
  .number({ error: M.quantity })
  .int(M.quantity)
  .min(1, M.quantity)
  .max(MAX_QUANTITY, M.quantity)
  .describe('De 1 a 50');

/**
 * A price a client puts on a line is taken and never read (the server prices from the menu): an
 * older client that sends one is not refused for it.
 */
const ignoredPrice = z.unknown().optional().describe('Ignorado: o servidor usa o preço do cardápio');

export const chosenComplementInput = z.strictObject({
  group_id: recordId.describe('O grupo de complementos do produto'),
  product_id: recordId.describe('A opção escolhida (um produto da loja)'),
  quantity: quantity.default(1),
});

export const orderLineInput = z.strictObject({
  product_id: recordId.describe('O produto'),
  quantity: quantity.default(1),
  complements: z
    .array(chosenComplementInput)
    .max(50, 'Complementos demais em um item.')
    .default([])
    .describe('As opções escolhidas em cada grupo do produto'),
  observations: z
    .string({ error: 'A observação precisa ser um texto.' })
    .max(MAX_OBSERVATIONS, M.observationsTooLong)
    .nullable()
    .default(null)
    .describe('Só nos produtos que aceitam observações'),
  price: ignoredPrice,
  product_price: ignoredPrice,
  unit_price: ignoredPrice,
  total: ignoredPrice,
});
export type OrderLineInput = z.input<typeof orderLineInput>;

/** `POST /api/orders/id/:id/items`: items a waiter sends to the kitchen for one guest of the tab. */
export const addItemsInput = z.strictObject({
  ticket_id: recordId.describe('A comanda individual (do cliente) que recebe os itens'),
  items: z.array(orderLineInput, { error: M.noLines }).min(1, M.noLines).max(MAX_LINES, M.tooManyLines),
});
export type AddItemsInput = z.input<typeof addItemsInput>;

/** `GET /api/orders/menu`: an administrator names the restaurant; staff read their own. */
export const menuQuery = z.strictObject({
  store_id: z.coerce.number().int().positive('Restaurante inválido.').optional(),
});

const menuOption = z.object({
  product_id: z.number(),
  name: z.string(),
  price: z.number().describe('Centavos'),
  available: z.boolean(),
});
const menuGroup = z.object({
  id: z.number(),
  name: z.string(),
  min: z.number(),
  max: z.number(),
  allow_repeat: z.boolean(),
  options: z.array(menuOption),
});
const menuProduct = z.object({
  id: z.number(),
  name: z.string(),
  price: z.number().describe('Centavos'),
  available: z.boolean().describe('Falso também quando a categoria está indisponível'),
  complement_only: z.boolean(),
  allow_observations: z.boolean(),
  kitchen_id: z.number().nullable(),
  thumbnail: z.string().nullable(),
  category_id: z.number(),
  groups: z.array(menuGroup),
});
const menuCategory = z.object({ id: z.number(), name: z.string(), available: z.boolean() });

/** The menu as the order entry browses it: categories in the menu's order, then every product. */
export const menuAnswer = z.object({
  data: z.object({ categories: z.array(menuCategory), products: z.array(menuProduct) }),
});
export type OrderEntryMenu = z.infer<typeof menuAnswer>['data'];

/** `PUT /api/orders/id/:id/tickets/:ticket_id/draft`: the caller's draft for that guest, whole (no items: dropped). */
export const saveDraftInput = z.strictObject({
  items: z.array(orderLineInput, { error: 'Informe os itens do rascunho.' }).max(MAX_LINES, M.tooManyLines),
});
export type SaveDraftInput = z.input<typeof saveDraftInput>;

const draftComplement = z.object({
  group_id: z.number(),
  product_id: z.number(),
  quantity: z.number(),
  name: z.string(),
  price: z.number().describe('Centavos, cada'),
});
const draftLine = z.object({
  product_id: z.number(),
  name: z.string(),
  quantity: z.number(),
  observations: z.string().nullable(),
  complements: z.array(draftComplement),
  unit: z.number().describe('Centavos: o produto com os complementos, uma vez'),
  total: z.number().describe('Centavos: unit × quantity'),
});

/** A waiter's draft for one guest: the lines as chosen, priced when saved. */
export const draftAnswer = z.object({
  data: z.object({ ticket_id: z.number(), items: z.array(draftLine) }),
});
export type Draft = z.infer<typeof draftAnswer>['data'];

/**
 * A guest the staff seat or add to a tab: a guest without the app, by a name (and maybe a phone),
 * or, with no name, the table's own ticket ('Pedido da mesa').
 */
export const guestInput = z
  .strictObject({
    guest_name: z
      .string({ error: 'Informe o nome do cliente.' })
      .trim()
      .min(1, 'Informe o nome do cliente.')
      .max(60, 'O nome pode ter no máximo 60 caracteres.')
      .optional()
      .describe('O cliente sem o app; sem nome, a comanda é da própria mesa'),
    guest_phone: optionalPhone().describe('Opcional, só com o nome'),
  })
  .refine((guest) => guest.guest_phone === undefined || guest.guest_name !== undefined, {
    error: 'O telefone vai com o nome do cliente.',
    path: ['guest_phone'],
  });
export type GuestInput = z.input<typeof guestInput>;
