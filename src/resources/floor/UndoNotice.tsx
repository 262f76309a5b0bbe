import { useEffect } from 'react';
import { Button, Snackbar } from '@mui/material';
import UndoIcon from '@mui/icons-material/Undo';
import { UNDO_SECONDS } from '../../../contract/resources/tabs/definition';
import type { UndoOffer } from './floorActions';

/**
 * The notice after a move or a join: what was done, and 'Desfazer' for UNDO_SECONDS (the server
 * honours the undo that long, and a little more for the network). It stays where a tap elsewhere
 * on the floor does not close it; a new move replaces it.
 */
export function UndoNotice({
  offer,
  busy,
  onUndo,
  onClose,
}: {
  offer: UndoOffer | null;
  busy?: boolean;
  onUndo: (offer: UndoOffer) => void;
  onClose: () => void;
}) {
  const key = offer?.key;
  useEffect(() => {
    if (key === undefined) return;
    const timer = setTimeout(onClose, UNDO_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [key, onClose]);
  return (
    <Snackbar
      key={key}
      open={offer !== null}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      message={offer?.message}
      slotProps={{ content: { sx: { fontSize: '1rem', fontWeight: 600 } } }}
      action={
        offer ? (
          <Button
            color="inherit"
            variant="outlined"
            startIcon={<UndoIcon />}
            disabled={busy}
            onClick={() => onUndo(offer)}
            sx={{ minHeight: 44, minWidth: 120, fontWeight: 700 }}
          >
            Desfazer
          </Button>
        ) : null
      }
    />
  );
}
