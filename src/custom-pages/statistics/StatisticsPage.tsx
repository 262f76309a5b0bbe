import { Suspense } from 'react';
import { Box, Skeleton, Typography } from '@mui/material';
import { Title, useGetIdentity } from 'react-admin';
import { lazyScreen } from '../../resources/preload';

// The charts (recharts) load with the page that draws them, never with the login or the app's shell.
const StatisticsDashboard = lazyScreen('/statistics', () =>
  import('./StatisticsDashboard').then((m) => ({ default: m.StatisticsDashboard })),
);
const FinanceDashboard = lazyScreen('/financial', () =>
  import('./FinanceDashboard').then((m) => ({ default: m.FinanceDashboard })),
);

function Loading() {
  return <Skeleton variant="rounded" height={320} sx={{ mt: 2 }} aria-label="Carregando" />;
}

/** Landing page after login (spec 2.2): the platform's or the store's statistics. */
export function StatisticsPage() {
  const { identity } = useGetIdentity();
  return (
    <Box sx={{ py: 2 }}>
      <Title title="Estatísticas" />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {identity?.fullName ? `Olá, ${identity.fullName}!` : 'Olá!'}
      </Typography>
      <Suspense fallback={<Loading />}>
        <StatisticsDashboard />
      </Suspense>
    </Box>
  );
}

/** /financial: the finance dashboard, loaded when first opened. */
export function FinancePage() {
  return (
    <Suspense fallback={<Loading />}>
      <FinanceDashboard />
    </Suspense>
  );
}
