import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { Box, Stack, Tab, Tabs } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { ChooseStoreNotice, ChosenStorePicker, useChosenStore } from '../../components/chosenStore';
import { formatCents } from '../../../contract/lib/format';
import { generalStatistics, STATISTICS_PATHS, type GeneralStatistics } from '../../../contract/statistics';
import {
  cardGrid,
  ChartArea,
  ChartCard,
  chartGrid,
  ChartTooltip,
  dayOrLabel,
  formatCount,
  SERIES_COLORS,
  StatCard,
  StatCardSkeletons,
  useChartStyle,
} from './charts';
import { periodParams, usePeriod, type ChosenPeriod } from './period';
import { PeriodSelector } from './PeriodSelector';
import { StoreStatistics } from './StoreStatistics';
import { useFigures } from './useFigures';

const PLATFORM_LABELS = { IOS: 'iOS', ANDROID: 'Android' } as const;

/** The 24 entries of the API (month, platform) as 12 rows of the grouped bars, jan → dez. */
export function platformRows(platforms: GeneralStatistics['platforms']) {
  const rows = new Map<number, { month: number; label: string; IOS: number; ANDROID: number }>();
  for (const entry of platforms) {
    const row = rows.get(entry.month) ?? { month: entry.month, label: entry.label, IOS: 0, ANDROID: 0 };
    row[entry.platform] = entry.total;
    rows.set(entry.month, row);
  }
  return [...rows.values()].sort((a, b) => a.month - b.month);
}

function OrdersChart({ orders }: { orders: GeneralStatistics['orders'] }) {
  const style = useChartStyle();
  return (
    <ChartArea label="Gráfico dos pedidos dos últimos 15 dias">
      <BarChart data={orders} margin={{ top: 8, right: 16, left: 0, bottom: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke={style.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={style.tick} axisLine={style.axisLine} tickLine={false} />
        <YAxis tick={style.tick} axisLine={false} tickLine={false} allowDecimals={false} width={48} />
        <Tooltip
          cursor={style.cursor}
          content={
            <ChartTooltip
              format={formatCount}
              title={(row, label) => dayOrLabel(String(row.day ?? ''), label)}
            />
          }
        />
        <Bar
          dataKey="total"
          name="Pedidos"
          fill={SERIES_COLORS[0]}
          radius={[4, 4, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ChartArea>
  );
}

function PlatformsChart({ platforms }: { platforms: GeneralStatistics['platforms'] }) {
  const style = useChartStyle();
  return (
    <ChartArea label="Gráfico do uso da plataforma por mês, iOS e Android">
      <BarChart
        data={platformRows(platforms)}
        margin={{ top: 8, right: 16, left: 0, bottom: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid stroke={style.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={style.tick} axisLine={style.axisLine} tickLine={false} />
        <YAxis tick={style.tick} axisLine={false} tickLine={false} allowDecimals={false} width={48} />
        <Tooltip cursor={style.cursor} content={<ChartTooltip format={formatCount} />} />
        <Legend itemSorter={null} wrapperStyle={{ color: style.tick.fill, fontSize: 13 }} />
        <Bar
          dataKey="IOS"
          name={PLATFORM_LABELS.IOS}
          fill={SERIES_COLORS[1]}
          radius={[4, 4, 0, 0]}
          isAnimationActive={false}
        />
        <Bar
          dataKey="ANDROID"
          name={PLATFORM_LABELS.ANDROID}
          fill={SERIES_COLORS[2]}
          radius={[4, 4, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ChartArea>
  );
}

/** The platform's figures (spec 2.7 "Platform statistics"); the period drives the financial cards. */
function Platform({ period, onPeriod }: { period: ChosenPeriod; onPeriod: (next: ChosenPeriod) => void }) {
  const { data, isPending } = useFigures(
    STATISTICS_PATHS.general,
    generalStatistics.shape.data,
    periodParams(period),
  );
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <PeriodSelector value={period} onChange={onPeriod} range={data?.period} />
      <Box sx={cardGrid(4)}>
        {data ? (
          <>
            <StatCard
              label="Receita bruta"
              value={formatCents(data.financial.gross.amount)}
              change={data.financial.gross.variation}
            />
            <StatCard
              label="Receita líquida"
              value={formatCents(data.financial.liquid.amount)}
              change={data.financial.liquid.variation}
            />
            <StatCard
              label="Total de usuários"
              value={formatCount(data.totalUsers)}
              hint="usuários cadastrados"
            />
            <StatCard
              label="Ticket médio"
              value={formatCents(data.financial.avg_ticket)}
              hint={`${formatCount(data.financial.total_tickets)} comandas pagas`}
            />
          </>
        ) : isPending ? (
          <StatCardSkeletons count={4} />
        ) : null}
      </Box>
      <Box sx={chartGrid}>
        <ChartCard title="Pedidos" subtitle="Comandas abertas nos últimos 15 dias" loading={isPending}>
          {data ? <OrdersChart orders={data.orders} /> : null}
        </ChartCard>
        <ChartCard
          title="Uso da plataforma"
          subtitle={`Check-ins por mês em ${new Date().getFullYear()}, por sistema`}
          loading={isPending}
        >
          {data ? <PlatformsChart platforms={data.platforms} /> : null}
        </ChartCard>
      </Box>
    </Box>
  );
}

/** A store's statistics as its staff see them, for the restaurant the administrator chooses. */
function ChosenStoreStatistics({
  period,
  onPeriod,
}: {
  period: ChosenPeriod;
  onPeriod: (next: ChosenPeriod) => void;
}) {
  const store = useChosenStore();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <ChosenStorePicker store={store} />
      <ChooseStoreNotice store={store} message="Escolha um restaurante para ver as estatísticas dele." />
      {store.storeId !== null ? (
        <StoreStatistics key={store.storeId} period={period} onPeriod={onPeriod} storeId={store.storeId} />
      ) : null}
    </Box>
  );
}

/**
 * The administrator's /statistics: the platform (Plataforma) or one restaurant (Restaurante, chosen
 * with the board's picker and remembered per device). The tab and the period live in the address.
 */
export function PlatformStatistics() {
  const [params, setParams] = useSearchParams();
  const [period, choosePeriod] = usePeriod();
  const view = params.get('view') === 'store' ? 'store' : 'platform';
  const chooseView = (next: 'platform' | 'store') =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'store') updated.set('view', 'store');
        else updated.delete('view');
        return updated;
      },
      { replace: true },
    );
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Tabs
          value={view}
          onChange={(_, next: 'platform' | 'store') => chooseView(next)}
          aria-label="Estatísticas de"
        >
          <Tab value="platform" label="Plataforma" sx={{ minHeight: 48 }} />
          <Tab value="store" label="Restaurante" sx={{ minHeight: 48 }} />
        </Tabs>
      </Stack>
      {view === 'platform' ? (
        <Platform period={period} onPeriod={choosePeriod} />
      ) : (
        <ChosenStoreStatistics period={period} onPeriod={choosePeriod} />
      )}
    </Box>
  );
}
