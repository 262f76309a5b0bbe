import { useId } from 'react';
import { Box, Checkbox, FormControlLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { formatCents } from '../../../../contract/lib/format';
import {
  groupState,
  MAX_QUANTITY,
  type MenuGroup,
  type MenuOption,
} from '../../../../contract/resources/orderEntry/rules';
import { QuantityStepper } from './QuantityStepper';

/** An option chosen in one group, and how many times. */
export interface ChosenOption {
  product_id: number;
  quantity: number;
}

/** 'mín. 1 · máx. 2', or 'Opcional · até 3' when nothing need be chosen. */
export const groupRule = (group: Pick<MenuGroup, 'min' | 'max'>) =>
  group.min === 0 ? `Opcional · até ${group.max}` : `mín. ${group.min} · máx. ${group.max}`;

/** The value a radio group reads when the optional group has nothing chosen. */
const NONE = '';

/** An option as it reads beside its control: its name, what it adds to the price, whether it can be had. */
function OptionLabel({ option }: { option: MenuOption }) {
  return (
    <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
      <span>{option.name}</span>
      {option.price > 0 ? (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          + {formatCents(option.price)}
        </Box>
      ) : null}
      {option.available ? null : (
        <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
          Indisponível
        </Box>
      )}
    </Box>
  );
}

const ROW = { minHeight: 48, mr: 0 } as const;

/**
 * One complement group of the product being ordered: its name and its rule, and its options as
 * the group allows them — radio buttons when one at most may be chosen, checkboxes when each
 * option counts once, steppers when 'Repetir a opção' lets one be chosen again. Unavailable
 * options are shown, disabled; under the group, where it stands (`groupState`).
 */
export function GroupPicker({
  group,
  chosen,
  productName,
  onChange,
}: {
  group: MenuGroup;
  /** The options chosen in this group. */
  chosen: readonly ChosenOption[];
  productName: string;
  onChange: (chosen: ChosenOption[]) => void;
}) {
  const titleId = useId();
  const ruleId = useId();
  const state = groupState(group, chosen, productName);
  const quantityOf = (productId: number) =>
    chosen.find((option) => option.product_id === productId)?.quantity ?? 0;
  /** The options with `productId` set to `quantity` (none when 0), in the menu's order. */
  const withQuantity = (productId: number, quantity: number) =>
    group.options
      .map((option) => ({
        product_id: option.product_id,
        quantity: option.product_id === productId ? quantity : quantityOf(option.product_id),
      }))
      .filter((option) => option.quantity > 0);

  let options;
  if (group.allow_repeat) {
    options = (
      <Stack sx={{ gap: 0.5 }}>
        {group.options.map((option) => (
          <Stack
            key={option.product_id}
            direction="row"
            sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, minHeight: 48 }}
          >
            <Typography component="span" color={option.available ? 'text.primary' : 'text.disabled'}>
              <OptionLabel option={option} />
            </Typography>
            <QuantityStepper
              name={option.name}
              value={quantityOf(option.product_id)}
              min={0}
              max={Math.min(group.max, MAX_QUANTITY)}
              canAdd={state.canAdd && option.available}
              disabled={!option.available && quantityOf(option.product_id) === 0}
              onChange={(quantity) => onChange(withQuantity(option.product_id, quantity))}
            />
          </Stack>
        ))}
      </Stack>
    );
  } else if (group.max === 1) {
    const picked = chosen[0]?.product_id;
    options = (
      <RadioGroup
        aria-labelledby={titleId}
        value={picked === undefined ? NONE : String(picked)}
        onChange={(_, value) => onChange(value === NONE ? [] : [{ product_id: Number(value), quantity: 1 }])}
      >
        {group.min === 0 ? (
          <FormControlLabel value={NONE} control={<Radio />} label="Nenhum" sx={ROW} />
        ) : null}
        {group.options.map((option) => (
          <FormControlLabel
            key={option.product_id}
            value={String(option.product_id)}
            control={<Radio />}
            label={<OptionLabel option={option} />}
            disabled={!option.available}
            sx={ROW}
          />
        ))}
      </RadioGroup>
    );
  } else {
    options = (
      <Stack>
        {group.options.map((option) => {
          const checked = quantityOf(option.product_id) > 0;
          return (
            <FormControlLabel
              key={option.product_id}
              control={
                <Checkbox
                  checked={checked}
                  onChange={(event) =>
                    onChange(withQuantity(option.product_id, event.target.checked ? 1 : 0))
                  }
                />
              }
              label={<OptionLabel option={option} />}
              // A full group takes no other option; the ones chosen can still be let go.
              disabled={!checked && (!option.available || !state.canAdd)}
              sx={ROW}
            />
          );
        })}
      </Stack>
    );
  }

  return (
    <Box
      component="fieldset"
      aria-describedby={ruleId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, m: 0, px: 2, pt: 1, pb: 1.5 }}
    >
      <Typography id={titleId} component="legend" variant="subtitle1" sx={{ fontWeight: 700, px: 0.5 }}>
        {group.name}
      </Typography>
      <Typography id={ruleId} variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {groupRule(group)}
      </Typography>
      {options}
      {state.message ? (
        <Typography
          variant="body2"
          role="status"
          // Still to choose is a step of the form; a broken rule is an error.
          color={state.count < group.min ? 'warning.main' : 'error'}
          sx={{ mt: 0.5 }}
        >
          {state.message}
        </Typography>
      ) : null}
    </Box>
  );
}
