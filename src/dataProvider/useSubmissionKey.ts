import { useMemo, useRef } from 'react';

/**
 * An `Idempotency-Key` per submission of a form. The same values sent again — a retry after the
 * network dropped the answer, a second tap on Salvar while the first is on its way — keep the key,
 * so the server does the write once; other values are another submission, with a key of its own.
 * The key is made from `crypto.getRandomValues`, which a tablet reaching the server over plain
 * http on the restaurant's network has too (`crypto.randomUUID` needs a secure origin).
 */
export function useSubmissionKey() {
  const last = useRef<{ payload: string; key: string } | null>(null);
  return useMemo(
    () => ({
      /** Notes the payload about to be sent (a form's `transform`) and returns it unchanged. */
      track<T>(payload: T): T {
        const text = JSON.stringify(payload);
        if (last.current?.payload !== text) last.current = { payload: text, key: newKey() };
        return payload;
      },
      /**
       * The mutation's `meta`. react-admin fixes `meta` when the form renders and runs `transform`
       * at submission, just before the call: the key is read when the call is made.
       */
      meta: {
        get idempotencyKey(): string | undefined {
          return last.current?.key;
        },
      },
    }),
    [],
  );
}

function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
