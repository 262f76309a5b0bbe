import { IconButton, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';

/** A finger's size: the floor's controls are at least 44 px. */
const BUTTON = { width: 48, height: 48, border: 1, borderColor: 'divider' } as const;

/**
 * − value +, for a quantity between `min` and `max`: each button named after what it counts
 * ('Diminuir Risoto', 'Aumentar Risoto'), disabled at its end. `canAdd` stops '+' before `max`
 * (a group already full).
 */
export function QuantityStepper({
  name,
  value,
  min,
  max,
  canAdd = true,
  disabled = false,
  onChange,
}: {
  /** What is counted, as the buttons' names say it. */
  name: string;
  value: number;
  min: number;
  max: number;
  canAdd?: boolean;
  disabled?: boolean;
  onChange: (value: number) => void;
}) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexShrink: 0 }}>
      <IconButton
        aria-label={`Diminuir ${name}`}
        disabled={disabled || value <= min}
        onClick={() => onChange(value - 1)}
        sx={BUTTON}
      >
        <RemoveIcon />
      </IconButton>
      <Typography
        component="span"
        sx={{ minWidth: 28, textAlign: 'center', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </Typography>
      <IconButton
        aria-label={`Aumentar ${name}`}
        disabled={disabled || !canAdd || value >= max}
        onClick={() => onChange(value + 1)}
        sx={BUTTON}
      >
        <AddIcon />
      </IconButton>
    </Stack>
  );
}
