import { Link } from 'react-router-dom';
import {
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  List,
  ListItem,
  ListItemButton,
  ListItemAvatar,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ListIcon from '@mui/icons-material/List';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import { Title } from 'react-admin';
import { useApi } from '../../dataProvider/useApi';
import { formatCents } from '../../../contract/lib/format';
import { Variation } from '../../custom-pages/statistics/Variation';
import { restaurantPath } from './paths';

interface Dashboard {
  revenues: { label: string; amount: number; variation: number | null }[];
  trending: { id: number; name: string; logo_black: string | null; total_visits: number }[];
}

function RevenueCard({ label, amount, variation }: Dashboard['revenues'][number]) {
  return (
    <Card sx={{ flex: '1 1 200px' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" sx={{ my: 1, fontWeight: 600 }}>
          {formatCents(amount)}
        </Typography>
        <Variation value={variation} />
      </CardContent>
    </Card>
  );
}

/** Spec 2.5: revenue cards, trending restaurants, and the ways to create and list. */
export function RestaurantsDashboard() {
  // Load failures are only logged (spec 8): the cards stay empty.
  const { data, isPending } = useApi<Dashboard>('/api/statistics/stores');
  return (
    <Box sx={{ py: 2 }}>
      <Title title="Restaurantes" />
      <Stack direction="row" spacing={2} sx={{ mb: 2, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button component={Link} to="/restaurants/approvals" variant="outlined" startIcon={<FactCheckIcon />}>
          APROVAÇÕES
        </Button>
        <Button component={Link} to="/restaurants/list" variant="outlined" startIcon={<ListIcon />}>
          LISTAR RESTAURANTES
        </Button>
        <Button component={Link} to="/restaurants/create" variant="contained" startIcon={<AddIcon />}>
          CRIAR RESTAURANTE
        </Button>
      </Stack>
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', mb: 3 }}>
        {isPending
          ? [0, 1, 2, 3].map((i) => (
              <Skeleton key={i} variant="rounded" height={120} sx={{ flex: '1 1 200px' }} />
            ))
          : data?.revenues.map((revenue) => <RevenueCard key={revenue.label} {...revenue} />)}
      </Stack>
      <Card>
        <CardContent>
          <Typography variant="h6">Em alta</Typography>
          <Typography variant="body2" color="text.secondary">
            Restaurantes mais visitados nos últimos 30 dias
          </Typography>
          <List>
            {data?.trending.map((store, index) => (
              // A list item holding its link (a link straight in the list is not a list item).
              <ListItem key={store.id} disablePadding>
                <ListItemButton
                  component={Link}
                  to={restaurantPath(store.id)}
                  sx={{ borderRadius: 1, minHeight: 44 }}
                >
                  <Typography sx={{ width: 28, color: 'text.secondary' }}>{index + 1}º</Typography>
                  <ListItemAvatar>
                    <Avatar
                      src={store.logo_black ?? undefined}
                      alt={store.name}
                      sx={{ bgcolor: 'common.white' }}
                    />
                  </ListItemAvatar>
                  <ListItemText
                    primary={store.name}
                    secondary={`${store.total_visits.toLocaleString('pt-BR')} visitas`}
                  />
                </ListItemButton>
              </ListItem>
            ))}
            {data && data.trending.length === 0 ? (
              <ListItem>
                <ListItemText secondary="Nenhuma visita nos últimos 30 dias." />
              </ListItem>
            ) : null}
          </List>
        </CardContent>
      </Card>
    </Box>
  );
}
