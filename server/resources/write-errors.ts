/**
 * The one translator of the database's refusals into the users' words. The database keeps the
 * rules (unique keys, foreign keys, checks) so that concurrent writes cannot slip past them; this
 * turns the constraint a write broke into the answer its resource gives.
 */
import type { ResourceDefinition } from '../../contract/define';
import { pgConstraint, pgErrorCode } from '../db/client';
import { HttpError } from '../http-errors';
import { STORE_NOT_FOUND } from './scope';

/** A constraint's answer: a message (with the status its kind implies), or both. */
export type ConstraintAnswer = string | { status: 400 | 404 | 409; message: string };

/** Answers by constraint name; a name ending in '*' covers every constraint that starts so. */
export type Constraints = Readonly<Record<string, ConstraintAnswer>>;

export const DUPLICATE = 'Já existe um registro com esses dados.';
export const MISSING_REFERENCE = 'Um registro relacionado não existe mais.';
export const IN_USE = 'Este registro está em uso e não pode ser excluído.';

// Every table's store reference is named `<table>_store_id_stores_id_fk` by the schema.
const STORE_REFERENCE = /_store_id_stores_id_fk$/;

function answerOf(constraints: Constraints, name: string | undefined): ConstraintAnswer | undefined {
  if (!name) return undefined;
  if (constraints[name]) return constraints[name];
  const prefix = Object.keys(constraints).find(
    (key) => key.endsWith('*') && name.startsWith(key.slice(0, -1)),
  );
  return prefix ? constraints[prefix] : undefined;
}

/**
 * The HTTP error for a database error, or the error itself when it is not a broken rule.
 * - unique (23505): 409 with the constraint's message or the definition's `duplicate`;
 * - foreign key (23503): on a write, 404 (a store: 'Restaurante não encontrado.'); on a delete,
 *   409 (the record is still referenced);
 * - check (23514): 400.
 */
export function writeError(
  error: unknown,
  definition: Pick<ResourceDefinition, 'messages'> | undefined,
  constraints: Constraints = {},
  operation: 'write' | 'delete' = 'write',
): unknown {
  const code = pgErrorCode(error);
  const name = pgConstraint(error);
  const defaultStatus =
    code === '23505' ? 409 : code === '23503' ? (operation === 'delete' ? 409 : 404) : 400;
  if (code !== '23505' && code !== '23503' && code !== '23514') return error;
  const answer = answerOf(constraints, name);
  if (answer) {
    return typeof answer === 'string'
      ? new HttpError(defaultStatus, answer)
      : new HttpError(answer.status, answer.message);
  }
  if (code === '23505') return new HttpError(409, definition?.messages.duplicate ?? DUPLICATE);
  if (code === '23503') {
    if (operation === 'delete') return new HttpError(409, IN_USE);
    return new HttpError(404, name && STORE_REFERENCE.test(name) ? STORE_NOT_FOUND : MISSING_REFERENCE);
  }
  return error; // other checks: the error handler's generic 400
}

/** A `.catch()` handler that rethrows the translated error: `query.catch(failsWith(definition))`. */
export function failsWith(
  definition: Pick<ResourceDefinition, 'messages'> | undefined,
  constraints: Constraints = {},
  operation: 'write' | 'delete' = 'write',
) {
  return (error: unknown): never => {
    throw writeError(error, definition, constraints, operation);
  };
}
