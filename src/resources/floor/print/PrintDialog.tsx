import { useId, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useNotify } from 'react-admin';
import type { Kitchen } from '../../../../contract/resources/kitchens/definition';
import type { PrintDocument } from '../../../../contract/resources/printing/documents';
import { usePrintSheet } from './PrintSheet';
import { PrintTargetFields, usePrintTarget } from './PrintTarget';

/**
 * The question before a print (the pre-bill, a receipt): what it prints (`children`), where
 * ('Imprimir em', 'Papel'), then 'Imprimir'. On a station, `toStation` sends it through the print
 * queue and answers what to tell the user; on this tablet, `document` is printed from the browser.
 */
export function PrintDialog({
  open,
  onClose,
  title,
  ready = true,
  toStation,
  document,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Whether what it asks is filled in right. */
  ready?: boolean;
  toStation: (station: Kitchen) => Promise<string>;
  document: () => PrintDocument;
  children?: ReactNode;
}) {
  const titleId = useId();
  const choice = usePrintTarget(open);
  const { print, sheet } = usePrintSheet();
  const notify = useNotify();

  const send = () => {
    choice.remember();
    onClose();
    const { station } = choice;
    if (!station) {
      print(document(), choice.width);
      return;
    }
    toStation(station).then(
      (done) => notify(done, { type: 'success' }),
      (error: unknown) => notify(error instanceof Error ? error.message : String(error), { type: 'error' }),
    );
  };

  return (
    <>
      <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
          {title}
        </DialogTitle>
        <DialogContent>
          {children}
          <PrintTargetFields choice={choice} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
          <Button onClick={onClose} sx={{ minHeight: 48, minWidth: 96 }}>
            Cancelar
          </Button>
          <Button variant="contained" disabled={!ready} onClick={send} sx={{ minHeight: 48, minWidth: 96 }}>
            Imprimir
          </Button>
        </DialogActions>
      </Dialog>
      {sheet}
    </>
  );
}
