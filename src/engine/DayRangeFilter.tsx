import { useEffect, type ChangeEvent } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Box, GlobalStyles, Stack, Typography } from '@mui/material';
import { DateInput, FilterFormClasses } from 'react-admin';
import { DAY_RANGE_INVALID } from '../../contract/lib/fields';

const later = (start: unknown, end: unknown) =>
  typeof start === 'string' && typeof end === 'string' && start !== '' && end !== '' && start > end;

/**
 * Both days are checked together: the filter is not applied while the start is after the end.
 * Each field is then marked wrong with react-admin's empty helper text (a zero-width space): the
 * message itself is said once, under both.
 */
const validRange = (_value: unknown, values: Record<string, unknown>) =>
  later(values.start_at, values.end_at) ? '\u200b' : undefined;

// The filter bar is a row of small fields: a day field as tall as a finger needs (44 px); their
// own (empty) error lines take no room.
const dayInput = {
  width: { xs: '100%', sm: 176 },
  '& .MuiInputBase-root': { minHeight: 44 },
  '& .MuiFormHelperText-root': { display: 'none' },
} as const;

/**
 * A list's period (Data inicial, Data final): São Paulo days as yyyy-MM-dd, as the API takes
 * them. A start after the end is said under the fields, and the list keeps its last period (the tabs, the audit trail).
 * `source` and `alwaysOn` are read by react-admin's filter form (its key; shown without a menu).
 */
export function DayRangeFilter(_: { source: 'start_at'; alwaysOn: true }) {
  const { trigger, formState, setValue } = useFormContext();
  // react-admin's day field takes a cleared day on leaving the field only: the period widens at
  // once, as it narrows.
  const clearing = (source: 'start_at' | 'end_at') => (event: ChangeEvent<HTMLInputElement>) => {
    if (event.target.value === '') setValue(source, '', { shouldDirty: true });
  };
  const [start, end] = useWatch({ name: ['start_at', 'end_at'] }) as [unknown, unknown];
  const invalid = later(start, end);
  const marked = Boolean(formState.errors.start_at || formState.errors.end_at);
  // A change of one day may make the other right or wrong: both are checked again.
  useEffect(() => {
    if (invalid || marked) void trigger(['start_at', 'end_at']);
  }, [start, end, invalid, marked, trigger]);
  return (
    <Box sx={{ width: { xs: '100%', sm: 'auto' } }}>
      <Stack direction="row" sx={{ columnGap: 2, flexWrap: 'wrap' }}>
        <DateInput
          source="start_at"
          label="Data inicial"
          onChange={clearing('start_at')}
          validate={validRange}
          helperText={false}
          sx={dayInput}
          slotProps={{ htmlInput: { max: typeof end === 'string' && end ? end : undefined } }}
        />
        <DateInput
          source="end_at"
          label="Data final"
          onChange={clearing('end_at')}
          validate={validRange}
          helperText={false}
          sx={dayInput}
          slotProps={{ htmlInput: { min: typeof start === 'string' && start ? start : undefined } }}
        />
      </Stack>
      {invalid ? (
        <>
          {/* The message makes this filter taller: the others stay in line with the fields. */}
          <GlobalStyles
            styles={{ [`form:has(> .${FilterFormClasses.filterFormInput})`]: { alignItems: 'flex-start' } }}
          />
          <Typography role="alert" variant="caption" color="error" sx={{ display: 'block', mt: 0.5 }}>
            {DAY_RANGE_INVALID}
          </Typography>
        </>
      ) : null}
    </Box>
  );
}
