import { useEffect, useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  Box,
  ButtonBase,
  Chip,
  Collapse,
  Divider,
  Stack,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ScheduleIcon from '@mui/icons-material/Schedule';
import {
  DataTable,
  DateInput,
  List,
  Pagination,
  RecordContextProvider,
  SearchInput,
  SelectInput,
  TopToolbar,
  useListContext,
  useNotify,
  useRecordContext,
} from 'react-admin';
import { useNow } from '../../components/clock';
import { ExportButton } from '../../components/ExportButton';
import { fieldText } from '../../lib/display';
import { DAY_RANGE_INVALID } from '../../../contract/lib/fields';
import { formatDate, formatDateTime, maskPhone } from '../../../contract/lib/format';
import { choiceLabel } from '../../../contract/define';
import { CreateLink, ToolbarLink } from '../../engine/parts';
import {
  RESERVATION_MESSAGES,
  reservationPeriods,
  reservations,
  reservationStatuses,
  type ReservationRow,
  type ReservationStatus,
} from '../../../contract/resources/reservations/definition';
import { reservationPaths } from './paths';
import { ReservationActions } from './ReservationActions';
import { saoPauloClock, todayInSaoPaulo } from '../../../contract/resources/reservations/rules';
import { failureText } from '../../dataProvider/httpClient';

const TOUCH = 44;
const { fields } = reservations;

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
    ['Código', reservation.code],
    ['Telefone', maskPhone(reservation.phone)],
    ...(reservation.email ? ([['E-mail', reservation.email]] as [string, string][]) : []),
    ['Mesa', reservation.table_number === null ? 'Nenhuma' : `Mesa ${reservation.table_number}`],
    ['Criada em', formatDateTime(reservation.created_at)],
  ];
  return (
    <Box sx={{ py: 1, px: { xs: 1, sm: 2 } }}>
      <Typography variant="subtitle2" component="h3">
        Observações
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

const later = (start: unknown, end: unknown) =>
  typeof start === 'string' && typeof end === 'string' && start !== '' && end !== '' && start > end;
const validRange = (_value: unknown, values: Record<string, unknown>) =>
  later(values.start_at, values.end_at) ? DAY_RANGE_INVALID : undefined;
const fieldSx = { '& .MuiInputBase-root': { minHeight: TOUCH } } as const;

/**
 * Data inicial and Data final: São Paulo days, both included. A start after the end is said under
 * the fields, and the list keeps its last period. (`source` and `alwaysOn` are read by react-admin's
 * filter form.)
 */
function DaysFilter(_: { source: 'start_at'; alwaysOn: true }) {
  const { trigger } = useFormContext();
  const [start, end] = useWatch({ name: ['start_at', 'end_at'] }) as [unknown, unknown];
  const invalid = later(start, end);
  // A change of one day may make the other right or wrong: both are checked again.
  useEffect(() => {
    void trigger(['start_at', 'end_at']);
  }, [start, end, trigger]);
  return (
    <Box>
      <Stack direction="row" sx={{ columnGap: 2, flexWrap: 'wrap' }}>
        <DateInput
          source="start_at"
          label="Data inicial"
          validate={validRange}
          helperText={false}
          sx={{ ...fieldSx, width: 176 }}
        />
        <DateInput
          source="end_at"
          label="Data final"
          validate={validRange}
          helperText={false}
          sx={{ ...fieldSx, width: 176 }}
        />
      </Stack>
      {invalid ? (
        <Typography role="alert" variant="caption" color="error" sx={{ display: 'block', mt: 0.5 }}>
          {DAY_RANGE_INVALID}
        </Typography>
      ) : null}
    </Box>
  );
}

const filters = [
  <SearchInput
    key="q"
    source="q"
    alwaysOn
    placeholder="Nome, telefone ou código"
    inputProps={{ 'aria-label': 'Buscar reserva' }}
    sx={fieldSx}
  />,
  <DaysFilter key="start_at" source="start_at" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    label={fields.status!.label}
    choices={[...reservationStatuses]}
    alwaysOn
    sx={{ ...fieldSx, minWidth: 160 }}
  />,
  <SelectInput
    key="period"
    source="period"
    label="Período"
    choices={[...reservationPeriods]}
    alwaysOn
    sx={{ ...fieldSx, minWidth: 140 }}
  />,
];

function Actions() {
  return (
    <TopToolbar
      sx={{ flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1, '& .MuiButton-root': { minHeight: TOUCH } }}
    >
      <ToolbarLink to={reservationPaths.hours} label="Horários de reserva" />
      <ExportButton />
      <CreateLink definition={{ name: reservations.name, screens: { createLabel: 'Nova reserva' } }} />
    </TopToolbar>
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

const text = (field: keyof typeof fields) => (record: ReservationRow) =>
  fieldText(fields[field]!, record[field as keyof ReservationRow], record);
const nowrap = () => ({ whiteSpace: 'nowrap' }) as const;

/** A reservation on a tablet: when, who and how many, its state and actions; a touch opens its notes. */
function ReservationCard({ now }: { now: number }) {
  const reservation = useRecordContext<ReservationRow>();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  if (!reservation) return null;
  const { day, time } = saoPauloClock(new Date(reservation.date));
  const people = `${reservation.n_persons} ${reservation.n_persons === 1 ? 'pessoa' : 'pessoas'}`;
  return (
    <Box component="li" sx={{ px: { xs: 1, sm: 2 }, py: 1 }}>
      <Stack direction="row" sx={{ alignItems: 'center', columnGap: 1, flexWrap: 'wrap' }}>
        <ButtonBase
          focusRipple
          onClick={() => setOpen((current) => !current)}
          aria-expanded={open}
          aria-controls={detailsId}
          sx={{
            flex: '1 1 220px',
            minWidth: 0,
            minHeight: TOUCH,
            justifyContent: 'flex-start',
            textAlign: 'left',
            borderRadius: 1,
            gap: 1,
            '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
          }}
        >
          <ExpandMoreIcon
            aria-hidden
            sx={{ transition: 'transform 150ms', transform: open ? 'rotate(180deg)' : 'none' }}
          />
          <Box component="span" sx={{ minWidth: 0 }}>
            <Typography component="span" sx={{ display: 'block', fontWeight: 700 }}>
              {time} · {reservation.fullname}
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              {formatDate(day)} · {people}
              {reservation.table_number === null ? '' : ` · Mesa ${reservation.table_number}`}
            </Typography>
          </Box>
        </ButtonBase>
        <StatusChip />
        <Box sx={{ ml: 'auto' }}>
          <ReservationActions compact now={now} />
        </Box>
      </Stack>
      <Collapse in={open} id={detailsId} unmountOnExit>
        <ReservationDetails />
      </Collapse>
    </Box>
  );
}

/** The page's reservations as cards, one a line (below `lg`). */
function ReservationCards({ now }: { now: number }) {
  const { data, isPending } = useListContext<ReservationRow>();
  if (isPending) return null;
  if (!data?.length) return <NoReservations />;
  return (
    <Stack
      component="ul"
      divider={<Divider component="li" aria-hidden />}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {data.map((reservation) => (
        <RecordContextProvider key={reservation.id} value={reservation}>
          <ReservationCard now={now} />
        </RecordContextProvider>
      ))}
    </Stack>
  );
}

/**
 * Reservas (restaurant spec 2): the store's reservations by date, from today on unless the period
 * says otherwise, 50 a page; a row opens its notes, and its actions confirm, cancel, copy — and
 * beyond the spec set a table aside or record a no-show. Below `lg` (a tablet beside the menu)
 * each reservation is a card, the one it opens holding the phone, the code and the rest; below
 * `xl` the actions are icons, named by their words.
 */
export function ReservationList() {
  const notify = useNotify();
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('lg'));
  const iconActions = useMediaQuery<Theme>((theme) => theme.breakpoints.down('xl'));
  const now = useNow(60_000);
  return (
    <List
      resource={reservations.name}
      title={reservations.label.many}
      perPage={reservations.list.perPage}
      sort={reservations.list.sort}
      filters={filters}
      filterDefaultValues={{ start_at: todayInSaoPaulo() }}
      actions={<Actions />}
      exporter={false}
      pagination={<Pagination rowsPerPageOptions={[]} />}
      // The server's words when it gives them (spec 8); the spec's fallback otherwise.
      queryOptions={{
        onError: (error) => notify(failureText(error, RESERVATION_MESSAGES.listFailed), { type: 'error' }),
      }}
      // The buttons go under the filters when both do not fit on one line.
      sx={{ '& .RaList-actions, & .RaListToolbar-root': { flexWrap: 'wrap', rowGap: 1 } }}
    >
      {narrow ? (
        <ReservationCards now={now} />
      ) : (
        <DataTable
          rowClick="expand"
          expand={<ReservationDetails />}
          bulkActionButtons={false}
          empty={<NoReservations />}
          sx={{
            '& .RaDataTable-expandIcon': { width: TOUCH, height: TOUCH },
            '& .RaDataTable-row': { cursor: 'pointer' },
          }}
        >
          <DataTable.Col source="date" label={fields.date!.label} render={text('date')} cellSx={nowrap} />
          <DataTable.Col
            source="fullname"
            label={fields.fullname!.label}
            disableSort
            render={(record: ReservationRow) => (
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {record.fullname}
              </Typography>
            )}
          />
          <DataTable.Col
            source="phone"
            label={fields.phone!.label}
            disableSort
            render={text('phone')}
            cellSx={nowrap}
          />
          <DataTable.Col source="n_persons" label={fields.n_persons!.label} disableSort align="right" />
          <DataTable.Col source="code" label={fields.code!.label} disableSort />
          <DataTable.Col source="status" label={fields.status!.label} disableSort>
            <StatusChip />
          </DataTable.Col>
          <DataTable.Col
            source="table_number"
            label={fields.table_number!.label}
            disableSort
            render={text('table_number')}
            cellSx={nowrap}
          />
          <DataTable.Col label="Ações" disableSort align="right">
            <ReservationActions compact={iconActions} now={now} />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
