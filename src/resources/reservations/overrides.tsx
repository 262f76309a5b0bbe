import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useWatch } from 'react-hook-form';
import { Alert, Box, Chip, Link, Stack, Typography } from '@mui/material';
import ScheduleIcon from '@mui/icons-material/Schedule';
import {
  DateInput,
  NumberInput,
  SaveButton,
  SelectInput,
  TextInput,
  Toolbar,
  required,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { z } from 'zod';
import { PhoneInput } from '../../components/MaskedInputs';
import { fieldText } from '../../lib/display';
import { DayRangeFilter } from '../../engine/DayRangeFilter';
import { defineScreens } from '../../engine/overrides';
import { ToolbarLink } from '../../engine/parts';
import { choiceLabel } from '../../../contract/define';
import { formatDate, formatDateTime, maskPhone } from '../../../contract/lib/format';
import {
  RESERVATION_MESSAGES,
  RESERVATION_NAME_REQUIRED,
  reservationCreateInput,
  reservationPeriods,
  reservations,
  type ReservationRow,
  type ReservationStatus,
} from '../../../contract/resources/reservations/definition';
import {
  periodsText,
  reservationTimeProblem,
  saoPauloClock,
  saoPauloInstant,
  todayInSaoPaulo,
  type ReservationSettings,
} from '../../../contract/resources/reservations/rules';
import { useOwnStore } from '../settings/ownStore';
import { people, ReservationActions } from './ReservationActions';
import { reservationPaths } from './paths';

const { fields } = reservations;
const TOUCH = { '& .MuiInputBase-root': { minHeight: 44 } } as const;

const STATUS_COLOR: Record<ReservationStatus, 'warning' | 'success' | 'default' | 'error'> = {
  CREATED: 'warning',
  CONFIRMED: 'success',
  CANCELLED: 'default',
  UNAVAILABLE: 'default',
  NO_SHOW: 'error',
};

function StatusChip() {
  const reservation = useRecordContext<ReservationRow>();
  if (!reservation) return null;
  return (
    <Chip
      // Phrasing content: a card is a button.
      component="span"
      size="small"
      label={choiceLabel(fields.status!, reservation.status)}
      color={STATUS_COLOR[reservation.status]}
      variant={reservation.status === 'CREATED' || reservation.status === 'CONFIRMED' ? 'filled' : 'outlined'}
    />
  );
}

/** What a row opens: the notes (spec 2), and what the columns of a narrow screen leave out. */
function ReservationDetails() {
  const reservation = useRecordContext<ReservationRow>();
  if (!reservation) return null;
  const facts: [string, string][] = [
    [fields.code!.label, reservation.code],
    [fields.phone!.label, maskPhone(reservation.phone)],
    ...(reservation.email ? ([[fields.email!.label, reservation.email]] as [string, string][]) : []),
    [
      fields.table_number!.label,
      reservation.table_number === null ? 'Nenhuma' : `Mesa ${reservation.table_number}`,
    ],
    [fields.created_at!.label, formatDateTime(reservation.created_at)],
  ];
  return (
    <Box sx={{ py: 1, px: { xs: 1.5, sm: 2 } }}>
      <Typography variant="subtitle2" component="h3">
        {fields.observations!.label}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mb: 1.5 }}>
        {reservation.observations ?? 'Sem observações.'}
      </Typography>
      <Stack component="dl" direction="row" sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, m: 0 }}>
        {facts.map(([label, value]) => (
          <Stack key={label} direction="row" sx={{ gap: 0.75 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}:
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}

function NoReservations() {
  return (
    <Stack sx={{ alignItems: 'center', textAlign: 'center', gap: 1, py: 6, px: 2 }}>
      <ScheduleIcon sx={{ fontSize: 56, opacity: 0.5 }} aria-hidden />
      <Typography variant="h6" component="p">
        Nenhuma reserva encontrada.
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Mude o período ou os filtros, ou crie uma reserva.
      </Typography>
    </Stack>
  );
}

/** A reservation on a tablet: when, who and how many, and its state; a touch opens its notes. */
function cardOf(record: RaRecord) {
  const reservation = record as ReservationRow;
  const { day, time } = saoPauloClock(new Date(reservation.date));
  return (
    <Stack component="span" sx={{ p: 1.5, gap: 0.5, alignItems: 'flex-start' }}>
      <Typography component="span" sx={{ fontWeight: 700 }}>
        {time} · {reservation.fullname}
      </Typography>
      <Typography component="span" variant="body2" color="text.secondary">
        {formatDate(day)} · {people(reservation.n_persons)}
        {reservation.table_number === null ? '' : ` · Mesa ${reservation.table_number}`}
      </Typography>
      <StatusChip />
    </Stack>
  );
}

const DAY_REQUIRED = 'Informe a data da reserva.';
const TIME_REQUIRED = 'Informe o horário da reserva.';

interface FormValues {
  fullname?: string;
  phone?: string | null;
  n_persons?: number | null;
  day?: string | null;
  time?: string | null;
  observations?: string | null;
}

/** The instant of the form's day and time, São Paulo time; null while either is missing. */
const instantOf = (values: FormValues) =>
  values.day && values.time ? saoPauloInstant(values.day, values.time) : null;

/** The form's values as POST /api/reservations takes them: the date with its offset. */
const toPayload = (values: FormValues) => ({
  fullname: values.fullname,
  phone: values.phone ?? undefined,
  n_persons: values.n_persons ?? undefined,
  date: instantOf(values)?.toISOString() ?? '',
  observations: values.observations ?? undefined,
});

const { shape } = reservationCreateInput;

/**
 * The API's own checks, each under its input; the date's under the day or the time, with the
 * store's reservation hours once read (the server checks them again).
 */
function formSchema(settings: ReservationSettings | null) {
  return z
    .object({
      fullname: shape.fullname,
      phone: shape.phone,
      n_persons: shape.n_persons,
      day: z.string({ error: DAY_REQUIRED }).min(1, DAY_REQUIRED),
      time: z.string({ error: TIME_REQUIRED }).min(1, TIME_REQUIRED),
      observations: shape.observations,
    })
    .superRefine(
      (values, context) => {
        const { day, time } = values as FormValues;
        if (!day || !time) return;
        const date = instantOf({ day, time });
        const problem = date ? settings && reservationTimeProblem(settings, date, new Date()) : TIME_REQUIRED;
        if (problem) context.addIssue({ code: 'custom', path: ['time'], message: problem });
      },
      // Said with the other fields' messages, not after them.
      { when: () => true },
    );
}

/** The store's reservation settings, once read; `quiet` where another part of the form says a failure. */
function useSettings(quiet = true): ReservationSettings | null {
  return useOwnStore(quiet)?.info ?? null;
}

function useReservationSchema() {
  const settings = useSettings(false);
  return useMemo(() => formSchema(settings), [settings]);
}

/** Under the time: the reservation hours of the day chosen. */
function TimeInput() {
  const settings = useSettings();
  const day = useWatch({ name: 'day' }) as string | null | undefined;
  const weekday = day ? new Date(`${day}T12:00:00Z`).getUTCDay() : null;
  const hint = settings && weekday !== null && !Number.isNaN(weekday) ? periodsText(settings, weekday) : ' ';
  return (
    <TextInput
      source="time"
      label="Horário"
      type="time"
      validate={required(TIME_REQUIRED)}
      helperText={hint}
      slotProps={{ inputLabel: { shrink: true } }}
      // As wide as a time; its words (the day's hours, or why not) as wide as the form.
      fullWidth
      sx={{ '& .MuiInputBase-root': { minHeight: 44, maxWidth: 240 } }}
    />
  );
}

function ClosedNotice() {
  const settings = useSettings();
  if (!settings || settings.reservations) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2, width: '100%' }}>
      O restaurante não está aceitando reservas.{' '}
      <Link component={RouterLink} to={reservationPaths.hours}>
        Ative as reservas em Horários de reserva.
      </Link>
    </Alert>
  );
}

/**
 * Reservas (restaurant spec 2): the store's reservations by date, from today on unless the period
 * says otherwise, 50 a page; a row (a card on a tablet) opens its notes, and its actions confirm,
 * cancel, copy — and beyond the spec set a table aside or record a no-show.
 *
 * Nova reserva: full name, phone (masked, sent as digits), number of people, date and time — the
 * time checked against the store's reservation hours as it is typed — and optional notes. The
 * server refuses it too when the store takes no reservations or the time is outside its hours.
 * Each submission carries an Idempotency-Key, so a retry books once.
 */
export default defineScreens({
  list: {
    searchLabel: 'Buscar reserva',
    filters: [
      <DayRangeFilter key="start_at" source="start_at" alwaysOn />,
      <SelectInput
        key="period"
        source="period"
        label="Período"
        choices={[...reservationPeriods]}
        alwaysOn
        sx={{ ...TOUCH, minWidth: 140 }}
      />,
    ],
    filterDefaults: () => ({ start_at: todayInSaoPaulo() }),
    actions: <ToolbarLink to={reservationPaths.hours} label="Horários de reserva" />,
    failed: RESERVATION_MESSAGES.listFailed,
    cells: {
      fullname: (record) => (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {String(record.fullname)}
        </Typography>
      ),
      status: <StatusChip />,
      // 'Mesa 5' reads as text, not as a number.
      table_number: (record) => fieldText(fields.table_number!, record.table_number, record),
    },
    expand: <ReservationDetails />,
    expandToggle: (record, open) =>
      `${open ? 'Ocultar' : 'Mostrar'} detalhes da reserva de ${String(record.fullname)}`,
    rowActions: <ReservationActions />,
    cards: { render: cardOf },
    empty: false,
    noRows: <NoReservations />,
  },
  form: {
    sections: [{ fields: ['closed', 'fullname', 'phone', 'n_persons', 'day', 'time', 'observations'] }],
    inputs: {
      closed: <ClosedNotice />,
      fullname: (
        <TextInput
          source="fullname"
          label="Nome completo"
          validate={required(RESERVATION_NAME_REQUIRED)}
          fullWidth
          autoComplete="off"
          sx={TOUCH}
        />
      ),
      phone: (
        <PhoneInput
          source="phone"
          label={fields.phone!.label}
          validate={required('Campo obrigatório')}
          sx={{ ...TOUCH, width: 240 }}
        />
      ),
      n_persons: (
        <NumberInput
          source="n_persons"
          label="Número de pessoas"
          min={1}
          max={100}
          validate={required('Informe o número de pessoas (de 1 a 100).')}
          sx={{ ...TOUCH, width: 240 }}
        />
      ),
      day: (
        <DateInput
          source="day"
          label={fields.date!.label}
          validate={required(DAY_REQUIRED)}
          sx={{ ...TOUCH, width: 240 }}
        />
      ),
      time: <TimeInput />,
    },
    useSchema: useReservationSchema,
    sent: toPayload,
    idempotent: true,
    defaultValues: () => ({ n_persons: 2, day: todayInSaoPaulo() }),
    maxWidth: 640,
    toolbar: (
      <Toolbar>
        <SaveButton label="Criar reserva" alwaysEnable sx={{ minHeight: 48 }} />
      </Toolbar>
    ),
  },
});
