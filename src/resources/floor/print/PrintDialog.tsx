import type { ReactNode } from 'react';
import { useNotify } from 'react-admin';
import type { Kitchen } from '../../../../contract/resources/kitchens/definition';
import type { PrintDocument } from '../../../../contract/resources/printing/documents';
import { FloorConfirm } from '../FloorDialogs';
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
      <FloorConfirm
        open={open}
        onClose={onClose}
        title={title}
        confirmLabel="Imprimir"
        busy={!ready}
        onConfirm={send}
      >
        {children}
        <PrintTargetFields choice={choice} />
      </FloorConfirm>
      {sheet}
    </>
  );
}
