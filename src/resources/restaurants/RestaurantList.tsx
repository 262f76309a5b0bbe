import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DndContext, closestCenter, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import {
  Alert,
  Box,
  Button,
  Card,
  InputAdornment,
  LinearProgress,
  Rating,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import SaveIcon from '@mui/icons-material/Save';
import { Title, useDataProvider, useGetList, useNotify } from 'react-admin';
import { ExportFileButton } from '../../components/ExportButton';
import type { PainelDataProvider } from '../../dataProvider';
import { DragHandle, movedIds, useDragSensors, useSortableItem } from '../../components/sortable';
import { choiceLabel } from '../../../contract/define';
import { restaurants, type StoreRow } from '../../../contract/resources/restaurants/definition';

const statusField = restaurants.fields.status!;

function SortableRow({
  store,
  draggable,
  onOpen,
}: {
  store: StoreRow;
  draggable: boolean;
  onOpen: () => void;
}) {
  const { setNodeRef, style, handle } = useSortableItem(store.id, !draggable);
  return (
    <TableRow ref={setNodeRef} hover onClick={onOpen} sx={{ cursor: 'pointer' }} style={style}>
      <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
        <DragHandle label={`Arrastar ${store.name}`} handle={handle} disabled={!draggable} />
      </TableCell>
      <TableCell>{store.name}</TableCell>
      <TableCell align="right">{store.n_ratings.toLocaleString('pt-BR')}</TableCell>
      <TableCell>
        <Stack direction="row" spacing={1} alignItems="center">
          <Rating value={store.rating} precision={0.1} readOnly size="small" />
          <span>
            {store.rating.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}
          </span>
        </Stack>
      </TableCell>
      <TableCell>{choiceLabel(statusField, store.status)}</TableCell>
    </TableRow>
  );
}

/**
 * Spec 2.5: the restaurants in their app order. Dragging reveals the save-order button; the
 * name search asks the server (accent- and case-insensitive) and pauses reordering meanwhile.
 */
export function RestaurantList() {
  const navigate = useNavigate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PainelDataProvider>();
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  const [order, setOrder] = useState<StoreRow[] | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setTerm(search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search]);

  const { data, isPending, refetch } = useGetList<StoreRow>('restaurants', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'list_order', order: 'ASC' },
    filter: term ? { q: term } : {},
  });
  const rows = useMemo(() => order ?? data ?? [], [order, data]);
  const draggable = term === '';

  const sensors = useDragSensors();

  const onDragEnd = (event: DragEndEvent) => {
    const ids = movedIds(
      rows.map((r) => r.id),
      event,
    );
    if (!ids) return;
    const byId = new Map(rows.map((r) => [r.id, r]));
    setOrder(ids.map((id) => byId.get(id)!));
  };

  const saveOrder = async () => {
    if (!order) return;
    setSaving(true);
    try {
      await dataProvider.reorder('restaurants', { ids: order.map((r) => r.id) });
      notify('Ordem dos restaurantes atualizada com sucesso!', { type: 'success' });
      setOrder(null);
      await refetch();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ py: 2 }}>
      <Title title="Restaurantes" />
      <Stack direction="row" sx={{ mb: 2, gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          size="small"
          placeholder="Buscar pelo nome"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: { 'aria-label': 'Buscar restaurante pelo nome' },
          }}
          sx={{ minWidth: 260 }}
          disabled={order !== null}
        />
        <Box sx={{ flex: 1 }} />
        {order ? null : (
          <ExportFileButton
            resource="restaurants"
            sort={{ field: 'list_order', order: 'ASC' }}
            filter={term ? { q: term } : {}}
            disabled={rows.length === 0}
          />
        )}
        {order ? (
          <>
            <Button onClick={() => setOrder(null)} disabled={saving}>
              Descartar
            </Button>
            <Button variant="contained" startIcon={<SaveIcon />} onClick={saveOrder} disabled={saving}>
              SALVAR ORDEM
            </Button>
          </>
        ) : null}
      </Stack>
      {!draggable ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Limpe a busca para reordenar os restaurantes.
        </Alert>
      ) : null}
      <Card>
        {isPending ? <LinearProgress /> : null}
        <Box sx={{ overflowX: 'auto' }}>
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox" />
                  <TableCell>Nome</TableCell>
                  <TableCell align="right">
                    <Tooltip title="Usuários que já avaliaram">
                      <span>Usuários iniciados</span>
                    </Tooltip>
                  </TableCell>
                  <TableCell>Avaliação</TableCell>
                  <TableCell>Status</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                <SortableContext items={rows.map((r) => r.id)} strategy={verticalListSortingStrategy}>
                  {rows.map((store) => (
                    <SortableRow
                      key={store.id}
                      store={store}
                      draggable={draggable}
                      onOpen={() => navigate(`/restaurants/list/details/${store.id}`)}
                    />
                  ))}
                </SortableContext>
                {!isPending && rows.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={5}>Nenhum restaurante encontrado.</TableCell>
                  </TableRow>
                ) : null}
              </TableBody>
            </Table>
          </DndContext>
        </Box>
      </Card>
    </Box>
  );
}
