import type { ReactElement } from 'react';
import { Box, ButtonBase, Stack, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import CakeIcon from '@mui/icons-material/Cake';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import PendingIcon from '@mui/icons-material/Pending';
import RoomServiceIcon from '@mui/icons-material/RoomService';
import EventSeatIcon from '@mui/icons-material/EventSeat';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import { elapsed } from '../../components/clock';
import { formatCents } from '../../../contract/lib/format';
import { isNear, saoPauloClock } from '../../../contract/resources/reservations/rules';
import type { Table } from '../../../contract/resources/floor/definition';

/** The card indicators of restaurant spec 4, each with its colour, icon and words. */
export const INDICATORS = {
  paid: { label: 'Pago', color: '#66bb6a', Icon: CheckCircleIcon },
  open: { label: 'Em aberto', color: '#ffb74d', Icon: PendingIcon },
  birthday: { label: 'Aniversário', color: '#f48fb1', Icon: CakeIcon },
  waiter: { label: 'Garçom chamado', color: '#ef5350', Icon: RoomServiceIcon },
} as const;
export type Indicator = keyof typeof INDICATORS;

/**
 * A guest's order from the table's QR code waiting for the staff ('Aprovar pedidos da mesa'): in
 * words on the card, not only a colour, for it asks someone to act.
 */
export const HELD_ORDER = { label: 'Pedido aguardando aprovação', color: '#ce93d8', Icon: HourglassTopIcon };

/** The held order's badge: its icon and words (part of the card's name). */
function HeldBadge() {
  const { label, color, Icon } = HELD_ORDER;
  return (
    <Stack direction="row" sx={{ mt: 0.75, gap: 0.5, alignItems: 'flex-start' }}>
      <Icon sx={{ color, fontSize: 20, mt: 0.25 }} aria-hidden />
      <Typography component="span" variant="body2" sx={{ color, fontWeight: 700 }}>
        {` ${label}`}
      </Typography>
    </Stack>
  );
}

/** Which indicators a table shows: paid (PAID), open (OPEN or PARTIALLY_PAID), birthday, waiter. */
export function indicatorsOf(table: Table): Indicator[] {
  const order = table.order;
  if (!order) return [];
  const shown: Indicator[] = [order.payment_status === 'PAID' ? 'paid' : 'open'];
  if (order.birthdays.length > 0) shown.push('birthday');
  if (order.waiter_requested) shown.push('waiter');
  return shown;
}

export function IndicatorMark({
  indicator,
  withLabel,
}: {
  indicator: Indicator;
  withLabel?: boolean;
}): ReactElement {
  const { label, color, Icon } = INDICATORS[indicator];
  return (
    <Stack component="span" direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
      <Icon
        sx={{
          color,
          fontSize: 22,
          // A waiter call pulses until someone answers it, seen from across the room.
          ...(indicator === 'waiter' && !withLabel
            ? {
                animation: 'floor-pulse 1.2s ease-in-out infinite',
                '@keyframes floor-pulse': { '50%': { transform: 'scale(1.25)', opacity: 0.6 } },
                '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
              }
            : {}),
        }}
        aria-hidden
      />
      {/* Read by screen readers (and part of the card's name) where only the icon shows. */}
      <Typography component="span" variant="body2" sx={withLabel ? undefined : visuallyHidden}>
        {withLabel ? label : ` ${label}`}
      </Typography>
    </Stack>
  );
}

/** The colour of a reservation set on a table, apart from the tab's indicators. */
const RESERVED_COLOR = '#90caf9';

/**
 * The confirmed reservation set on the table whose time is near (an hour before to half an hour
 * after, contract/resources/reservations/rules.ts): its time, party and name.
 */
function NearReservation({ table, now }: { table: Table; now: number }) {
  const reservation = table.reservations?.find((candidate) => isNear(candidate.date, now));
  if (!reservation) return null;
  const people = `${reservation.n_persons} ${reservation.n_persons === 1 ? 'pessoa' : 'pessoas'}`;
  return (
    <Stack direction="row" sx={{ mt: 0.75, gap: 0.5, alignItems: 'flex-start', minWidth: 0 }}>
      <EventSeatIcon sx={{ color: RESERVED_COLOR, fontSize: 20, mt: 0.25 }} aria-hidden />
      <Typography component="span" variant="body2" sx={{ minWidth: 0 }}>
        <Box component="span" sx={{ color: RESERVED_COLOR, fontWeight: 700 }}>
          {' '}
          Reserva {saoPauloClock(new Date(reservation.date)).time}
        </Box>
        <Box
          component="span"
          sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {' '}
          {reservation.fullname}, {people}
        </Box>
      </Typography>
    </Stack>
  );
}

/**
 * A table of the floor: its number, free or taken, and for a taken one the tab's indicators,
 * total and time. The whole card is one button (a big touch target) named by what it shows
 * ('Mesa 5 Ocupada R$ 110,00 30 min Em aberto Garçom chamado'): the indicators' words are there
 * for who does not see the colours. A guest's order awaiting approval shows in words ('Pedido
 * aguardando aprovação'). A confirmed reservation set on the table shows as its time
 * nears ('Reserva 20:00 Maria Silva, 4 pessoas').
 */
export function TableCard({
  table,
  selected,
  now,
  onSelect,
}: {
  table: Table;
  selected: boolean;
  now: number;
  onSelect: () => void;
}) {
  const taken = table.status === 'OCCUPIED' || table.order !== null;
  const indicators = indicatorsOf(table);
  const waiter = indicators.includes('waiter');
  const held = (table.order?.held ?? 0) > 0;
  return (
    <ButtonBase
      onClick={onSelect}
      aria-pressed={selected}
      data-testid="table-card"
      data-table-number={table.number}
      focusRipple
      sx={{
        width: '100%',
        minHeight: 112,
        borderRadius: 2,
        display: 'block',
        textAlign: 'left',
        p: 1.5,
        bgcolor: taken ? 'rgba(255, 138, 61, 0.14)' : 'background.paper',
        border: '2px solid',
        borderColor: selected
          ? 'primary.main'
          : waiter
            ? INDICATORS.waiter.color
            : held
              ? HELD_ORDER.color
              : taken
                ? 'rgba(255, 138, 61, 0.45)'
                : 'divider',
        borderStyle: taken || selected ? 'solid' : 'dashed',
        boxShadow: selected ? '0 0 0 3px rgba(255, 138, 61, 0.35)' : 'none',
        '&.Mui-focusVisible': { outline: '3px solid #fff', outlineOffset: 2 },
      }}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography component="span" sx={{ fontSize: '1.6rem', fontWeight: 800, lineHeight: 1.1 }}>
          <Box component="span" sx={visuallyHidden}>
            Mesa{' '}
          </Box>
          {table.number}
        </Typography>{' '}
        <Typography
          component="span"
          variant="body2"
          sx={{
            fontWeight: 700,
            color: taken ? 'primary.light' : 'text.secondary',
            textTransform: 'uppercase',
          }}
        >
          {taken ? 'Ocupada' : 'Livre'}
        </Typography>
      </Stack>
      {table.order ? (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {formatCents(table.order.total)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {elapsed(table.order.created_at, now)}
          </Typography>
          <Stack direction="row" sx={{ gap: 0.75, mt: 0.75, flexWrap: 'wrap' }}>
            {indicators.map((indicator) => (
              <IndicatorMark key={indicator} indicator={indicator} />
            ))}
          </Stack>
          {held ? <HeldBadge /> : null}
        </Box>
      ) : null}
      <NearReservation table={table} now={now} />
    </ButtonBase>
  );
}
