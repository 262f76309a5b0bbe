import { useState } from 'react';
import { Button, TextField } from '@mui/material';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useDataProvider } from 'react-admin';
import type { Order } from '../../../../contract/resources/tabs/definition';
import { PRE_BILL_MESSAGES } from '../../../../contract/resources/printing/prebill';
import { preBillDocument } from '../../../../contract/resources/printing/documents';
import type { PainelDataProvider } from '../../../dataProvider';
import { readSession } from '../../../lib/session';
import { TOUCH } from '../FloorFrame';
import { useShares } from '../useShares';
import { PrintDialog } from './PrintDialog';

const MAX_SHARES = 20;

/**
 * 'Imprimir conferência': the table's pre-bill, printed from the browser on the tablet's receipt
 * printer (80 or 58 mm) or on a station's — the balance split in equal shares when the table asks
 * ("divide por quatro"), and the split bill's shares when it has them. The print dialog is the
 * system's: with the receipt printer as the default, one tap.
 */
export function PreBillButton({ order, disabled }: { order: Order; disabled?: boolean }) {
  const [asking, setAsking] = useState(false);
  const [shares, setShares] = useState('1');
  const dataProvider = useDataProvider<PainelDataProvider>();
  // The tab's split bill, if it has one: the pre-bill lists its shares.
  const { data: split } = useShares(order, asking);
  const parts = Number(shares);
  const sharesError =
    Number.isInteger(parts) && parts >= 1 && parts <= MAX_SHARES ? null : `De 1 a ${MAX_SHARES} partes.`;

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
      <PrintDialog
        open={asking}
        onClose={() => setAsking(false)}
        title="Imprimir a conferência de conta"
        ready={sharesError === null}
        // On the station's printer, through the print queue (its paper is the station's).
        toStation={(station) =>
          dataProvider
            .action('commands', {
              id: order.id,
              action: 'printPreBill',
              data: { shares: parts, kitchen_id: station.id },
            })
            .then(() => PRE_BILL_MESSAGES.sent(station.name))
        }
        document={() =>
          preBillDocument(
            order,
            readSession()?.places?.[0]?.store_name ?? 'Painel',
            parts,
            new Date(),
            split?.shares,
          )
        }
      >
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
      </PrintDialog>
    </>
  );
}
