import { HttpError, useDataProvider, useNotify } from 'react-admin';
import type { PainelDataProvider } from '../../dataProvider';
import { useLiveAction } from '../../dataProvider/useLiveAction';
import { BOARD_MESSAGES, nextStatus, type OrderItem } from './definition';

/**
 * The server's own words when it refused the call for a reason the cook can act on (the item was
 * ready too long ago to go back, its tab was closed); otherwise the spec's message for the item.
 */
function refusal(error: unknown, fallback: string): string {
  const refused = error instanceof HttpError && error.status >= 400 && error.status < 500;
  return refused && error.message ? error.message : fallback;
}

/**
 * What the kitchen does to an item, each with the spec's message (8): the skip-step (PLACED →
 * PREPARING → READY; refused on the client for a READY item, as the spec's client does), back to
 * preparation, and cancel. `busyId` is the item whose call is under way.
 */
export function useBoardActions() {
  const dataProvider = useDataProvider<PainelDataProvider>();
  const notify = useNotify();
  const { busy: busyId, run: runLive } = useLiveAction<number>();

  /** Runs a change to `item`: the server's words for a refusal the cook can act on, else `failure`. */
  const run = (item: OrderItem, work: () => Promise<unknown>, success: string, failure: string) =>
    runLive(item.id, work, success, (error) => refusal(error, failure));

  const moveTo = (item: OrderItem, status: 'PREPARING' | 'READY') =>
    dataProvider.action('orderItems', { id: item.id, action: 'status', data: { status } });

  return {
    busyId,
    /** Spec 4's skip-step; a READY item is refused with the spec's words, without a call. */
    advance: async (item: OrderItem) => {
      const status = nextStatus(item.status);
      if (status === null) {
        if (item.status === 'READY') notify(BOARD_MESSAGES.alreadyReady(item.name), { type: 'warning' });
        return false;
      }
      return run(
        item,
        () => moveTo(item, status),
        BOARD_MESSAGES.updated(item.name),
        BOARD_MESSAGES.updateFailed(item.name),
      );
    },
    /** An item marked READY by mistake goes back to PREPARING (the server allows a few minutes). */
    recall: (item: OrderItem) =>
      run(
        item,
        () => moveTo(item, 'PREPARING'),
        BOARD_MESSAGES.recalled(item.name),
        BOARD_MESSAGES.updateFailed(item.name),
      ),
    /** Cancelling removes the item from the bill, for the reason given; the board keeps it, marked cancelled. */
    cancel: (item: OrderItem, reason: string) =>
      run(
        item,
        () =>
          dataProvider.delete('orderItems', { id: item.id, previousData: item, meta: { body: { reason } } }),
        BOARD_MESSAGES.removed(item.name),
        BOARD_MESSAGES.removeFailed(item.name),
      ),
  };
}
