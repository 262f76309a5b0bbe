/**
 * What a printed document is (the print model of ./documents.ts): its lines, as a schema. Apart
 * from the documents' makers so that the print jobs' definition, which every screen loads, carries
 * the shape and not the makers.
 */
import { z } from 'zod';

/** The receipt printers' two paper widths, in millimetres. */
export const PAPER_WIDTHS = [80, 58] as const;
export type PaperWidth = (typeof PAPER_WIDTHS)[number];

/** Characters a line holds in a receipt printer's standard font (12×24 dots): 48 on 80 mm, 32 on 58 mm. */
export const COLUMNS: Record<PaperWidth, number> = { 80: 48, 58: 32 };

const text = z.string().max(500);

/** One line of a printed document. */
export const printLine = z.discriminatedUnion('kind', [
  /** Centred, bold and twice as tall: the store, a kitchen ticket's station. */
  z.object({ kind: z.literal('title'), text }),
  z.object({ kind: z.literal('center'), text, strong: z.boolean().optional() }),
  /** `large`: twice as tall, for what a cook reads from a step away (the items). */
  z.object({ kind: z.literal('text'), text, strong: z.boolean().optional(), large: z.boolean().optional() }),
  /** Indented under the line above: a complement, an observation. */
  z.object({ kind: z.literal('note'), text }),
  /** A label on the left and a figure on the right. */
  z.object({ kind: z.literal('row'), left: text, right: text, strong: z.boolean().optional() }),
  z.object({ kind: z.literal('rule') }),
]);
export type PrintLine = z.infer<typeof printLine>;

export const printDocument = z.object({
  /** What the document is, in a list of print jobs: 'Cozinha · Mesa 3'. */
  title: text,
  lines: z.array(printLine).max(2_000),
});
export type PrintDocument = z.infer<typeof printDocument>;
