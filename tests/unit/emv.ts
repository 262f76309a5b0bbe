/**
 * Reads an EMV payload (a Pix BR Code) back into its fields, id → value, one level: a nested
 * template (26, 62) is read by calling it again on its value. For the tests of what is written.
 */
export function emvFields(payload: string): Map<string, string> {
  const out = new Map<string, string>();
  for (let at = 0; at < payload.length;) {
    const length = Number(payload.slice(at + 2, at + 4));
    out.set(payload.slice(at, at + 2), payload.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return out;
}
