import { Box, Button, Stack, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import DoNotDisturbIcon from '@mui/icons-material/DoNotDisturb';
import type { OrderTicket } from '../../../contract/resources/tabs/definition';
import { itemLines } from '../../../contract/resources/tabs/lines';
import { ItemRow } from '../tabs/OrderTickets';
import { HELD_ORDER } from './TableCard';
import { TOUCH } from './FloorFrame';

/**
 * A guest's order from the table's QR code that waits for the staff ('Aprovar pedidos da mesa'),
 * at the top of their ticket: its items, 'Aprovar' (they go to the kitchen) and 'Recusar' (the
 * panel asks why). Nothing while the ticket has none.
 */
export function HeldOrder({
  ticket,
  busy,
  onApprove,
  onReject,
}: {
  ticket: OrderTicket;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  if (ticket.held.length === 0) return null;
  const headingId = `aprovacao-${ticket.id}`;
  const name = ticket.customer.fullname;
  const { color, Icon } = HELD_ORDER;
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ m: 1.5, p: 1.5, borderRadius: 2, border: '2px solid', borderColor: color }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 0.75 }}>
        <Icon sx={{ color }} aria-hidden />
        <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700, color }}>
          Aguardando aprovação
        </Typography>
      </Stack>
      {itemLines(ticket.held).map((line) => (
        <ItemRow key={line.key} line={line} status={false} />
      ))}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
        <Button
          variant="contained"
          color="success"
          startIcon={<CheckIcon />}
          disabled={busy}
          onClick={onApprove}
          // The visible word first, for voice control; whose order, for a panel of several.
          aria-label={`Aprovar o pedido de ${name}`}
          sx={{ ...TOUCH, flex: '1 1 9rem' }}
        >
          Aprovar
        </Button>
        <Button
          variant="outlined"
          color="error"
          startIcon={<DoNotDisturbIcon />}
          disabled={busy}
          onClick={onReject}
          aria-label={`Recusar o pedido de ${name}`}
          sx={{ ...TOUCH, flex: '1 1 9rem' }}
        >
          Recusar
        </Button>
      </Stack>
    </Box>
  );
}
