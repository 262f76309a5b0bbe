import { useId } from 'react';
import { Avatar, Box, Button, Card, Stack, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import ErrorIcon from '@mui/icons-material/Error';
import LocalFireDepartmentIcon from '@mui/icons-material/LocalFireDepartment';
import ReplayIcon from '@mui/icons-material/Replay';
import RestaurantIcon from '@mui/icons-material/Restaurant';
import ScheduleIcon from '@mui/icons-material/Schedule';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { nextStatus, RECALL_MINUTES, type BoardStatus, type OrderItem } from './definition';
import { elapsed } from '../../components/clock';
import type { KitchenTimers } from '../restaurants/definition';

export type Ageing = 'ok' | 'amber' | 'red';

/** How a status reads on a card, and its colour (each readable on the dark card). */
const STATUS = {
  PLACED: { label: 'Aguardando', color: '#e0e0e0' },
  PREPARING: { label: 'Preparando', color: '#90caf9' },
  READY: { label: 'Pronto', color: '#81c784' },
  CANCELLED: { label: 'Cancelado', color: '#bdbdbd' },
} as const satisfies Record<BoardStatus, { label: string; color: string }>;

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
export function ageingOf(item: OrderItem, now: number, timers: KitchenTimers): Ageing {
  if (item.status !== 'PLACED' && item.status !== 'PREPARING') return 'ok';
  const limits = item.status === 'PLACED' ? timers.placed : timers.preparing;
  const minutes = minutesSince(stageStart(item), now);
  return minutes >= limits.late ? 'red' : minutes >= limits.warn ? 'amber' : 'ok';
}

/** A READY item may go back to PREPARING for a few minutes (a tap on 'Pronto' by mistake). */
export const canRecall = (item: OrderItem, now: number) =>
  item.status === 'READY' && minutesSince(item.updated_at, now) < RECALL_MINUTES;

const ago = (instant: string, now: number) => {
  const since = elapsed(instant, now);
  return since === 'agora' ? 'agora' : `há ${since}`;
};

/** The button sizes of a card: the skip-step is the one pressed all night. */
const MAIN_ACTION = {
  minHeight: 56,
  fontSize: '1.15rem',
  fontWeight: 800,
  textTransform: 'none',
  flex: '1 1 160px',
} as const;
const ACTION = { minHeight: 48, fontSize: '1rem', fontWeight: 700, textTransform: 'none' } as const;

function StageTimer({ ageing, item, now }: { ageing: Ageing; item: OrderItem; now: number }) {
  const style = AGEING_STYLE[ageing];
  const Icon = ageing === 'red' ? ErrorIcon : ageing === 'amber' ? WarningAmberIcon : ScheduleIcon;
  return (
    <Stack
      direction="row"
      data-testid="stage-timer"
      data-ageing={ageing}
      sx={{
        alignItems: 'center',
        gap: 0.5,
        px: 1,
        py: 0.25,
        borderRadius: 1,
        bgcolor: style.bgcolor,
        color: style.color,
        fontWeight: 800,
        fontSize: '1.05rem',
        whiteSpace: 'nowrap',
      }}
    >
      <Icon sx={{ fontSize: 20 }} aria-hidden />
      <span>
        {elapsed(stageStart(item), now)}
        {ageing === 'red' ? ' · atrasado' : ''}
      </span>
    </Stack>
  );
}

/**
 * One ordered item on the kitchen board, read from a metre away on a dim tablet: the table, the
 * stage and its timer (amber then red as it waits), the item with its count, what the guest asked
 * ('Sem cebola' stands out), the complements and who ordered it; then what the cook does with it —
 * the skip-step ('Preparar', 'Pronto'), back to preparation for a few minutes after 'Pronto', and
 * 'Cancelar'. A cancelled item says so and offers nothing. New cards pulse until acknowledged.
 */
export function ItemCard({
  item,
  now,
  timers,
  fresh,
  busy,
  onAdvance,
  onRecall,
  onCancel,
}: {
  item: OrderItem;
  now: number;
  /** The store's thresholds of the stage timer. */
  timers: KitchenTimers;
  /** Arrived since the board was opened and not acknowledged yet. */
  fresh: boolean;
  busy: boolean;
  onAdvance: () => void;
  onRecall: () => void;
  onCancel: () => void;
}) {
  const nameId = useId();
  const tableId = useId();
  const status = STATUS[item.status];
  const cancelled = item.status === 'CANCELLED';
  const ready = item.status === 'READY';
  const done = cancelled || ready;
  const ageing = ageingOf(item, now, timers);
  const next = nextStatus(item.status);

  return (
    <Card
      component="article"
      aria-labelledby={`${nameId} ${tableId}`}
      data-testid="item-card"
      data-item-id={item.id}
      data-status={item.status}
      data-fresh={fresh || undefined}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        gap: 1.25,
        p: 2,
        border: '2px solid',
        borderLeftWidth: 8,
        borderColor: fresh ? 'primary.main' : done ? 'divider' : AGEING_STYLE[ageing].border,
        bgcolor: done ? '#161618' : 'background.paper',
        ...(fresh
          ? {
              animation: 'board-new-item 1.4s ease-in-out infinite',
              '@keyframes board-new-item': {
                '50%': { boxShadow: '0 0 0 6px rgba(255, 138, 61, 0.45)' },
              },
              '@media (prefers-reduced-motion: reduce)': {
                animation: 'none',
                boxShadow: '0 0 0 4px rgba(255, 138, 61, 0.45)',
              },
            }
          : {}),
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography
          id={tableId}
          component="span"
          sx={{ fontSize: '1.5rem', fontWeight: 800, lineHeight: 1.1, mr: 'auto' }}
        >
          {item.table ? `Mesa ${item.table.number}` : ''}
        </Typography>
        {fresh ? (
          <Typography
            component="span"
            sx={{
              px: 1,
              borderRadius: 1,
              bgcolor: 'primary.main',
              color: '#1a0d00',
              fontWeight: 800,
              textTransform: 'uppercase',
            }}
          >
            Novo
          </Typography>
        ) : null}
        <Typography
          component="span"
          data-testid="item-status"
          sx={{ color: status.color, fontWeight: 800, textTransform: 'uppercase', letterSpacing: 0.5 }}
        >
          {status.label}
        </Typography>
        {cancelled ? null : <StageTimer ageing={ageing} item={item} now={now} />}
      </Stack>

      <Stack direction="row" sx={{ gap: 1.5, alignItems: 'flex-start' }}>
        <Avatar
          variant="rounded"
          src={item.thumbnail ?? undefined}
          alt=""
          sx={{ width: 72, height: 72, bgcolor: 'rgba(255, 255, 255, 0.08)', color: 'text.secondary' }}
        >
          <RestaurantIcon aria-hidden />
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            id={nameId}
            component="h2"
            sx={{
              fontSize: '1.35rem',
              fontWeight: 800,
              lineHeight: 1.2,
              overflowWrap: 'anywhere',
              textDecoration: cancelled ? 'line-through' : 'none',
            }}
          >
            {item.quantity > 1 ? `${item.quantity}× ` : ''}
            {item.name}
          </Typography>
          {item.complements.length > 0 ? (
            <Box
              component="ul"
              aria-label="Complementos"
              sx={{ m: 0, mt: 0.5, pl: 2.5, fontSize: '1.05rem', lineHeight: 1.35 }}
            >
              {item.complements.map((complement, index) => (
                <li key={index}>
                  {complement.quantity > 1 ? `${complement.quantity}× ` : ''}
                  {complement.name}
                </li>
              ))}
            </Box>
          ) : null}
        </Box>
      </Stack>

      {item.observations ? (
        <Stack
          direction="row"
          data-testid="item-observations"
          sx={{
            gap: 1,
            alignItems: 'flex-start',
            px: 1.5,
            py: 1,
            borderRadius: 1.5,
            bgcolor: '#fff4d6',
            color: '#2b1a00',
          }}
        >
          <WarningAmberIcon sx={{ fontSize: 24, mt: '1px' }} aria-hidden />
          <Typography
            sx={{ fontSize: '1.15rem', fontWeight: 800, lineHeight: 1.3, overflowWrap: 'anywhere' }}
          >
            <Box component="span" sx={visuallyHidden}>
              Observação:{' '}
            </Box>
            {item.observations}
          </Typography>
        </Stack>
      ) : null}

      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Avatar src={item.customer.profile_picture ?? undefined} alt="" sx={{ width: 32, height: 32 }} />
        <Typography sx={{ fontWeight: 600, mr: 'auto', overflowWrap: 'anywhere' }}>
          @{item.customer.username}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Pedido {ago(item.created_at, now)}
        </Typography>
      </Stack>

      {cancelled ? (
        <Typography sx={{ fontWeight: 800, fontSize: '1.1rem', color: STATUS.CANCELLED.color, mt: 'auto' }}>
          Esse item foi cancelado
        </Typography>
      ) : (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 'auto', pt: 0.5 }}>
          {ready ? (
            <>
              {canRecall(item, now) ? (
                <Button
                  variant="outlined"
                  startIcon={<ReplayIcon />}
                  disabled={busy}
                  onClick={onRecall}
                  sx={{ ...ACTION, flex: '1 1 160px' }}
                >
                  Voltar ao preparo
                </Button>
              ) : null}
              {/* The skip-step stays on a ready item: pressing it says why nothing happens. */}
              <Button
                variant="outlined"
                color="success"
                startIcon={<CheckCircleIcon />}
                disabled={busy}
                onClick={onAdvance}
                sx={{ ...ACTION, flex: '1 1 140px' }}
              >
                Já está pronto
              </Button>
            </>
          ) : (
            <Button
              variant="contained"
              color={next === 'READY' ? 'success' : 'primary'}
              startIcon={next === 'READY' ? <CheckCircleIcon /> : <LocalFireDepartmentIcon />}
              disabled={busy}
              onClick={onAdvance}
              sx={MAIN_ACTION}
            >
              {next === 'READY' ? 'Pronto' : 'Preparar'}
            </Button>
          )}
          <Button
            variant="outlined"
            color="error"
            startIcon={<CloseIcon />}
            disabled={busy}
            onClick={onCancel}
            sx={ACTION}
          >
            Cancelar
          </Button>
        </Stack>
      )}
    </Card>
  );
}
