/** The least height and width of a control on a tablet: a fingertip's. */
export const TOUCH = 44;

/**
 * The text of a field's error: react-admin keeps a form-level message as `{ message }` (or
 * `{ message, args }`), an input's own check as the text.
 */
export function errorText(error: { message?: unknown } | undefined): string | undefined {
  const message = error?.message;
  if (typeof message === 'string') return message || undefined;
  const inner = (message as { message?: unknown } | undefined)?.message;
  return typeof inner === 'string' ? inner : undefined;
}
