import { Box, Button, Card, CardContent, LinearProgress, Skeleton, Stack, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import MarkChatUnreadIcon from '@mui/icons-material/MarkChatUnread';
import { useApi } from '../../dataProvider/useApi';
import type { ReviewSummary } from '../../../contract/resources/reviews/definition';
import { SUMMARY_PATH } from './paths';
import { ratingText, Stars } from './ReviewParts';

const count = new Intl.NumberFormat('pt-BR');
const plural = (n: number, one: string, many: string) => `${count.format(n)} ${n === 1 ? one : many}`;

/**
 * What heads the reviews: the store's average rating, how many reviews gave each rating, and how
 * many still wait for an answer (a button that lists them).
 */
export function ReviewSummaryCard({
  storeId,
  onUnanswered,
}: {
  /** An administrator's chosen store; staff's own is the server's to know. */
  storeId?: number;
  onUnanswered: () => void;
}) {
  const { data, isPending, isError } = useApi<ReviewSummary>(SUMMARY_PATH, { store_id: storeId });
  if (isError) return null;
  if (isPending || !data) return <Skeleton variant="rounded" height={148} sx={{ mb: 2 }} />;
  const peak = Math.max(1, ...data.distribution.map((row) => row.total));
  return (
    <Card component="section" aria-label="Resumo das avaliações" sx={{ mb: 2 }}>
      <CardContent>
        <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 4, rowGap: 2, alignItems: 'center' }}>
          <Stack sx={{ alignItems: 'center', minWidth: 140, gap: 0.5 }}>
            <Typography component="p" variant="h3" sx={{ fontWeight: 800, lineHeight: 1 }}>
              {data.average === null ? '–' : ratingText(data.average)}
            </Typography>
            <Stars value={data.average ?? 0} size="medium" />
            <Typography variant="body2" color="text.secondary">
              {data.total === 0 ? 'Nenhuma avaliação ainda' : plural(data.total, 'avaliação', 'avaliações')}
            </Typography>
          </Stack>
          <Box
            component="ul"
            aria-label="Avaliações por nota"
            sx={{ listStyle: 'none', p: 0, m: 0, flex: '1 1 260px' }}
          >
            {data.distribution.map((row) => {
              const share = data.total === 0 ? 0 : Math.round((row.total / data.total) * 100);
              return (
                <Stack
                  component="li"
                  key={row.rating}
                  direction="row"
                  sx={{ alignItems: 'center', gap: 1.5, py: 0.25 }}
                >
                  <Box component="span" sx={visuallyHidden}>
                    {`${row.rating} ${row.rating === 1 ? 'estrela' : 'estrelas'}: ${plural(row.total, 'avaliação', 'avaliações')} (${share}%)`}
                  </Box>
                  <Typography variant="body2" aria-hidden sx={{ width: 28, flexShrink: 0 }}>
                    {row.rating} ★
                  </Typography>
                  <LinearProgress
                    variant="determinate"
                    value={(row.total / peak) * 100}
                    aria-hidden
                    sx={{ flex: 1, height: 10, borderRadius: 5 }}
                  />
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    aria-hidden
                    sx={{ width: 56, flexShrink: 0, textAlign: 'right' }}
                  >
                    {count.format(row.total)}
                  </Typography>
                </Stack>
              );
            })}
          </Box>
          <Box>
            <Button
              variant="outlined"
              color={data.unanswered > 0 ? 'warning' : 'inherit'}
              startIcon={<MarkChatUnreadIcon />}
              disabled={data.unanswered === 0}
              onClick={onUnanswered}
              sx={{ minHeight: 44 }}
            >
              {data.unanswered === 0
                ? 'Todas respondidas'
                : plural(data.unanswered, 'sem resposta', 'sem resposta')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
