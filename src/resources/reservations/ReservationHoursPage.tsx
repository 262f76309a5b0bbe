import { useId } from 'react';
import {
  Alert,
  Box,
  Button,
  Divider,
  FormHelperText,
  IconButton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { BooleanInput, TopToolbar, useCanAccess, useInput } from 'react-admin';
import { useFieldArray, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { GROUP_MESSAGES, hoursProblems, isTime, WEEKDAYS } from '../../../contract/lib/hours';
import { GeneratedSingle } from '../../engine/GeneratedForm';
import { ToolbarLink } from '../../engine/parts';
import { restaurants, type Store } from '../../../contract/resources/restaurants/definition';
import { ownStoreScreen, SaveBar } from '../settings/ownStore';
import { errorText, TOUCH } from '../settings/touch';
import { RESERVATION_MESSAGES, reservations } from '../../../contract/resources/reservations/definition';
import { reservationPaths } from './paths';

interface Period {
  start_time: string;
  end_time: string;
}
/** A weekday's periods, in the order they were added. */
type Day = { periods: Period[] };

/** The form's values: the store, with its periods by weekday (`week.{day}.periods`). */
const valuesOf = (store: Store) => ({
  ...store,
  week: WEEKDAYS.map((_, day) => ({
    periods: store.info.reservation_hours
      .filter((hours) => hours.day_of_week === day)
      .flatMap((hours) => hours.time_periods.map(({ start_time, end_time }) => ({ start_time, end_time }))),
  })),
});

/** The week as the store keeps it (`info.reservation_hours`): the days with periods, in order. */
const hoursOf = (week: Day[]) =>
  week
    .map(({ periods }, day_of_week) => ({ day_of_week, time_periods: periods }))
    .filter((day) => day.time_periods.length > 0);

/**
 * What is wrong, under the period that breaks it: a time missing, a period that starts when it
 * ends, ends before it starts, or overlaps another of its day (contract/lib/hours.ts: the API's words).
 */
const schema = z.object({
  week: z.array(z.unknown()).superRefine((days, context) => {
    const week = days as Day[];
    const problem = (day: number, index: number, message: string) =>
      context.addIssue({ code: 'custom', message, path: [day, 'periods', index, 'end_time'] });
    const complete = week.map(({ periods }, day) => ({
      periods: periods.filter(({ start_time, end_time }, index) => {
        const message =
          !isTime(start_time) || !isTime(end_time)
            ? GROUP_MESSAGES.time
            : start_time === end_time
              ? GROUP_MESSAGES.same
              : null;
        if (message) problem(day, index, message);
        return !message;
      }),
    }));
    const listed = hoursOf(complete);
    for (const { entry, period, message } of hoursProblems(listed)) {
      const { day_of_week, time_periods } = listed[entry]!;
      problem(day_of_week, week[day_of_week]!.periods.indexOf(time_periods[period]!), message);
    }
  }),
});

/** Whether the account may change the store's settings; the other roles read the hours. */
const useCanSave = () => useCanAccess({ resource: restaurants.name, action: 'edit' }).canAccess ?? false;

/** One period of a day: its start and end, its removal, and what is wrong with it. */
function PeriodInputs({ source, label, onRemove }: { source: string; label: string; onRemove: () => void }) {
  const disabled = !useCanSave();
  const start = useInput({ source: `${source}.start_time` });
  const end = useInput({ source: `${source}.end_time` });
  const error = errorText(end.fieldState.error);
  const errorId = `${end.id}-error`;
  const time = ({ field: { ref, ...field } }: typeof start, text: string) => (
    <TextField
      type="time"
      label={text}
      {...field}
      inputRef={ref}
      value={field.value ?? ''}
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
    <Box>
      <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        {time(start, 'Início')}
        {time(end, 'Fim')}
        <IconButton
          aria-label={`Remover ${label}`}
          onClick={onRemove}
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
}

/** A weekday's periods (up to six), added and removed. */
function DayPeriods({ day }: { day: number }) {
  const headingId = useId();
  const disabled = !useCanSave();
  const { fields, append, remove } = useFieldArray({ name: `week.${day}.periods` });
  const name = WEEKDAYS[day]!;
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
          onClick={() => append({ start_time: '', end_time: '' })}
          disabled={disabled || fields.length >= 6}
          aria-label={`Adicionar período: ${name}`}
          sx={{ minHeight: TOUCH }}
        >
          Adicionar período
        </Button>
      </Stack>
      {fields.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Sem reservas neste dia.
        </Typography>
      ) : null}
      <Stack sx={{ gap: 1.5, mt: 1 }}>
        {fields.map((field, index) => (
          <PeriodInputs
            key={field.id}
            source={`week.${day}.periods.${index}`}
            label={`${name}, período ${index + 1}`}
            onRemove={() => remove(index)}
          />
        ))}
      </Stack>
    </Box>
  );
}

/** The switch, named by its state. */
function EnabledInput() {
  const enabled = useWatch({ name: 'info.reservations' }) as boolean;
  return (
    <BooleanInput
      source="info.reservations"
      label={enabled ? 'Aceitando reservas' : 'Reservas desativadas'}
      helperText="Desativadas, nenhuma reserva nova é aceita, nem pelo aplicativo nem por aqui."
      disabled={!useCanSave()}
      sx={{ '& .MuiFormControlLabel-root': { minHeight: TOUCH } }}
    />
  );
}

/** The store's other roles read its hours; only its managers (and the platform) change them. */
function ReadOnlyNotice() {
  return useCanSave() ? null : (
    <Alert severity="info" sx={{ mb: 2, width: '100%' }}>
      Somente os gerentes do restaurante alteram estas informações.
    </Alert>
  );
}

/**
 * Horários de reserva (restaurant spec 2, 3): the periods of each weekday (0 Sunday … 6 Saturday)
 * when reservations may be made, and whether the store takes them at all — saved on the store
 * (`info.reservations`, `info.reservation_hours`), as its managers change its settings.
 */
const screen = ownStoreScreen(
  { saved: RESERVATION_MESSAGES.hoursSaved, unsaved: 'Ocorreu um erro na atualização' },
  {
    title: 'Horários de reserva',
    actions: (
      <TopToolbar sx={{ justifyContent: 'flex-start' }}>
        <ToolbarLink to={reservationPaths.list} label={reservations.label.many} back />
      </TopToolbar>
    ),
    maxWidth: 880,
    values: (store) => valuesOf(store as Store),
    schema,
    sent: ({ info, week }) => ({
      info: { reservations: (info as Store['info']).reservations, reservation_hours: hoursOf(week as Day[]) },
    }),
    toolbar: <SavedBy />,
    sections: [
      { title: 'Reservas', fields: ['readOnly', 'info.reservations'] },
      { title: 'Períodos por dia da semana', fields: ['week'] },
    ],
    inputs: {
      readOnly: <ReadOnlyNotice />,
      'info.reservations': <EnabledInput />,
      week: (
        <Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Uma reserva pode ser feita do início de um período até antes do seu fim (horário de Brasília).
          </Typography>
          {WEEKDAYS.map((_, day) => (
            <Box key={day}>
              {day > 0 ? <Divider /> : null}
              <DayPeriods day={day} />
            </Box>
          ))}
        </Box>
      ),
    },
  },
);

/** Salvar, for who may change the store's settings. */
function SavedBy() {
  return useCanSave() ? <SaveBar label="Salvar" /> : null;
}

export function ReservationHoursPage() {
  return <GeneratedSingle {...screen} />;
}
