/**
 * The guest API as the server validates it (zod): what the guest page sends from the table's QR
 * code (`./paths.ts` names the paths, words and shapes the page reads). A malformed code gets the
 * same refusal as a wrong one, so a guess learns nothing about which stores or tables exist.
 */
import { z } from 'zod';
import { orderLineInput } from '../orderEntry/input';
import { MAX_LINES, ORDER_ENTRY_MESSAGES as M } from '../orderEntry/rules';
import { GUEST_MESSAGES } from './paths';

const codeNumber = z.coerce
  .number({ error: GUEST_MESSAGES.badCode })
  .int(GUEST_MESSAGES.badCode)
  .min(1, GUEST_MESSAGES.badCode)
  .max(2_147_483_647, GUEST_MESSAGES.badCode);

/** `s`, `t`, `k`: which table, as its QR code names it. */
export const tableCode = z.strictObject({
  s: codeNumber.describe('O restaurante (id)'),
  t: codeNumber.describe('O número da mesa'),
  k: z
    .string({ error: GUEST_MESSAGES.badCode })
    .min(16, GUEST_MESSAGES.badCode)
    .max(64, GUEST_MESSAGES.badCode)
    .describe('O código secreto da mesa, do QR code'),
});

/** The device's id, as the `X-Painel-Device` header carries it (a UUID the page made). */
export const deviceId = z
  .string({ error: GUEST_MESSAGES.device })
  .regex(/^[A-Za-z0-9-]{16,64}$/, GUEST_MESSAGES.device);

const guestName = z
  .string({ error: GUEST_MESSAGES.name })
  .trim()
  .min(1, GUEST_MESSAGES.name)
  .max(60, GUEST_MESSAGES.nameTooLong);

/** `POST /api/guest/orders`. */
export const guestOrderInput = tableCode.extend({
  name: guestName.describe('Como o cliente quer ser chamado'),
  items: z.array(orderLineInput, { error: M.noLines }).min(1, M.noLines).max(MAX_LINES, M.tooManyLines),
});

/** `POST /api/guest/waiter`: the name only matters when the device has no ticket yet. */
export const guestWaiterInput = tableCode.extend({ name: guestName.optional() });

const guestProduct = z.object({
  id: z.number(),
  name: z.string(),
  price: z.number().describe('Centavos'),
  available: z.boolean(),
  complement_only: z.boolean(),
  allow_observations: z.boolean(),
  kitchen_id: z.number().nullable(),
  thumbnail: z.string().nullable(),
  category_id: z.number(),
  description: z.string().nullable(),
  groups: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      min: z.number(),
      max: z.number(),
      allow_repeat: z.boolean(),
      options: z.array(
        z.object({ product_id: z.number(), name: z.string(), price: z.number(), available: z.boolean() }),
      ),
    }),
  ),
});

/** `GET /api/guest/menu`. */
export const guestMenuAnswer = z.object({
  data: z.object({
    store: z.object({
      id: z.number(),
      name: z.string(),
      logo: z.string().nullable(),
      service_charge: z.number().describe('Percentual'),
      approval: z.boolean().describe('Aprovar pedidos da mesa'),
    }),
    table: z.object({ number: z.number() }),
    categories: z.array(z.object({ id: z.number(), name: z.string() })),
    products: z.array(guestProduct),
  }),
});

/** `GET /api/guest/tab` and every POST of the guest API: the device's own ticket. */
export const guestTabAnswer = z.object({
  data: z.object({
    name: z.string().nullable(),
    table: z.object({ number: z.number() }),
    items: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        quantity: z.number(),
        complements: z.array(z.object({ name: z.string(), quantity: z.number() })),
        observations: z.string().nullable(),
        status: z.enum(['HELD', 'PLACED', 'PREPARING', 'READY', 'CANCELLED']),
        total: z.number().describe('Centavos'),
      }),
    ),
    subtotal: z.number(),
    service_charge: z.number(),
    total: z.number(),
    total_paid: z.number(),
    waiter_called: z.boolean(),
    others: z.number().describe('Quantos outros clientes estão na comanda da mesa (sem nomes)'),
    moved_to: z
      .number()
      .nullable()
      .describe('A mesa para onde a equipe transferiu a comanda deste aparelho (null: nesta mesa)'),
  }),
});
