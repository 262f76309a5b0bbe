import { Fragment } from 'react';
import { formatCents, formatDateTime } from '../../../../contract/lib/format';
import type { Order } from '../../../../contract/resources/tabs/definition';
import { equalShares } from '../../../../contract/resources/tabs/split';
import { itemLines } from '../../tabs/OrderTickets';

/** The receipt printers' two paper widths. */
export const PAPER_WIDTHS = [80, 58] as const;
export type PaperWidth = (typeof PAPER_WIDTHS)[number];

/** Items that count in the bill: neither cancelled nor still in a cart. */
const billed = (status: string) => status !== 'CANCELLED' && status !== 'SAVED';

/** One row of the receipt: a label on the left, an amount on the right. */
function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="pre-bill-row" style={strong ? { fontWeight: 700 } : undefined}>
      <span>{label}</span>
      <span>{value}</span>
    </div>
  );
}

/**
 * The "conferência de conta" (the pre-bill the table asks for before paying): the store, the
 * table and the time; each guest's items (quantity, name, complements, price), their service and
 * discount and what they still owe; the tab's totals; and, when asked, the balance in equal shares.
 * Black on white in the printer's font, sized for the paper (`@media print`, `src/index.css`).
 */
export function PreBill({
  order,
  storeName,
  shares,
  printedAt,
}: {
  order: Order;
  storeName: string;
  /** Into how many equal parts the balance is split (1: not split). */
  shares: number;
  printedAt: Date;
}) {
  const owed = Math.max(0, order.total - order.total_paid);
  return (
    <div className="pre-bill" data-testid="pre-bill">
      <div className="pre-bill-center pre-bill-strong">{storeName}</div>
      <div className="pre-bill-center">CONFERÊNCIA DE CONTA</div>
      <div className="pre-bill-center">Não é documento fiscal</div>
      <hr />
      <Row
        label={order.table_number === null ? 'Comanda' : `Mesa ${order.table_number}`}
        value={`#${order.id}`}
      />
      <Row label="Impresso em" value={formatDateTime(printedAt.toISOString())} />
      {order.tickets.map((ticket) => {
        const lines = itemLines(
          ticket.items
            .filter((item) => billed(item.status))
            .map((item) => ({ ...item, status: 'READY' as const })),
        );
        if (lines.length === 0 && ticket.total_paid === 0) return null;
        return (
          <Fragment key={ticket.id}>
            <hr />
            <div className="pre-bill-strong">{ticket.customer.fullname}</div>
            {lines.map((line) => (
              <Fragment key={line.key}>
                <Row label={`${line.count}× ${line.item.name}`} value={formatCents(line.unit * line.count)} />
                {line.item.complements.map((complement) => (
                  <div key={complement.name} className="pre-bill-note">
                    + {complement.quantity > 1 ? `${complement.quantity}× ` : ''}
                    {complement.name}
                  </div>
                ))}
              </Fragment>
            ))}
            <Row label="Subtotal" value={formatCents(ticket.subtotal)} />
            {ticket.service_charge > 0 ? (
              <Row label="Serviço" value={formatCents(ticket.service_charge)} />
            ) : null}
            {ticket.service_removed_reason !== null ? (
              <div className="pre-bill-note">Serviço retirado</div>
            ) : null}
            {ticket.discount > 0 ? <Row label="Desconto" value={formatCents(-ticket.discount)} /> : null}
            {ticket.total_paid > 0 ? <Row label="Pago" value={formatCents(ticket.total_paid)} /> : null}
            <Row label="A pagar" value={formatCents(Math.max(0, ticket.total - ticket.total_paid))} strong />
          </Fragment>
        );
      })}
      <hr />
      <Row label="Subtotal" value={formatCents(order.subtotal)} />
      {order.service_charge > 0 ? <Row label="Serviço" value={formatCents(order.service_charge)} /> : null}
      {order.discount > 0 ? <Row label="Desconto" value={formatCents(-order.discount)} /> : null}
      <Row label="Total" value={formatCents(order.total)} strong />
      {order.total_paid > 0 ? <Row label="Pago" value={formatCents(order.total_paid)} /> : null}
      <Row label="Falta pagar" value={formatCents(owed)} strong />
      {shares > 1 && owed > 0 ? (
        <>
          <hr />
          <div className="pre-bill-strong">Dividido por {shares}</div>
          {equalShares(owed, shares).map((share, index) => (
            <Row key={index} label={`Parte ${index + 1}`} value={formatCents(share)} />
          ))}
        </>
      ) : null}
      <hr />
      <div className="pre-bill-center">Obrigado pela visita!</div>
    </div>
  );
}
