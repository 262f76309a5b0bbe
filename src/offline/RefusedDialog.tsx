import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import type { OutboxEntry } from './entry';
import { OFFLINE_WORDS } from './words';

const TOUCH = { minHeight: 44 } as const;

/** The refused actions, each with the server's words and its own 'Dispensar'. */
export default function RefusedDialog({
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
