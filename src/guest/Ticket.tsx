import { formatCents } from '../../contract/lib/format';
import { GUEST_ITEM_STATUSES, type GuestTab } from '../../contract/resources/guest/paths';
import { complementsText } from './CartSheet';

/**
 * 'Sua comanda': the device's own items with the state of each (Aguardando, Preparando, Pronto…),
 * the subtotal, 'Taxa de serviço', the total and what has been paid. Only this guest's: the
 * others at the table are a count in the header, never names.
 */
export function Ticket({ tab }: { tab: GuestTab }) {
  return (
    <section className="card" aria-labelledby="ticket-title">
      <h2 id="ticket-title">Sua comanda</h2>
      <ul className="lines">
        {tab.items.map((item) => {
          const details = complementsText(item.complements);
          return (
            <li
              key={item.id}
              aria-label={item.name}
              className={item.status === 'CANCELLED' ? 'cancelled' : ''}
            >
              <div className="line-text">
                <strong>
                  {item.quantity}× {item.name}
                </strong>
                {details ? <span className="muted small">{details}</span> : null}
                {item.observations ? <span className="muted small">Obs.: {item.observations}</span> : null}
              </div>
              <div className="line-actions">
                <span className={`status status-${item.status.toLowerCase()}`}>
                  {GUEST_ITEM_STATUSES[item.status]}
                </span>
                <strong>{formatCents(item.total)}</strong>
              </div>
            </li>
          );
        })}
      </ul>
      <dl className="totals">
        <dt>Subtotal</dt>
        <dd>{formatCents(tab.subtotal)}</dd>
        <dt>Taxa de serviço</dt>
        <dd>{formatCents(tab.service_charge)}</dd>
        <dt className="strong">Total</dt>
        <dd className="strong" data-testid="ticket-total">
          {formatCents(tab.total)}
        </dd>
        <dt>Pago</dt>
        <dd>{formatCents(tab.total_paid)}</dd>
      </dl>
    </section>
  );
}
