import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { CSV_BOM, csvFileName, csvLine, csvValue } from '../../contract/lib/csv';
import { exportedFields, type ResourceDefinition } from '../../contract/define';

/**
 * Streams a list's rows as CSV: the definition's exported fields, titled with their labels, a
 * batch of rows at a time. Reading waits for the client (the stream's backpressure), so an export
 * of any size holds one batch in memory.
 */
export function sendCsv(
  reply: FastifyReply,
  definition: ResourceDefinition,
  batches: AsyncGenerator<Record<string, unknown>[]>,
): FastifyReply {
  const fields = exportedFields(definition);
  async function* lines() {
    yield CSV_BOM + csvLine(fields.map(([, field]) => field.label));
    for await (const rows of batches) {
      let chunk = '';
      for (const row of rows)
        chunk += csvLine(fields.map(([name, field]) => csvValue(field, row[name], row)));
      yield chunk;
    }
  }
  const name = csvFileName(definition.label.many);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines()));
}
