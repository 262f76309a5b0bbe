import { useId, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useDataProvider, useNotify } from 'react-admin';
import { formatCents } from '../../../../contract/lib/format';
import { RECEIPT_MESSAGES } from '../../../../contract/resources/printing/prebill';
import { receiptDocument } from '../../../../contract/resources/printing/documents';
import { methodName, type Order, type OrderTicket } from '../../../../contract/resources/tabs/definition';
import type { PainelDataProvider } from '../../../dataProvider';
import { readSession } from '../../../lib/session';
import { usePrintSheet } from './PrintSheet';
import { PrintTargetFields, usePrintTarget } from './PrintTarget';

type Payment = NonNullable<OrderTicket['payments']>[number];

/**
 * 'Comprovante': a payment's receipt ("comprovante de pagamento", not a fiscal document) for the
 * guest who asks — printed from the browser on the tablet's receipt printer, or on a station's
 * printer through the print queue.
 */
export function ReceiptButton({
  order,
  ticket,
  payment,
}: {
  order: Order;
  ticket: OrderTicket;
  payment: Payment;
}) {
  const titleId = useId();
  const [asking, setAsking] = useState(false);
  const choice = usePrintTarget(asking);
  const { print, sheet } = usePrintSheet();
  const dataProvider = useDataProvider<PainelDataProvider>();
  const notify = useNotify();
  const what = `${formatCents(payment.amount)} em ${methodName(payment.method)}`;

  const send = () => {
    choice.remember();
    setAsking(false);
    const { station } = choice;
    if (station) {
      dataProvider
        .action('commands', { id: payment.id, action: 'printReceipt', data: { kitchen_id: station.id } })
        .then(
          () => notify(RECEIPT_MESSAGES.sent(station.name), { type: 'success' }),
          (error: unknown) =>
            notify(error instanceof Error ? error.message : String(error), { type: 'error' }),
        );
      return;
    }
    print(
      receiptDocument({
        storeName: readSession()?.places?.[0]?.store_name ?? 'Painel',
        orderId: order.id,
        tableNumber: order.table_number,
        guest: ticket.customer.fullname,
        method: payment.method,
        amount: payment.amount,
        paidAt: payment.created_at,
        left: Math.max(0, ticket.total - ticket.total_paid),
      }),
      choice.width,
    );
  };

  return (
    <>
      <Button onClick={() => setAsking(true)} aria-label={`Comprovante de ${what}`} sx={{ minHeight: 44 }}>
        Comprovante
      </Button>
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        aria-labelledby={titleId}
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
          Imprimir o comprovante
        </DialogTitle>
        <DialogContent>
          <Typography>
            {what} de {ticket.customer.fullname}.
          </Typography>
          <PrintTargetFields choice={choice} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
          <Button onClick={() => setAsking(false)} sx={{ minHeight: 48, minWidth: 96 }}>
            Cancelar
          </Button>
          <Button variant="contained" onClick={send} sx={{ minHeight: 48, minWidth: 96 }}>
            Imprimir
          </Button>
        </DialogActions>
      </Dialog>
      {sheet}
    </>
  );
}
