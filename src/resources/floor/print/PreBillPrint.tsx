import { useId, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useDataProvider, useNotify } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import type { SharesOnWire } from '../../../../contract/resources/tabs/shares';
import type { Order } from '../../../../contract/resources/tabs/definition';
import { PRE_BILL_MESSAGES } from '../../../../contract/resources/printing/prebill';
import { preBillDocument } from '../../../../contract/resources/printing/documents';
import type { PainelDataProvider } from '../../../dataProvider';
import { readSession } from '../../../lib/session';
import { TOUCH } from '../FloorFrame';
import { usePrintSheet } from './PrintSheet';
import { PrintTargetFields, usePrintTarget } from './PrintTarget';

const MAX_SHARES = 20;

/**
 * 'Imprimir conferência': the table's pre-bill, printed from the browser on the tablet's receipt
 * printer (80 or 58 mm) or on a station's — the balance split in equal shares when the table asks
 * ("divide por quatro"), and the split bill's shares when it has them. The print dialog is the
 * system's: with the receipt printer as the default, one tap.
 */
export function PreBillButton({ order, disabled }: { order: Order; disabled?: boolean }) {
  const titleId = useId();
  const [asking, setAsking] = useState(false);
  const [shares, setShares] = useState('1');
  const choice = usePrintTarget(asking);
  const { print, sheet } = usePrintSheet();
  const dataProvider = useDataProvider<PainelDataProvider>();
  const notify = useNotify();
  // The tab's split bill, if it has one: the pre-bill lists its shares.
  const { data: split } = useQuery({
    queryKey: ['shares', order.id],
    queryFn: async () =>
      ((await dataProvider.send(`/api/orders/id/${order.id}/shares`, {})) as { data: SharesOnWire }).data,
    enabled: asking,
  });
  const parts = Number(shares);
  const sharesError =
    Number.isInteger(parts) && parts >= 1 && parts <= MAX_SHARES ? null : `De 1 a ${MAX_SHARES} partes.`;

  const storeName = readSession()?.places?.[0]?.store_name ?? 'Painel';
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ReceiptLongIcon />}
        disabled={disabled}
        onClick={() => {
          setShares('1');
          setAsking(true);
        }}
        sx={TOUCH}
      >
        Imprimir conferência
      </Button>
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        aria-labelledby={titleId}
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
          Imprimir a conferência de conta
        </DialogTitle>
        <DialogContent>
          <TextField
            label="Dividir por"
            type="number"
            value={shares}
            onChange={(event) => setShares(event.target.value)}
            error={sharesError !== null}
            helperText={sharesError ?? 'Pessoas que dividem o que falta pagar, em partes iguais.'}
            slotProps={{ htmlInput: { min: 1, max: MAX_SHARES, inputMode: 'numeric' } }}
            fullWidth
            sx={{ mt: 1 }}
          />
          <PrintTargetFields choice={choice} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
          <Button onClick={() => setAsking(false)} sx={{ minHeight: 48, minWidth: 96 }}>
            Cancelar
          </Button>
          <Button
            variant="contained"
            disabled={sharesError !== null}
            onClick={() => {
              choice.remember();
              setAsking(false);
              const { station } = choice;
              if (station) {
                // On the station's printer, through the print queue (its paper is the station's).
                dataProvider
                  .action('commands', {
                    id: order.id,
                    action: 'printPreBill',
                    data: { shares: parts, kitchen_id: station.id },
                  })
                  .then(
                    () => notify(PRE_BILL_MESSAGES.sent(station.name), { type: 'success' }),
                    (error: unknown) =>
                      notify(error instanceof Error ? error.message : String(error), { type: 'error' }),
                  );
                return;
              }
              print(preBillDocument(order, storeName, parts, new Date(), split?.shares), choice.width);
            }}
            sx={{ minHeight: 48, minWidth: 96 }}
          >
            Imprimir
          </Button>
        </DialogActions>
      </Dialog>
      {sheet}
    </>
  );
}
