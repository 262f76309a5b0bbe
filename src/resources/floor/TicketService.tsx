import { Button, Stack, Typography } from '@mui/material';
import MoneyOffIcon from '@mui/icons-material/MoneyOff';
import { formatCents } from '../../../contract/lib/format';
import type { OrderTicket } from '../../../contract/resources/tabs/definition';
import { TOUCH } from './FloorFrame';

/**
 * The service charge of one guest's bill, on the table's panel ("tira os 10 %"): 'Retirar serviço'
 * while it is charged and the bill still owes (the reason is asked), and once taken off, the reason
 * and 'Cobrar serviço'. Nothing is offered on a closed tab, or to whoever may not take payments.
 */
export function TicketService({
  ticket,
  editable,
  busy,
  onRemove,
  onRestore,
}: {
  ticket: OrderTicket;
  /** The tab is open and the person may take payments. */
  editable: boolean;
  busy: boolean;
  onRemove: () => void;
  onRestore: () => void;
}) {
  if (ticket.service_removed_reason !== null) {
    return (
      <Stack direction="row" sx={{ mt: 1, gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ flex: '1 1 10rem', overflowWrap: 'anywhere' }}
        >
          Serviço retirado: {ticket.service_removed_reason}
        </Typography>
        {editable ? (
          <Button size="small" onClick={onRestore} disabled={busy} sx={TOUCH}>
            Cobrar serviço
          </Button>
        ) : null}
      </Stack>
    );
  }
  if (!editable || ticket.service_charge === 0 || ticket.total_paid >= ticket.total) return null;
  return (
    <Button
      size="small"
      color="inherit"
      startIcon={<MoneyOffIcon />}
      onClick={onRemove}
      disabled={busy}
      sx={{ ...TOUCH, mt: 1 }}
    >
      Retirar serviço · {formatCents(ticket.service_charge)}
    </Button>
  );
}
