import { useId, useState, type ReactElement } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  Radio,
  RadioGroup,
  Stack,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import TableRestaurantIcon from '@mui/icons-material/TableRestaurant';
import {
  Confirm,
  HttpError,
  useDataProvider,
  useGetList,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { useNow } from '../../components/clock';
import { formatDateTime } from '../../../contract/lib/format';
import { copyText } from '../settings/clipboard';
import { tables as tableDefinition, type Table } from '../../../contract/resources/floor/definition';
import {
  RESERVATION_MESSAGES as M,
  reservations,
  type Reservation,
  type ReservationRow,
} from '../../../contract/resources/reservations/definition';
import {
  canDecide,
  canHoldTable,
  canMarkNoShow,
  reservationText,
} from '../../../contract/resources/reservations/rules';

const TOUCH = 44;

type Change = { status: 'CONFIRMED' | 'CANCELLED' | 'NO_SHOW' } | { table_id: number | null };

/**
 * Changes a reservation on the server and says how it went: the success's words, the server's
 * info when nothing changed (confirming a confirmed one), or its refusal (cancelling a confirmed
 * one). The list is read again either way: another tablet may have changed the reservation.
 */
function useReservationChange() {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const change = async (
    reservation: ReservationRow,
    data: Change,
    success: (after: Reservation) => string,
  ) => {
    setBusy(true);
    try {
      const { data: after } = await dataProvider.update<Reservation & { id: number; info?: string }>(
        reservations.name,
        { id: reservation.id, data, previousData: { id: reservation.id } as Reservation & { id: number } },
      );
      if (after.info) notify(after.info, { type: 'info' });
      else notify(success(after), { type: 'success' });
    } catch (error) {
      notify(error instanceof HttpError && error.message ? error.message : 'Ocorreu um erro na atualização', {
        type: 'error',
      });
    } finally {
      setBusy(false);
      refresh();
    }
  };
  return { busy, change };
}

/** A row's action: a labelled button, or on a narrow screen an icon named by its label. */
function Action({
  label,
  icon,
  onClick,
  compact,
  disabled,
  color = 'primary',
}: {
  label: string;
  icon: ReactElement;
  onClick: () => void;
  compact: boolean;
  disabled: boolean;
  color?: 'primary' | 'success' | 'error' | 'inherit';
}) {
  if (compact) {
    return (
      <Tooltip title={label}>
        <span>
          <IconButton
            aria-label={label}
            onClick={onClick}
            disabled={disabled}
            color={color}
            sx={{ width: TOUCH, height: TOUCH }}
          >
            {icon}
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  return (
    <Button
      startIcon={icon}
      onClick={onClick}
      disabled={disabled}
      color={color}
      sx={{ minHeight: TOUCH, whiteSpace: 'nowrap' }}
    >
      {label}
    </Button>
  );
}

export const people = (n: number) => `${n} ${n === 1 ? 'pessoa' : 'pessoas'}`;

/** Who and when, as the confirmations name the reservation. */
const whoAndWhen = (reservation: ReservationRow) =>
  `${reservation.fullname}, ${formatDateTime(reservation.date)}, ${people(reservation.n_persons)}`;

/**
 * What staff do to a reservation from its row: Confirmar and Cancelar while it is neither
 * confirmed nor cancelled (spec 2), Copiar always ('Dados copiados!'); beyond the spec, a table
 * set aside for a confirmed one, and Não compareceu once its time has passed. Cancelling and the
 * no-show are asked first: neither can be undone. Below `xl` (a tablet) they are icons, named by
 * their words.
 */
export function ReservationActions() {
  const compact = useMediaQuery<Theme>((theme) => theme.breakpoints.down('xl'));
  const now = useNow(60_000);
  const reservation = useRecordContext<ReservationRow>();
  const notify = useNotify();
  const { busy, change } = useReservationChange();
  const [asking, setAsking] = useState<'cancel' | 'noShow' | 'table' | null>(null);
  if (!reservation) return null;

  const copy = async () => {
    try {
      await copyText(reservationText(reservation));
      notify(M.copied, { type: 'success' });
    } catch {
      notify('Não foi possível copiar os dados.', { type: 'error' });
    }
  };
  const close = () => setAsking(null);
  const common = { compact, disabled: busy };

  return (
    <Stack direction="row" sx={{ gap: compact ? 0 : 0.5, flexWrap: 'nowrap', justifyContent: 'flex-end' }}>
      {canDecide(reservation.status) ? (
        <>
          <Action
            {...common}
            label="Confirmar"
            icon={<CheckIcon />}
            color="success"
            onClick={() => void change(reservation, { status: 'CONFIRMED' }, () => M.confirmed)}
          />
          <Action
            {...common}
            label="Cancelar"
            icon={<CloseIcon />}
            color="error"
            onClick={() => setAsking('cancel')}
          />
        </>
      ) : null}
      {canHoldTable(reservation.status) ? (
        <Action {...common} label="Mesa" icon={<TableRestaurantIcon />} onClick={() => setAsking('table')} />
      ) : null}
      {canMarkNoShow(reservation.status, reservation.date, now) ? (
        <Action
          {...common}
          label="Não compareceu"
          icon={<PersonOffIcon />}
          color="inherit"
          onClick={() => setAsking('noShow')}
        />
      ) : null}
      <Action
        {...common}
        label="Copiar"
        icon={<ContentCopyIcon />}
        color="inherit"
        onClick={() => void copy()}
      />

      <Confirm
        isOpen={asking === 'cancel'}
        title={`Cancelar a reserva de ${reservation.fullname}?`}
        content={`${whoAndWhen(reservation)}. Uma reserva cancelada não pode ser confirmada depois.`}
        confirm="Cancelar reserva"
        cancel="Voltar"
        confirmColor="warning"
        loading={busy}
        onConfirm={() => void change(reservation, { status: 'CANCELLED' }, () => M.cancelled).then(close)}
        onClose={close}
      />
      <Confirm
        isOpen={asking === 'noShow'}
        title={`${reservation.fullname} não compareceu?`}
        content={`${whoAndWhen(reservation)}. A reserva fica encerrada e a mesa, liberada.`}
        confirm="Registrar não comparecimento"
        cancel="Voltar"
        confirmColor="warning"
        loading={busy}
        onConfirm={() => void change(reservation, { status: 'NO_SHOW' }, () => M.noShow).then(close)}
        onClose={close}
      />
      {asking === 'table' ? (
        <TableDialog
          reservation={reservation}
          busy={busy}
          onSave={(tableId) =>
            void change(reservation, { table_id: tableId }, (after) =>
              after.table_number === null
                ? M.tableReleased
                : `Mesa ${after.table_number} reservada para ${reservation.fullname}.`,
            ).then(close)
          }
          onClose={close}
        />
      ) : null}
    </Stack>
  );
}

/** The table set aside for a confirmed reservation: one of the store's, or none. */
function TableDialog({
  reservation,
  busy,
  onSave,
  onClose,
}: {
  reservation: ReservationRow;
  busy: boolean;
  onSave: (tableId: number | null) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const { data: floor = [], isPending } = useGetList<Table>(tableDefinition.name, {
    pagination: { page: 1, perPage: tableDefinition.list.perPage },
    sort: { field: 'number', order: 'ASC' },
  });
  const [chosen, setChosen] = useState(reservation.table_id === null ? '' : String(reservation.table_id));
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Mesa da reserva de {reservation.fullname}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {whoAndWhen(reservation)}. O card da mesa no Salão mostra a reserva a partir de uma hora antes.
        </Typography>
        {isPending ? (
          <Typography>Carregando as mesas…</Typography>
        ) : floor.length === 0 ? (
          <Typography>Nenhuma mesa cadastrada: crie as mesas no Salão.</Typography>
        ) : (
          <RadioGroup
            aria-labelledby={titleId}
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(132px, 1fr))' }}
          >
            <FormControlLabel value="" control={<Radio />} label="Sem mesa" sx={{ minHeight: TOUCH }} />
            {floor.map((table) => (
              <FormControlLabel
                key={table.id}
                value={String(table.id)}
                control={<Radio />}
                label={table.name}
                sx={{ minHeight: TOUCH }}
              />
            ))}
          </RadioGroup>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
        <Button onClick={onClose} disabled={busy} sx={{ minHeight: TOUCH }}>
          Voltar
        </Button>
        <Button
          variant="contained"
          loading={busy}
          disabled={isPending}
          onClick={() => onSave(chosen === '' ? null : Number(chosen))}
          sx={{ minHeight: TOUCH }}
        >
          Salvar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
