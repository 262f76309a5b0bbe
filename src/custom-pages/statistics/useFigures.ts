import type { z } from 'zod';
import type { Query } from '../../dataProvider/httpClient';
import { useApi } from '../../dataProvider/useApi';

/**
 * Reads a statistics answer and keeps it only when it has the contract's shape: an answer of
 * another shape (an older server, a proxy's page) leaves the screen empty, as a failed load does
 * (spec 8: statistics failures are only logged), instead of breaking it.
 */
export function useFigures<Schema extends z.ZodType>(path: string | null, schema: Schema, query?: Query) {
  return useApi<z.output<Schema> | undefined>(path, query, {
    select: (answer) => {
      const parsed = schema.safeParse(answer);
      if (!parsed.success) console.error(`${path}: resposta fora do formato`, parsed.error.issues);
      return parsed.success ? parsed.data : undefined;
    },
  });
}
