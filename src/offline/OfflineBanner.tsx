import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import CloudSyncIcon from '@mui/icons-material/CloudSync';
import ReportIcon from '@mui/icons-material/Report';
import { outbox, useOffline, useOutbox, useOutboxTransport } from './instance';
import { provideBanner } from './slot';
import { OFFLINE_WORDS } from './words';

// Only when there is something refused to read (online again by then): the first visit of every
// screen does not carry a dialog.
const RefusedDialog = lazy(() => import('./RefusedDialog'));

/** One line of the banner: its icon, its words, and what can be done. */
function Line({
  tone,
  icon,
  children,
  action,
  role,
}: {
  tone: 'warning' | 'info' | 'error';
  icon: ReactNode;
  children: ReactNode;
  action?: ReactNode;
  role: 'status' | 'alert';
}) {
  const filled = tone !== 'error';
  return (
    <Box
      role={role}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: 2,
        py: 0.75,
        minHeight: 48,
        borderRadius: 1,
        fontWeight: 700,
        bgcolor: filled ? `${tone}.main` : 'rgba(244, 67, 54, 0.16)',
        color: filled ? '#1a1200' : 'text.primary',
        '& + &': { mt: 1 },
      }}
    >
      {icon}
      <Typography component="span" sx={{ flex: 1, fontWeight: 700 }}>
        {children}
      </Typography>
      {action}
    </Box>
  );
}

/**
 * Above every staff screen: 'Sem conexão — N ações pendentes' while the server is out of reach,
 * 'Enviando N ações pendentes…' while the outbox sends what waited, and the actions the server
 * refused on the way, opened from here and dismissed one by one (never dropped in silence).
 */
export function OfflineBanner() {
  const offline = useOffline();
  const { entries } = useOutbox();
  const [open, setOpen] = useState(false);
  useOutboxTransport();
  // The entries are the signed-in account's: read them for whoever is signed in now.
  useEffect(() => void outbox.refresh(), []);

  // Applied by the server, an entry waits only for the screens' next read: it is no longer pending.
  const waiting = entries.filter((entry) => entry.state === 'pending' || entry.state === 'sending').length;
  const refused = entries.filter((entry) => entry.state === 'refused');
  useEffect(() => {
    if (refused.length === 0) setOpen(false);
  }, [refused.length]);
  if (!offline && waiting === 0 && refused.length === 0) return null;

  const message = offline
    ? OFFLINE_WORDS.offline(waiting)
    : waiting > 0
      ? OFFLINE_WORDS.sending(waiting)
      : null;
  return (
    // Kept in sight while the page scrolls (a long floor), under the app bar when it comes back.
    <Box
      sx={{ mb: 1.5, position: 'sticky', top: 0, zIndex: (theme) => theme.zIndex.appBar - 1 }}
      data-testid="offline-banner"
    >
      {message ? (
        <Line
          role="status"
          tone={offline ? 'warning' : 'info'}
          icon={offline ? <CloudOffIcon /> : <CloudSyncIcon />}
        >
          {message}
        </Line>
      ) : null}
      {refused.length > 0 ? (
        <Line
          role="alert"
          tone="error"
          icon={<ReportIcon color="error" />}
          action={
            <Button variant="outlined" onClick={() => setOpen(true)} sx={{ minHeight: 44 }}>
              Ver
            </Button>
          }
        >
          {OFFLINE_WORDS.refusedButton(refused.length)}
        </Line>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <RefusedDialog
            open
            entries={refused}
            onDismiss={(id) => void outbox.dismiss(id)}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}

// The layout shows it on every screen from now on (`slot.tsx`).
provideBanner(OfflineBanner);
