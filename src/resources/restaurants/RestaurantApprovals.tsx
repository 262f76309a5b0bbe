import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Avatar,
  Box,
  Button,
  Card,
  LinearProgress,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import { Confirm, Title, useDataProvider, useGetList, useNotify } from 'react-admin';
import type { PainelDataProvider } from '../../dataProvider';
import { formatDate } from '../../../contract/lib/format';
import { choiceLabel } from '../../../contract/define';
import {
  restaurants,
  type StoreRow as PendingStore,
} from '../../../contract/resources/restaurants/definition';

const NOT_ACTIVE = 'INACTIVE,CLOSED';

/**
 * Restaurant approvals: the spec's placeholder made real. Restaurants not yet active, filtered by
 * name, cuisine, city and status; Aprovar activates one, once confirmed in the restaurant's name.
 */
/** The four filters share a row on a desktop, two by two on a tablet (react-admin's inputs are full width). */
const filterSx = { flex: '1 1 200px', maxWidth: { md: 320 } } as const;
/** On a tablet the registration date moves under the name, so Aprovar stays in view. */
const wideOnly = { display: { xs: 'none', lg: 'table-cell' } } as const;

export function RestaurantApprovals() {
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<PainelDataProvider>();
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  const [cousine, setCousine] = useState('');
  const [operation, setOperation] = useState('');
  const [status, setStatus] = useState(NOT_ACTIVE);
  const [approving, setApproving] = useState<number | null>(null);
  // The restaurant whose approval is being confirmed.
  const [confirming, setConfirming] = useState<PendingStore | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setTerm(search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search]);

  const { data: cuisines } = useGetList('cousines', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'name', order: 'ASC' },
  });
  const { data: cities } = useGetList('operations', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  });
  const { data, isPending, refetch } = useGetList<PendingStore>('restaurants', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'created_at', order: 'DESC' },
    filter: {
      status,
      ...(term ? { q: term } : {}),
      ...(cousine ? { cousine_id: cousine } : {}),
      ...(operation ? { operation_id: operation } : {}),
    },
  });

  const approve = async (store: PendingStore) => {
    setApproving(store.id);
    try {
      await dataProvider.action('restaurants', { id: store.id, action: 'approve' });
      notify(`Restaurante ${store.name} aprovado com sucesso!`, { type: 'success' });
      await refetch();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setApproving(null);
      setConfirming(null);
    }
  };

  const select = (
    label: string,
    value: string,
    onChange: (v: string) => void,
    options: { id: string | number; name: string }[],
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={filterSx}
    >
      {options.map((option) => (
        <MenuItem key={option.id} value={String(option.id)}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Box sx={{ py: 2 }}>
      <Title title="Aprovação de restaurantes" />
      <Stack direction="row" sx={{ gap: 2, mb: 2, flexWrap: 'wrap', alignItems: 'flex-end' }}>
        <TextField
          size="small"
          label="Buscar pelo nome"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={filterSx}
        />
        {select('Cozinha', cousine, setCousine, [
          { id: '', name: 'Todas' },
          ...(cuisines ?? []).map((c) => ({ id: c.id, name: c.name })),
        ])}
        {select('Cidade', operation, setOperation, [
          { id: '', name: 'Todas' },
          ...(cities ?? []).map((c) => ({ id: c.id, name: c.name })),
        ])}
        {select('Status', status, setStatus, [
          { id: NOT_ACTIVE, name: 'Todos' },
          { id: 'INACTIVE', name: 'Inativo' },
          { id: 'CLOSED', name: 'Fechado' },
        ])}
      </Stack>
      <Card>
        {isPending ? <LinearProgress /> : null}
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" sx={{ '& td, & th': { px: { xs: 1, lg: 2 } } }}>
            <TableHead>
              <TableRow>
                <TableCell>Restaurante</TableCell>
                <TableCell>Cozinha</TableCell>
                <TableCell>Cidade</TableCell>
                <TableCell>Status</TableCell>
                <TableCell sx={wideOnly}>Cadastro</TableCell>
                <TableCell align="right" />
              </TableRow>
            </TableHead>
            <TableBody>
              {(data ?? []).map((store) => (
                <TableRow
                  key={store.id}
                  hover
                  sx={{ cursor: 'pointer' }}
                  onClick={() => navigate(`/restaurants/list/details/${store.id}`)}
                >
                  <TableCell>
                    <Stack direction="row" spacing={1.5} alignItems="center">
                      <Avatar
                        src={store.logo_black ?? undefined}
                        alt=""
                        sx={{ bgcolor: 'common.white', width: 32, height: 32 }}
                      />
                      <Box>
                        <span>{store.name}</span>
                        <Typography
                          variant="caption"
                          color="text.secondary"
                          sx={{ display: { xs: 'block', lg: 'none' } }}
                        >
                          Cadastro {formatDate(store.created_at)}
                        </Typography>
                      </Box>
                    </Stack>
                  </TableCell>
                  <TableCell>{store.cousine ?? '—'}</TableCell>
                  <TableCell>{store.operation ?? '—'}</TableCell>
                  <TableCell>{choiceLabel(restaurants.fields.status!, store.status)}</TableCell>
                  <TableCell sx={wideOnly}>{formatDate(store.created_at)}</TableCell>
                  <TableCell align="right" onClick={(e) => e.stopPropagation()}>
                    <Button
                      size="small"
                      variant="contained"
                      startIcon={<CheckCircleIcon />}
                      disabled={approving === store.id}
                      onClick={() => setConfirming(store)}
                      aria-label={`Aprovar ${store.name}`}
                      sx={{ minHeight: 44 }}
                    >
                      Aprovar
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
              {!isPending && (data ?? []).length === 0 ? (
                <TableRow>
                  <TableCell colSpan={6}>Nenhum restaurante aguardando aprovação.</TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </Box>
      </Card>
      <Confirm
        isOpen={confirming !== null}
        title={confirming ? `Aprovar o restaurante ${confirming.name}?` : ''}
        content="O restaurante fica ativo e passa a aparecer para os clientes no app."
        confirm="Aprovar"
        cancel="Cancelar"
        ConfirmIcon={CheckCircleIcon}
        CancelIcon={CloseIcon}
        loading={confirming !== null && approving === confirming.id}
        onConfirm={() => {
          if (confirming) void approve(confirming);
        }}
        onClose={() => setConfirming(null)}
        sx={{ '& .MuiDialogActions-root': { px: 3, pb: 2, gap: 1 }, '& .MuiButton-root': { minHeight: 48 } }}
      />
    </Box>
  );
}
