import { Link } from 'react-router-dom';
import { Box, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import ListIcon from '@mui/icons-material/List';
import { Title } from 'react-admin';
import { useApi } from '../../dataProvider/useApi';
import {
  ChartArea,
  ChartCard,
  ChartTooltip,
  formatCount,
  PAST_COLOR,
  SERIES_COLORS,
  useChartStyle,
} from '../../custom-pages/statistics/charts';
import { Variation } from '../../custom-pages/statistics/Variation';

export interface UsersStatistics {
  by_periods: { label: string; current: number; past: number; variation: number | null }[];
  by_week: { label: string; current: number; past: number }[];
}

export const LIST_USERS_LABEL = 'LISTAR USUÁRIOS';

function PeriodCard({ label, current, past, variation }: UsersStatistics['by_periods'][number]) {
  return (
    <Card sx={{ flex: '1 1 180px' }} data-testid={`period-${label}`}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" sx={{ my: 1, fontWeight: 600 }}>
          {current.toLocaleString('pt-BR')}
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1 }}>
          <Variation value={variation} />
          <Typography variant="body2" color="text.secondary">
            ({past.toLocaleString('pt-BR')} no período anterior)
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Sign-ups of this week against last week, one pair of bars per weekday. */
function WeeklyChart({ days }: { days: UsersStatistics['by_week'] }) {
  const style = useChartStyle();
  return (
    <ChartCard title="Novos usuários por dia da semana">
      <ChartArea label="Gráfico semanal de novos usuários" height={260}>
        <BarChart data={days} margin={{ top: 8, right: 16, left: 0, bottom: 0 }} accessibilityLayer={false}>
          <CartesianGrid stroke={style.grid} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={style.tick} axisLine={style.axisLine} tickLine={false} />
          <YAxis tick={style.tick} axisLine={false} tickLine={false} allowDecimals={false} width={40} />
          <Tooltip cursor={style.cursor} content={<ChartTooltip format={formatCount} />} />
          <Legend itemSorter={null} wrapperStyle={{ color: style.tick.fill, fontSize: 13 }} />
          <Bar
            dataKey="current"
            name="Semana atual"
            fill={SERIES_COLORS[0]}
            radius={[4, 4, 0, 0]}
            isAnimationActive={false}
          />
          <Bar
            dataKey="past"
            name="Semana anterior"
            fill={PAST_COLOR}
            radius={[4, 4, 0, 0]}
            isAnimationActive={false}
          />
        </BarChart>
      </ChartArea>
    </ChartCard>
  );
}

/** /customers, users analytics (spec 2.7): period cards, the weekly chart and the way to the list. */
export function UsersAnalytics() {
  // Statistics load failures are only logged (spec 8): the cards stay empty.
  const { data, isPending } = useApi<UsersStatistics>('/api/statistics/users');
  return (
    <Box sx={{ py: 2 }}>
      <Title title="Usuários" />
      <Stack direction="row" sx={{ mb: 2, justifyContent: 'flex-end' }}>
        <Button component={Link} to="/customers/list" variant="contained" startIcon={<ListIcon />}>
          {LIST_USERS_LABEL}
        </Button>
      </Stack>
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', mb: 3 }}>
        {isPending
          ? [0, 1, 2, 3].map((i) => (
              <Skeleton key={i} variant="rounded" height={120} sx={{ flex: '1 1 180px' }} />
            ))
          : data?.by_periods.map((period) => <PeriodCard key={period.label} {...period} />)}
      </Stack>
      {data ? <WeeklyChart days={data.by_week} /> : null}
    </Box>
  );
}
