import { Stack, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';

/** '+12,5%' or '-3%' (one decimal at most). */
export function formatVariation(value: number): string {
  return `${value >= 0 ? '+' : ''}${value.toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%`;
}

/** What '—' stands for, read by screen readers. */
export const NO_EARLIER_FIGURE = 'sem dados no período anterior para comparar';

/**
 * A figure's change against the previous period: a green arrow up or a red arrow down with the
 * percentage, or '—' when the previous period had nothing to compare with (the API's null).
 * Shared by every dashboard's cards (statistics, restaurants, users).
 */
export function Variation({ value }: { value: number | null }) {
  if (value === null) {
    return (
      <Typography variant="body2" color="text.secondary" data-trend="none">
        <span aria-hidden>—</span>
        <span style={visuallyHidden}>{NO_EARLIER_FIGURE}</span>
      </Typography>
    );
  }
  const up = value >= 0;
  return (
    <Stack
      direction="row"
      spacing={0.5}
      alignItems="center"
      data-trend={up ? 'up' : 'down'}
      sx={{ color: up ? 'success.main' : 'error.main' }}
    >
      {up ? (
        <TrendingUpIcon fontSize="small" titleAccess="Alta" />
      ) : (
        <TrendingDownIcon fontSize="small" titleAccess="Queda" />
      )}
      <Typography variant="body2">{formatVariation(value)}</Typography>
    </Stack>
  );
}
