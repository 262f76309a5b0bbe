/**
 * zod building blocks for record schemas: what the API answers. Each block reads as the JSON on
 * the wire (z.input, the client's types) and as what the server's queries return (z.output, the
 * handlers' types): a timestamp is an ISO string on the wire and a Date in the server.
 */
import { z } from 'zod';

/** A moment in time: a Date in the server, an ISO 8601 string with its offset on the wire. */
export const instant = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

/** A calendar day, 'YYYY-MM-DD' (a `date` column: no time, no zone). */
export const day = z.iso.date();

/** A record's id: a positive int4. */
export const recordId = z.int().positive();

/** A whole number (counts, positions, cents). */
export const count = z.int();

/** Text that may be missing. */
export const maybeText = z.string().nullable();

/** A record reduced to what a picker or a chip shows. */
export const named = z.object({ id: recordId, name: z.string() });

/** The answer of a delete: the id that is gone. */
export const deleted = z.object({ id: recordId });
