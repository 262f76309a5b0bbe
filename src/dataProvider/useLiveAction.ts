import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { isOffline } from '../offline/connection';
import type { OutboxRequest } from '../offline/entry';
import { outbox, useOutboxTransport } from '../offline/instance';
import type { Outcome } from '../offline/outbox';
import { OFFLINE_WORDS } from '../offline/words';

/**
 * Runs the changes of a live screen (the floor, the kitchen board): one at a time (`busy` holds
 * the key of the one under way, so a second tap does not send it twice), the success or failure
 * message (no success message when the screen says it another way: `null`), then every polled read
 * again at once rather than at the next poll. Answers whether it succeeded.
 *
 * Without a connection `run` sends nothing and says so (`OFFLINE_WORDS.needsConnection`); the
 * writes the service may make offline go through `queue` instead: the outbox keeps them, sends
 * them in order with their `Idempotency-Key`, and the screens show them done meanwhile.
 */
export function useLiveAction<Key>() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<Key | null>(null);
  useOutboxTransport();

  async function run(
    key: Key,
    work: () => Promise<unknown>,
    success: string | null,
    failure: (error: unknown) => string,
  ): Promise<boolean> {
    if (isOffline()) {
      notify(OFFLINE_WORDS.needsConnection, { type: 'warning' });
      return false;
    }
    setBusy(key);
    try {
      await work();
      if (success !== null) notify(success, { type: 'success' });
      return true;
    } catch (error) {
      notify(failure(error), { type: 'error' });
      return false;
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: ['polled'] });
    }
  }

  /**
   * A write the outbox keeps through a drop. Sent: the success message; refused: the server's
   * words (`failure` may put them in the screen's); queued: nothing more to say, the banner counts
   * it and the screen shows it done. Answers what became of it, `ok` unless refused.
   */
  async function queue(
    key: Key,
    request: OutboxRequest,
    success: string | null,
    failure: (message: string) => string = (message) => message,
  ): Promise<Outcome & { ok: boolean }> {
    setBusy(key);
    try {
      const outcome = await outbox.submit(request);
      if (outcome.kind === 'sent' && success !== null) notify(success, { type: 'success' });
      if (outcome.kind === 'refused') notify(failure(outcome.message), { type: 'error' });
      return { ...outcome, ok: outcome.kind !== 'refused' };
    } finally {
      setBusy(null);
      // Not awaited: offline, the reads wait for the connection, and the screen must not.
      void queryClient.invalidateQueries({ queryKey: ['polled'] });
    }
  }

  return { busy, run, queue };
}
