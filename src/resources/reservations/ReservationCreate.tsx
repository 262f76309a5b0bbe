import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useWatch } from 'react-hook-form';
import { Alert, Link } from '@mui/material';
import {
  Create,
  DateInput,
  NumberInput,
  SimpleForm,
  TextInput,
  Toolbar,
  SaveButton,
  required,
} from 'react-admin';
import { PhoneInput } from '../../components/MaskedInputs';
import { useSubmissionKey } from '../../dataProvider/useSubmissionKey';
import { zodValidate } from '../../lib/zodForm';
import { BackToList } from '../../engine/parts';
import { useOwnStore } from '../settings/useOwnStore';
import { useResourceNotices } from '../useResourceNotices';
import {
  RESERVATION_NAME_REQUIRED,
  reservationCreateInput,
  reservations,
} from '../../../contract/resources/reservations/definition';
import { reservationPaths } from './paths';
import {
  periodsText,
  reservationTimeProblem,
  saoPauloInstant,
  todayInSaoPaulo,
  type ReservationSettings,
} from '../../../contract/resources/reservations/rules';

const DAY_REQUIRED = 'Informe a data da reserva.';
const TIME_REQUIRED = 'Informe o horário da reserva.';
const TOUCH = { '& .MuiInputBase-root': { minHeight: 44 } } as const;

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

/** The form's values as POST /api/reservations takes them: the phone's digits, the date with its offset. */
function toPayload(values: FormValues) {
  return {
    fullname: values.fullname,
    phone: values.phone ?? undefined,
    n_persons: values.n_persons ?? undefined,
    date: instantOf(values)?.toISOString() ?? '',
    observations: values.observations ?? undefined,
  };
}

/**
 * The API's own checks, each under its input; the date's under the day or the time, with the
 * store's reservation hours (the server checks them again).
 */
function validator(settings: ReservationSettings | null) {
  const checkFields = zodValidate(reservationCreateInput, (values) => toPayload(values as FormValues));
  return (values: FormValues) => {
    const errors: Record<string, unknown> = checkFields(values as Record<string, unknown>);
    delete errors.date;
    if (!values.day) errors.day = DAY_REQUIRED;
    if (!values.time) errors.time = TIME_REQUIRED;
    const date = instantOf(values);
    if (values.day && values.time && !date) errors.time = TIME_REQUIRED;
    if (date && settings) {
      const problem = reservationTimeProblem(settings, date, new Date());
      if (problem) errors.time = problem;
    }
    return errors;
  };
}

/** Under the time: the reservation hours of the day chosen. */
function TimeInput({ settings }: { settings: ReservationSettings | null }) {
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

/**
 * Nova reserva (restaurant spec 2): full name, phone (masked, sent as digits), number of people,
 * date and time — the time checked against the store's reservation hours as it is typed — and
 * optional notes. The server refuses it too when the store takes no reservations or the time is
 * outside its hours. Each submission carries an Idempotency-Key, so a retry books once.
 */
export function ReservationCreate() {
  const notices = useResourceNotices(reservations);
  const own = useOwnStore();
  const settings = own.state === 'ready' ? own.store.info : null;
  const validate = useMemo(() => validator(settings), [settings]);
  const submission = useSubmissionKey();
  return (
    <Create
      resource={reservations.name}
      title="Nova reserva"
      actions={<BackToList definition={reservations} />}
      transform={(values: FormValues) => submission.track(toPayload(values))}
      mutationOptions={{ ...notices.created, meta: submission.meta }}
    >
      <SimpleForm
        noValidate
        validate={validate}
        defaultValues={{ n_persons: 2, day: todayInSaoPaulo() }}
        sx={{ maxWidth: 640 }}
        toolbar={
          <Toolbar>
            <SaveButton label="Criar reserva" alwaysEnable sx={{ minHeight: 48 }} />
          </Toolbar>
        }
      >
        {settings && !settings.reservations ? (
          <Alert severity="warning" sx={{ mb: 2, width: '100%' }}>
            O restaurante não está aceitando reservas.{' '}
            <Link component={RouterLink} to={reservationPaths.hours}>
              Ative as reservas em Horários de reserva.
            </Link>
          </Alert>
        ) : null}
        <TextInput
          source="fullname"
          label="Nome completo"
          validate={required(RESERVATION_NAME_REQUIRED)}
          fullWidth
          autoComplete="off"
          sx={TOUCH}
        />
        <PhoneInput
          source="phone"
          label="Telefone"
          validate={required('Campo obrigatório')}
          sx={{ ...TOUCH, width: 240 }}
        />
        <NumberInput
          source="n_persons"
          label="Número de pessoas"
          min={1}
          max={100}
          validate={required('Informe o número de pessoas (de 1 a 100).')}
          sx={{ ...TOUCH, width: 240 }}
        />
        <DateInput
          source="day"
          label="Data"
          validate={required(DAY_REQUIRED)}
          sx={{ ...TOUCH, width: 240 }}
        />
        <TimeInput settings={settings} />
        <TextInput source="observations" label="Observações" multiline minRows={3} fullWidth />
      </SimpleForm>
    </Create>
  );
}
