import { useState } from 'react';
import { Button, CircularProgress } from '@mui/material';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import { useNotify } from 'react-admin';
import { downloadTableQr } from './qr';

/** Downloads one table's QR code as `mesa-N.png` (the floor's side panel, the QR codes page). */
export function QrDownloadButton({ table }: { table: { number: number; store_id: number; token: string } }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadTableQr({ table_number: table.number, store_id: table.store_id, token: table.token });
    } catch {
      notify(`Não foi possível gerar o QR code da mesa ${table.number}.`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <QrCode2Icon />}
      disabled={busy}
      onClick={() => void download()}
      // The visible label first, so that voice control finds it; the table, for a list of cards.
      aria-label={`Baixar QR code da mesa ${table.number}`}
      sx={{ minHeight: 48 }}
    >
      Baixar QR code
    </Button>
  );
}
