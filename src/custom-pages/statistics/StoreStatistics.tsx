import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, Tooltip, XAxis, YAxis } from 'recharts';
import {
  Avatar,
  Box,
  Card,
  CardContent,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import RestaurantIcon from '@mui/icons-material/Restaurant';
import { formatCents } from '../../../contract/lib/format';
import {
  STATISTICS_PATHS,
  storeStatistics,
  type StoreStatistics as Statistics,
  variation,
} from '../../../contract/statistics';
import {
  axisReais,
  cardGrid,
  ChartArea,
  ChartCard,
  chartGrid,
  ChartTooltip,
  ReaisArea,
  dayOrLabel,
  formatCount,
  formatPercentage,
  SERIES_COLORS,
  StatCard,
  StatCardSkeletons,
  useChartStyle,
} from './charts';
import { periodParams, type ChosenPeriod } from './period';
import { PeriodSelector } from './PeriodSelector';
import { useFigures } from './useFigures';

export const EMPTY_PERIOD = 'Nenhuma venda no período.';

/** The store's cards: paid amount, tickets and average ticket, each against the previous period. */
function StoreCards({ financial }: { financial: Statistics['financial'] }) {
  const { previous } = financial;
  return (
    <>
      <StatCard
        label="Valor adicionado aos carrinhos"
        value={formatCents(financial.paid_amount)}
        change={variation(financial.paid_amount, previous.paid_amount)}
        hint={`${formatCents(previous.paid_amount)} no período anterior`}
      />
      <StatCard
        label="Total de usuários"
        value={formatCount(financial.total_tickets)}
        change={variation(financial.total_tickets, previous.total_tickets)}
        hint={`${formatCount(previous.total_tickets)} no período anterior`}
      />
      <StatCard
        label="Ticket médio"
        value={formatCents(financial.avg_ticket)}
        change={variation(financial.avg_ticket, previous.avg_ticket)}
        hint={`${formatCents(previous.avg_ticket)} no período anterior`}
      />
    </>
  );
}

/**
 * The paid amount apart: what the items sold came to, and the service charge (the waiters' 10 %),
 * which is not the restaurant's sales.
 */
function ServiceCards({ financial }: { financial: Statistics['financial'] }) {
  return (
    <>
      <StatCard
        label="Vendas (sem o serviço)"
        value={formatCents(financial.sales.amount)}
        change={financial.sales.variation}
      />
      <StatCard
        label="Taxa de serviço"
        value={formatCents(financial.service.amount)}
        change={financial.service.variation}
      />
    </>
  );
}

/** 'Mais pedidos': the top items of the period, with their thumbnails. */
function Ranking({ products, loading }: { products: Statistics['products'] | undefined; loading: boolean }) {
  return (
    <Card component="section" aria-label="Mais pedidos" sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          Mais pedidos
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Itens mais vendidos no período
        </Typography>
        {loading ? (
          <Skeleton variant="rounded" height={280} sx={{ mt: 2 }} />
        ) : products && products.length > 0 ? (
          <List aria-label="Itens mais pedidos">
            {products.map((product, index) => (
              <ListItem key={product.id} disableGutters>
                <Typography sx={{ width: 32, color: 'text.secondary' }}>{index + 1}º</Typography>
                <ListItemAvatar>
                  <Avatar variant="rounded" src={product.thumbnail ?? undefined} alt={product.name}>
                    <RestaurantIcon />
                  </Avatar>
                </ListItemAvatar>
                <ListItemText primary={product.name} />
                <Typography sx={{ fontWeight: 600 }}>{formatCount(product.total)}</Typography>
              </ListItem>
            ))}
          </List>
        ) : (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {EMPTY_PERIOD}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

function RevenueOverPeriod({ series }: { series: Statistics['series'] }) {
  return (
    <ReaisArea
      data={series}
      label="Gráfico da receita no período"
      name="Receita"
      titleOf={(row, label) => dayOrLabel(String(row.day ?? ''), label)}
    />
  );
}

function AmountBars({
  data,
  label,
  titleOf,
}: {
  data: { label: string; amount: number }[];
  label: string;
  titleOf?: (row: Record<string, unknown>, label: string) => string;
}) {
  const style = useChartStyle();
  return (
    <ChartArea label={label} height={240}>
      <BarChart data={data} margin={{ top: 8, right: 16, left: 8, bottom: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke={style.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={style.tick} axisLine={style.axisLine} tickLine={false} />
        <YAxis tick={style.tick} axisLine={false} tickLine={false} tickFormatter={axisReais} width={80} />
        <Tooltip cursor={style.cursor} content={<ChartTooltip format={formatCents} title={titleOf} />} />
        <Bar
          dataKey="amount"
          name="Receita"
          fill={SERIES_COLORS[0]}
          radius={[4, 4, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ChartArea>
  );
}

/** The split by payment method: a pie, each slice labelled with its percentage. */
export function MethodsPie({ methods }: { methods: Statistics['methods'] }) {
  const style = useChartStyle();
  const shown = methods.filter((method) => method.amount > 0);
  if (shown.length === 0) return <Typography color="text.secondary">{EMPTY_PERIOD}</Typography>;
  return (
    <ChartArea label="Gráfico das formas de pagamento" height={300}>
      <PieChart accessibilityLayer={false}>
        <Pie
          data={shown}
          dataKey="amount"
          nameKey="label"
          innerRadius="45%"
          outerRadius="75%"
          paddingAngle={1}
          label={({ payload }: { payload?: { percentage: number } }) =>
            payload ? formatPercentage(payload.percentage) : ''
          }
          labelLine={false}
          isAnimationActive={false}
          stroke="none"
        >
          {shown.map((method) => (
            <Cell key={method.method} fill={SERIES_COLORS[methods.indexOf(method) % SERIES_COLORS.length]} />
          ))}
        </Pie>
        <Tooltip
          content={
            <ChartTooltip
              format={formatCents}
              title={(row) => `${String(row.label)} · ${formatPercentage(Number(row.percentage))}`}
            />
          }
        />
        <Legend itemSorter={null} wrapperStyle={{ color: style.tick.fill, fontSize: 13 }} />
      </PieChart>
    </ChartArea>
  );
}

/**
 * A restaurant's statistics over the chosen period (spec 2.7, with a period selector, the hours,
 * weekdays and payment methods of a partner portal): the staff's landing page, and what an
 * administrator sees of a chosen store.
 */
export function StoreStatistics({
  period,
  onPeriod,
  storeId,
}: {
  period: ChosenPeriod;
  onPeriod: (next: ChosenPeriod) => void;
  storeId?: number;
}) {
  const { data, isPending } = useFigures(STATISTICS_PATHS.store, storeStatistics.shape.data, {
    ...periodParams(period),
    ...(storeId ? { store_id: storeId } : {}),
  });
  const loading = isPending;
  const empty = data ? data.financial.total_tickets === 0 && data.financial.paid_amount === 0 : false;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <PeriodSelector value={period} onChange={onPeriod} range={data?.period} />
      <Box sx={cardGrid(3)}>
        {data ? <StoreCards financial={data.financial} /> : loading ? <StatCardSkeletons count={3} /> : null}
      </Box>
      <Box sx={cardGrid(2)}>
        {data ? (
          <ServiceCards financial={data.financial} />
        ) : loading ? (
          <StatCardSkeletons count={2} />
        ) : null}
      </Box>
      {empty ? (
        <Card>
          <CardContent>
            <Typography color="text.secondary">{EMPTY_PERIOD}</Typography>
          </CardContent>
        </Card>
      ) : (
        <>
          <Box sx={chartGrid}>
            <ChartCard
              title="Receita no período"
              subtitle={period.period === '12m' ? 'Valor pago por mês' : 'Valor pago por dia'}
              loading={loading}
            >
              {data ? <RevenueOverPeriod series={data.series} /> : null}
            </ChartCard>
            <Ranking products={data?.products} loading={loading} />
          </Box>
          <Box sx={chartGrid}>
            <ChartCard title="Receita por hora do dia" loading={loading} height={240}>
              {data ? <AmountBars data={data.by_hour} label="Gráfico da receita por hora do dia" /> : null}
            </ChartCard>
            <ChartCard title="Receita por dia da semana" loading={loading} height={240}>
              {data ? (
                <AmountBars data={data.by_weekday} label="Gráfico da receita por dia da semana" />
              ) : null}
            </ChartCard>
          </Box>
          <Box sx={chartGrid}>
            <ChartCard title="Formas de pagamento" loading={loading} height={300}>
              {data ? <MethodsPie methods={data.methods} /> : null}
            </ChartCard>
          </Box>
        </>
      )}
    </Box>
  );
}
