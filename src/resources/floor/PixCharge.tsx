import { useEffect, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useDataProvider, useNotify } from 'react-admin';
import type { PainelDataProvider } from '../../dataProvider';
import type { PixCode } from '../../../contract/resources/tabs/pix';
import { formatCents } from '../../../contract/lib/format';
import { copyText } from '../settings/clipboard';
import { qrSvg } from './qr';

type Shown =
  { kind: 'loading' } | { kind: 'ready'; pix: PixCode; qr: string } | { kind: 'failed'; message: string };

/** With a static code the staff check the bank; a provider's charge is booked by its webhook. */
export const PIX_STATIC_NOTE = 'Confira o recebimento no app do banco do restaurante antes de dar baixa.';
export const PIX_DYNAMIC_NOTE =
  'Cobrança Pix: quando o banco confirmar o pagamento, a comanda do cliente é baixada sozinha.';
/** The same for a share of the split bill. */
export const SHARE_PIX_STATIC_NOTE = 'Confira o recebimento no app do banco do restaurante antes de receber.';
export const SHARE_PIX_DYNAMIC_NOTE =
  'Cobrança Pix: quando o banco confirmar o pagamento, a parte é dada como paga sozinha.';

/**
 * Pix at the table, in 'Dar baixa' (`ticketId`: the guest's balance) or for a share of the split
 * bill (`shareId`): its code, for the store's Pix key, as a QR code to show the guest and as "Pix
 * copia e cola" to send them. The guest pays from their bank's app; with the store's Pix provider
 * its webhook books it, else the staff see the money arrive and confirm it by hand.
 */
export function PixCharge({
  orderId,
  ticketId,
  shareId,
}: { orderId: number } & (
  { ticketId: number; shareId?: undefined } | { shareId: number; ticketId?: undefined }
)) {
  const dataProvider = useDataProvider<PainelDataProvider>();
  const notify = useNotify();
  const [shown, setShown] = useState<Shown>({ kind: 'loading' });

  useEffect(() => {
    let current = true;
    setShown({ kind: 'loading' });
    dataProvider
      .action(
        'commands',
        shareId === undefined
          ? { id: orderId, action: 'pixCode', params: { ticket_id: ticketId } }
          : { id: orderId, action: 'sharePix', params: { share_id: shareId } },
      )
      .then(async ({ data }) => {
        const pix = data as unknown as PixCode;
        const qr = await qrSvg(pix.code);
        if (current) setShown({ kind: 'ready', pix, qr });
      })
      .catch((error: unknown) => {
        if (current)
          setShown({
            kind: 'failed',
            message:
              error instanceof Error && error.message
                ? error.message
                : 'Não foi possível gerar o código Pix.',
          });
      });
    return () => {
      current = false;
    };
  }, [dataProvider, orderId, ticketId, shareId]);

  if (shown.kind === 'loading')
    return (
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 2 }} role="status">
        <CircularProgress size={20} />
        <Typography>Gerando o código Pix…</Typography>
      </Stack>
    );
  if (shown.kind === 'failed')
    return (
      <Alert severity="warning" sx={{ mt: 2 }}>
        {shown.message}
      </Alert>
    );

  const { pix, qr } = shown;
  const copy = async () => {
    try {
      await copyText(pix.code);
      notify('Código Pix copiado.', { type: 'success' });
    } catch {
      notify('Não foi possível copiar o código Pix.', { type: 'error' });
    }
  };
  return (
    <Stack spacing={1.5} sx={{ mt: 2 }} data-testid="pix-charge">
      <Box
        component="img"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr)}`}
        alt={`QR code Pix de ${formatCents(pix.amount)}`}
        sx={{ width: 220, height: 220, alignSelf: 'center', bgcolor: '#fff', borderRadius: 1 }}
      />
      <TextField
        label="Pix copia e cola"
        value={pix.code}
        fullWidth
        multiline
        maxRows={3}
        slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace', fontSize: 13 } } }}
      />
      <Button
        variant="outlined"
        startIcon={<ContentCopyIcon />}
        onClick={() => void copy()}
        sx={{ minHeight: 48 }}
      >
        Copiar código
      </Button>
      <Typography variant="body2" color="text.secondary" role="status">
        {shareId === undefined
          ? pix.dynamic
            ? PIX_DYNAMIC_NOTE
            : PIX_STATIC_NOTE
          : pix.dynamic
            ? SHARE_PIX_DYNAMIC_NOTE
            : SHARE_PIX_STATIC_NOTE}
      </Typography>
    </Stack>
  );
}
