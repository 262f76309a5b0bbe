/**
 * The shapes of the API's answers, built from a definition's envelope and record schema: the
 * server serializes with them and the OpenAPI document shows them.
 */
import { z } from 'zod';
import type { Envelope, ResourceDefinition } from './define';

/** `payload` placed where the envelope says: `data`, `data.data`; `data.results` adds the total. */
export function enveloped<Payload extends z.ZodType>(envelope: Envelope, payload: Payload) {
  switch (envelope) {
    case 'data':
      return z.object({ data: payload });
    case 'data.data':
      return z.object({ data: z.object({ data: payload }) });
    case 'data.results':
      return z.object({ data: z.object({ results: payload, total: z.int() }) });
  }
}

/** A list's answer: its rows, with the total when the envelope carries one. */
export function listAnswer<Row extends z.ZodType>(envelope: Envelope, row: Row) {
  return envelope === 'data.results'
    ? z.object({ data: z.object({ results: z.array(row), total: z.int() }) })
    : enveloped(envelope, z.array(row));
}

/** One record's answer. */
export function recordAnswer<Record extends z.ZodType>(envelope: Envelope, record: Record) {
  return enveloped(envelope, record);
}

/** The row schema of a definition's list. */
export function rowOf(definition: ResourceDefinition): z.ZodObject {
  return definition.row ?? definition.record;
}

/** `{ data: { id } }`: what a delete answers. */
export const deletedAnswer = z.object({ data: z.object({ id: z.int().positive() }) });

/** `{ data: { updated } }`: what a reorder answers. */
export const reorderedAnswer = z.object({ data: z.object({ updated: z.int() }) });
