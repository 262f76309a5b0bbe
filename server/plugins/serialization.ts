import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';
import { toJsonSchema, type JsonSchema } from '../json-schema';

/** An answer that does not match its route's schema: a bug of the route, reported as a 500. */
export class ResponseShapeError extends Error {
  constructor(method: string, url: string, issues: string) {
    super(`A resposta de ${method} ${url} não segue o seu esquema: ${issues}`);
    this.name = 'ResponseShapeError';
  }
}

/**
 * Serializes answers from their route's response schema with fast-json-stringify, as Fastify does
 * by default: only the properties the schema names are written (a column it does not name never
 * leaves the server), and faster than JSON.stringify. Route schemas are zod; they are turned into
 * JSON Schema once, when the route is compiled.
 *
 * `check` (the tests) also runs every answer through the zod schema first, so that an answer that
 * drifted from its schema fails loudly instead of being quietly trimmed or coerced.
 */
export function responseSerializer({ check = false } = {}): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const zod = schema instanceof z.ZodType ? schema : undefined;
    const stringify = fastJsonStringify((zod ? toJsonSchema(zod) : schema) as JsonSchema);
    if (!check || !zod) return stringify;
    return (data: unknown) => {
      const result = z.safeEncode(zod, data);
      if (!result.success) throw new ResponseShapeError(method, url, z.prettifyError(result.error));
      return stringify(data);
    };
  };
}
