import { useId } from 'react';
import { formatCents } from '../../contract/lib/format';
import {
  groupState,
  MAX_QUANTITY,
  type MenuGroup,
  type MenuOption,
} from '../../contract/resources/orderEntry/rules';
import { Stepper } from './Stepper';

/** An option chosen in one group, and how many times. */
export interface ChosenOption {
  product_id: number;
  quantity: number;
}

/** 'mín. 1 · máx. 2', or 'Opcional · até 3' when nothing need be chosen (as the waiter's order entry says it). */
export const groupRule = (group: Pick<MenuGroup, 'min' | 'max'>) =>
  group.min === 0 ? `Opcional · até ${group.max}` : `mín. ${group.min} · máx. ${group.max}`;

function OptionLabel({ option }: { option: MenuOption }) {
  return (
    <span className="option-label">
      <span>{option.name}</span>
      {option.price > 0 ? <span className="muted">+ {formatCents(option.price)}</span> : null}
      {option.available ? null : <span className="muted">Indisponível</span>}
    </span>
  );
}

/**
 * One complement group of the product: its name and rule, its options as the group allows them —
 * radio buttons when one at most may be chosen, checkboxes when each counts once, steppers when
 * 'Repetir a opção' lets one be chosen again —, unavailable ones shown disabled, and under the
 * group the rule's message while the choice breaks it (`groupState`, as the server checks it).
 */
export function GroupPicker({
  group,
  chosen,
  productName,
  onChange,
}: {
  group: MenuGroup;
  chosen: readonly ChosenOption[];
  productName: string;
  onChange: (chosen: ChosenOption[]) => void;
}) {
  const ruleId = useId();
  const name = useId();
  const state = groupState(group, chosen, productName);
  const quantityOf = (productId: number) =>
    chosen.find((option) => option.product_id === productId)?.quantity ?? 0;
  const withQuantity = (productId: number, quantity: number) =>
    group.options
      .map((option) => ({
        product_id: option.product_id,
        quantity: option.product_id === productId ? quantity : quantityOf(option.product_id),
      }))
      .filter((option) => option.quantity > 0);

  let options;
  if (group.allow_repeat) {
    options = group.options.map((option) => (
      <div key={option.product_id} className={option.available ? 'option' : 'option unavailable'}>
        <OptionLabel option={option} />
        <Stepper
          name={option.name}
          value={quantityOf(option.product_id)}
          min={0}
          max={Math.min(group.max, MAX_QUANTITY)}
          canAdd={state.canAdd && option.available}
          disabled={!option.available && quantityOf(option.product_id) === 0}
          onChange={(quantity) => onChange(withQuantity(option.product_id, quantity))}
        />
      </div>
    ));
  } else if (group.max === 1) {
    const picked = chosen[0]?.product_id;
    options = (
      <>
        {group.min === 0 ? (
          <label className="option">
            <input type="radio" name={name} checked={picked === undefined} onChange={() => onChange([])} />
            <span className="option-label">Nenhum</span>
          </label>
        ) : null}
        {group.options.map((option) => (
          <label key={option.product_id} className={option.available ? 'option' : 'option unavailable'}>
            <input
              type="radio"
              name={name}
              checked={picked === option.product_id}
              disabled={!option.available}
              onChange={() => onChange([{ product_id: option.product_id, quantity: 1 }])}
            />
            <OptionLabel option={option} />
          </label>
        ))}
      </>
    );
  } else {
    options = group.options.map((option) => {
      const checked = quantityOf(option.product_id) > 0;
      return (
        <label key={option.product_id} className={option.available ? 'option' : 'option unavailable'}>
          <input
            type="checkbox"
            checked={checked}
            // A full group takes no other option; the ones chosen can still be let go.
            disabled={!checked && (!option.available || !state.canAdd)}
            onChange={(event) => onChange(withQuantity(option.product_id, event.target.checked ? 1 : 0))}
          />
          <OptionLabel option={option} />
        </label>
      );
    });
  }

  return (
    <fieldset className="group" aria-describedby={ruleId}>
      <legend>{group.name}</legend>
      <p id={ruleId} className="muted">
        {groupRule(group)}
      </p>
      {options}
      {state.message ? (
        <p role="status" className={state.count < group.min ? 'hint' : 'error'}>
          {state.message}
        </p>
      ) : null}
    </fieldset>
  );
}
