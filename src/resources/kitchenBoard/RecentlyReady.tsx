import { useId, useRef, useState } from 'react';
import { Badge, Box, Button, Drawer, IconButton, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import ReplayIcon from '@mui/icons-material/Replay';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { elapsed } from '../../components/clock';
import type { KitchenGrouping } from '../../../contract/resources/restaurants/definition';
import { itemLabel } from './BoardCard';
import type { CardRef } from './boardActions';
import { FOCUS_RING, TOUCH } from './boardStyles';
import { cardName, RECENTLY_READY, type KitchenCard } from './cards';
import type { OrderItem } from '../../../contract/resources/kitchenBoard/definition';

const ago = (instant: string, now: number) => {
  const since = elapsed(instant, now);
  return since === 'agora' ? 'agora' : `há ${since}`;
};

/** One card that was bumped: its items, each sent back alone, or the whole card. */
function ReadyCard({
  card,
  grouping,
  now,
  busy,
  onRecallCard,
  onRecallItem,
}: {
  card: KitchenCard;
  grouping: KitchenGrouping;
  now: number;
  busy: string | null;
  onRecallCard: (card: CardRef, items: readonly OrderItem[]) => void;
  onRecallItem: (item: OrderItem) => void;
}) {
  const titleId = useId();
  const name = cardName(card, grouping);
  const cardBusy = busy === `card:${card.key}`;
  // One item alone needs no button of its own: the card's says it.
  const oneByOne = card.items.filter((item) => item.status === 'READY').length > 1;
  return (
    <Box
      component="article"
      aria-labelledby={titleId}
      data-testid="ready-card"
      data-card-key={card.key}
      sx={{ p: 1.5, borderRadius: 2, bgcolor: 'background.default', display: 'grid', gap: 1 }}
    >
      <Stack direction="row" sx={{ alignItems: 'baseline', gap: 1 }}>
        <Typography id={titleId} component="h3" sx={{ fontWeight: 800, fontSize: '1.1rem', mr: 'auto' }}>
          {name}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
          pronto {ago(card.doneAt!, now)}
        </Typography>
      </Stack>
      <Box
        component="ul"
        aria-label="Itens"
        sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}
      >
        {card.items.map((item) => (
          <Stack
            component="li"
            key={item.id}
            direction="row"
            data-testid="ready-item"
            data-item-id={item.id}
            data-status={item.status}
            sx={{ alignItems: 'center', gap: 1 }}
          >
            <Typography
              sx={{
                flex: 1,
                minWidth: 0,
                fontWeight: 700,
                overflowWrap: 'anywhere',
                textDecoration: item.status === 'CANCELLED' ? 'line-through' : 'none',
                color: item.status === 'CANCELLED' ? 'text.secondary' : 'text.primary',
              }}
            >
              {itemLabel(item)}
            </Typography>
            {oneByOne && item.status === 'READY' ? (
              <Button
                size="small"
                variant="outlined"
                startIcon={<ReplayIcon />}
                aria-label={`Voltar ao preparo: ${itemLabel(item)}`}
                disabled={cardBusy || busy === `item:${item.id}`}
                onClick={() => onRecallItem(item)}
                sx={{ minHeight: TOUCH, textTransform: 'none', fontWeight: 700, ...FOCUS_RING }}
              >
                Voltar
              </Button>
            ) : null}
          </Stack>
        ))}
      </Box>
      <Button
        variant="contained"
        startIcon={<ReplayIcon />}
        aria-describedby={titleId}
        disabled={cardBusy}
        onClick={() => onRecallCard({ key: card.key, name }, card.items)}
        sx={{ minHeight: TOUCH, textTransform: 'none', fontWeight: 800, ...FOCUS_RING }}
      >
        Voltar tudo ao preparo
      </Button>
    </Box>
  );
}

/**
 * 'Prontos recentes': the last cards bumped at the station (all their items ready or cancelled),
 * the most recent first, from which a whole card or one item goes back to preparation whatever
 * time has passed — the dish came back, or 'Pronto' was pressed by mistake. Opened from the
 * board's header; it slides over the board and keeps the keyboard inside until closed.
 */
export function RecentlyReady({
  cards,
  grouping,
  now,
  busy,
  onRecallCard,
  onRecallItem,
}: {
  cards: KitchenCard[];
  grouping: KitchenGrouping;
  now: number;
  busy: string | null;
  onRecallCard: (card: CardRef, items: readonly OrderItem[]) => Promise<unknown>;
  onRecallItem: (item: OrderItem) => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const list = useRef<HTMLDivElement | null>(null);

  /**
   * Where the keyboard goes once a recall is sent: the card leaves the list (its items are being
   * prepared again), so to the next card's first button, else the previous card's, else the title
   * — never the page.
   */
  const moveFocusFrom = (leaving: string) => {
    const cards = [...(list.current?.querySelectorAll<HTMLElement>('[data-card-key]') ?? [])];
    const at = cards.findIndex((card) => card.dataset.cardKey === leaving);
    const next = cards[at + 1] ?? cards[at - 1];
    const button = next?.querySelector<HTMLElement>('button:not([disabled])');
    if (button) button.focus();
    else document.getElementById(titleId)?.focus();
  };

  return (
    <>
      <Badge badgeContent={cards.length} color="secondary" max={RECENTLY_READY} overlap="rectangular">
        <Button
          variant="outlined"
          startIcon={<TaskAltIcon />}
          onClick={() => setOpen(true)}
          sx={{ minHeight: TOUCH, px: 1.25, textTransform: 'none', fontWeight: 700, ...FOCUS_RING }}
        >
          Prontos recentes
        </Button>
      </Badge>
      <Drawer
        anchor="right"
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-modal': true,
            'aria-labelledby': titleId,
            sx: { width: { xs: '100vw', sm: 420 }, bgcolor: 'background.paper' },
          },
        }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, p: 1.5, pb: 1 }}>
          <Typography
            id={titleId}
            component="h2"
            tabIndex={-1}
            sx={{ fontWeight: 800, fontSize: '1.25rem', mr: 'auto', outline: 'none' }}
          >
            Prontos recentes
          </Typography>
          <IconButton
            aria-label="Fechar"
            onClick={() => setOpen(false)}
            sx={{ width: TOUCH, height: TOUCH, ...FOCUS_RING }}
          >
            <CloseIcon />
          </IconButton>
        </Stack>
        <Typography variant="body2" sx={{ px: 1.5, pb: 1, color: 'text.secondary' }}>
          Os últimos {RECENTLY_READY} cartões prontos desta cozinha. Devolva um cartão inteiro, ou um item, ao
          preparo.
        </Typography>
        <Box ref={list} sx={{ px: 1.5, pb: 2, display: 'grid', gap: 1.5 }}>
          {cards.length === 0 ? (
            <Typography sx={{ py: 2 }}>Nenhum cartão pronto ainda.</Typography>
          ) : (
            cards.map((card) => (
              <ReadyCard
                key={card.key}
                card={card}
                grouping={grouping}
                now={now}
                busy={busy}
                onRecallCard={(ref, items) => {
                  moveFocusFrom(card.key);
                  void onRecallCard(ref, items);
                }}
                onRecallItem={(item) => {
                  moveFocusFrom(card.key);
                  void onRecallItem(item);
                }}
              />
            ))
          )}
        </Box>
      </Drawer>
    </>
  );
}
