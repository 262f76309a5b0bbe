import { Box, FormHelperText, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { TextInput, useInput } from 'react-admin';
import { RowsInput } from '../../engine/RowsInput';
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
function DaysInput({ source, label }: { source: string; label: string }) {
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
 * added and removed; saved as the API's per-day list (`ungroupHours`). The form's check places
 * the rules of contract/lib/hours.ts on the group that breaks them.
 */
export function OpeningHoursInput() {
  const time = (source: string, label: string) => (
    <TextInput
      source={source}
      label={label}
      type="time"
      // An emptied time stays '' (react-admin's own would make it null), as the checks read it.
      parse={(value: string) => value}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 300 } }}
      sx={{ flex: 1, minWidth: 120, my: 0 }}
    />
  );
  return (
    <RowsInput
      source="hours"
      name={(index) => `Horário ${index + 1}`}
      empty="Nenhum horário informado: o restaurante aparece como fechado no aplicativo."
      add={{ label: 'ADICIONAR HORÁRIO', row: NEW_GROUP }}
    >
      {(source, removal, name) => (
        <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, alignItems: { md: 'flex-start' } }}>
          <DaysInput source={`${source}.days`} label={`Dias do ${name.toLowerCase()}`} />
          <Stack direction="row" sx={{ gap: 2, alignItems: 'flex-start', flex: 1 }}>
            {time(`${source}.start_time`, 'Abre às')}
            {time(`${source}.end_time`, 'Fecha às')}
            {removal}
          </Stack>
        </Stack>
      )}
    </RowsInput>
  );
}
