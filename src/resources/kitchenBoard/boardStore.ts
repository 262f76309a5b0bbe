import { useCallback, useMemo } from 'react';
import { useGetList, useGetOne, usePermissions } from 'react-admin';
import { ADMIN } from '../../authProvider';
import {
  DEFAULT_KITCHEN_TIMERS,
  kitchenTimersInput,
  restaurants,
  type KitchenGrouping,
  type KitchenTimers,
  type Store,
  type StoreRow,
} from '../../../contract/resources/restaurants/definition';
import { BOARD_SETTINGS, useDeviceSetting } from './boardHooks';

/**
 * Whose board this is, the thresholds its timers age by and how it gathers items into cards
 * (`info.kitchen_grouping`: per guest by default). Staff see their own store's board:
 * the restaurants list gives them that one store and no other. An administrator chooses the store,
 * remembered on this device; `id` is null until one is chosen (or, for staff, until it is read).
 * The timers are the store's (`info.kitchen_timers`), or the defaults while it loads or when it
 * cannot be read: a board never waits on its settings.
 */
export function useBoardStore() {
  const { permissions, isPending: roleLoading } = usePermissions<string>();
  const admin = permissions === ADMIN;
  const [chosen, remember] = useDeviceSetting(BOARD_SETTINGS.store, '');
  const { data: own } = useGetList<StoreRow>(
    restaurants.name,
    { pagination: { page: 1, perPage: 1 } },
    { enabled: !roleLoading && !admin },
  );
  const chosenId = Number(chosen);
  const id = admin
    ? Number.isSafeInteger(chosenId) && chosenId > 0
      ? chosenId
      : null
    : (own?.[0]?.id ?? null);
  const { data: store } = useGetOne<Store>(restaurants.name, { id: id ?? 0 }, { enabled: id !== null });
  const current = id !== null && store?.id === id ? store : undefined;
  const timers = useMemo<KitchenTimers>(() => {
    const stored = kitchenTimersInput.safeParse(current?.info?.kitchen_timers);
    return stored.success ? stored.data : DEFAULT_KITCHEN_TIMERS;
  }, [current]);
  const grouping: KitchenGrouping = current?.info?.kitchen_grouping === 'table' ? 'table' : 'ticket';
  const choose = useCallback(
    (next: number | null) => remember(next === null ? '' : String(next)),
    [remember],
  );
  return { roleLoading, admin, id, store: current, timers, grouping, choose };
}
