import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Box, GlobalStyles, Stack, Typography } from '@mui/material';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { DateInput, FilterFormClasses, useRecordContext, type RaRecord } from 'react-admin';
import { fieldText } from '../../lib/display';
import { DAY_RANGE_INVALID } from '../../lib/fields';
import { formatCents, formatDateTime } from '../../lib/format';
import { defineScreens } from '../overrides';
import { commands, type OrderRow } from './definition';
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

const later = (start: unknown, end: unknown) =>
  typeof start === 'string' && typeof end === 'string' && start !== '' && end !== '' && start > end;

/** Both days are checked together: the filter is not applied while the start is after the end. */
const validRange = (_value: unknown, values: Record<string, unknown>) =>
  later(values.start_at, values.end_at) ? DAY_RANGE_INVALID : undefined;

// The filter bar is a row of small fields: a day field as tall as a finger needs (44 px).
const dayInput = { width: { xs: '100%', sm: 176 }, '& .MuiInputBase-root': { minHeight: 44 } } as const;

/**
 * The period of the tabs (Data inicial, Data final): São Paulo days as yyyy-MM-dd, as the API takes
 * them. A start after the end is said under the fields, and the list keeps its last period.
 * `source` and `alwaysOn` are read by react-admin's filter form (its key; shown without a menu).
 */
function DayRangeFilter(_: { source: 'start_at'; alwaysOn: true }) {
  const { trigger, formState } = useFormContext();
  const [start, end] = useWatch({ name: ['start_at', 'end_at'] }) as [unknown, unknown];
  const invalid = later(start, end);
  const marked = Boolean(formState.errors.start_at || formState.errors.end_at);
  // A change of one day may make the other right or wrong: both are checked again.
  useEffect(() => {
    if (invalid || marked) void trigger(['start_at', 'end_at']);
  }, [start, end, invalid, marked, trigger]);
  return (
    <Box sx={{ width: { xs: '100%', sm: 'auto' } }}>
      <Stack direction="row" sx={{ columnGap: 2, flexWrap: 'wrap' }}>
        <DateInput
          source="start_at"
          label="Data inicial"
          validate={validRange}
          helperText={false}
          sx={dayInput}
          slotProps={{ htmlInput: { max: typeof end === 'string' && end ? end : undefined } }}
        />
        <DateInput
          source="end_at"
          label="Data final"
          validate={validRange}
          helperText={false}
          sx={dayInput}
          slotProps={{ htmlInput: { min: typeof start === 'string' && start ? start : undefined } }}
        />
      </Stack>
      {invalid ? (
        <>
          {/* The message makes this filter taller: the others stay in line with the fields. */}
          <GlobalStyles
            styles={{ [`form:has(> .${FilterFormClasses.filterFormInput})`]: { alignItems: 'flex-start' } }}
          />
          <Typography role="alert" variant="caption" color="error" sx={{ display: 'block', mt: 0.5 }}>
            {DAY_RANGE_INVALID}
          </Typography>
        </>
      ) : null}
    </Box>
  );
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

const text = (field: keyof typeof commands.fields, record: RaRecord) =>
  fieldText(commands.fields[field]!, record[field], record);

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
