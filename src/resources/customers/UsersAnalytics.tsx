import { Link } from 'react-router-dom';
import { Box, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import ListIcon from '@mui/icons-material/List';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import { Title } from 'react-admin';
import { useApi } from '../../dataProvider/useApi';

export interface UsersStatistics {
  by_periods: { label: string; current: number; past: number; variation: number }[];
  by_week: { label: string; current: number; past: number }[];
}

export const LIST_USERS_LABEL = 'LISTAR USUÁRIOS';

const CURRENT_COLOR = 'primary.main';
const PAST_COLOR = 'grey.600';

function PeriodCard({ label, current, past, variation }: UsersStatistics['by_periods'][number]) {
  const up = variation >= 0;
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
          <Stack
            direction="row"
            spacing={0.5}
            alignItems="center"
            sx={{ color: up ? 'success.main' : 'error.main' }}
          >
            {up ? <TrendingUpIcon fontSize="small" /> : <TrendingDownIcon fontSize="small" />}
            <Typography variant="body2">
              {up ? '+' : ''}
              {variation.toLocaleString('pt-BR')}%
            </Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            ({past.toLocaleString('pt-BR')} no período anterior)
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}

function Legend({ color, label }: { color: string; label: string }) {
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: color }} />
      <Typography variant="body2">{label}</Typography>
    </Stack>
  );
}

/** Sign-ups of this week against last week, one pair of bars per weekday (no chart library needed). */
function WeeklyChart({ days }: { days: UsersStatistics['by_week'] }) {
  const highest = Math.max(1, ...days.flatMap((d) => [d.current, d.past]));
  const bar = (value: number, color: string, title: string) => (
    <Box
      title={title}
      sx={{
        flex: 1,
        maxWidth: 28,
        height: `${(value / highest) * 100}%`,
        minHeight: value > 0 ? 2 : 0,
        bgcolor: color,
        borderRadius: '4px 4px 0 0',
      }}
    />
  );
  return (
    <Card>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}>
          <Typography variant="h6">Novos usuários por dia da semana</Typography>
          <Stack direction="row" spacing={2}>
            <Legend color={CURRENT_COLOR} label="Semana atual" />
            <Legend color={PAST_COLOR} label="Semana anterior" />
          </Stack>
        </Stack>
        <Stack direction="row" role="img" aria-label="Gráfico semanal de novos usuários" sx={{ gap: 1 }}>
          {days.map((d) => (
            <Box key={d.label} sx={{ flex: 1, textAlign: 'center' }}>
              <Stack
                direction="row"
                sx={{ height: 200, alignItems: 'flex-end', justifyContent: 'center', gap: 0.5 }}
              >
                {bar(d.current, CURRENT_COLOR, `${d.label}, semana atual: ${d.current}`)}
                {bar(d.past, PAST_COLOR, `${d.label}, semana anterior: ${d.past}`)}
              </Stack>
              <Typography variant="body2" sx={{ mt: 1 }}>
                {d.label}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {d.current.toLocaleString('pt-BR')} / {d.past.toLocaleString('pt-BR')}
              </Typography>
            </Box>
          ))}
        </Stack>
      </CardContent>
    </Card>
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
