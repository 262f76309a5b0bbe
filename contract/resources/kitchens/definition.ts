import { z } from 'zod';
import { requiredText, storeIdField } from '../../lib/fields';
import { count, instant, recordId } from '../../lib/records';
import { storeResource, type RecordOf } from '../../define';

export const KITCHEN_NAME_REQUIRED = 'Você precisa informar o nome da cozinha!';
/** The available toggle's states (restaurant spec 4) and the notices of the list's row switch. */
export const KITCHEN_ON = 'Ativo';
export const KITCHEN_OFF = 'Inativo';
export const KITCHEN_ACTIVATED = 'Cozinha ativada com sucesso!';
export const KITCHEN_DEACTIVATED = 'Cozinha desativada com sucesso!';

/** A printer on the restaurant's network: a host name or IPv4 address, and a port (9100 by default). */
export const PRINTER_ADDRESS =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*(?::(?:[1-9]\d{0,3}|[1-5]\d{4}|6[0-4]\d{3}|65[0-4]\d{2}|655[0-2]\d|6553[0-5]))?$/;
export const PRINTER_ADDRESS_INVALID =
  'Informe o endereço da impressora na rede, como 192.168.0.50 ou 192.168.0.50:9100.';
export const PRINTER_PORT = 9100;
export const PAPER_CHOICES: { id: 80 | 58; name: string }[] = [
  { id: 80, name: '80 mm' },
  { id: 58, name: '58 mm' },
];

/** An optional printer address: blank is none. */
const printerAddress = z
  .string({ error: PRINTER_ADDRESS_INVALID })
  .trim()
  .max(260, PRINTER_ADDRESS_INVALID)
  .transform((value) => (value === '' ? null : value))
  .refine((value) => value === null || PRINTER_ADDRESS.test(value), PRINTER_ADDRESS_INVALID)
  .nullable()
  .optional();

/**
 * Kitchens (restaurant spec 2 "Kitchens", 3 Kitchen, 5): the places order items are routed to, so
 * each kitchen's board shows its own. A plain store-scoped resource of the generic engine: the
 * screens are generated, with the overrides of ./screens.tsx.
 */
export const kitchens = storeResource({
  name: 'kitchens',
  endpoint: '/api/kitchens',
  label: { one: 'Cozinha', many: 'Cozinhas' },
  permission: 'menu',
  fields: {
    name: { label: 'Nome', kind: 'text', list: true, form: true, sortable: true },
    // Counted by the server (products routed to the kitchen); read-only.
    n_products: { label: 'Produtos', kind: 'number', list: true },
    created_at: { label: 'Criada em', kind: 'date', list: true, sortable: true },
    available: { label: 'Disponível', kind: 'boolean', list: true, form: true, sortable: true },
    // The station's printer: set on the form, shown on the list, kept out of the CSV (a list of
    // the kitchens, not of the network).
    printer: { label: 'Impressora (endereço na rede)', kind: 'text', list: true, form: true, export: false },
    printer_fallback: { label: 'Impressora reserva', kind: 'text', form: true },
    paper_width: { label: 'Papel', kind: 'number', form: true },
    auto_print: { label: 'Imprimir os pedidos ao chegar', kind: 'boolean', form: true },
  },
  input: z.strictObject({
    name: requiredText(100, KITCHEN_NAME_REQUIRED),
    available: z.boolean({ error: 'Informe se a cozinha está disponível.' }).optional(),
    printer: printerAddress,
    printer_fallback: printerAddress,
    paper_width: z
      .union([z.literal(80), z.literal(58)], { error: 'Escolha o papel da impressora: 80 mm ou 58 mm.' })
      .optional(),
    auto_print: z.boolean({ error: 'Informe se os pedidos são impressos ao chegar.' }).optional(),
    store_id: storeIdField,
  }),
  record: z.object({
    id: recordId,
    store_id: recordId,
    name: z.string(),
    available: z.boolean(),
    printer: z.string().nullable(),
    printer_fallback: z.string().nullable(),
    paper_width: z.union([z.literal(80), z.literal(58)]),
    auto_print: z.boolean(),
    /** How many of the store's products are routed to this kitchen. */
    n_products: count,
    created_at: instant,
    updated_at: instant,
  }),
  list: { perPage: 25, sort: { field: 'name', order: 'ASC' }, search: ['name'] },
  table: 'kitchens',
  screens: {
    createLabel: 'NOVA COZINHA',
    titles: { create: 'Nova cozinha', edit: 'Editar cozinha' },
    searchPlaceholder: 'Buscar cozinha',
  },
  messages: {
    created: 'Cozinha criada com sucesso!',
    updated: 'Cozinha atualizada com sucesso!',
    deleted: 'Cozinha removida com sucesso!',
    notFound: 'Cozinha não encontrada.',
  },
});

export type Kitchen = RecordOf<typeof kitchens>;
