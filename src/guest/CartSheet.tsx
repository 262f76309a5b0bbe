import { formatCents } from '../../contract/lib/format';
import { MAX_QUANTITY, type PricedLine } from '../../contract/resources/orderEntry/rules';
import { Sheet } from './Sheet';
import { Stepper } from './Stepper';

/** A cart line as the menu prices it now, or why the menu no longer takes it. */
export interface ReviewedLine {
  key: number;
  quantity: number;
  priced: PricedLine | null;
  /** The product's name even when the menu no longer has it priced. */
  name: string;
  refusal: string | null;
}

/** '2× Bacon · Molho branco': a line's complements as the ticket reads them. */
export const complementsText = (complements: readonly { name: string; quantity: number }[]) =>
  complements.map((one) => (one.quantity > 1 ? `${one.quantity}× ${one.name}` : one.name)).join(' · ');

/**
 * The cart before it is ordered: each line with its complements, observations and price, its
 * quantity to change and 'Remover'; a line the menu no longer takes says why; then the total,
 * the server's refusal of the last attempt (the cart stays as it was), and 'Fazer pedido'.
 */
export function CartSheet({
  lines,
  total,
  refusal,
  sending,
  onQuantity,
  onRemove,
  onOrder,
  onClose,
}: {
  lines: readonly ReviewedLine[];
  total: number;
  refusal: string | null;
  sending: boolean;
  onQuantity: (key: number, quantity: number) => void;
  onRemove: (key: number) => void;
  onOrder: () => void;
  onClose: () => void;
}) {
  const blocked = lines.length === 0 || lines.some((line) => line.refusal !== null);
  return (
    <Sheet
      title="Seu pedido"
      onClose={onClose}
      footer={
        <>
          <div>
            <span className="muted small">Total</span>
            <strong className="price-big" data-testid="cart-total">
              {formatCents(total)}
            </strong>
          </div>
          <button type="button" className="primary" disabled={blocked || sending} onClick={onOrder}>
            {sending ? 'Enviando…' : 'Fazer pedido'}
          </button>
        </>
      }
    >
      {refusal ? (
        <p role="alert" className="error">
          {refusal}
        </p>
      ) : null}
      {lines.length === 0 ? (
        <p className="muted">Seu pedido está vazio.</p>
      ) : (
        <ul className="lines" aria-label="Itens do pedido">
          {lines.map((line) => {
            const details = line.priced ? complementsText(line.priced.complements) : '';
            return (
              <li key={line.key} aria-label={line.name}>
                <div className="line-text">
                  <strong>{line.name}</strong>
                  {details ? <span className="muted small">{details}</span> : null}
                  {line.priced?.observations ? (
                    <span className="muted small">Obs.: {line.priced.observations}</span>
                  ) : null}
                  {line.refusal ? <span className="error small">{line.refusal}</span> : null}
                </div>
                <div className="line-actions">
                  <Stepper
                    name={line.name}
                    value={line.quantity}
                    min={1}
                    max={MAX_QUANTITY}
                    disabled={sending}
                    onChange={(quantity) => onQuantity(line.key, quantity)}
                  />
                  <strong>{line.priced ? formatCents(line.priced.unit * line.quantity) : '—'}</strong>
                  <button
                    type="button"
                    className="text-button"
                    aria-label={`Remover ${line.name}`}
                    disabled={sending}
                    onClick={() => onRemove(line.key)}
                  >
                    Remover
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Sheet>
  );
}
