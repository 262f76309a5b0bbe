import { useId, useState } from 'react';
import { formatCents } from '../../contract/lib/format';
import {
  checkLine,
  groupState,
  MAX_OBSERVATIONS,
  MAX_QUANTITY,
  priceLine,
  type MenuProduct,
  type OrderLine,
} from '../../contract/resources/orderEntry/rules';
import { GroupPicker, type ChosenOption } from './GroupPicker';
import { Sheet } from './Sheet';
import { Stepper } from './Stepper';

/**
 * One product being added to the cart: a picker per complement group, 'Observações' only when the
 * product takes them, the quantity (1 to 50) and the line's price as it is chosen. 'Adicionar ao
 * pedido' waits until the rules take the line (`checkLine`, as the server will), and their
 * refusal says why meanwhile — once: a group's own message is already under the group.
 */
export function ProductSheet({
  product,
  menu,
  onAdd,
  onClose,
}: {
  product: MenuProduct & { description: string | null };
  menu: readonly MenuProduct[];
  onAdd: (line: OrderLine) => void;
  onClose: () => void;
}) {
  const observationsId = useId();
  const [chosen, setChosen] = useState<Record<number, ChosenOption[]>>({});
  const [quantity, setQuantity] = useState(1);
  const [observations, setObservations] = useState('');

  const line: OrderLine = {
    product_id: product.id,
    quantity,
    complements: product.groups.flatMap((group) =>
      (chosen[group.id] ?? []).map((option) => ({ group_id: group.id, ...option })),
    ),
    observations: product.allow_observations && observations.trim() ? observations.trim() : null,
  };
  const checked = checkLine(line, { products: [...menu] });
  const { total } = priceLine(product, line);
  const said = product.groups.map((group) => groupState(group, chosen[group.id] ?? [], product.name).message);
  const refusal = checked.ok || said.includes(checked.message) ? null : checked.message;

  return (
    <Sheet
      title={product.name}
      onClose={onClose}
      footer={
        <>
          <div>
            <span className="muted small">Valor do item</span>
            <strong className="price-big" data-testid="line-price">
              {formatCents(total)}
            </strong>
          </div>
          <button type="button" className="primary" disabled={!checked.ok} onClick={() => onAdd(line)}>
            Adicionar ao pedido
          </button>
        </>
      }
    >
      {product.thumbnail ? (
        <img
          className="sheet-picture"
          src={product.thumbnail}
          alt=""
          width={358}
          height={200}
          loading="lazy"
        />
      ) : null}
      <p className="price">{formatCents(product.price)}</p>
      {product.description ? <p className="muted">{product.description}</p> : null}
      {product.groups.map((group) => (
        <GroupPicker
          key={group.id}
          group={group}
          chosen={chosen[group.id] ?? []}
          productName={product.name}
          onChange={(options) => setChosen((before) => ({ ...before, [group.id]: options }))}
        />
      ))}
      {product.allow_observations ? (
        <div className="field">
          <label htmlFor={observationsId}>Observações</label>
          <textarea
            id={observationsId}
            rows={2}
            maxLength={MAX_OBSERVATIONS}
            value={observations}
            onChange={(event) => setObservations(event.target.value)}
          />
          <span className="muted small">{`${observations.length}/${MAX_OBSERVATIONS}`}</span>
        </div>
      ) : null}
      <div className="row">
        <strong>Quantidade</strong>
        <Stepper name={product.name} value={quantity} min={1} max={MAX_QUANTITY} onChange={setQuantity} />
      </div>
      {refusal ? (
        <p role="status" className="hint">
          {refusal}
        </p>
      ) : null}
    </Sheet>
  );
}
