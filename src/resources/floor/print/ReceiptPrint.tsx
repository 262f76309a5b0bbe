import { useState } from 'react';
import { Button, Typography } from '@mui/material';
import { useDataProvider } from 'react-admin';
import { formatCents } from '../../../../contract/lib/format';
import { RECEIPT_MESSAGES } from '../../../../contract/resources/printing/prebill';
import { receiptDocument } from '../../../../contract/resources/printing/documents';
import { methodName, type Order, type OrderTicket } from '../../../../contract/resources/tabs/definition';
import type { PainelDataProvider } from '../../../dataProvider';
import { readSession } from '../../../lib/session';
import { PrintDialog } from './PrintDialog';

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
  const [asking, setAsking] = useState(false);
  const dataProvider = useDataProvider<PainelDataProvider>();
  const what = `${formatCents(payment.amount)} em ${methodName(payment.method)}`;
  return (
    <>
      <Button onClick={() => setAsking(true)} aria-label={`Comprovante de ${what}`} sx={{ minHeight: 44 }}>
        Comprovante
      </Button>
      <PrintDialog
        open={asking}
        onClose={() => setAsking(false)}
        title="Imprimir o comprovante"
        toStation={(station) =>
          dataProvider
            .action('commands', { id: payment.id, action: 'printReceipt', data: { kitchen_id: station.id } })
            .then(() => RECEIPT_MESSAGES.sent(station.name))
        }
        document={() =>
          receiptDocument({
            storeName: readSession()?.places?.[0]?.store_name ?? 'Painel',
            orderId: order.id,
            tableNumber: order.table_number,
            guest: ticket.customer.fullname,
            method: payment.method,
            amount: payment.amount,
            paidAt: payment.created_at,
            left: Math.max(0, ticket.total - ticket.total_paid),
          })
        }
      >
        <Typography>
          {what} de {ticket.customer.fullname}.
        </Typography>
      </PrintDialog>
    </>
  );
}
