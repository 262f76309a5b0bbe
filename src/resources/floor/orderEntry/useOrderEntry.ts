import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { HttpError, useDataProvider, useNotify } from 'react-admin';
import type { PainelDataProvider } from '../../../dataProvider';
import { useSubmissionKey } from '../../../dataProvider/useSubmissionKey';
import { ORDER_MESSAGES, type Order } from '../../../../contract/resources/tabs/definition';
import type { AddItemsInput, OrderEntryMenu } from '../../../../contract/resources/orderEntry/input';
import { checkLine, type OrderLine, type PricedLine } from '../../../../contract/resources/orderEntry/rules';

/** A line not sent yet: what goes to the server, and its names and price as the menu gave them when added. */
export interface DraftLine {
  key: number;
  line: OrderLine;
  priced: PricedLine;
}

/** A draft line against the menu as it is now: priced again, or with the reason it would be refused. */
export interface ReviewedLine extends DraftLine {
  refusal: string | null;
}

const GENERIC_FAILURE = 'Ocorreu um erro na atualização';

/**
 * The order entry of one guest's ticket: the menu (read once as it opens, again after a refusal:
 * something may have run out), the lines not sent yet, and the send — once per set of lines, with
 * its `Idempotency-Key` (the same lines sent again after a failure keep the key, so a send whose
 * answer was lost is not placed twice). `onSent` gets the tab as the server answers it.
 */
export function useOrderEntry({
  order,
  ticketId,
  onSent,
}: {
  order: Pick<Order, 'id' | 'store_id'>;
  ticketId: number;
  onSent: (order: Order) => void;
}) {
  const dataProvider = useDataProvider<PainelDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const submission = useSubmissionKey();
  const menu = useQuery<OrderEntryMenu>({
    queryKey: ['order-entry-menu', order.store_id],
    queryFn: async () =>
      (
        await dataProvider.action('commands', {
          id: order.id,
          action: 'menu',
          // Staff read their own store's; an administrator names the table's.
          meta: { query: { store_id: order.store_id } },
        })
      ).data as unknown as OrderEntryMenu,
    // Read once per opening: kept while the order entry is open, forgotten once it closes.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  // The lines live only while the order entry is open, in this state; keeping them through a
  // reload (a draft on the server) is the next step of the waiter's order entry.
  const [lines, setLines] = useState<DraftLine[]>([]);
  const nextKey = useRef(1);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const products = menu.data?.products ?? [];
  const reviewed: ReviewedLine[] = lines.map((draft) => {
    if (!menu.data) return { ...draft, refusal: null };
    const checked = checkLine(draft.line, { products });
    return checked.ok
      ? { ...draft, priced: checked.line, refusal: null }
      : { ...draft, refusal: checked.message };
  });
  const count = reviewed.reduce((sum, draft) => sum + draft.line.quantity, 0);
  const total = reviewed.reduce((sum, draft) => sum + draft.priced.unit * draft.line.quantity, 0);

  const change = (key: number, update: (draft: DraftLine) => DraftLine | null) =>
    setLines((before) =>
      before.flatMap((draft) => {
        if (draft.key !== key) return [draft];
        const next = update(draft);
        return next ? [next] : [];
      }),
    );

  async function send() {
    const payload: AddItemsInput = { ticket_id: ticketId, items: lines.map((draft) => draft.line) };
    submission.track(payload);
    setSending(true);
    setRefusal(null);
    try {
      const { data } = await dataProvider.action('commands', {
        id: order.id,
        action: 'addItems',
        data: payload,
        meta: submission.meta,
      });
      notify(ORDER_MESSAGES.itemsSent, { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['polled'] });
      onSent(data as unknown as Order);
    } catch (error) {
      // The server's words (a refusal, or the client's own for a lost connection); never the browser's.
      setRefusal(error instanceof HttpError && error.message ? error.message : GENERIC_FAILURE);
      void menu.refetch();
    } finally {
      setSending(false);
    }
  }

  return {
    menu,
    lines: reviewed,
    count,
    total,
    sending,
    refusal,
    add: (line: OrderLine, priced: PricedLine) =>
      setLines((before) => [...before, { key: nextKey.current++, line, priced }]),
    setQuantity: (key: number, quantity: number) =>
      change(key, (draft) => ({ ...draft, line: { ...draft.line, quantity } })),
    remove: (key: number) => change(key, () => null),
    send,
  };
}
