import { z } from 'zod';
import { instant, recordId } from '../../lib/records';

/**
 * A tab's bill split into shares, each paid on its own by its own method: the tabs' `shares`,
 * `splitBill`, `payShare` and `cancelShares` calls (server/service/shares.ts). Apart from the
 * tabs' definition, which every screen loads.
 */

export const MAX_SHARES = 20;
/** Items one split by item may name (a long table's whole bill). */
export const MAX_SPLIT_ITEMS = 200;

const METHODS = ['CREDIT_CARD', 'DEBIT_CARD', 'PIX', 'CASH', 'MEAL_VOUCHER'] as const;

export const SHARE_MESSAGES = {
  split: 'Conta dividida.',
  paid: (label: string) => `${label}: pagamento recebido.`,
  cancelled: 'Divisão desfeita.',
  alreadyPaid: 'Esta parte já foi paga.',
  notFound: 'Parte não encontrada nesta comanda.',
  nothingLeft: 'Não há o que dividir: o que falta pagar já está dividido ou pago.',
  tooMuch: (left: string) => `As partes somam mais do que falta dividir (${left}).`,
  owedLess: 'A comanda deve menos do que esta parte: desfaça a divisão e divida de novo.',
  parts: `Divida em 2 a ${MAX_SHARES} partes.`,
  amount: 'Informe um valor maior que zero.',
  label: 'Informe o nome da parte (até 60 caracteres).',
  method: 'Escolha a forma de pagamento.',
  items: 'Escolha quem paga cada item.',
  itemPayers: 'Cada item precisa de ao menos uma pessoa que o pague.',
  itemTaken: 'Um dos itens já não está na conta ou já está em outra parte: abra a divisão de novo.',
  itemRepeated: 'Cada item só pode aparecer uma vez na divisão.',
  itemsAfterPayment:
    'A conta já tem pagamentos: divida por item antes de receber, ou divida o que falta em partes.',
} as const;

const shareLabel = z
  .string({ error: SHARE_MESSAGES.label })
  .trim()
  .min(1, SHARE_MESSAGES.label)
  .max(60, SHARE_MESSAGES.label);

/**
 * How to split what is left to split: in `parts` equal parts; in amounts the staff name ("R$ 50 no
 * cartão dele"); or by item — each item paid by the payers named for it, an item shared by several
 * divided among them (`splitByItems`: its service and discount go with it) — modes may follow each
 * other on one tab. `lines[].payers` are indexes into `payers`.
 */
export const splitInput = z.discriminatedUnion(
  'mode',
  [
    z.strictObject({
      mode: z.literal('equal'),
      parts: z
        .int({ error: SHARE_MESSAGES.parts })
        .min(2, SHARE_MESSAGES.parts)
        .max(MAX_SHARES, SHARE_MESSAGES.parts),
    }),
    z.strictObject({
      mode: z.literal('amounts'),
      shares: z
        .array(
          z.strictObject({
            label: shareLabel,
            amount: z.int({ error: SHARE_MESSAGES.amount }).positive(SHARE_MESSAGES.amount),
          }),
        )
        .min(1, SHARE_MESSAGES.amount)
        .max(MAX_SHARES, SHARE_MESSAGES.parts),
    }),
    z
      .strictObject({
        mode: z.literal('items'),
        payers: z.array(shareLabel).min(1, SHARE_MESSAGES.items).max(MAX_SHARES, SHARE_MESSAGES.parts),
        lines: z
          .array(
            z.strictObject({
              item_id: z.int({ error: SHARE_MESSAGES.items }).positive(SHARE_MESSAGES.items),
              payers: z
                .array(z.int({ error: SHARE_MESSAGES.itemPayers }).nonnegative(SHARE_MESSAGES.itemPayers))
                .min(1, SHARE_MESSAGES.itemPayers)
                .max(MAX_SHARES, SHARE_MESSAGES.itemPayers),
            }),
          )
          .min(1, SHARE_MESSAGES.items)
          .max(MAX_SPLIT_ITEMS, SHARE_MESSAGES.items),
      })
      .superRefine((input, context) => {
        const seen = new Set<number>();
        input.lines.forEach((line, index) => {
          if (seen.has(line.item_id))
            context.addIssue({
              code: 'custom',
              message: SHARE_MESSAGES.itemRepeated,
              path: ['lines', index],
            });
          seen.add(line.item_id);
          if (line.payers.some((payer) => payer >= input.payers.length))
            context.addIssue({ code: 'custom', message: SHARE_MESSAGES.itemPayers, path: ['lines', index] });
        });
      }),
  ],
  { error: 'Informe como dividir (mode: equal, amounts ou items).' },
);
export type SplitInput = z.infer<typeof splitInput>;

export const payShareInput = z.strictObject({
  method: z.enum(METHODS, { error: SHARE_MESSAGES.method }),
});

export const billShare = z.object({
  id: recordId,
  order_id: recordId,
  label: z.string(),
  amount: z.int(),
  status: z.enum(['OPEN', 'PAID', 'CANCELLED']),
  method: z.enum(METHODS).nullable(),
  paid_at: instant.nullable(),
  /** A split by item: the items whose part this share pays. */
  item_ids: z.array(recordId),
  created_at: instant,
});
export type BillShare = z.infer<typeof billShare>;

/** A tab's shares, and what of its balance no share holds yet. */
export const sharesAnswer = z.object({
  data: z.object({
    shares: z.array(billShare),
    /** What the tab still owes. */
    owed: z.int(),
    /** Of that, what no open share holds. */
    unassigned: z.int(),
  }),
});
export type SharesOfTab = z.infer<typeof sharesAnswer>['data'];
/** The same as the web app reads it: instants as ISO text. */
export type SharesOnWire = z.input<typeof sharesAnswer>['data'];
