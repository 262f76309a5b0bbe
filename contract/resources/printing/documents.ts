/**
 * One print model, three ways out (restaurant spec 4, the bill at the table; the kitchen's
 * tickets): a document is a list of receipt lines that the browser prints on 58 or 80 mm paper
 * (src/resources/floor/print), the server encodes as ESC/POS for a network printer
 * (server/printing/escpos.ts), and a print job keeps for a printer-side agent to pull. Pure: no
 * React, no DOM, no Node.
 */
import { formatCents, formatDateTime, formatTime } from '../../lib/format';
import type { PrintDocument, PrintLine } from './document';
import type { Order } from '../tabs/definition';
import { paymentMethods } from '../tabs/definition';
import { itemLines, type LineItem } from '../tabs/lines';
import { equalShares } from '../tabs/split';

export {
  COLUMNS,
  PAPER_WIDTHS,
  printDocument,
  printLine,
  type PaperWidth,
  type PrintDocument,
  type PrintLine,
} from './document';

/** Items that count in the bill: neither cancelled nor still in a cart. */
const billed = (status: string) => status !== 'CANCELLED' && status !== 'SAVED';

const row = (left: string, right: string, strong?: boolean): PrintLine =>
  strong ? { kind: 'row', left, right, strong } : { kind: 'row', left, right };

/** 'Mesa 3', or 'Comanda' for a tab without a table (a delivery, a counter order). */
const placeOf = (tableNumber: number | null) => (tableNumber === null ? 'Comanda' : `Mesa ${tableNumber}`);

/** '2× ' before a complement taken more than once. */
const times = (quantity: number) => (quantity > 1 ? `${quantity}× ` : '');

/**
 * The "conferência de conta" (the pre-bill the table asks for before paying): the store, the table
 * and the time; each guest's items (quantity, name, complements, price), their service and discount
 * and what they still owe; the tab's totals; and, when asked, the balance in equal shares.
 */
export function preBillDocument(
  order: Order,
  storeName: string,
  shares: number,
  printedAt: Date,
  /** The tab's split bill, when it has one (open and paid shares, in their order). */
  split: readonly { label: string; amount: number; status: string }[] = [],
): PrintDocument {
  const owed = Math.max(0, order.total - order.total_paid);
  const lines: PrintLine[] = [
    { kind: 'title', text: storeName },
    { kind: 'center', text: 'CONFERÊNCIA DE CONTA' },
    { kind: 'center', text: 'Não é documento fiscal' },
    { kind: 'rule' },
    row(placeOf(order.table_number), `#${order.id}`),
    row('Impresso em', formatDateTime(printedAt.toISOString())),
  ];
  for (const ticket of order.tickets) {
    const items = itemLines(
      ticket.items
        .filter((item) => billed(item.status))
        .map((item) => ({ ...item, status: 'READY' as const })),
    );
    if (items.length === 0 && ticket.total_paid === 0) continue;
    lines.push({ kind: 'rule' }, { kind: 'text', text: ticket.customer.fullname, strong: true });
    for (const line of items) {
      lines.push(row(`${line.count}× ${line.item.name}`, formatCents(line.unit * line.count)));
      for (const complement of line.item.complements)
        lines.push({ kind: 'note', text: `+ ${times(complement.quantity)}${complement.name}` });
    }
    lines.push(row('Subtotal', formatCents(ticket.subtotal)));
    if (ticket.service_charge > 0) lines.push(row('Serviço', formatCents(ticket.service_charge)));
    if (ticket.service_removed_reason !== null) lines.push({ kind: 'note', text: 'Serviço retirado' });
    if (ticket.discount > 0) lines.push(row('Desconto', formatCents(-ticket.discount)));
    if (ticket.total_paid > 0) lines.push(row('Pago', formatCents(ticket.total_paid)));
    lines.push(row('A pagar', formatCents(Math.max(0, ticket.total - ticket.total_paid)), true));
  }
  lines.push({ kind: 'rule' }, row('Subtotal', formatCents(order.subtotal)));
  if (order.service_charge > 0) lines.push(row('Serviço', formatCents(order.service_charge)));
  if (order.discount > 0) lines.push(row('Desconto', formatCents(-order.discount)));
  lines.push(row('Total', formatCents(order.total), true));
  if (order.total_paid > 0) lines.push(row('Pago', formatCents(order.total_paid)));
  lines.push(row('Falta pagar', formatCents(owed), true));
  if (split.length > 0) {
    lines.push({ kind: 'rule' }, { kind: 'text', text: 'Partes da conta', strong: true });
    for (const part of split)
      lines.push(row(part.status === 'PAID' ? `${part.label} (paga)` : part.label, formatCents(part.amount)));
  }
  if (shares > 1 && owed > 0) {
    lines.push({ kind: 'rule' }, { kind: 'text', text: `Dividido por ${shares}`, strong: true });
    equalShares(owed, shares).forEach((share, index) =>
      lines.push(row(`Parte ${index + 1}`, formatCents(share))),
    );
  }
  lines.push({ kind: 'rule' }, { kind: 'center', text: 'Obrigado pela visita!' });
  return { title: `Conferência · ${placeOf(order.table_number)}`, lines };
}

/** What a kitchen ticket is printed from: one station's items of one send. */
export interface KitchenTicket {
  /** The station (kitchen) the items are routed to. */
  station: string;
  orderId: number;
  tableNumber: number | null;
  /** The guest the items are for. */
  guest: string | null;
  /** When the items were sent. */
  sentAt: Date | string;
  items: readonly LineItem[];
  /** A copy asked for again ('Reimprimir'): says so, so the kitchen does not cook it twice. */
  reprint?: boolean;
}

/**
 * A station's kitchen ticket: the station, the table and the guest, the time sent, then each item
 * large with its complements and observations under it. No prices: the cook needs none.
 */
export function kitchenTicketDocument(ticket: KitchenTicket): PrintDocument {
  const lines: PrintLine[] = [{ kind: 'title', text: ticket.station }];
  if (ticket.reprint) lines.push({ kind: 'center', text: '*** REIMPRESSÃO ***', strong: true });
  lines.push(
    { kind: 'rule' },
    row(placeOf(ticket.tableNumber), `#${ticket.orderId}`, true),
    ...(ticket.guest ? [{ kind: 'text', text: ticket.guest } as const] : []),
    row('Enviado às', formatTime(ticket.sentAt)),
    { kind: 'rule' },
  );
  for (const line of itemLines(ticket.items)) {
    lines.push({ kind: 'text', text: `${line.count}× ${line.item.name}`, large: true });
    for (const complement of line.item.complements)
      lines.push({ kind: 'note', text: `+ ${times(complement.quantity)}${complement.name}` });
    if (line.item.observations) lines.push({ kind: 'note', text: `Obs.: ${line.item.observations}` });
  }
  lines.push({ kind: 'rule' });
  return { title: `${ticket.station} · ${placeOf(ticket.tableNumber)}`, lines };
}

/** What a payment receipt is printed from: one payment of one guest's bill. */
export interface PaymentReceipt {
  storeName: string;
  orderId: number;
  tableNumber: number | null;
  guest: string;
  method: (typeof paymentMethods)[number]['id'];
  /** In cents. */
  amount: number;
  paidAt: Date | string;
  /** What the guest's bill still owes after it, in cents. */
  left: number;
}

/** The payment receipt ("comprovante"): not a fiscal document, one payment of one guest's bill. */
export function receiptDocument(receipt: PaymentReceipt): PrintDocument {
  const method = paymentMethods.find((m) => m.id === receipt.method)?.name ?? receipt.method;
  return {
    title: `Comprovante · ${placeOf(receipt.tableNumber)}`,
    lines: [
      { kind: 'title', text: receipt.storeName },
      { kind: 'center', text: 'COMPROVANTE DE PAGAMENTO' },
      { kind: 'center', text: 'Não é documento fiscal' },
      { kind: 'rule' },
      row(placeOf(receipt.tableNumber), `#${receipt.orderId}`),
      { kind: 'text', text: receipt.guest, strong: true },
      row('Pago em', formatDateTime(receipt.paidAt)),
      row(method, formatCents(receipt.amount), true),
      row('Falta pagar', formatCents(receipt.left)),
      { kind: 'rule' },
      { kind: 'center', text: 'Obrigado pela visita!' },
    ],
  };
}
