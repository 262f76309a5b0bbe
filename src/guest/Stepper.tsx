import { MinusIcon, PlusIcon } from './icons';

/**
 * − value +, for a quantity between `min` and `max`: each button named after what it counts
 * ('Diminuir Risoto', 'Aumentar Risoto'), disabled at its end; `canAdd` stops '+' before `max`
 * (a group already full). The waiter's order entry has the same control.
 */
export function Stepper({
  name,
  value,
  min,
  max,
  canAdd = true,
  disabled = false,
  onChange,
}: {
  name: string;
  value: number;
  min: number;
  max: number;
  canAdd?: boolean;
  disabled?: boolean;
  onChange: (value: number) => void;
}) {
  return (
    <div className="stepper">
      <button
        type="button"
        className="icon-button"
        aria-label={`Diminuir ${name}`}
        disabled={disabled || value <= min}
        onClick={() => onChange(value - 1)}
      >
        <MinusIcon />
      </button>
      <span className="stepper-value">{value}</span>
      <button
        type="button"
        className="icon-button"
        aria-label={`Aumentar ${name}`}
        disabled={disabled || !canAdd || value >= max}
        onClick={() => onChange(value + 1)}
      >
        <PlusIcon />
      </button>
    </div>
  );
}
