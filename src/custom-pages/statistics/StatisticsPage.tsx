import { Card, CardContent, Typography } from '@mui/material';
import { Title, useGetIdentity } from 'react-admin';

/** Landing page after login (spec 2.2). The dashboards arrive with the statistics work. */
export function StatisticsPage() {
  const { identity } = useGetIdentity();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Estatísticas" />
      <CardContent>
        <Typography variant="h5" gutterBottom>
          {identity?.fullName ? `Olá, ${identity.fullName}!` : 'Olá!'}
        </Typography>
        <Typography color="text.secondary">Os indicadores do período aparecem aqui.</Typography>
      </CardContent>
    </Card>
  );
}
