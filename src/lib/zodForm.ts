/**
 * The one adapter between zod and react-admin's forms: a form-level `validate` from a schema, so
 * that each input shows the message users are meant to read (the API's own, as the server uses the
 * same schema), nested sources included ('info.cnpj', 'links.0.title').
 */
import { z } from 'zod';

/**
 * Validates the form's values with the whole schema, refinements included (a password's
 * confirmation, a maximum under its minimum). Values the schema does not name (the record's id,
 * created_at…) are left out first, so that a strict schema does not refuse the form for them.
 * `transform` turns the form's values into what is sent, when they differ.
 */
export function zodValidate(
  schema: z.ZodType,
  transform: (values: Record<string, unknown>) => Record<string, unknown> = (values) => values,
) {
  const keys = schema instanceof z.ZodObject ? new Set(Object.keys(schema.shape)) : null;
  return (values: Record<string, unknown>) => {
    const sent = transform(values);
    const known = keys ? Object.fromEntries(Object.entries(sent).filter(([key]) => keys.has(key))) : sent;
    const result = schema.safeParse(known);
    const errors: Record<string, unknown> = {};
    if (!result.success) {
      for (const issue of result.error.issues) placeError(errors, issue.path, issue.message);
    }
    return errors;
  };
}

/** Puts a message at its path in react-admin's nested error object; the first message wins. */
function placeError(errors: Record<string, unknown>, path: PropertyKey[], message: string) {
  const keys = [...path];
  // A message about a list of plain values (images) goes to the list's input.
  while (typeof keys.at(-1) === 'number') keys.pop();
  if (keys.length === 0) return; // about the whole form: the server says it on save
  let node: Record<PropertyKey, unknown> = errors;
  for (const [i, key] of keys.entries()) {
    if (i === keys.length - 1) {
      node[key] ??= message;
      return;
    }
    if (node[key] === undefined) node[key] = typeof keys[i + 1] === 'number' ? [] : {};
    const next = node[key];
    if (typeof next !== 'object' || next === null) return; // the parent already has a message
    // Rows before the one in error stay without errors ({}), not holes.
    if (Array.isArray(next)) for (let row = 0; row < Number(keys[i + 1]); row++) next[row] ??= {};
    node = next as Record<PropertyKey, unknown>;
  }
}

/**
 * The message a schema gives a field left empty, when it requires the field: what a required
 * input's own check (and its asterisk) should say. `source` may be nested ('address.city'); a
 * field inside an optional object is not required.
 */
export function requiredMessage(schema: z.ZodObject, source: string): string | undefined {
  let node: z.ZodType | undefined = schema;
  for (const key of source.split('.')) {
    if (!(node instanceof z.ZodObject)) return undefined;
    node = node.shape[key] as z.ZodType | undefined;
    if (!node) return undefined;
    const result = node.safeParse(undefined);
    if (result.success) return undefined;
    if (!(node instanceof z.ZodObject)) return result.error.issues[0]?.message ?? 'Campo obrigatório';
  }
  return undefined;
}
