import type { ReactElement, ReactNode } from 'react';
import { Box, Card, CardContent, Paper, Skeleton, Stack, Typography, useTheme } from '@mui/material';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCents, formatDate } from '../../../contract/lib/format';
import { Variation } from './Variation';

/**
 * The pieces every chart of the app shares (statistics, finance, users and restaurants
 * dashboards): the dark theme's colours, the card a chart sits in, the tooltip, the cards with
 * their variation.
 */

/** Series colours on the dark paper, the brand's orange first (each ≥ 3:1 against #1c1c1e). */
export const SERIES_COLORS = ['#ff8a3d', '#4fc3f7', '#81c784', '#ffd54f', '#ba68c8'] as const;

/** A previous period's series: quiet grey beside the current one. */
export const PAST_COLOR = '#757575';

/** Axis, grid and tick styles of the dark theme, for every chart. */
export function useChartStyle() {
  const theme = useTheme();
  return {
    tick: { fill: theme.palette.text.secondary, fontSize: 12 },
    grid: theme.palette.divider,
    axisLine: { stroke: theme.palette.divider },
    cursor: { fill: theme.palette.action.hover },
  };
}

/** 'R$ 1.234,56' without the cents above a thousand reais, for the axes. */
export function axisReais(cents: number): string {
  const reais = cents / 100;
  if (Math.abs(reais) >= 1_000_000)
    return `R$ ${(reais / 1_000_000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} mi`;
  if (Math.abs(reais) >= 1_000)
    return `R$ ${(reais / 1_000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} mil`;
  return formatCents(cents).replace(/,00$/, '');
}

/** '1.234' */
export const formatCount = (value: number) => value.toLocaleString('pt-BR');

/** '12,5%' */
export const formatPercentage = (value: number) =>
  `${value.toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%`;

/** A day 'YYYY-MM-DD' read as 'dd/MM/yyyy'; other labels ('nov/26', '13h') as they are. */
export function dayOrLabel(day: string | undefined, label: string): string {
  return day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatDate(day) : label;
}

interface TooltipEntry {
  name?: string | number;
  value?: unknown;
  color?: string;
  payload?: Record<string, unknown>;
}

/**
 * The tooltip of every chart: a title (`title` from the hovered row, the axis label otherwise)
 * and one line per series, each value written by `format`.
 */
export function ChartTooltip({
  active,
  payload,
  label,
  title,
  format,
}: {
  active?: boolean;
  payload?: readonly TooltipEntry[];
  label?: string | number;
  title?: (row: Record<string, unknown>, label: string) => string;
  format: (value: number) => string;
}) {
  if (!active || !payload || payload.length === 0) return null;
  const row = payload[0]?.payload ?? {};
  const heading = title ? title(row, String(label ?? '')) : String(label ?? '');
  return (
    <Paper elevation={8} sx={{ px: 1.5, py: 1, border: 1, borderColor: 'divider' }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {heading}
      </Typography>
      {payload.map((entry) => (
        <Stack key={String(entry.name)} direction="row" spacing={1} alignItems="center">
          <Box sx={{ width: 10, height: 10, borderRadius: 0.5, bgcolor: entry.color }} />
          <Typography variant="body2">
            {entry.name}: {format(Number(entry.value))}
          </Typography>
        </Stack>
      ))}
    </Paper>
  );
}

/** Charts get their width from their card; before it is measured (and in tests) they draw at 800 px. */
export function ChartArea({
  height = 280,
  label,
  children,
}: {
  height?: number;
  label: string;
  children: ReactElement;
}) {
  return (
    <Box role="img" aria-label={label} sx={{ width: '100%', height }}>
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 800, height }}>
        {children}
      </ResponsiveContainer>
    </Box>
  );
}

/**
 * One amount in reais over time, as an area in the brand's colour: the revenue of a period, day by
 * day, and the revenue accumulated month by month.
 */
export function ReaisArea({
  data,
  label,
  name,
  titleOf,
}: {
  data: readonly { label: string; amount: number }[];
  /** What the chart shows, for a screen reader. */
  label: string;
  /** The series' name in the tooltip. */
  name: string;
  titleOf?: (row: Record<string, unknown>, label: string) => string;
}) {
  const style = useChartStyle();
  // One gradient per chart: two charts on a page must not share an element id.
  const fill = `fill-${label.replace(/\W+/g, '-')}`;
  return (
    <ChartArea label={label}>
      <AreaChart
        data={[...data]}
        margin={{ top: 8, right: 16, left: 8, bottom: 0 }}
        accessibilityLayer={false}
      >
        <defs>
          <linearGradient id={fill} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor={SERIES_COLORS[0]} stopOpacity={0.5} />
            <stop offset="100%" stopColor={SERIES_COLORS[0]} stopOpacity={0.05} />
          </linearGradient>
        </defs>
        <CartesianGrid stroke={style.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={style.tick} axisLine={style.axisLine} tickLine={false} minTickGap={16} />
        <YAxis tick={style.tick} axisLine={false} tickLine={false} tickFormatter={axisReais} width={80} />
        <Tooltip content={<ChartTooltip format={formatCents} title={titleOf} />} />
        <Area
          type="monotone"
          dataKey="amount"
          name={name}
          stroke={SERIES_COLORS[0]}
          strokeWidth={2}
          fill={`url(#${fill})`}
          isAnimationActive={false}
        />
      </AreaChart>
    </ChartArea>
  );
}

/** The card of one chart: its title, what it covers, and the chart (or a skeleton while loading). */
export function ChartCard({
  title,
  subtitle,
  loading,
  height = 280,
  actions,
  children,
}: {
  title: string;
  subtitle?: string;
  loading?: boolean;
  height?: number;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-label={title} sx={{ minWidth: 0 }}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}>
          <Box>
            <Typography variant="h6" component="h2">
              {title}
            </Typography>
            {subtitle ? (
              <Typography variant="body2" color="text.secondary">
                {subtitle}
              </Typography>
            ) : null}
          </Box>
          {actions}
        </Stack>
        {loading ? <Skeleton variant="rounded" height={height} data-testid="chart-skeleton" /> : children}
      </CardContent>
    </Card>
  );
}

/**
 * A figure with its variation against the previous period (green arrow up, red arrow down, '—'
 * when the previous period had nothing: `change` null); without `change`, none is shown.
 */
export function StatCard({
  label,
  value,
  change,
  hint,
}: {
  label: string;
  value: string;
  change?: number | null;
  hint?: string;
}) {
  return (
    <Card component="section" aria-label={label} sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary" component="h2">
          {label}
        </Typography>
        <Typography variant="h5" sx={{ my: 1, fontWeight: 600 }}>
          {value}
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, minHeight: 24 }}>
          {change === undefined ? null : <Variation value={change} />}
          {hint ? (
            <Typography variant="body2" color="text.secondary">
              {hint}
            </Typography>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Cards placeholders while the figures load. */
export function StatCardSkeletons({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={128} data-testid="card-skeleton" />
      ))}
    </>
  );
}

/** Cards two per row on a tablet, `columns` per row on a wide screen. */
export const cardGrid = (columns: number) => ({
  display: 'grid',
  gap: 2,
  gridTemplateColumns: {
    xs: '1fr',
    sm: 'repeat(2, minmax(0, 1fr))',
    lg: `repeat(${columns}, minmax(0, 1fr))`,
  },
});

/** Charts full width up to a wide screen, two per row from there. */
export const chartGrid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
} as const;
