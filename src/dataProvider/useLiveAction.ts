import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';

/**
 * Runs the changes of a live screen (the floor, the kitchen board): one at a time (`busy` holds
 * the key of the one under way, so a second tap does not send it twice), the success or failure
 * message (no success message when the screen says it another way: `null`), then every polled read
 * again at once rather than at the next poll. Answers whether it succeeded.
 */
export function useLiveAction<Key>() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<Key | null>(null);

  async function run(
    key: Key,
    work: () => Promise<unknown>,
    success: string | null,
    failure: (error: unknown) => string,
  ): Promise<boolean> {
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

  return { busy, run };
}
