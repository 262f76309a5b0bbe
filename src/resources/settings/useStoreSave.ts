import { useCallback } from 'react';
import { useNotify, useUpdate } from 'react-admin';
import { restaurants, type Store } from '../../../contract/resources/restaurants/definition';
import type { SettingsUpdate } from '../../../contract/resources/settings/schema';
import { failureText } from '../../dataProvider/httpClient';

/**
 * Saves the store (PATCH /api/stores/id/{id}) with a screen's messages. Held by the page, not by
 * its form: the form starts anew from the saved store (keyed by its updated_at) as soon as the
 * answer is in the cache, and a hook that went with it would never tell the outcome.
 */
export function useStoreSave(messages: { saved: string; failed: string }) {
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  const { saved, failed } = messages;
  const save = useCallback(
    (store: Store, data: SettingsUpdate) =>
      update(
        restaurants.name,
        { id: store.id, data, previousData: store },
        {
          mutationMode: 'pessimistic',
          onSuccess: () => notify(saved, { type: 'success' }),
          onError: (error) => notify(failureText(error, failed), { type: 'error', multiLine: true }),
        },
      ),
    [update, notify, saved, failed],
  );
  return { save, saving: isPending };
}
