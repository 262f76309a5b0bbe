import { HttpError, useDataProvider } from 'react-admin';
import { actionPath, type PainelDataProvider } from '../../dataProvider';
import { useLiveAction } from '../../dataProvider/useLiveAction';
import {
  BOARD_MESSAGES,
  kitchenBoard,
  nextStatus,
  type OrderItem,
} from '../../../contract/resources/kitchenBoard/definition';

/** How an item's bump reads in the outbox: 'Item 2× Picanha pronto'. */
export function bumpLabel(item: Pick<OrderItem, 'name' | 'quantity'>, status: 'PREPARING' | 'READY'): string {
  const count = item.quantity > 1 ? `${item.quantity}× ` : '';
  return `Item ${count}${item.name} ${status === 'READY' ? 'pronto' : 'em preparo'}`;
}

/**
 * The server's own words when it refused the call for a reason the cook can act on (the item's
 * tab was closed, it was cancelled meanwhile); otherwise the spec's message for the item.
 */
function refusal(error: unknown, fallback: string): string {
  const refused = error instanceof HttpError && error.status >= 400 && error.status < 500;
  return refused && error.message ? error.message : fallback;
}

/** A card as an action names it: its key (what is busy) and its name (what the messages say). */
export interface CardRef {
  key: string;
  name: string;
}

/**
 * What the kitchen does, each with the spec's message (8) or the card's: an item's skip-step
 * (PLACED → PREPARING → READY),
 * a whole card's (one call, each item one step from what the board showed) — both through the
 * outbox, so a bump made without a connection is kept and sent once it is back, the board showing
 * it done meanwhile —, back to preparation (an item, or a card from the recently ready ones), and
 * cancel (these need the connection). `busy` is `card:<key>` or
 * `item:<id>` while its call is under way.
 */
export function useBoardActions() {
  const dataProvider = useDataProvider<PainelDataProvider>();
  const { busy, run, queue } = useLiveAction<string>();

  const call = (action: string, data: Record<string, unknown>) =>
    dataProvider.action('orderItems', { id: 0, action, data });

  return {
    busy,
    /**
     * Spec 4's skip-step. A ready item offers none; one another tablet made ready meanwhile is
     * refused by the server with the spec's words ('… pois já está pronto!').
     */
    advance: async (item: OrderItem) => {
      const status = nextStatus(item.status);
      if (status === null) return false;
      const sent = await queue(
        `item:${item.id}`,
        {
          method: 'PATCH',
          path: actionPath(kitchenBoard, 'status', { id: item.id }),
          body: { status },
          label: bumpLabel(item, status),
          effect: { kind: 'itemStatus', items: [{ id: item.id, status }] },
        },
        BOARD_MESSAGES.updated(item.name),
      );
      return sent.ok;
    },
    /** Every item shown on a card one step on, in one call; the ready and cancelled ones are left. */
    advanceCard: async (card: CardRef, items: readonly OrderItem[]) => {
      const moves = items.flatMap((item) => {
        const status = nextStatus(item.status);
        return status === null ? [] : [{ id: item.id, status }];
      });
      const sent = await queue(
        `card:${card.key}`,
        {
          method: 'PATCH',
          path: actionPath(kitchenBoard, 'advance', { id: 0 }),
          body: { items: items.map((item) => ({ id: item.id, from: item.status })) },
          label: `Avançar tudo: ${card.name}`,
          effect: { kind: 'itemStatus', items: moves },
        },
        BOARD_MESSAGES.cardUpdated(card.name),
      );
      return sent.ok;
    },
    /** A READY item back to PREPARING, whatever time has passed. */
    recall: (item: OrderItem) =>
      run(
        `item:${item.id}`,
        () => call('recall', { ids: [item.id] }),
        BOARD_MESSAGES.recalled(item.name),
        (error) => refusal(error, BOARD_MESSAGES.updateFailed(item.name)),
      ),
    /** A ready card's items back to PREPARING, in one call. */
    recallCard: (card: CardRef, items: readonly OrderItem[]) =>
      run(
        `card:${card.key}`,
        () => call('recall', { ids: items.filter((item) => item.status === 'READY').map((item) => item.id) }),
        BOARD_MESSAGES.cardRecalled(card.name),
        (error) => refusal(error, BOARD_MESSAGES.cardUpdateFailed(card.name)),
      ),
    /** Cancelling removes the item from the bill, for the reason given; the board keeps it, marked cancelled. */
    cancel: (item: OrderItem, reason: string) =>
      run(
        `item:${item.id}`,
        () =>
          dataProvider.delete('orderItems', { id: item.id, previousData: item, meta: { body: { reason } } }),
        BOARD_MESSAGES.removed(item.name),
        (error) => refusal(error, BOARD_MESSAGES.removeFailed(item.name)),
      ),
  };
}
