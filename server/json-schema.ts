/**
 * zod schemas as JSON Schema (2020-12, which OpenAPI 3.1 speaks): for the API reference, and for
 * fast-json-stringify, which serializes the answers. Responses and requests are both described as
 * they travel (`io: 'input'`): a record's timestamp is an ISO string, not the server's Date.
 */
import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

const SAFE_INTEGER_BOUNDS = [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];

/**
 * Simplifies what zod writes so that both readers take it well: `T | null` becomes
 * `type: [T, 'null']` (fast-json-stringify would validate every value of an anyOf to pick its
 * branch), and the safe-integer bounds and date patterns that every int and date carry go.
 */
function simplify(schema: JsonSchema): void {
  const anyOf = schema.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const nullIndex = anyOf.findIndex((branch) => branch.type === 'null' && Object.keys(branch).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex !== -1 && other && typeof other.type === 'string') {
      delete schema.anyOf;
      Object.assign(schema, other, { type: [other.type, 'null'] });
    }
  }
  if (schema.minimum === SAFE_INTEGER_BOUNDS[0]) delete schema.minimum;
  if (schema.maximum === SAFE_INTEGER_BOUNDS[1]) delete schema.maximum;
  if (schema.format === 'date-time' || schema.format === 'date') delete schema.pattern;
}

function walk(schema: unknown): void {
  if (Array.isArray(schema)) {
    for (const item of schema) walk(item);
    return;
  }
  if (typeof schema !== 'object' || schema === null) return;
  for (const value of Object.values(schema)) walk(value);
  simplify(schema as JsonSchema);
}

/** The JSON Schema of a zod schema, as it travels; what JSON cannot say (a transform) is left open. */
export function toJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  walk(json);
  return json;
}
