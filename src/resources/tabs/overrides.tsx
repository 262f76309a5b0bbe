import { Stack, Typography } from '@mui/material';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useRecordContext, type RaRecord } from 'react-admin';
import { fieldText } from '../../lib/display';
import { formatCents, formatDateTime } from '../../../contract/lib/format';
import { DayRangeFilter } from '../../engine/DayRangeFilter';
import { defineScreens } from '../../engine/overrides';
import { tabs, type OrderRow } from '../../../contract/resources/tabs/definition';
import { PaymentChip, StatusChip, TabDialog, tableLabel } from './TabDialog';

const NO_TABS = 'Nenhuma comanda encontrada.';

function StatusCell() {
  const tab = useRecordContext<OrderRow>();
  return tab ? <StatusChip status={tab.status} /> : null;
}

function PaymentCell() {
  const tab = useRecordContext<OrderRow>();
  return tab ? <PaymentChip status={tab.payment_status} /> : null;
}

function NoTabs() {
  return (
    <Stack
      sx={{ alignItems: 'center', textAlign: 'center', gap: 2, py: 8, px: 2, mx: 'auto', maxWidth: 480 }}
    >
      <ReceiptLongIcon sx={{ fontSize: 64, opacity: 0.5 }} />
      <Typography variant="h6">{NO_TABS}</Typography>
      <Typography variant="body2" color="text.secondary">
        As comandas abertas nas mesas aparecem aqui, das mais novas para as mais antigas.
      </Typography>
    </Stack>
  );
}

const text = (field: keyof typeof tabs.fields, record: RaRecord) =>
  fieldText(tabs.fields[field]!, record[field], record);

/**
 * Comandas (restaurant spec 2 "Tabs"): the generated list of the tabs, newest first, with the
 * period filters beside the status ones, the table and the states as the spec words them, one line
 * per tab on a tablet, and a row that opens the tab's modal (its customers, items and total paid).
 */
export default defineScreens({
  list: {
    // One element holds both days: they are checked together and their message sits under them.
    filters: [<DayRangeFilter key="start_at" source="start_at" alwaysOn />],
    cells: {
      table_number: (record) => tableLabel(record as OrderRow),
      status: <StatusCell />,
      payment_status: <PaymentCell />,
    },
    empty: <NoTabs />,
    rowDialog: (record, close) => <TabDialog tab={record as OrderRow} onClose={close} />,
    compact: {
      primary: (record) => `${tableLabel(record as OrderRow)} · ${text('status', record)}`,
      secondary: (record) =>
        `${formatDateTime(record.created_at as string)} · ${text('payment_status', record)}`,
      tertiary: (record) => `Pago ${formatCents(Number(record.total_paid))}`,
    },
  },
});
