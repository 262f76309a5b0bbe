import {
  Box,
  Button,
  FormHelperText,
  IconButton,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { TextInput, useInput } from 'react-admin';
import { useFieldArray } from 'react-hook-form';
import { WEEKDAY_ABBREVIATIONS, WEEKDAYS, type HoursGroup } from '../../../contract/lib/hours';
import { errorText, TOUCH } from './touch';

/** Read by screen readers, not shown. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const NEW_GROUP: HoursGroup = { days: [], start_time: '', end_time: '' };

/** The days of one group: seven toggles, a touch each, named by the whole day. */
function DaysInput({ source, label, disabled }: { source: string; label: string; disabled: boolean }) {
  const { field, fieldState, id } = useInput({ source });
  const days = (field.value ?? []) as number[];
  const message = errorText(fieldState.error);
  return (
    <Box>
      <ToggleButtonGroup
        value={days}
        onChange={(_event, next: number[]) => field.onChange([...next].sort((a, b) => a - b))}
        aria-label={label}
        aria-describedby={message ? `${id}-error` : undefined}
        disabled={disabled}
        sx={{ flexWrap: 'wrap' }}
      >
        {WEEKDAY_ABBREVIATIONS.map((abbreviation, day) => (
          <ToggleButton
            key={day}
            value={day}
            sx={{ minWidth: TOUCH, minHeight: TOUCH, px: 1.25, fontWeight: 700, textTransform: 'none' }}
          >
            {/* Seen short, heard whole: the name is the day's ('Segunda-feira'). */}
            <span aria-hidden="true">{abbreviation}</span>
            <Box component="span" sx={VISUALLY_HIDDEN}>
              {WEEKDAYS[day]}
            </Box>
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {message ? (
        <FormHelperText id={`${id}-error`} error>
          {message}
        </FormHelperText>
      ) : null}
    </Box>
  );
}

/**
 * Funcionamento (restaurant spec 2 and 3): the opening hours as groups of days sharing a period,
 * added and removed; saved as the API's per-day list (`ungroupHours`). The form's `validate`
 * places the rules of contract/lib/hours.ts on the group that breaks them.
 */
export function OpeningHoursInput({
  source = 'hours',
  disabled = false,
}: {
  source?: string;
  disabled?: boolean;
}) {
  const { fields, append, remove } = useFieldArray({ name: source });
  return (
    <Stack sx={{ gap: 2 }}>
      {fields.length === 0 ? (
        <Typography color="text.secondary">
          Nenhum horário informado: o restaurante aparece como fechado no aplicativo.
        </Typography>
      ) : null}
      {fields.map((field, index) => {
        const name = `Horário ${index + 1}`;
        return (
          <Box
            key={field.id}
            component="fieldset"
            aria-label={name}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 2, m: 0, p: 2 }}
          >
            <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, alignItems: { md: 'flex-start' } }}>
              <DaysInput
                source={`${source}.${index}.days`}
                label={`Dias do ${name.toLowerCase()}`}
                disabled={disabled}
              />
              <Stack direction="row" sx={{ gap: 2, alignItems: 'flex-start', flex: 1 }}>
                <TextInput
                  source={`${source}.${index}.start_time`}
                  label="Abre às"
                  type="time"
                  disabled={disabled}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 300 } }}
                  sx={{ flex: 1, minWidth: 120, my: 0 }}
                />
                <TextInput
                  source={`${source}.${index}.end_time`}
                  label="Fecha às"
                  type="time"
                  disabled={disabled}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 300 } }}
                  sx={{ flex: 1, minWidth: 120, my: 0 }}
                />
                {disabled ? null : (
                  <IconButton
                    aria-label={`Remover ${name.toLowerCase()}`}
                    onClick={() => remove(index)}
                    sx={{ width: TOUCH, height: TOUCH, mt: 0.5 }}
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                )}
              </Stack>
            </Stack>
          </Box>
        );
      })}
      {disabled ? null : (
        <Box>
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            onClick={() => append({ ...NEW_GROUP })}
            sx={{ minHeight: TOUCH }}
          >
            ADICIONAR HORÁRIO
          </Button>
        </Box>
      )}
    </Stack>
  );
}
