import { useEffect, useRef } from 'react';
import { useDataProvider } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order } from '../../../contract/resources/tabs/definition';
import type { SharesOnWire } from '../../../contract/resources/tabs/shares';
import type { PainelDataProvider } from '../../dataProvider';

/** The cache key of a tab's split bill: the split dialog's writes answer it, the pre-bill reads it. */
export const sharesKey = (orderId: number) => ['shares', orderId] as const;

/**
 * A tab's split bill (its shares, what it owes, what no share holds), read while `enabled`. The
 * floor hears every payment (a share's Pix the provider's webhook booked, another tablet): when what
 * the tab has paid changes, the shares are stale, and read again if shown.
 */
export function useShares(order: Pick<Order, 'id' | 'total_paid'>, enabled: boolean) {
  const dataProvider = useDataProvider<PainelDataProvider>();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: sharesKey(order.id),
    queryFn: async () =>
      (await dataProvider.action('commands', { id: order.id, action: 'shares' }))
        .data as unknown as SharesOnWire,
    enabled,
  });
  const paid = useRef(order.total_paid);
  useEffect(() => {
    if (paid.current === order.total_paid) return;
    paid.current = order.total_paid;
    void queryClient.invalidateQueries({ queryKey: sharesKey(order.id) });
  }, [order.id, order.total_paid, queryClient]);
  return query;
}
