import type { PrintDocument, PrintLine } from '../../../../contract/resources/printing/documents';

export { PAPER_WIDTHS, type PaperWidth } from '../../../../contract/resources/printing/documents';

/** One line of the receipt, as the browser prints it (the classes of `printStyles`). */
function Line({ line }: { line: PrintLine }) {
  const weight = 'strong' in line && line.strong ? { fontWeight: 700 } : undefined;
  switch (line.kind) {
    case 'title':
      return <div className="pre-bill-center pre-bill-strong pre-bill-large">{line.text}</div>;
    case 'center':
      return (
        <div className="pre-bill-center" style={weight}>
          {line.text}
        </div>
      );
    case 'text':
      return (
        <div className={line.large ? 'pre-bill-large' : undefined} style={weight}>
          {line.text}
        </div>
      );
    case 'note':
      return <div className="pre-bill-note">{line.text}</div>;
    case 'row':
      return (
        <div className="pre-bill-row" style={weight}>
          <span>{line.left}</span>
          <span>{line.right}</span>
        </div>
      );
    case 'rule':
      return <hr />;
  }
}

/**
 * A printed document (contract/resources/printing/documents.ts: the pre-bill, a kitchen ticket, a
 * receipt) as the browser prints it: black on white in the printer's font, sized for the paper
 * (`printStyles` in ./PreBillPrint.tsx). The same lines a network printer gets as ESC/POS.
 */
export function PrintedDocument({ document }: { document: PrintDocument }) {
  return (
    <div className="pre-bill" data-testid="pre-bill">
      {document.lines.map((line, index) => (
        <Line key={index} line={line} />
      ))}
    </div>
  );
}
