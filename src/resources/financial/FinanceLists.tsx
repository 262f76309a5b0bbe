import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useListContext, type RaRecord } from 'react-admin';
import { fieldText } from '../../lib/display';
import { DAY_RANGE_INVALID } from '../../../contract/lib/fields';
import { GeneratedList } from '../../engine/GeneratedList';
import { PLATFORM_SCOPE_NAME } from '../../../contract/statistics';
import type { ListOverrides, ScreenOverrides } from '../../engine/overrides';
import { BalanceCards } from './BalanceCards';
import { deposits, FINANCIAL_MESSAGES, statement } from '../../../contract/resources/financial/definition';
import { financialPaths } from './paths';

/** A fingertip's size, for a tablet's controls. */
const TOUCH = 44;

/** 'dd/mm/aaaa' as it is typed: the digits laid into the pattern. */
function maskDay(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
}

/** A typed dd/MM/yyyy as the API's yyyy-MM-dd; null when it is not a real day. */
export function dayOf(typed: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(typed);
  if (!match) return null;
  const [, dd, mm, yyyy] = match;
  const iso = `${yyyy}-${mm}-${dd}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return yyyy !== '0000' && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? iso : null;
}

/** yyyy-MM-dd as dd/MM/yyyy, for a filter already applied. */
const typedOf = (iso: unknown) =>
  typeof iso === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso.split('-').reverse().join('/') : '';

/**
 * Data inicial and Data final, typed dd/mm/aaaa as Brazilians write dates: the list (and the
 * cards) follow once both are whole days or empty; a wrong day or a start after the end is said
 * under them and the list keeps its last period.
 */
function DayRange() {
  const { filterValues, setFilters } = useListContext();
  const [start, setStart] = useState(typedOf(filterValues.start));
  const [end, setEnd] = useState(typedOf(filterValues.end));
  useEffect(() => setStart(typedOf(filterValues.start)), [filterValues.start]);
  useEffect(() => setEnd(typedOf(filterValues.end)), [filterValues.end]);

  const startDay = start ? dayOf(start) : undefined;
  const endDay = end ? dayOf(end) : undefined;
  const wrong = (typed: string, day: string | null | undefined) => typed.length === 10 && day === null;
  const reversed = Boolean(startDay && endDay && startDay > endDay);
  const message =
    wrong(start, startDay) || wrong(end, endDay) ? 'Data inválida.' : reversed ? DAY_RANGE_INVALID : '';

  useEffect(() => {
    if (startDay === null || endDay === null || reversed) return;
    const next = { ...filterValues };
    delete next.start;
    delete next.end;
    if (startDay) next.start = startDay;
    if (endDay) next.end = endDay;
    if (next.start !== filterValues.start || next.end !== filterValues.end) setFilters(next, {});
  }, [startDay, endDay, reversed, filterValues, setFilters]);

  const field = (label: string, value: string, set: (value: string) => void, invalid: boolean) => (
    <TextField
      label={label}
      value={value}
      onChange={(event) => set(maskDay(event.target.value))}
      placeholder="dd/mm/aaaa"
      size="small"
      error={invalid}
      slotProps={{
        htmlInput: { inputMode: 'numeric', autoComplete: 'off' },
        input: { sx: { minHeight: TOUCH } },
      }}
      sx={{ width: 160 }}
    />
  );
  return (
    <Box>
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
        {field('Data inicial', start, setStart, wrong(start, startDay) || reversed)}
        {field('Data final', end, setEnd, wrong(end, endDay) || reversed)}
      </Stack>
      {message ? (
        <Typography role="alert" variant="caption" color="error" sx={{ display: 'block', mt: 0.5 }}>
          {message}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The cards, for the restaurant (or the platform) and the period the list shows. */
function PeriodCards() {
  const { filterValues } = useListContext();
  const id = Number(filterValues.store_id);
  const storeId = Number.isSafeInteger(id) && id > 0 ? id : null;
  return (
    <BalanceCards
      storeId={storeId}
      start={typeof filterValues.start === 'string' ? filterValues.start : undefined}
      end={typeof filterValues.end === 'string' ? filterValues.end : undefined}
    />
  );
}

/** What a page with no row says, in the table's place. */
const noRows = (text: string) => (
  <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary">
    {text}
  </Typography>
);

const STATUS_COLOR = { PAID: 'success', PENDING: 'warning', FAILED: 'error' } as const;

/** A deposit's status as a chip: paid green, pending amber, failed red. */
const depositCells = {
  status: (record: RaRecord) => (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLOR[record.status as keyof typeof STATUS_COLOR] ?? 'default'}
      label={fieldText(deposits.fields.status!, record.status, record)}
    />
  ),
};

/**
 * The statement or the deposits (platform spec 2.8), as the engine lists them: the five cards and
 * the period typed dd/mm/aaaa over a table of 8 rows a page, Exportar (the whole period, as CSV).
 * Staff see their store's; an administrator the platform's, or one restaurant's chosen in the
 * filter, and the screen says whose ('Valores de: Plataforma', as the finance dashboard).
 */
const periodList = (empty: string, more: ListOverrides = {}): ScreenOverrides => ({
  list: {
    store: { all: PLATFORM_SCOPE_NAME, scope: (name) => `Valores de: ${name}` },
    header: (
      <>
        <PeriodCards />
        <DayRange />
      </>
    ),
    // The cards and the period stay when a period has no entry.
    empty: false,
    noRows: noRows(empty),
    ...more,
  },
});

const statementScreen = periodList(FINANCIAL_MESSAGES.noEntries);

const depositsScreen = periodList(FINANCIAL_MESSAGES.noDeposits, {
  cells: depositCells,
  actions: (
    <>
      <Button component={RouterLink} to={financialPaths.bankAccounts} variant="outlined">
        Contas bancárias
      </Button>
      <Button
        component={RouterLink}
        to={financialPaths.newBankAccount}
        variant="contained"
        startIcon={<AddIcon />}
      >
        {FINANCIAL_MESSAGES.addAccount}
      </Button>
    </>
  ),
});

/** /financial/extracts: the statement. */
export function StatementPage() {
  return <GeneratedList definition={statement} overrides={statementScreen} />;
}

/** /financial/history: the deposits, and the way to add the account they go to. */
export function DepositHistoryPage() {
  return <GeneratedList definition={deposits} overrides={depositsScreen} />;
}
