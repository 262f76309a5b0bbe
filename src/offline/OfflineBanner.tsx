import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import CloudSyncIcon from '@mui/icons-material/CloudSync';
import ReportIcon from '@mui/icons-material/Report';
import type { OutboxEntry } from './entry';
import { outbox, useOffline, useOutbox, useOutboxTransport } from './instance';
import { OFFLINE_WORDS } from './words';

const TOUCH = { minHeight: 44 } as const;

/** The refused actions, each with the server's words and its own 'Dispensar'. */
export function RefusedDialog({
  open,
  entries,
  onDismiss,
  onClose,
}: {
  open: boolean;
  entries: readonly OutboxEntry[];
  onDismiss: (id: number) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="refused-title">
      <DialogTitle id="refused-title">{OFFLINE_WORDS.refusedTitle}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{OFFLINE_WORDS.refusedIntro}</Typography>
        <Stack
          component="ul"
          aria-labelledby="refused-title"
          sx={{ listStyle: 'none', m: 0, p: 0, gap: 1.5 }}
        >
          {entries.map((entry) => (
            <Stack
              key={entry.id}
              component="li"
              direction="row"
              sx={{ alignItems: 'center', gap: 1.5, p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{entry.label}</Typography>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {entry.refusal}
                </Typography>
              </Box>
              <Button
                variant="outlined"
                onClick={() => onDismiss(entry.id)}
                aria-label={`${OFFLINE_WORDS.dismiss}: ${entry.label}`}
                sx={TOUCH}
              >
                {OFFLINE_WORDS.dismiss}
              </Button>
            </Stack>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={TOUCH}>
          {OFFLINE_WORDS.close}
        </Button>
      </DialogActions>
    </Dialog>
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

  const waiting = entries.filter((entry) => entry.state !== 'refused').length;
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
        <Alert
          role="status"
          severity={offline ? 'warning' : 'info'}
          variant="filled"
          icon={offline ? <CloudOffIcon /> : <CloudSyncIcon />}
          sx={{ alignItems: 'center', fontWeight: 700, color: '#1a1200', mb: refused.length > 0 ? 1 : 0 }}
        >
          {message}
        </Alert>
      ) : null}
      {refused.length > 0 ? (
        <Alert
          severity="error"
          icon={<ReportIcon />}
          sx={{ alignItems: 'center' }}
          action={
            <Button color="inherit" variant="outlined" onClick={() => setOpen(true)} sx={TOUCH}>
              Ver
            </Button>
          }
        >
          {OFFLINE_WORDS.refusedButton(refused.length)}
        </Alert>
      ) : null}
      <RefusedDialog
        open={open}
        entries={refused}
        onDismiss={(id) => void outbox.dismiss(id)}
        onClose={() => setOpen(false)}
      />
    </Box>
  );
}
