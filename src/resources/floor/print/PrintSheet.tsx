import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { GlobalStyles } from '@mui/material';
import type { PrintDocument } from '../../../../contract/resources/printing/documents';
import { PrintedDocument, type PaperWidth } from './PreBill';

/**
 * On paper, the document alone: the app is left on screen, the page is the receipt's width with no
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
 * Printing a document (the pre-bill, a receipt) from the browser on the tablet's receipt printer:
 * `print` lays it out off screen at the paper's width, measures it, sets the page to its length and
 * opens the system's print dialog; `sheet` is what to render for it.
 */
export function usePrintSheet(): {
  print: (document: PrintDocument, width: PaperWidth) => void;
  sheet: ReactNode;
} {
  const [printing, setPrinting] = useState<{
    document: PrintDocument;
    width: PaperWidth;
    /** The receipt's length in mm, once laid out. */
    height: number | null;
  } | null>(null);
  const sheet = useRef<HTMLDivElement>(null);

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

  return {
    print: (document, width) => setPrinting({ document, width, height: null }),
    sheet: printing
      ? createPortal(
          <div className="pre-bill-sheet" ref={sheet}>
            {printStyles(printing.width, printing.height)}
            <PrintedDocument document={printing.document} />
          </div>,
          document.body,
        )
      : null,
  };
}
