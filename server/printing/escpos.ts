/**
 * ESC/POS, the command language of the receipt printers restaurants use (Epson TM-T20, Bematech
 * MP-4200, Elgin i9 and their kin), for the print model's documents
 * (contract/resources/printing/documents.ts). The encoding is the library's
 * (@point-of-sale/receipt-printer-encoder): the code page switched per character (Portuguese's
 * accents), lines wrapped at the paper's width, the rule drawn, the paper fed and cut.
 * tests/unit/escpos.test.ts pins the bytes.
 */
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { COLUMNS, type PaperWidth, type PrintDocument } from '../../contract/resources/printing/documents';

/** The ESC/POS bytes of `document` on `paper` mm paper, ending fed and cut. */
export function escposOf(document: PrintDocument, paper: PaperWidth): Uint8Array {
  const columns = COLUMNS[paper];
  const printer = new ReceiptPrinterEncoder({
    language: 'esc-pos',
    columns,
    // Epson's code page numbers, which the common Brazilian printers follow.
    codepageMapping: 'epson',
    newline: '\n',
    feedBeforeCut: 4,
  })
    .initialize()
    .codepage('auto');
  for (const line of document.lines) {
    switch (line.kind) {
      case 'title':
        printer.align('center').bold(true).height(2).line(line.text).height(1).bold(false).align('left');
        break;
      case 'center':
        printer
          .align('center')
          .bold(line.strong === true)
          .line(line.text)
          .bold(false)
          .align('left');
        break;
      case 'text':
        printer
          .bold(line.strong === true || line.large === true)
          .height(line.large ? 2 : 1)
          .line(line.text)
          .height(1)
          .bold(false);
        break;
      case 'note':
        printer.line(`  ${line.text}`);
        break;
      case 'row': {
        // The figure whole on the right; the label wraps in what is left.
        const right = Math.min(line.right.length, columns - 8);
        printer
          .bold(line.strong === true)
          .table(
            [
              { width: columns - right - 1, marginRight: 1, align: 'left' },
              { width: right, align: 'right' },
            ],
            [[line.left, line.right]],
          )
          .bold(false);
        break;
      }
      case 'rule':
        printer.rule({ style: 'single' });
        break;
    }
  }
  return printer.cut('partial').encode();
}
