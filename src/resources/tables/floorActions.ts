import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import type { PainelDataProvider } from '../../dataProvider';
import { ORDER_MESSAGES, type PaymentMethod } from '../commands/definition';
import { TABLE_DELETED, type Table } from './definition';

/** The floor's messages (restaurant spec 8, Salon). */
export const FLOOR_MESSAGES = {
  released: 'Mesa liberada.',
  allReleased: 'Mesas liberadas com sucesso',
  allFailed: 'Ocorreu um erro ao tentar liberar as mesas',
  deleted: TABLE_DELETED,
  ...ORDER_MESSAGES,
} as const;

/** The spec's confirmations, whole: 'liberar a mesa {n}?' and 'excluir a mesa {n}?' follow the first's words. */
export const CONFIRM = {
  releaseAll: 'Tem certeza que deseja liberar todas as mesas?',
  release: (number: number) => `Tem certeza que deseja liberar a mesa ${number}?`,
  remove: (number: number) => `Tem certeza que deseja excluir a mesa ${number}?`,
} as const;

const errorMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Ocorreu um erro na atualização';

/**
 * What the floor's staff do, each with the spec's message, then the floor read again at once
 * (not at the next poll): release a table (settling its tab first, spec 4), release all, dismiss
 * the waiter, 'Dar baixa', move or join a tab, remove a table. `busy` is true while one runs, so
 * a second tap does not send it twice.
 */
export function useFloorActions() {
  const dataProvider = useDataProvider<PainelDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['polled'] });

  /** Runs `work`, shows `success` or the server's message, and reads the floor again. */
  async function run(work: () => Promise<unknown>, success: string, failure?: string): Promise<boolean> {
    setBusy(true);
    try {
      await work();
      notify(success, { type: 'success' });
      return true;
    } catch (error) {
      notify(failure ?? errorMessage(error), { type: 'error' });
      return false;
    } finally {
      setBusy(false);
      await refresh();
    }
  }

  /** Spec 4: an open tab is settled first ({ settle: true }), then the table set AVAILABLE. */
  async function releaseOne(table: Table, method: PaymentMethod) {
    if (table.order && table.order.status === 'OPENED') {
      await dataProvider.update('commands', {
        id: table.order.id,
        data: { settle: true, method },
        previousData: { id: table.order.id },
      });
    }
    await dataProvider.action('tables', { id: table.id, action: `status/AVAILABLE` });
  }

  return {
    busy,
    refresh,
    release: (table: Table, method: PaymentMethod) =>
      run(() => releaseOne(table, method), FLOOR_MESSAGES.released),
    /** Every table that is not free, one after the other (spec 4). */
    releaseAll: (floor: readonly Table[], method: PaymentMethod) =>
      run(
        async () => {
          for (const table of floor) if (table.status !== 'AVAILABLE') await releaseOne(table, method);
        },
        FLOOR_MESSAGES.allReleased,
        FLOOR_MESSAGES.allFailed,
      ),
    dismissWaiter: (orderId: number) =>
      run(
        () => dataProvider.action('commands', { id: orderId, action: 'dismissWaiter' }),
        FLOOR_MESSAGES.waiterDismissed,
      ),
    /** 'Dar baixa': the ticket's balance received at the table. */
    pay: (orderId: number, customerId: number, amount: number, method: PaymentMethod) =>
      run(
        () =>
          dataProvider.action('commands', {
            id: orderId,
            action: 'physicalPayment',
            data: { order_id: orderId, customer_id: customerId, amount, method },
          }),
        FLOOR_MESSAGES.paid,
      ),
    move: (orderId: number, tableId: number) =>
      run(
        () => dataProvider.action('commands', { id: orderId, action: 'move', data: { table_id: tableId } }),
        FLOOR_MESSAGES.moved,
      ),
    merge: (orderId: number, tableId: number) =>
      run(
        () => dataProvider.action('commands', { id: orderId, action: 'merge', data: { table_id: tableId } }),
        FLOOR_MESSAGES.merged,
      ),
    remove: (table: Table) =>
      run(() => dataProvider.delete('tables', { id: table.id, previousData: table }), FLOOR_MESSAGES.deleted),
  };
}
