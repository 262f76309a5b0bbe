import { Link, useSearchParams } from 'react-router-dom';
import { Box, Button, Card, CardContent, Chip, Skeleton, Stack, Typography } from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import { Title, usePermissions } from 'react-admin';
import { ADMIN } from '../../authProvider';
import { formatCents } from '../../../contract/lib/format';
import { StorePicker } from '../../components/StorePicker';
import {
  financialAnalytics,
  STATISTICS_PATHS,
  type FinancialAnalytics,
  type MonthAmount,
} from '../../../contract/statistics';
import { ChartCard, chartGrid, ReaisArea } from './charts';
import { MethodsPie } from './StoreStatistics';
import { useFigures } from './useFigures';

/**
 * The finance pages this dashboard leads to (contracts of issue 17); the history and the statement
 * open on the restaurant shown here (`filtered`: the list's filter), the bank accounts are a store's.
 */
export const FINANCE_LINKS = [
  { label: 'Histórico', to: '/financial/history', icon: <HistoryIcon />, filtered: true },
  { label: 'Extrato', to: '/financial/extracts', icon: <ReceiptLongIcon />, filtered: true },
  {
    label: 'Contas bancárias',
    to: '/financial/bank-accounts',
    icon: <AccountBalanceIcon />,
    filtered: false,
  },
] as const;

/** A list's address with the restaurant as its filter, as react-admin keeps filters in the address. */
const withStore = (to: string, storeId: number | null) =>
  storeId === null ? to : `${to}?${new URLSearchParams({ filter: JSON.stringify({ store_id: storeId }) })}`;

function AccumulatedRevenue({ months }: { months: FinancialAnalytics['by_month'] }) {
  return (
    <ReaisArea
      data={months}
      label="Gráfico da receita acumulada nos últimos 12 meses"
      name="Receita acumulada"
    />
  );
}

/**
 * One card per month in a row that scrolls sideways (snapping to the cards, the latest month at
 * the end and in view first): the carousels of net income and average ticket.
 */
function MonthCarousel({
  title,
  months,
  loading,
}: {
  title: string;
  months: MonthAmount[] | undefined;
  loading: boolean;
}) {
  return (
    <Card component="section" aria-label={title} sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {loading ? (
          <Skeleton variant="rounded" height={96} />
        ) : (
          <Box
            role="list"
            tabIndex={0}
            aria-label={`${title}, por mês`}
            ref={(row: HTMLDivElement | null) => {
              if (row) row.scrollLeft = row.scrollWidth;
            }}
            sx={{
              display: 'flex',
              gap: 1.5,
              overflowX: 'auto',
              scrollSnapType: 'x mandatory',
              pb: 1,
              '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
            }}
          >
            {(months ?? []).map((month) => (
              <Box
                key={month.month}
                role="listitem"
                sx={{
                  flex: '0 0 150px',
                  scrollSnapAlign: 'end',
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 2,
                  p: 1.5,
                }}
              >
                <Typography variant="body2" color="text.secondary">
                  {month.label}
                </Typography>
                <Typography sx={{ fontWeight: 600 }}>{formatCents(month.amount)}</Typography>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * /financial (spec 2.7 "Finance"): payments by method, accumulated revenue, net income and
 * average ticket per month, and the ways to the statement, the deposits and the bank accounts.
 * Staff see their store; administrators the whole platform, or one store chosen in the filter
 * (kept in the address, `?store_id=`; empty is the platform).
 */
export function FinanceDashboard() {
  const { permissions } = usePermissions<string>();
  const admin = permissions === ADMIN;
  const [params, setParams] = useSearchParams();
  const chosen = Number(params.get('store_id'));
  const storeId = admin && Number.isSafeInteger(chosen) && chosen > 0 ? chosen : null;
  const { data, isPending } = useFigures(
    permissions === undefined ? null : STATISTICS_PATHS.analytics,
    financialAnalytics.shape.data,
    storeId ? { store_id: storeId } : undefined,
  );
  const choose = (next: number | null) =>
    setParams(next === null ? {} : { store_id: String(next) }, { replace: true });
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <Title title="Financeiro" />
      <Stack
        direction="row"
        sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          {admin ? <StorePicker value={storeId} onChange={choose} /> : null}
          {data ? (
            <Chip
              color="primary"
              variant="outlined"
              label={`Valores de: ${data.scope.name}`}
              data-testid="finance-scope"
            />
          ) : null}
        </Stack>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {FINANCE_LINKS.map((link) => (
            <Button
              key={link.to}
              component={Link}
              to={link.filtered ? withStore(link.to, storeId) : link.to}
              variant="outlined"
              startIcon={link.icon}
              sx={{ minHeight: 44 }}
            >
              {link.label}
            </Button>
          ))}
        </Stack>
      </Stack>
      <Box sx={chartGrid}>
        <ChartCard title="Pagamentos por forma" subtitle="Últimos 12 meses" loading={isPending} height={300}>
          {data ? <MethodsPie methods={data.methods} /> : null}
        </ChartCard>
        <ChartCard title="Receita acumulada" subtitle="Receita bruta somada mês a mês" loading={isPending}>
          {data ? <AccumulatedRevenue months={data.by_month} /> : null}
        </ChartCard>
      </Box>
      <Box sx={chartGrid}>
        <MonthCarousel title="Receita líquida por mês" months={data?.incomes} loading={isPending} />
        <MonthCarousel title="Ticket médio por usuário" months={data?.avg_ticket} loading={isPending} />
      </Box>
    </Box>
  );
}
