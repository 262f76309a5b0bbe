import { useQueryClient } from '@tanstack/react-query';
import { Chip } from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import { useNow } from '../components/clock';
import type { Freshness } from '../dataProvider/usePolled';
import { useOffline } from './instance';
import { OFFLINE_WORDS } from './words';

/** A live screen's data is old past this: it says how old. */
export const STALE_AFTER_S = 20;

/**
 * How many seconds old a live screen's data is: since its last successful read, or none while the
 * live stream is up and the server reachable (its notices read again the moment anything changes).
 */
export function staleSeconds(updatedAt: number, live: boolean, offline: boolean, now: number): number {
  if (updatedAt === 0 || (live && !offline)) return 0;
  return Math.max(0, Math.floor((now - updatedAt) / 1000));
}

/**
 * When the answer a screen shows was read: when it arrived, or — a copy the service worker gave
 * with no network (src/serviceWorker) — when the copy was read from the server.
 */
export function readAt(freshness: Freshness, arrivedAt: number): number {
  return freshness.copiedAt?.current ?? arrivedAt;
}

/**
 * 'Atualizado há 35 s' once a live screen's data is older than `STALE_AFTER_S` (never stale in
 * silence); nothing while it is fresh. It reads the query's time every second on its own, so the
 * screen itself re-renders only when its data changes.
 */
export function StaleNotice({ freshness }: { freshness: Freshness }) {
  const queryClient = useQueryClient();
  const offline = useOffline();
  const now = useNow(1000);
  const updatedAt = readAt(freshness, queryClient.getQueryState(freshness.queryKey)?.dataUpdatedAt ?? 0);
  const seconds = staleSeconds(updatedAt, freshness.live, offline, now);
  if (seconds <= STALE_AFTER_S) return null;
  return (
    <Chip
      icon={<HistoryIcon />}
      color="warning"
      variant="outlined"
      label={OFFLINE_WORDS.updatedAgo(seconds)}
      sx={{ fontWeight: 700 }}
    />
  );
}
