import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  GlobalStyles,
  MenuItem,
  TextField,
} from '@mui/material';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useDataProvider, useGetList, useNotify } from 'react-admin';
import type { Order } from '../../../../contract/resources/tabs/definition';
import type { Kitchen } from '../../../../contract/resources/kitchens/definition';
import { PRE_BILL_MESSAGES } from '../../../../contract/resources/printing/prebill';
import type { PainelDataProvider } from '../../../dataProvider';
import { readSession } from '../../../lib/session';
import { TOUCH } from '../FloorFrame';
import { preBillDocument } from '../../../../contract/resources/printing/documents';
import { PAPER_WIDTHS, PrintedDocument, type PaperWidth } from './PreBill';

/** The paper this tablet's printer takes, as last chosen here. */
const PAPER_KEY = 'painel.paper-width';
const MAX_SHARES = 20;

const savedWidth = (): PaperWidth => (localStorage.getItem(PAPER_KEY) === '58' ? 58 : 80);
/** Where this tablet last printed a pre-bill: 'tablet', or a station's id. */
const TARGET_KEY = 'painel.pre-bill-printer';
const TABLET = 'tablet';

/**
 * On paper, the pre-bill alone: the app is left on screen, the page is the receipt's width with no
 * margin (the receipt printer's driver feeds as long as the receipt is), black on white.
 */
function printStyles(width: PaperWidth, height: number | null) {
  return (
    <GlobalStyles
      styles={{
        // One page as long as the receipt (a roll printer then feeds no blank paper after it);
        // `auto` is no valid height for `size`, so the receipt is measured first.
        ...(height === null ? {} : { '@page': { size: `${width}mm ${height}mm`, margin: 0 } }),
        // Laid out off screen, to be measured; printed alone.
        '.pre-bill-sheet': { position: 'fixed', left: '-10000px', top: 0, visibility: 'hidden' },
        '@media print': {
          'html, body': { background: '#fff !important', margin: '0 !important' },
          // The app, and whatever it shows over itself (a closing dialog, a notice).
          'body > *:not(.pre-bill-sheet)': { display: 'none !important' },
          '.pre-bill-sheet': { position: 'static !important', visibility: 'visible !important' },
        },
        '.pre-bill': {
          width: `${width}mm`,
          boxSizing: 'border-box',
          padding: width === 80 ? '3mm 4mm' : '2mm 2mm',
          color: '#000',
          background: '#fff',
          font: `${width === 80 ? 11 : 9.5}pt/1.35 "DejaVu Sans Mono", "Courier New", monospace`,
        },
        '.pre-bill hr': { border: 0, borderTop: '1px dashed #000', margin: '2mm 0' },
        '.pre-bill-row': { display: 'flex', justifyContent: 'space-between', gap: '2mm' },
        '.pre-bill-row > span:last-child': { whiteSpace: 'nowrap' },
        '.pre-bill-center': { textAlign: 'center' },
        '.pre-bill-strong': { fontWeight: 700 },
        '.pre-bill-note': { paddingLeft: '3mm' },
        '.pre-bill-large': { fontSize: '1.3em' },
      }}
    />
  );
}

/**
 * 'Imprimir conferência': the table's pre-bill, printed from the browser on the tablet's receipt
 * printer (80 or 58 mm) — the balance split in equal shares when the table asks ("divide por
 * quatro"). The print dialog is the system's: with the receipt printer as the default, one tap.
 */
export function PreBillButton({ order, disabled }: { order: Order; disabled?: boolean }) {
  const titleId = useId();
  const [asking, setAsking] = useState(false);
  const [shares, setShares] = useState('1');
  const [width, setWidth] = useState<PaperWidth>(savedWidth);
  const [target, setTarget] = useState(() => localStorage.getItem(TARGET_KEY) ?? TABLET);
  const dataProvider = useDataProvider<PainelDataProvider>();
  const notify = useNotify();
  // The store's stations with a network printer: a pre-bill may print there too (the cashier's, the bar's).
  const { data: kitchens = [] } = useGetList<Kitchen>(
    'kitchens',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: asking },
  );
  const printers = kitchens.filter((kitchen) => kitchen.printer !== null);
  const station = printers.find((kitchen) => String(kitchen.id) === target) ?? null;
  const [printing, setPrinting] = useState<{
    shares: number;
    width: PaperWidth;
    at: Date;
    /** The receipt's length in mm, once laid out. */
    height: number | null;
  } | null>(null);
  const sheet = useRef<HTMLDivElement>(null);
  const parts = Number(shares);
  const sharesError =
    Number.isInteger(parts) && parts >= 1 && parts <= MAX_SHARES ? null : `De 1 a ${MAX_SHARES} partes.`;

  useEffect(() => {
    if (!printing) return;
    if (printing.height === null) {
      // Laid out: its length, in mm (CSS's 96 px to the inch), and a millimetre of slack.
      const receipt = sheet.current?.querySelector('.pre-bill');
      const height = Math.ceil(((receipt?.getBoundingClientRect().height ?? 0) * 25.4) / 96) + 1;
      setPrinting({ ...printing, height });
      return;
    }
    // After the page's size is in the styles: the browser prints what it shows then.
    const frame = requestAnimationFrame(() => {
      window.print();
      setPrinting(null);
    });
    return () => cancelAnimationFrame(frame);
  }, [printing]);

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
          {printers.length > 0 ? (
            <TextField
              select
              label="Imprimir em"
              value={station ? target : TABLET}
              onChange={(event) => setTarget(event.target.value)}
              fullWidth
              sx={{ mt: 2 }}
            >
              <MenuItem value={TABLET} sx={{ minHeight: 48 }}>
                {PRE_BILL_MESSAGES.thisTablet}
              </MenuItem>
              {printers.map((kitchen) => (
                <MenuItem key={kitchen.id} value={String(kitchen.id)} sx={{ minHeight: 48 }}>
                  Impressora de {kitchen.name}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          {station ? null : (
            <TextField
              select
              label="Papel"
              value={width}
              onChange={(event) => setWidth(Number(event.target.value) as PaperWidth)}
              fullWidth
              sx={{ mt: 2 }}
            >
              {PAPER_WIDTHS.map((paper) => (
                <MenuItem key={paper} value={paper} sx={{ minHeight: 48 }}>
                  {paper} mm
                </MenuItem>
              ))}
            </TextField>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
          <Button onClick={() => setAsking(false)} sx={{ minHeight: 48, minWidth: 96 }}>
            Cancelar
          </Button>
          <Button
            variant="contained"
            disabled={sharesError !== null}
            onClick={() => {
              localStorage.setItem(TARGET_KEY, station ? String(station.id) : TABLET);
              setAsking(false);
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
              localStorage.setItem(PAPER_KEY, String(width));
              setPrinting({ shares: parts, width, at: new Date(), height: null });
            }}
            sx={{ minHeight: 48, minWidth: 96 }}
          >
            Imprimir
          </Button>
        </DialogActions>
      </Dialog>
      {printing
        ? createPortal(
            <div className="pre-bill-sheet" ref={sheet}>
              {printStyles(printing.width, printing.height)}
              <PrintedDocument document={preBillDocument(order, storeName, printing.shares, printing.at)} />
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
