import { useId, useState, type MouseEvent } from 'react';
import { Box, Button, ButtonBase, Card, IconButton, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ErrorIcon from '@mui/icons-material/Error';
import FastForwardIcon from '@mui/icons-material/FastForward';
import LocalFireDepartmentIcon from '@mui/icons-material/LocalFireDepartment';
import CloseIcon from '@mui/icons-material/Close';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import ReplayIcon from '@mui/icons-material/Replay';
import ScheduleIcon from '@mui/icons-material/Schedule';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { elapsed } from '../../components/clock';
import type { KitchenGrouping, KitchenTimers } from '../../../contract/resources/restaurants/definition';
import { FOCUS_RING, FOCUS_RING_INSIDE, TOUCH } from './boardStyles';
import { cardName, isPending, type KitchenCard } from './cards';
import {
  BOARD_MESSAGES,
  nextStatus,
  type BoardStatus,
  type OrderItem,
} from '../../../contract/resources/kitchenBoard/definition';

export type Ageing = 'ok' | 'amber' | 'red';

/** How a status reads beside an item, and its colour (each readable on the dark card). */
const STATUS = {
  PLACED: { label: 'Aguardando', color: '#e0e0e0', Icon: ScheduleIcon },
  PREPARING: { label: 'Preparando', color: '#90caf9', Icon: LocalFireDepartmentIcon },
  READY: { label: 'Pronto', color: '#81c784', Icon: CheckCircleIcon },
  CANCELLED: { label: 'Cancelado', color: '#bdbdbd', Icon: BlockIcon },
} as const satisfies Record<BoardStatus, { label: string; color: string; Icon: typeof ScheduleIcon }>;

/** The ageing colours: filled blocks with text of AA contrast, seen from across the kitchen. */
const AGEING_STYLE = {
  ok: { bgcolor: 'rgba(255, 255, 255, 0.08)', color: 'text.primary', border: 'rgba(255, 255, 255, 0.16)' },
  amber: { bgcolor: '#ffb74d', color: '#1a1200', border: '#ffb74d' },
  red: { bgcolor: '#c62828', color: '#ffffff', border: '#ef5350' },
} as const;

const minutesSince = (instant: string, now: number) => (now - Date.parse(instant)) / 60_000;

/** When the item's current stage began: ordered for PLACED, its last change for the others. */
const stageStart = (item: OrderItem) => (item.status === 'PLACED' ? item.created_at : item.updated_at);

/**
 * How late an item is in its stage, by the store's thresholds (amber from `warn`, red from `late`
 * minutes in the stage: waiting since it was ordered, in preparation since it was started); ready
 * and cancelled items no longer age.
 */
function ageingOf(item: OrderItem, now: number, timers: KitchenTimers): Ageing {
  if (item.status !== 'PLACED' && item.status !== 'PREPARING') return 'ok';
  const limits = item.status === 'PLACED' ? timers.placed : timers.preparing;
  const minutes = minutesSince(stageStart(item), now);
  return minutes >= limits.late ? 'red' : minutes >= limits.warn ? 'amber' : 'ok';
}

/** A card ages as the most behind of its items in their stages does. */
function cardAgeing(card: KitchenCard, now: number, timers: KitchenTimers): Ageing {
  const ageings = card.items.map((item) => ageingOf(item, now, timers));
  return ageings.includes('red') ? 'red' : ageings.includes('amber') ? 'amber' : 'ok';
}

/**
 * What the card's button does to the items it shows, each one step by spec 4's skip-step: all
 * waiting → 'Preparar tudo', all in preparation → 'Tudo pronto', some of each → 'Avançar tudo';
 * null when nothing it shows is left to do.
 */
function cardStep(items: readonly OrderItem[]) {
  const pending = items.filter(isPending);
  if (pending.length === 0) return null;
  if (pending.every((item) => item.status === 'PLACED'))
    return { label: 'Preparar tudo', color: 'primary', Icon: LocalFireDepartmentIcon } as const;
  if (pending.every((item) => item.status === 'PREPARING'))
    return { label: 'Tudo pronto', color: 'success', Icon: DoneAllIcon } as const;
  return { label: 'Avançar tudo', color: 'primary', Icon: FastForwardIcon } as const;
}

/** What an item's own press does, as its line says it to a screen reader (the verb, then the item). */
const itemVerb = (item: OrderItem) => (nextStatus(item.status) === 'READY' ? 'Pronto' : 'Preparar');

export const itemLabel = (item: OrderItem) => `${item.quantity > 1 ? `${item.quantity}× ` : ''}${item.name}`;

function CardTimer({ ageing, since, now }: { ageing: Ageing; since: string; now: number }) {
  const style = AGEING_STYLE[ageing];
  const Icon = ageing === 'red' ? ErrorIcon : ageing === 'amber' ? WarningAmberIcon : ScheduleIcon;
  return (
    <Stack
      direction="row"
      data-testid="card-timer"
      data-ageing={ageing}
      sx={{
        alignItems: 'center',
        gap: 0.5,
        px: 0.75,
        borderRadius: 1,
        bgcolor: style.bgcolor,
        color: style.color,
        fontWeight: 800,
        fontSize: '0.95rem',
        lineHeight: '24px',
        whiteSpace: 'nowrap',
        flexShrink: 0,
      }}
    >
      <Icon sx={{ fontSize: 18 }} aria-hidden />
      <span>{elapsed(since, now)}</span>
    </Stack>
  );
}

/** Where a press came from: the control, and whether a key pressed it (a tap has a `detail`). */
export interface Press {
  control: HTMLElement;
  keyboard: boolean;
}
const pressOf = (event: MouseEvent<HTMLElement>): Press => ({
  control: event.currentTarget,
  keyboard: event.detail === 0,
});

interface ItemHandlers {
  /** The item's own skip-step, pressed on its line. */
  onAdvance: (item: OrderItem, press: Press) => void;
  onRecall: (item: OrderItem) => void;
  onCancel: (item: OrderItem) => void;
}

/**
 * The card's other actions, item by item, kept off the lines a cook presses all night: a ready
 * item back to preparation, an item cancelled (the board then asks why).
 */
function CardMenu({
  card,
  name,
  busy,
  onRecall,
  onCancel,
}: { card: KitchenCard; name: string; busy: boolean } & Omit<ItemHandlers, 'onAdvance'>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  const open = card.items.filter((item) => item.status !== 'CANCELLED');
  if (open.length === 0) return null;
  return (
    <>
      <IconButton
        aria-label={`Mais ações: ${name}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        disabled={busy}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ width: 36, height: 36, mr: -0.5, flexShrink: 0, ...FOCUS_RING }}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        {open.flatMap((item) => [
          ...(item.status === 'READY'
            ? [
                <MenuItem
                  key={`recall-${item.id}`}
                  onClick={() => {
                    close();
                    onRecall(item);
                  }}
                  sx={{ minHeight: 48, gap: 1, ...FOCUS_RING_INSIDE }}
                >
                  <ReplayIcon aria-hidden sx={{ fontSize: 20 }} />
                  Voltar ao preparo: {itemLabel(item)}
                </MenuItem>,
              ]
            : []),
          <MenuItem
            key={`cancel-${item.id}`}
            onClick={() => {
              close();
              onCancel(item);
            }}
            sx={{ minHeight: 48, gap: 1, color: 'error.main', ...FOCUS_RING_INSIDE }}
          >
            <CloseIcon aria-hidden sx={{ fontSize: 20 }} />
            Cancelar: {itemLabel(item)}
          </MenuItem>,
        ])}
      </Menu>
    </>
  );
}

/**
 * A ready or cancelled item on its card: one short line, for what is done takes no room from
 * what is still to do. A cancelled one says so, in the spec's words, and offers nothing.
 */
function DoneLine({ item }: { item: OrderItem }) {
  const status = STATUS[item.status];
  const cancelled = item.status === 'CANCELLED';
  return (
    <Stack
      component="li"
      direction="row"
      data-testid="board-item"
      data-item-id={item.id}
      data-status={item.status}
      sx={{ alignItems: 'center', gap: 0.75, px: 0.5, minHeight: 28, color: 'text.secondary' }}
    >
      <status.Icon sx={{ fontSize: 18, color: status.color, flexShrink: 0 }} aria-hidden />
      <Typography
        component="span"
        sx={{ fontSize: '0.9rem', fontWeight: 700, lineHeight: 1.2, minWidth: 0, overflowWrap: 'anywhere' }}
      >
        <Box component="span" sx={{ textDecoration: cancelled ? 'line-through' : 'none' }}>
          {itemLabel(item)}
        </Box>
        {cancelled ? (
          <Box component="span" sx={{ display: 'block', fontSize: '0.8rem', color: status.color }}>
            {BOARD_MESSAGES.cancelledItem}
          </Box>
        ) : (
          <Box component="span" sx={visuallyHidden}>
            {` (${status.label})`}
          </Box>
        )}
      </Typography>
    </Stack>
  );
}

/**
 * The ready items of a card still being worked, in one line ('Prontos: Burrata, Aperol Spritz'):
 * the cook sees what has gone out without it taking the room of what is still to do.
 */
function ReadyLine({ items }: { items: readonly OrderItem[] }) {
  const names = items.map(itemLabel).join(', ');
  return (
    <Stack
      component="li"
      direction="row"
      data-testid="board-ready"
      data-item-ids={items.map((item) => item.id).join(' ')}
      title={names}
      sx={{ alignItems: 'center', gap: 0.75, px: 0.5, minHeight: 26, color: 'text.secondary', minWidth: 0 }}
    >
      <CheckCircleIcon sx={{ fontSize: 18, color: STATUS.READY.color, flexShrink: 0 }} aria-hidden />
      <Typography
        component="span"
        sx={{
          fontSize: '0.875rem',
          fontWeight: 700,
          lineHeight: 1.2,
          minWidth: 0,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        }}
      >
        {items.length === 1 ? 'Pronto' : 'Prontos'}: {names}
      </Typography>
    </Stack>
  );
}

/**
 * An item still to do on its card: its stage, count and name, complements, and what the guest
 * asked ('Sem cebola' stands out). The line itself is the item's skip-step ('Preparar', then
 * 'Pronto').
 */
function ItemLine({
  item,
  fresh,
  busy,
  describedBy,
  onAdvance,
}: {
  item: OrderItem;
  fresh: boolean;
  busy: boolean;
  describedBy: string;
  onAdvance: ItemHandlers['onAdvance'];
}) {
  const status = STATUS[item.status];
  return (
    <Box
      component="li"
      data-testid="board-item"
      data-item-id={item.id}
      data-status={item.status}
      data-fresh={fresh || undefined}
      sx={{ display: 'flex' }}
    >
      <ButtonBase
        data-focus-item={item.id}
        aria-describedby={describedBy}
        disabled={busy}
        onClick={(event) => onAdvance(item, pressOf(event))}
        sx={{
          flex: 1,
          minWidth: 0,
          minHeight: TOUCH,
          gap: 0.75,
          px: 0.5,
          py: 0.25,
          justifyContent: 'flex-start',
          alignItems: 'center',
          borderRadius: 1,
          bgcolor: item.status === 'PREPARING' ? 'rgba(144, 202, 249, 0.12)' : 'rgba(255, 255, 255, 0.05)',
          '&:hover': { bgcolor: 'rgba(255, 255, 255, 0.12)' },
          ...FOCUS_RING,
        }}
      >
        <status.Icon sx={{ fontSize: 20, color: status.color, flexShrink: 0 }} aria-hidden />
        <Box component="span" sx={{ flex: 1, minWidth: 0, display: 'block', textAlign: 'left' }}>
          <Box component="span" sx={visuallyHidden}>
            {`${itemVerb(item)}: `}
          </Box>
          <Box
            component="span"
            sx={{
              display: 'block',
              fontSize: '1rem',
              fontWeight: 800,
              lineHeight: 1.2,
              overflowWrap: 'anywhere',
            }}
          >
            {itemLabel(item)}
            {fresh ? (
              <Box
                component="span"
                sx={{
                  ml: 0.75,
                  px: 0.5,
                  borderRadius: 0.5,
                  bgcolor: 'primary.main',
                  color: '#1a0d00',
                  fontSize: '0.75rem',
                  verticalAlign: 'middle',
                }}
              >
                NOVO
              </Box>
            ) : null}
          </Box>
          {item.complements.map((complement, index) => (
            <Box
              component="span"
              key={index}
              sx={{ display: 'block', fontSize: '0.875rem', lineHeight: 1.25, color: 'text.secondary' }}
            >
              + {complement.quantity > 1 ? `${complement.quantity}× ` : ''}
              {complement.name}
            </Box>
          ))}
          {item.observations ? (
            <Box
              component="span"
              data-testid="item-observations"
              sx={{
                display: 'block',
                my: 0.25,
                px: 0.5,
                borderRadius: 0.75,
                bgcolor: '#fff4d6',
                color: '#2b1a00',
                fontSize: '0.95rem',
                fontWeight: 800,
                lineHeight: 1.3,
                overflowWrap: 'anywhere',
              }}
            >
              <Box component="span" sx={visuallyHidden}>
                Observação:{' '}
              </Box>
              {item.observations}
            </Box>
          ) : null}
          <Box component="span" sx={visuallyHidden}>
            {` (${status.label})`}
          </Box>
        </Box>
      </ButtonBase>
    </Box>
  );
}

/**
 * One card of the kitchen board, read from a metre away on a dim tablet: the table and the guest
 * (or the guests of the table), the time since its first item was ordered, ageing amber then red
 * by the store's minutes, and its items, each in its own stage. Its button moves every item it
 * shows one step in one go; an item is still moved (or cancelled, or sent back) alone. A card with
 * new items pulses until they are acknowledged.
 */
export function BoardCard({
  card,
  grouping,
  now,
  timers,
  fresh,
  busy,
  onAdvanceCard,
  ...handlers
}: {
  card: KitchenCard;
  grouping: KitchenGrouping;
  now: number;
  /** The store's thresholds of the card's timer. */
  timers: KitchenTimers;
  /** Items that arrived since the board was opened and are not acknowledged yet. */
  fresh: ReadonlySet<number>;
  /** `card:<key>` or `item:<id>`: the change under way. */
  busy: string | null;
  onAdvanceCard: (card: KitchenCard, press: Press) => void;
} & ItemHandlers) {
  const titleId = useId();
  const guestsId = useId();
  const ageing = cardAgeing(card, now, timers);
  const step = cardStep(card.items);
  const isFresh = card.items.some((item) => fresh.has(item.id));
  const cardBusy = busy === `card:${card.key}`;
  const done = step === null;
  const title = card.table === null ? card.guests.join(', ') : `Mesa ${card.table}`;
  const guests =
    card.table === null
      ? null
      : grouping === 'table'
        ? card.guests.map((name) => name.split(' ')[0]).join(', ')
        : card.guests.join(', ');
  const late = !done && ageing === 'red';
  // Beside what is still to do, what is ready already takes one line.
  const folded = done ? [] : card.items.filter((item) => item.status === 'READY');
  const named = guests ? `${titleId} ${guestsId}` : titleId;

  return (
    <Card
      component="article"
      aria-labelledby={named}
      data-testid="board-card"
      data-card-key={card.key}
      data-fresh={isFresh || undefined}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        gap: 0.5,
        p: 0.75,
        border: '2px solid',
        borderLeftWidth: 6,
        borderColor: isFresh ? 'primary.main' : done ? 'divider' : AGEING_STYLE[ageing].border,
        bgcolor: done ? '#161618' : 'background.paper',
        ...(isFresh
          ? {
              animation: 'board-new-item 1.4s ease-in-out infinite',
              '@keyframes board-new-item': { '50%': { boxShadow: '0 0 0 6px rgba(255, 138, 61, 0.45)' } },
              '@media (prefers-reduced-motion: reduce)': {
                animation: 'none',
                boxShadow: '0 0 0 4px rgba(255, 138, 61, 0.45)',
              },
            }
          : {}),
      }}
    >
      <Box>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, minHeight: 36 }}>
          <Typography
            id={titleId}
            component="h2"
            sx={{
              fontSize: '1.2rem',
              fontWeight: 800,
              lineHeight: 1.2,
              mr: 'auto',
              minWidth: 0,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {title}
          </Typography>
          {done ? null : <CardTimer ageing={ageing} since={card.startedAt} now={now} />}
          <CardMenu
            card={card}
            name={cardName(card, grouping)}
            busy={cardBusy}
            onRecall={handlers.onRecall}
            onCancel={handlers.onCancel}
          />
        </Stack>
        {guests || late ? (
          <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
            <Typography
              id={guestsId}
              title={guests ?? undefined}
              sx={{
                mr: 'auto',
                minWidth: 0,
                fontSize: '0.9rem',
                fontWeight: 600,
                color: 'text.secondary',
                lineHeight: 1.3,
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
              }}
            >
              {guests}
            </Typography>
            {late ? (
              <Typography
                component="span"
                sx={{ fontSize: '0.8rem', fontWeight: 900, color: '#ff8a80', textTransform: 'uppercase' }}
              >
                atrasado
              </Typography>
            ) : null}
          </Stack>
        ) : null}
      </Box>
      <Box
        component="ul"
        aria-label="Itens"
        sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.25 }}
      >
        {folded.length > 0 ? <ReadyLine items={folded} /> : null}
        {card.items
          .filter((item) => !folded.includes(item))
          .map((item) =>
            isPending(item) ? (
              <ItemLine
                key={item.id}
                item={item}
                fresh={fresh.has(item.id)}
                busy={cardBusy || busy === `item:${item.id}`}
                describedBy={named}
                onAdvance={handlers.onAdvance}
              />
            ) : (
              <DoneLine key={item.id} item={item} />
            ),
          )}
      </Box>
      {step ? (
        <Button
          variant="contained"
          color={step.color}
          startIcon={<step.Icon />}
          data-focus-card={card.key}
          aria-describedby={named}
          disabled={cardBusy}
          onClick={(event) => onAdvanceCard(card, pressOf(event))}
          sx={{
            minHeight: TOUCH,
            py: 0,
            fontSize: '1rem',
            fontWeight: 800,
            textTransform: 'none',
            ...FOCUS_RING,
          }}
        >
          {step.label}
        </Button>
      ) : null}
    </Card>
  );
}
