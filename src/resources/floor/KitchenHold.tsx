import { useId } from 'react';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { itemStatuses, type Order, type OrderItem } from '../../../contract/resources/tabs/definition';
import { inTheKitchen } from './floorActions';
import { TOUCH } from './FloorFrame';

/** An item the kitchen still works on, with whose it is. */
export interface HeldItem {
  item: OrderItem;
  customer: string;
}

/** The tab's items still in the kitchen, in the order they were asked for. */
export function heldItems(order: Order): HeldItem[] {
  return order.tickets
    .flatMap((ticket) =>
      ticket.items.filter(inTheKitchen).map((item) => ({ item, customer: ticket.customer.fullname })),
    )
    .sort((a, b) => a.item.created_at.localeCompare(b.item.created_at) || a.item.id - b.item.id);
}

const statusName = (status: string) => itemStatuses.find((choice) => choice.id === status)?.name ?? status;

/**
 * Why the table is not released yet, and the way out: a tab closes only once the kitchen is done
 * with it, so the items it still works on are listed here with 'Pronto' (served, as the board's
 * button says) and 'Cancelar' (which asks why), and the floor resolves them without going to the
 * board. Nothing is shown once none is left.
 */
export function KitchenHold({
  order,
  busy,
  onReady,
  onCancel,
}: {
  order: Order;
  busy: boolean;
  onReady: (held: HeldItem) => void;
  onCancel: (held: HeldItem) => void;
}) {
  const titleId = useId();
  const held = heldItems(order);
  if (held.length === 0) return null;
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      sx={{ mt: 2, p: 1.5, borderRadius: 2, border: 2, borderColor: 'warning.main' }}
    >
      <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        Na cozinha
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        A comanda só fecha quando a cozinha terminar: marque cada item como pronto ou cancele-o.
      </Typography>
      <Stack component="ul" aria-labelledby={titleId} sx={{ listStyle: 'none', m: 0, p: 0, gap: 1 }}>
        {held.map(({ item, customer }) => {
          const name = `${item.quantity > 1 ? `${item.quantity}× ` : ''}${item.name}`;
          return (
            <Stack
              key={item.id}
              component="li"
              direction="row"
              sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
            >
              <Box sx={{ flex: 1, minWidth: 140 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {customer}
                </Typography>
              </Box>
              <Chip
                size="small"
                variant="outlined"
                color={item.status === 'PLACED' ? 'warning' : 'info'}
                label={statusName(item.status)}
              />
              <Button
                variant="contained"
                color="success"
                disabled={busy}
                onClick={() => onReady({ item, customer })}
                aria-label={`Marcar ${name} de ${customer} como pronto`}
                sx={TOUCH}
              >
                Pronto
              </Button>
              <Button
                variant="outlined"
                color="warning"
                disabled={busy}
                onClick={() => onCancel({ item, customer })}
                aria-label={`Cancelar ${name} de ${customer}`}
                sx={TOUCH}
              >
                Cancelar
              </Button>
            </Stack>
          );
        })}
      </Stack>
    </Box>
  );
}
