import { useId, useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  Divider,
  FormControlLabel,
  FormHelperText,
  IconButton,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import SaveIcon from '@mui/icons-material/Save';
import { useCanAccess, useNotify, useUpdate } from 'react-admin';
import { GROUP_MESSAGES, hoursProblems, isTime, WEEKDAYS } from '../../../contract/lib/hours';
import { ToolbarLink } from '../../engine/parts';
import { restaurants, type Store } from '../../../contract/resources/restaurants/definition';
import { ReadOnlyNotice, ScreenHeader, Section, StoreState } from '../settings/Screen';
import { failureText } from '../../dataProvider/httpClient';
import { useOwnStore } from '../settings/useOwnStore';
import { RESERVATION_MESSAGES, reservations } from '../../../contract/resources/reservations/definition';
import { reservationPaths } from './paths';

const TOUCH = 44;
const SAVE_FAILED = 'Ocorreu um erro na atualização';

interface Period {
  start_time: string;
  end_time: string;
}
/** The week as the screen edits it: each weekday's periods, in the order they were added. */
type Week = Period[][];
/** A message per period, by weekday and position. */
type WeekErrors = Record<string, string>;

const key = (day: number, index: number) => `${day}.${index}`;

function weekOf(store: Store): Week {
  const week: Week = WEEKDAYS.map(() => []);
  for (const day of store.info.reservation_hours) {
    week[day.day_of_week]?.push(
      ...day.time_periods.map((p) => ({ start_time: p.start_time, end_time: p.end_time })),
    );
  }
  return week;
}

/** The week as the store keeps it (`info.reservation_hours`): the days with periods, in order. */
const hoursOf = (week: Week) =>
  week
    .map((time_periods, day_of_week) => ({ day_of_week, time_periods }))
    .filter((day) => day.time_periods.length > 0);

/**
 * What is wrong, under the period that breaks it: a time missing, a period that starts when it
 * ends, ends before it starts, or overlaps another of its day (contract/lib/hours.ts: the API's words).
 */
function problemsOf(week: Week): WeekErrors {
  const errors: WeekErrors = {};
  week.forEach((periods, day) =>
    periods.forEach((period, index) => {
      if (!isTime(period.start_time) || !isTime(period.end_time))
        errors[key(day, index)] = GROUP_MESSAGES.time;
      else if (period.start_time === period.end_time) errors[key(day, index)] = GROUP_MESSAGES.same;
    }),
  );
  const complete = week.map((periods, day) => periods.filter((_, index) => !errors[key(day, index)]));
  const listed = hoursOf(complete);
  for (const problem of hoursProblems(listed)) {
    const day = listed[problem.entry]!.day_of_week;
    const period = listed[problem.entry]!.time_periods[problem.period]!;
    errors[key(day, week[day]!.indexOf(period))] ??= problem.message;
  }
  return errors;
}

function DayPeriods({
  day,
  periods,
  errors,
  disabled,
  onChange,
}: {
  day: number;
  periods: Period[];
  errors: WeekErrors;
  disabled: boolean;
  onChange: (periods: Period[]) => void;
}) {
  const headingId = useId();
  const name = WEEKDAYS[day]!;
  const set = (index: number, field: keyof Period, value: string) =>
    onChange(periods.map((period, i) => (i === index ? { ...period, [field]: value } : period)));
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ py: 1.5 }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}
      >
        <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700, minWidth: 140 }}>
          {name}
        </Typography>
        <Button
          startIcon={<AddIcon />}
          onClick={() => onChange([...periods, { start_time: '', end_time: '' }])}
          disabled={disabled || periods.length >= 6}
          aria-label={`Adicionar período: ${name}`}
          sx={{ minHeight: TOUCH }}
        >
          Adicionar período
        </Button>
      </Stack>
      {periods.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Sem reservas neste dia.
        </Typography>
      ) : null}
      <Stack sx={{ gap: 1.5, mt: 1 }}>
        {periods.map((period, index) => {
          const error = errors[key(day, index)];
          const label = `${name}, período ${index + 1}`;
          const errorId = `${headingId}-${index}-error`;
          const time = (field: keyof Period, text: string) => (
            <TextField
              type="time"
              label={text}
              value={period[field]}
              onChange={(event) => set(index, field, event.target.value)}
              disabled={disabled}
              error={Boolean(error)}
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: {
                  'aria-label': `${label}: ${text.toLowerCase()}`,
                  'aria-describedby': error ? errorId : undefined,
                },
              }}
              sx={{ width: 150, '& .MuiInputBase-root': { minHeight: TOUCH } }}
            />
          );
          return (
            <Box key={index}>
              <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
                {time('start_time', 'Início')}
                {time('end_time', 'Fim')}
                <IconButton
                  aria-label={`Remover ${label}`}
                  onClick={() => onChange(periods.filter((_, i) => i !== index))}
                  disabled={disabled}
                  sx={{ width: TOUCH, height: TOUCH }}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </Stack>
              {error ? (
                <FormHelperText id={errorId} error>
                  {error}
                </FormHelperText>
              ) : null}
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}

function HoursForm({ store, canSave }: { store: Store; canSave: boolean }) {
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  const [enabled, setEnabled] = useState(store.info.reservations);
  const [week, setWeek] = useState<Week>(() => weekOf(store));
  // Messages show once a save was tried, then follow every change.
  const [tried, setTried] = useState(false);
  const errors = tried ? problemsOf(week) : {};
  const disabled = !canSave || isPending;

  const save = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(problemsOf(week)).length > 0) return;
    void update(
      restaurants.name,
      {
        id: store.id,
        data: { info: { reservations: enabled, reservation_hours: hoursOf(week) } },
        previousData: store,
      },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(RESERVATION_MESSAGES.hoursSaved, { type: 'success' }),
        onError: (error) => notify(failureText(error, SAVE_FAILED), { type: 'error' }),
      },
    );
  };

  return (
    <form onSubmit={save} noValidate>
      <Section title="Reservas" id="reservations-enabled">
        <FormControlLabel
          control={
            <Switch
              checked={enabled}
              onChange={(event) => setEnabled(event.target.checked)}
              disabled={disabled}
            />
          }
          label={enabled ? 'Aceitando reservas' : 'Reservas desativadas'}
          sx={{ minHeight: TOUCH }}
        />
        <Typography variant="body2" color="text.secondary">
          Desativadas, nenhuma reserva nova é aceita, nem pelo aplicativo nem por aqui.
        </Typography>
      </Section>
      <Section title="Períodos por dia da semana" id="reservation-periods">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Uma reserva pode ser feita do início de um período até antes do seu fim (horário de Brasília).
        </Typography>
        {week.map((periods, day) => (
          <Box key={day}>
            {day > 0 ? <Divider /> : null}
            <DayPeriods
              day={day}
              periods={periods}
              errors={errors}
              disabled={disabled}
              onChange={(next) => setWeek((current) => current.map((p, d) => (d === day ? next : p)))}
            />
          </Box>
        ))}
      </Section>
      {canSave ? (
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 3 }}>
          <Button
            type="submit"
            variant="contained"
            startIcon={<SaveIcon />}
            loading={isPending}
            sx={{ minHeight: 48 }}
          >
            Salvar
          </Button>
        </Stack>
      ) : null}
    </form>
  );
}

/**
 * Horários de reserva (restaurant spec 2, 3): the periods of each weekday (0 Sunday … 6 Saturday)
 * when reservations may be made, and whether the store takes them at all — saved on the store
 * (`info.reservations`, `info.reservation_hours`), as its managers change its settings.
 */
export function ReservationHoursPage() {
  const own = useOwnStore();
  const { canAccess: canSave = false } = useCanAccess({ resource: restaurants.name, action: 'edit' });
  return (
    <Box sx={{ maxWidth: 880, pb: 2 }}>
      <ScreenHeader
        title="Horários de reserva"
        actions={<ToolbarLink to={reservationPaths.list} label={reservations.label.many} back />}
      />
      {own.state === 'ready' ? (
        <>
          {canSave ? null : <ReadOnlyNotice />}
          <HoursForm key={String(own.store.updated_at)} store={own.store} canSave={canSave} />
        </>
      ) : (
        <StoreState own={own} />
      )}
    </Box>
  );
}
