import { useEffect, useId, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CircularProgress,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { Title, useGetList } from 'react-admin';
import { useNow } from '../../components/clock';
import { ReasonDialog } from '../../components/ReasonDialog';
import { usePolled } from '../../dataProvider/usePolled';
import { GENERIC_ERROR } from '../../dataProvider/httpClient';
import type { Kitchen } from '../kitchens/definition';
import { useBoardActions } from './boardActions';
import { BOARD_SETTINGS, useDeviceSetting, useKitchenSound, useNewItems } from './boardHooks';
import {
  BOARD_MESSAGES,
  boardFilters,
  orderItems,
  RECALL_MINUTES,
  type BoardFilter,
  type OrderItem,
} from './definition';
import { ItemCard } from './ItemCard';
import { KitchenTimersButton } from './KitchenTimersButton';
import { StorePicker } from './StorePicker';
import { useBoardStore } from './boardStore';

/** The board polls its items every 5 s (restaurant spec 9); an unchanged board costs a 304. */
export const BOARD_POLL_MS = 5000;
/** The cards' timers move on every 15 s. */
const CLOCK_MS = 15_000;

const ALL_STATIONS = 'all';
/**
 * 'Todos' by default: an item stays in place as it moves along (PLACED → PREPARING → READY) rather
 * than leaving under the cook's finger, and one cancelled while being cooked turns 'Esse item foi
 * cancelado' where the cook is looking. What was settled a while ago sinks below (`settled`). A
 * device remembers the filter it was left on.
 */
const DEFAULT_FILTER: BoardFilter = 'ALL';

/**
 * Ready or cancelled for longer than an item may be recalled: done with. Items stay READY until
 * their tab closes, so a dinner's worth of them would bury the work still to do; under 'Todos'
 * they go after it.
 */
const settled = (item: OrderItem, now: number) =>
  (item.status === 'READY' || item.status === 'CANCELLED') &&
  now - Date.parse(item.updated_at) >= RECALL_MINUTES * 60_000;

/** An administrator's board asks for the kitchens of the store it shows; staff have their own only. */
function StationSelect({
  value,
  onChange,
  storeId,
}: {
  value: string;
  onChange: (station: string) => void;
  storeId?: number;
}) {
  const { data: kitchens } = useGetList<Kitchen>('kitchens', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
    filter: storeId === undefined ? {} : { store_id: storeId },
  });
  // A remembered station that is gone from the store's kitchens falls back to all of them.
  const known = value === ALL_STATIONS || !kitchens || kitchens.some((k) => String(k.id) === value);
  useEffect(() => {
    if (!known) onChange(ALL_STATIONS);
  }, [known, onChange]);
  return (
    <TextField
      select
      label="Cozinha"
      value={known && kitchens ? value : ALL_STATIONS}
      onChange={(event) => onChange(event.target.value)}
      sx={{ width: 240, '& .MuiSelect-select': { minHeight: 28, display: 'flex', alignItems: 'center' } }}
    >
      <MenuItem value={ALL_STATIONS} sx={{ minHeight: 48 }}>
        Todas as cozinhas
      </MenuItem>
      {(kitchens ?? []).map((kitchen) => (
        <MenuItem key={kitchen.id} value={String(kitchen.id)} sx={{ minHeight: 48 }}>
          {kitchen.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

const matches = (filter: BoardFilter) => (item: OrderItem) => filter === 'ALL' || item.status === filter;

function FilterButtons({
  items,
  value,
  onChange,
}: {
  items: OrderItem[];
  value: BoardFilter;
  onChange: (filter: BoardFilter) => void;
}) {
  return (
    <ToggleButtonGroup
      exclusive
      value={value}
      onChange={(_, next: BoardFilter | null) => {
        if (next) onChange(next);
      }}
      aria-label="Filtrar pedidos"
      sx={{ flexWrap: 'wrap', mb: 2 }}
    >
      {boardFilters.map((filter) => (
        <ToggleButton
          key={filter.id}
          value={filter.id}
          sx={{
            minHeight: 52,
            px: 2,
            gap: 1,
            fontSize: '1rem',
            fontWeight: 700,
            textTransform: 'none',
            color: 'text.primary',
            '&.Mui-selected': { bgcolor: 'primary.main', color: '#1a0d00' },
            '&.Mui-selected:hover': { bgcolor: 'primary.light' },
          }}
        >
          {filter.name}
          <Box
            component="span"
            data-testid={`count-${filter.id}`}
            sx={{
              minWidth: 28,
              px: 0.75,
              borderRadius: 14,
              bgcolor: 'rgba(255, 255, 255, 0.12)',
              fontWeight: 800,
              lineHeight: '26px',
              '.Mui-selected &': { bgcolor: '#1a0d00', color: '#ffffff' },
            }}
          >
            {items.filter(matches(filter.id)).length}
          </Box>
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/** A grid of cards, one list for who reads the page without seeing it. */
function CardList({
  items,
  card,
  label,
  labelledBy,
}: {
  items: OrderItem[];
  card: (item: OrderItem) => ReactNode;
  label?: string;
  labelledBy?: string;
}) {
  return (
    <Box
      component="ul"
      aria-label={label}
      aria-labelledby={labelledBy}
      sx={{
        m: 0,
        p: 0,
        listStyle: 'none',
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
      }}
    >
      {items.map((item) => (
        <li key={item.id}>{card(item)}</li>
      ))}
    </Box>
  );
}

const newItemsText = (count: number) => (count === 1 ? '1 novo pedido' : `${count} novos pedidos`);

const CHOOSE_STORE = 'Escolha um restaurante para ver os pedidos da cozinha.';

/**
 * The kitchen orders board (Pedidos, restaurant spec 2, 4, 8): the items the tabs ordered, oldest
 * first (under 'Todos', what was settled a while ago after the rest), as cards a cook reads and
 * presses on a tablet in a dim kitchen. Filters by stage with
 * their counts (on the client, as the spec's board does), a station per device, ticket timers that
 * age amber then red by the store's minutes ('Tempos', for who may change the store's settings),
 * and an alert — pulsing cards, a banner, a sound once allowed — when new items arrive. Polled
 * every 5 s with conditional requests: an unchanged board costs a 304 and never flickers; an
 * action reads it again at once. An administrator first chooses the restaurant (platform spec 2.2
 * gives administrators /orders too), sent as `store_id`.
 */
export function KitchenBoard() {
  const board = useBoardStore();
  // An administrator's board names its store; staff's is their own, which the API knows.
  const adminStore = board.admin ? (board.id ?? undefined) : undefined;
  const waiting = board.roleLoading || (board.admin && board.id === null);
  const [station, setStation] = useDeviceSetting(BOARD_SETTINGS.station, ALL_STATIONS);
  const [storedFilter, setFilter] = useDeviceSetting(BOARD_SETTINGS.filter, DEFAULT_FILTER);
  const filter = boardFilters.some((f) => f.id === storedFilter)
    ? (storedFilter as BoardFilter)
    : DEFAULT_FILTER;
  const { data, isPending, error } = usePolled<OrderItem[]>(
    waiting ? null : orderItems.endpoint,
    {
      store_id: adminStore,
      kitchen_id: station === ALL_STATIONS ? undefined : Number(station),
      page_size: orderItems.list.perPage,
    },
    BOARD_POLL_MS,
    { topic: 'board', storeId: adminStore },
  );
  const now = useNow(CLOCK_MS);
  const sound = useKitchenSound();
  // What another store's board had is not news on this one.
  const newItems = useNewItems(data, `${adminStore ?? ''}:${station}`, sound.play);
  const actions = useBoardActions();
  const [cancelling, setCancelling] = useState<OrderItem | null>(null);

  const doneLabelId = useId();

  const items = data ?? [];
  const shown = items.filter(matches(filter));
  // Only 'Todos' sinks what is settled: a stage's filter shows that stage as the API orders it.
  const live = filter === 'ALL' ? shown.filter((item) => !settled(item, now)) : shown;
  const done = filter === 'ALL' ? shown.filter((item) => settled(item, now)) : [];
  const card = (item: OrderItem) => (
    <ItemCard
      item={item}
      now={now}
      timers={board.timers}
      fresh={newItems.fresh.has(item.id)}
      busy={actions.busyId === item.id}
      onAdvance={() => {
        newItems.seen(item.id);
        void actions.advance(item);
      }}
      onRecall={() => void actions.recall(item)}
      onCancel={() => setCancelling(item)}
    />
  );

  return (
    <Box sx={{ pb: 4 }}>
      <Title title="Pedidos" />
      <Stack
        direction="row"
        sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1.5, my: 2 }}
      >
        <Typography component="h1" variant="h5" sx={{ fontWeight: 800 }}>
          Pedidos
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          {board.admin ? <StorePicker value={board.id} onChange={board.choose} /> : null}
          {waiting ? null : <StationSelect value={station} onChange={setStation} storeId={adminStore} />}
          {board.store ? <KitchenTimersButton store={board.store} timers={board.timers} /> : null}
          {sound.supported ? (
            <Button
              variant={sound.on ? 'contained' : 'outlined'}
              aria-pressed={sound.on}
              startIcon={sound.on ? <VolumeUpIcon /> : <VolumeOffIcon />}
              onClick={sound.toggle}
              sx={{ minHeight: 56 }}
            >
              {sound.on ? 'Som ativado' : 'Ativar som'}
            </Button>
          ) : null}
        </Stack>
      </Stack>

      {board.admin && board.id === null ? (
        <Card sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="h6" component="p">
            {CHOOSE_STORE}
          </Typography>
        </Card>
      ) : (
        <>
          {newItems.count > 0 ? (
            <Alert
              severity="warning"
              variant="filled"
              icon={<NotificationsActiveIcon />}
              sx={{
                position: 'sticky',
                top: 56,
                zIndex: 2,
                mb: 2,
                alignItems: 'center',
                fontSize: '1.15rem',
                fontWeight: 800,
                color: '#1a1200',
              }}
              action={
                <Button
                  color="inherit"
                  variant="outlined"
                  onClick={newItems.acknowledge}
                  sx={{ minHeight: 48, minWidth: 72, fontWeight: 800 }}
                >
                  OK
                </Button>
              }
            >
              {newItemsText(newItems.count)}
            </Alert>
          ) : null}

          <FilterButtons items={items} value={filter} onChange={setFilter} />

          {error && data ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              Não foi possível atualizar os pedidos: os que aparecem podem estar desatualizados.
            </Alert>
          ) : null}

          {isPending ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
              <CircularProgress aria-label="Carregando os pedidos" />
            </Box>
          ) : error && !data ? (
            <Alert severity="error">{GENERIC_ERROR}</Alert>
          ) : shown.length === 0 ? (
            <Card sx={{ p: 4, textAlign: 'center' }}>
              <Typography variant="h6" component="p">
                {BOARD_MESSAGES.empty}
              </Typography>
            </Card>
          ) : (
            <>
              {live.length === 0 ? (
                <Typography sx={{ mb: 2, fontWeight: 700 }}>Nenhum pedido em andamento.</Typography>
              ) : (
                <CardList label="Pedidos" items={live} card={card} />
              )}
              {done.length > 0 ? (
                <>
                  <Typography
                    id={doneLabelId}
                    sx={{ mt: 4, mb: 1.5, fontWeight: 800, color: 'text.secondary' }}
                  >
                    Prontos ou cancelados há mais de {RECALL_MINUTES} minutos
                  </Typography>
                  <CardList labelledBy={doneLabelId} items={done} card={card} />
                </>
              ) : null}
            </>
          )}
        </>
      )}

      <ReasonDialog
        open={cancelling !== null}
        title={cancelling ? `Cancelar o item ${cancelling.name}?` : ''}
        confirmLabel="Cancelar item"
        confirmColor="warning"
        busy={cancelling !== null && actions.busyId === cancelling.id}
        onConfirm={(reason) => {
          if (!cancelling) return;
          newItems.seen(cancelling.id);
          void actions.cancel(cancelling, reason).then(() => setCancelling(null));
        }}
        onClose={() => setCancelling(null)}
      >
        <Typography>O item sai da conta do cliente e não deve ser preparado.</Typography>
      </ReasonDialog>
    </Box>
  );
}
