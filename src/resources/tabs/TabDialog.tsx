import { RecordDialog } from '../../components/RecordDialog';
import { useScrollRegion } from '../../components/scrollRegion';
import { RecordHistory } from '../audit/RecordHistory';
import { Chip, Stack, Typography, type ChipProps } from '@mui/material';
import { useApi } from '../../dataProvider/useApi';
import { formatDateTime } from '../../../contract/lib/format';
import { choiceLabel, recordPath } from '../../../contract/define';
import { tabs, WHOLE_TAB, type Order, type OrderRow } from '../../../contract/resources/tabs/definition';
import { OrderTickets, OrderTotals } from './OrderTickets';

/** 'Mesa 7', or 'Delivery' for a tab without a table. */
export function tableLabel(tab: Pick<OrderRow, 'table_number'>): string {
  return tab.table_number === null ? 'Delivery' : `Mesa ${tab.table_number}`;
}

const STATUS_COLOR: Record<OrderRow['status'], ChipProps['color']> = { OPENED: 'primary', CLOSED: 'default' };
const PAYMENT_COLOR: Record<OrderRow['payment_status'], ChipProps['color']> = {
  OPEN: 'warning',
  PARTIALLY_PAID: 'info',
  PAID: 'success',
};

/** A tab's status as the spec words it (aberto / fechado), open ones in the brand's colour. */
export function StatusChip({ status }: { status: OrderRow['status'] }) {
  return (
    <Chip
      size="small"
      label={choiceLabel(tabs.fields.status!, status)}
      color={STATUS_COLOR[status]}
      variant={status === 'OPENED' ? 'filled' : 'outlined'}
    />
  );
}

/** Em aberto / Parcialmente pago / Pago, green once paid. */
export function PaymentChip({ status }: { status: OrderRow['payment_status'] }) {
  return (
    <Chip
      size="small"
      label={choiceLabel(tabs.fields.payment_status!, status)}
      color={PAYMENT_COLOR[status]}
      variant="outlined"
    />
  );
}

function customersText(count: number): string {
  return count === 1 ? '1 cliente' : `${count} clientes`;
}

/**
 * A tab's modal, opened from its row (restaurant spec 2 "Tabs"): the table, when it was opened
 * (and closed), its states, each customer's ticket with the items, and the total paid. It only
 * shows: what is done to a tab is done on the floor. The row's line heads it while the whole tab
 * loads; full screen on a phone, the tickets scroll between the heading and the totals.
 */
export function TabDialog({ tab, onClose }: { tab: OrderRow; onClose: () => void }) {
  const read = useApi<Order>(recordPath(tabs.endpoint, tab.id), WHOLE_TAB);
  const order = read.data;
  const shown = order ?? tab;
  // On a tablet the tickets and the history overflow: the keyboard scrolls them too.
  const body = useScrollRegion<HTMLDivElement>('Detalhes da comanda');
  return (
    <RecordDialog
      title={tableLabel(shown)}
      head={
        <>
          <Typography variant="body2" color="text.secondary">
            Aberta em {formatDateTime(shown.created_at)}
            {shown.closed_at ? ` · fechada em ${formatDateTime(shown.closed_at)}` : ''}
            {order ? ` · ${customersText(order.tickets.length)}` : ''}
          </Typography>
          <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap' }}>
            <StatusChip status={shown.status} />
            <PaymentChip status={shown.payment_status} />
          </Stack>
        </>
      }
      foot={order && <OrderTotals order={order} />}
      read={read}
      loading="Carregando a comanda"
      region={body}
      onClose={onClose}
    >
      {order && (
        <>
          <OrderTickets order={order} />
          <RecordHistory subject={`orders:${order.id}`} title="Histórico da comanda" />
        </>
      )}
    </RecordDialog>
  );
}
