import type { ReactNode } from 'react';
import { Avatar, Box, Card, Chip, Divider, Stack, Typography } from '@mui/material';
import CakeIcon from '@mui/icons-material/Cake';
import RestaurantIcon from '@mui/icons-material/Restaurant';
import { formatCents, maskPhone } from '../../../contract/lib/format';
import {
  itemStatuses,
  type Order,
  type OrderItem,
  type OrderTicket,
} from '../../../contract/resources/tabs/definition';
import { itemLines, type ItemLine } from '../../../contract/resources/tabs/lines';

/** Paid, or paid in part, tickets have a green bottom border; the others gold (restaurant spec 4). */
export const PAID_BORDER = '#4caf50';
export const OPEN_BORDER = '#d4af37';

const statusLabel = (status: string) => itemStatuses.find((s) => s.id === status)?.name ?? status;

/** How a kitchen status reads at a glance in the dark theme. */
const STATUS_COLOR: Record<string, 'default' | 'warning' | 'info' | 'success' | 'error'> = {
  PLACED: 'warning',
  PREPARING: 'info',
  READY: 'success',
  CANCELLED: 'error',
};

function Money({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
      <Typography
        variant="body2"
        color={strong ? 'text.primary' : 'text.secondary'}
        sx={{ fontWeight: strong ? 700 : 400 }}
      >
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 500, whiteSpace: 'nowrap' }}>
        {formatCents(value)}
      </Typography>
    </Stack>
  );
}

/** One line of a ticket; `status: false` leaves out its kitchen state (an order still waiting for the staff). */
export function ItemRow({
  line,
  action,
  status = true,
}: {
  line: ItemLine;
  action?: ReactNode;
  status?: boolean;
}) {
  const { item, count, unit } = line;
  const cancelled = item.status === 'CANCELLED';
  const details = [
    ...item.complements.map((c) => (c.quantity > 1 ? `${c.quantity}× ${c.name}` : c.name)),
    ...(item.observations ? [`Obs.: ${item.observations}`] : []),
  ];
  return (
    <Stack direction="row" sx={{ gap: 1.5, alignItems: 'flex-start', py: 0.75 }} data-testid="order-item">
      <Avatar variant="rounded" src={item.thumbnail ?? undefined} alt="" sx={{ width: 44, height: 44 }}>
        <RestaurantIcon />
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography
          variant="body1"
          sx={{
            fontWeight: 600,
            textDecoration: cancelled ? 'line-through' : undefined,
            overflowWrap: 'anywhere',
          }}
        >
          {count > 1 ? `${count}× ` : ''}
          {item.name}
        </Typography>
        {details.length > 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {details.join(' · ')}
          </Typography>
        ) : null}
        {status ? (
          <Chip
            size="small"
            label={statusLabel(item.status)}
            color={STATUS_COLOR[item.status] ?? 'default'}
            variant="outlined"
            sx={{ mt: 0.5 }}
          />
        ) : null}
      </Box>
      <Stack sx={{ alignItems: 'flex-end', gap: 0.5 }}>
        <Typography
          variant="body2"
          sx={{ whiteSpace: 'nowrap', fontWeight: 500, color: cancelled ? 'text.secondary' : undefined }}
        >
          {formatCents(unit * count)}
        </Typography>
        {action}
      </Stack>
    </Stack>
  );
}

/**
 * One customer's ticket: picture, name and @username (or how a guest without the app came: seated
 * by the staff, or by the table's QR code), the birthday ribbon when the birthday is today,
 * `pending` (the floor's guest orders awaiting approval) above the items (without those still in
 * the cart), the money, and `action` (the floor's 'Dar baixa'). The bottom border is green once
 * anything is paid, gold otherwise.
 */
export function TicketCard({
  ticket,
  action,
  pending,
  itemAction,
}: {
  ticket: OrderTicket;
  action?: ReactNode;
  pending?: ReactNode;
  /** What can be done to one item of the ticket (the floor's 'Cancelar'). */
  itemAction?: (item: OrderItem) => ReactNode;
}) {
  const paid = ticket.payment_status === 'PAID' || ticket.payment_status === 'PARTIALLY_PAID';
  const { customer } = ticket;
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={`Comanda de ${customer.fullname}`}
      data-payment-status={ticket.payment_status}
      sx={{
        borderBottom: `6px solid ${paid ? PAID_BORDER : OPEN_BORDER}`,
        overflow: 'visible',
        position: 'relative',
      }}
    >
      {customer.birthday ? (
        <Chip
          icon={<CakeIcon />}
          label="Aniversariante do dia"
          color="secondary"
          size="small"
          sx={{ position: 'absolute', top: -12, right: 12, fontWeight: 700 }}
        />
      ) : null}
      <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', p: 1.5, pb: 1 }}>
        <Avatar src={customer.profile_picture ?? undefined} alt="" sx={{ width: 48, height: 48 }}>
          {customer.fullname.slice(0, 1)}
        </Avatar>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.2, overflowWrap: 'anywhere' }}>
            {customer.fullname}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {ticket.customer_id === null
              ? // A guest from the table's QR code says so; one the staff seated, how to reach them if
                // they left a phone; the table's own says so.
                ticket.guest?.qr
                ? 'Pelo QR code da mesa'
                : ticket.guest
                  ? `Sem o app${ticket.guest.phone ? ` · ${maskPhone(ticket.guest.phone)}` : ''}`
                  : 'Da mesa, sem cliente'
              : `@${customer.username}${
                  customer.checkins !== undefined
                    ? ` · ${customer.checkins} ${customer.checkins === 1 ? 'visita' : 'visitas'}`
                    : ''
                }`}
          </Typography>
        </Box>
      </Stack>
      <Divider />
      {pending}
      <Box sx={{ px: 1.5 }}>
        {ticket.items.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ py: 1.5 }}>
            Nenhum item pedido ainda.
          </Typography>
        ) : (
          itemLines(ticket.items).map((line) => (
            <ItemRow key={line.key} line={line} action={itemAction?.(line.item)} />
          ))
        )}
      </Box>
      <Divider />
      <Stack sx={{ px: 1.5, py: 1, gap: 0.25 }}>
        <Money label="Subtotal" value={ticket.subtotal} />
        {ticket.service_charge > 0 ? <Money label="Serviço" value={ticket.service_charge} /> : null}
        {ticket.discount > 0 ? <Money label="Desconto" value={-ticket.discount} /> : null}
        <Money label="Total" value={ticket.total} strong />
        <Money label="Pago" value={ticket.total_paid} />
      </Stack>
      {action ? <Box sx={{ px: 1.5, pb: 1.5 }}>{action}</Box> : null}
    </Card>
  );
}

/** A tab's totals, as its footer reads. */
export function OrderTotals({ order }: { order: Order }) {
  return (
    <Stack sx={{ gap: 0.25 }}>
      <Money label="Subtotal" value={order.subtotal} />
      {order.service_charge > 0 ? <Money label="Serviço" value={order.service_charge} /> : null}
      {order.discount > 0 ? <Money label="Desconto" value={-order.discount} /> : null}
      <Money label="Total" value={order.total} strong />
      <Money label="Total pago" value={order.total_paid} strong />
    </Stack>
  );
}

/** Every ticket of a tab, one card per customer. */
export function OrderTickets({
  order,
  action,
  pending,
  itemAction,
}: {
  order: Order;
  action?: (ticket: OrderTicket) => ReactNode;
  pending?: (ticket: OrderTicket) => ReactNode;
  itemAction?: (item: OrderItem, ticket: OrderTicket) => ReactNode;
}) {
  if (order.tickets.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        Nenhum cliente nesta comanda.
      </Typography>
    );
  }
  return (
    <Stack sx={{ gap: 2.5, pt: 1 }}>
      {order.tickets.map((ticket) => (
        <TicketCard
          key={ticket.id}
          ticket={ticket}
          action={action?.(ticket)}
          pending={pending?.(ticket)}
          itemAction={itemAction ? (item) => itemAction(item, ticket) : undefined}
        />
      ))}
    </Stack>
  );
}
