import { useState, type FormEvent } from 'react';
import { Box, Button, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import {
  PERIOD_LABELS,
  PERIOD_MESSAGES,
  PERIODS,
  periodQuery,
  type Period,
  type PeriodRange,
} from '../../../contract/statistics';
import { formatDate } from '../../../contract/lib/format';
import { maskTypedDate, parseTypedDate, periodText, type ChosenPeriod } from './period';

const INVALID_DATE = 'Data inválida: use dd/mm/aaaa.';

/** The first problem of a custom period typed as dd/mm/aaaa, with the API's own messages. */
function customProblem(start: string, end: string): { field: 'start' | 'end'; message: string } | null {
  const from = parseTypedDate(start);
  if (!from) return { field: 'start', message: INVALID_DATE };
  const to = parseTypedDate(end);
  if (!to) return { field: 'end', message: INVALID_DATE };
  const parsed = periodQuery.safeParse({ period: 'custom', start: from, end: to });
  return parsed.success
    ? null
    : { field: 'end', message: parsed.error.issues[0]?.message ?? PERIOD_MESSAGES.order };
}

/**
 * Hoje, 7 dias, 30 dias, 12 meses or Personalizado (start and end typed dd/mm/aaaa, applied with
 * Aplicar). Under it, the days the figures cover, as the API answered them.
 */
export function PeriodSelector({
  value,
  onChange,
  range,
}: {
  value: ChosenPeriod;
  onChange: (next: ChosenPeriod) => void;
  range?: PeriodRange | undefined;
}) {
  const [editing, setEditing] = useState(value.period === 'custom');
  const [start, setStart] = useState(value.start ? formatDate(value.start) : '');
  const [end, setEnd] = useState(value.end ? formatDate(value.end) : '');
  const [problem, setProblem] = useState<ReturnType<typeof customProblem>>(null);
  const selected: Period = editing ? 'custom' : value.period;

  const pick = (next: Period | null) => {
    if (next === null) return;
    if (next === 'custom') {
      // Starts from the days shown, which the user then narrows or widens.
      if (!start && range) setStart(formatDate(range.start));
      if (!end && range) setEnd(formatDate(range.end));
      setEditing(true);
      return;
    }
    setEditing(false);
    setProblem(null);
    onChange({ period: next });
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const found = customProblem(start, end);
    setProblem(found);
    if (!found) onChange({ period: 'custom', start: parseTypedDate(start)!, end: parseTypedDate(end)! });
  };

  return (
    <Box>
      <ToggleButtonGroup
        exclusive
        value={selected}
        onChange={(_, next: Period | null) => pick(next)}
        aria-label="Período"
        sx={{ flexWrap: 'wrap', '& .MuiToggleButton-root': { minHeight: 44, px: 2 } }}
      >
        {PERIODS.map((period) => (
          <ToggleButton key={period} value={period}>
            {PERIOD_LABELS[period]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {editing ? (
        <Stack
          component="form"
          noValidate
          onSubmit={apply}
          direction="row"
          sx={{ mt: 2, gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
        >
          {(
            [
              ['start', 'Início', start, setStart],
              ['end', 'Fim', end, setEnd],
            ] as const
          ).map(([field, label, text, set]) => (
            <TextField
              key={field}
              label={label}
              value={text}
              onChange={(event) => set(maskTypedDate(event.target.value))}
              placeholder="dd/mm/aaaa"
              error={problem?.field === field}
              helperText={problem?.field === field ? problem.message : ' '}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': label } }}
              sx={{ width: 180 }}
            />
          ))}
          <Button type="submit" variant="contained" sx={{ minHeight: 56 }}>
            Aplicar
          </Button>
        </Stack>
      ) : null}
      {range ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="period-range">
          {periodText(range.start, range.end)} · comparado a{' '}
          {periodText(range.previous_start, range.previous_end)}
        </Typography>
      ) : null}
    </Box>
  );
}
