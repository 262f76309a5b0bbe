import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CircularProgress,
  IconButton,
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
import { visuallyHidden } from '@mui/utils';
import { Title, useGetList } from 'react-admin';
import { useNow } from '../../components/clock';
import { ReasonDialog } from '../../components/ReasonDialog';
import { usePolled } from '../../dataProvider/usePolled';
import { useOutbox } from '../../offline/instance';
import { notYetRead, overlayBoard } from '../../offline/overlay';
import { StaleNotice } from '../../offline/StaleNotice';
// The connection banner comes with the board, for every screen of the layout (`offline/slot.tsx`).
import '../../offline/OfflineBanner';
import { GENERIC_ERROR } from '../../dataProvider/httpClient';
import type { Kitchen } from '../../../contract/resources/kitchens/definition';
import { AllDayCounts } from './AllDayCounts';
import { BoardCard, type Press } from './BoardCard';
import { useBoardActions } from './boardActions';
import { BOARD_SETTINGS, useDeviceSetting, useKitchenSound, useNewItems } from './boardHooks';
import { useBoardFocus } from './boardFocus';
import { CARD_GAP, cardListLayout, usePackedCards, useRoomForTheBoard } from './boardLayout';
import { useBoardStore } from './boardStore';
import { FOCUS_RING, TOUCH } from './boardStyles';
import { activeCards, cardName, cardsInStatus, isPending, readyCards, type KitchenCard } from './cards';
import {
  BOARD_MESSAGES,
  boardFilters,
  kitchenBoard,
  type BoardFilter,
  type OrderItem,
} from '../../../contract/resources/kitchenBoard/definition';
import { KitchenTimersButton } from './KitchenTimersButton';
import { RecentlyReady } from './RecentlyReady';
import { StorePicker } from '../../components/StorePicker';

/** The board polls its items every 5 s (restaurant spec 9); an unchanged board costs a 304. */
export const BOARD_POLL_MS = 5000;
/** The cards' timers move on every 15 s. */
const CLOCK_MS = 15_000;

const ALL_STATIONS = 'all';
/**
 * 'Todos' by default: the cards still being worked, each item staying in place as it moves along
 * (PLACED → PREPARING → READY) until the whole card is done. A device remembers the filter it was
 * left on.
 */
const DEFAULT_FILTER: BoardFilter = 'ALL';

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
      size="small"
      label="Cozinha"
      value={known && kitchens ? value : ALL_STATIONS}
      onChange={(event) => onChange(event.target.value)}
      sx={{ width: 176, '& .MuiSelect-select': { minHeight: 27, display: 'flex', alignItems: 'center' } }}
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

/** The spec's five filters, each with how many items it holds. */
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
      sx={{ flexWrap: 'wrap', mb: 1 }}
    >
      {boardFilters.map((filter) => (
        <ToggleButton
          key={filter.id}
          value={filter.id}
          sx={{
            minHeight: TOUCH,
            px: 1.5,
            py: 0,
            gap: 0.75,
            fontSize: '0.95rem',
            fontWeight: 700,
            textTransform: 'none',
            color: 'text.primary',
            '&.Mui-selected': { bgcolor: 'primary.main', color: '#1a0d00' },
            '&.Mui-selected:hover': { bgcolor: 'primary.light' },
            ...FOCUS_RING,
          }}
        >
          {filter.name}
          <Box
            component="span"
            data-testid={`count-${filter.id}`}
            sx={{
              minWidth: 26,
              px: 0.75,
              borderRadius: 13,
              bgcolor: 'rgba(255, 255, 255, 0.12)',
              fontWeight: 800,
              lineHeight: '24px',
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

const newItemsText = (count: number) => (count === 1 ? '1 novo pedido' : `${count} novos pedidos`);

const CHOOSE_STORE = 'Escolha um restaurante para ver os pedidos da cozinha.';

/**
 * The kitchen orders board (Pedidos, restaurant spec 2, 4, 8) as the kitchen works it: cards, one
 * per guest at a table or per table (the store's choice), oldest first, each with its items in
 * their own stages, a timer ageing amber then red by the store's minutes, a button that moves the
 * whole card one step, and each item moved, sent back or cancelled alone. Above them the spec's
 * five filters with their counts of items (on the client, as the spec's board does), 'Todo o dia'
 * (what the station still has to make, product by product) and 'Prontos recentes' (the last cards
 * bumped, to send back). A station per device; an alert — pulsing cards, a banner, a sound once
 * allowed — when new items arrive. It follows the store's live notices (polling every 5 s while
 * they are down) with conditional requests: an unchanged board costs a 304 and never flickers; an
 * action reads it again at once. An administrator first chooses the restaurant (platform spec 2.2
 * gives administrators /orders too), sent as `store_id`. On a tablet the side menu steps aside.
 */
export function KitchenBoard() {
  useRoomForTheBoard();
  const board = useBoardStore();
  // An administrator's board names its store; staff's is their own, which the API knows.
  const adminStore = board.admin ? (board.id ?? undefined) : undefined;
  const waiting = board.roleLoading || (board.admin && board.id === null);
  const [station, setStation] = useDeviceSetting(BOARD_SETTINGS.station, ALL_STATIONS);
  const [storedFilter, setFilter] = useDeviceSetting(BOARD_SETTINGS.filter, DEFAULT_FILTER);
  const filter = boardFilters.some((f) => f.id === storedFilter)
    ? (storedFilter as BoardFilter)
    : DEFAULT_FILTER;
  const {
    data: polled,
    isPending: loading,
    error,
    freshness,
    readStartedAt,
  } = usePolled<OrderItem[]>(
    waiting ? null : kitchenBoard.endpoint,
    {
      store_id: adminStore,
      kitchen_id: station === ALL_STATIONS ? undefined : Number(station),
      page_size: kitchenBoard.list.perPage,
    },
    BOARD_POLL_MS,
    { topic: 'board', storeId: adminStore },
  );
  // The items as they will be once the bumps waiting in the outbox are sent.
  const { entries } = useOutbox();
  const data = useMemo(
    () => polled && overlayBoard(polled, notYetRead(entries, readStartedAt)),
    [polled, entries, readStartedAt],
  );
  const now = useNow(CLOCK_MS);
  const sound = useKitchenSound();
  // What another store's board had is not news on this one.
  const newItems = useNewItems(data, `${adminStore ?? ''}:${station}`, sound.play);
  const actions = useBoardActions();
  const [cancelling, setCancelling] = useState<OrderItem | null>(null);
  const focus = useBoardFocus(data);
  usePackedCards(focus.list);

  const items = data ?? [];
  const grouping = board.grouping;
  const cards = filter === 'ALL' ? activeCards(items, grouping) : cardsInStatus(items, grouping, filter);
  const shownCount = items.filter(matches(filter)).length;

  const advanceCard = (card: KitchenCard, press: Press) => {
    for (const item of card.items) newItems.seen(item.id);
    focus.afterCard(press);
    void actions.advanceCard({ key: card.key, name: cardName(card, grouping) }, card.items.filter(isPending));
  };
  const advanceItem = (item: OrderItem, press: Press) => {
    newItems.seen(item.id);
    if (isPending(item)) focus.afterItem(press);
    void actions.advance(item);
  };

  return (
    <Box ref={focus.root} sx={{ pb: 2 }}>
      <Title title="Pedidos" />
      <Stack
        direction="row"
        sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}
      >
        {/* While new orders wait to be seen, their notice takes the title's place (the app bar
            still says Pedidos): the cards keep the height of the screen. */}
        <Typography
          ref={focus.heading}
          component="h1"
          variant="h5"
          tabIndex={-1}
          sx={newItems.count > 0 ? visuallyHidden : { fontWeight: 800, outline: 'none' }}
        >
          Pedidos
        </Typography>
        {newItems.count > 0 ? (
          <Alert
            severity="warning"
            variant="filled"
            icon={<NotificationsActiveIcon />}
            sx={{
              minHeight: 48,
              py: 0,
              pl: 1.5,
              pr: 0.5,
              alignItems: 'center',
              fontSize: '1rem',
              fontWeight: 800,
              color: '#1a1200',
              '& .MuiAlert-message, & .MuiAlert-icon': { py: 0.5 },
              '& .MuiAlert-action': { p: 0, ml: 1, mr: 0 },
            }}
            action={
              <Button
                color="inherit"
                variant="outlined"
                onClick={newItems.acknowledge}
                sx={{
                  minHeight: 40,
                  minWidth: 56,
                  fontWeight: 800,
                  // The board's ring, dark on the orange notice.
                  '&:focus-visible, &.Mui-focusVisible': {
                    outline: '3px solid #1a1200',
                    outlineOffset: '2px',
                  },
                }}
              >
                OK
              </Button>
            }
          >
            {newItemsText(newItems.count)}
          </Alert>
        ) : null}
        <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, ml: 'auto' }}>
          <StaleNotice freshness={freshness} />
          {board.admin ? <StorePicker value={board.id} onChange={board.choose} /> : null}
          {waiting ? null : <StationSelect value={station} onChange={setStation} storeId={adminStore} />}
          {board.store ? (
            <KitchenTimersButton store={board.store} timers={board.timers} grouping={grouping} />
          ) : null}
          {sound.supported ? (
            <IconButton
              aria-label={sound.on ? 'Som ativado' : 'Ativar som'}
              title={sound.on ? 'Som ativado' : 'Ativar som'}
              aria-pressed={sound.on}
              onClick={sound.toggle}
              color={sound.on ? 'primary' : 'default'}
              sx={{ width: TOUCH, height: TOUCH, border: '1px solid', borderColor: 'divider', ...FOCUS_RING }}
            >
              {sound.on ? <VolumeUpIcon /> : <VolumeOffIcon />}
            </IconButton>
          ) : null}
          {waiting ? null : (
            <RecentlyReady
              cards={readyCards(items, grouping)}
              grouping={grouping}
              now={now}
              busy={actions.busy}
              onRecallCard={actions.recallCard}
              onRecallItem={actions.recall}
            />
          )}
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
          <FilterButtons items={items} value={filter} onChange={setFilter} />
          <AllDayCounts items={items} />

          {error && data ? (
            <Alert severity="error" sx={{ mb: 1 }}>
              Não foi possível atualizar os pedidos: os que aparecem podem estar desatualizados.
            </Alert>
          ) : null}

          {loading ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
              <CircularProgress aria-label="Carregando os pedidos" />
            </Box>
          ) : error && !data ? (
            <Alert severity="error">{GENERIC_ERROR}</Alert>
          ) : shownCount === 0 ? (
            <Card sx={{ p: 4, textAlign: 'center' }}>
              <Typography variant="h6" component="p">
                {BOARD_MESSAGES.empty}
              </Typography>
            </Card>
          ) : cards.length === 0 ? (
            <Typography sx={{ my: 2, fontWeight: 700 }}>Nenhum pedido em andamento.</Typography>
          ) : (
            <Box
              component="ul"
              ref={focus.list}
              aria-label="Pedidos"
              tabIndex={-1}
              sx={{
                m: 0,
                p: 0,
                listStyle: 'none',
                display: 'grid',
                columnGap: `${CARD_GAP}px`,
                gridTemplateColumns: 'repeat(auto-fill, minmax(208px, 1fr))',
                alignItems: 'start',
                outline: 'none',
                ...cardListLayout,
              }}
            >
              {cards.map((card) => (
                <li key={card.key}>
                  <BoardCard
                    card={card}
                    grouping={grouping}
                    now={now}
                    timers={board.timers}
                    fresh={newItems.fresh}
                    busy={actions.busy}
                    onAdvanceCard={advanceCard}
                    onAdvance={advanceItem}
                    onRecall={(item) => void actions.recall(item)}
                    onCancel={setCancelling}
                  />
                </li>
              ))}
            </Box>
          )}
        </>
      )}

      <ReasonDialog
        open={cancelling !== null}
        title={cancelling ? `Cancelar o item ${cancelling.name}?` : ''}
        confirmLabel="Cancelar item"
        confirmColor="warning"
        busy={cancelling !== null && actions.busy === `item:${cancelling.id}`}
        onConfirm={(reason) => {
          if (!cancelling) return;
          const item = cancelling;
          newItems.seen(item.id);
          void actions.cancel(item, reason).then(() => {
            setCancelling(null);
            setTimeout(() => focus.toItem(item.id));
          });
        }}
        onClose={() => {
          const item = cancelling;
          setCancelling(null);
          if (item) setTimeout(() => focus.toItem(item.id));
        }}
      >
        <Typography>O item sai da conta do cliente e não deve ser preparado.</Typography>
      </ReasonDialog>
    </Box>
  );
}
