import { useDataProvider } from 'react-admin';
import type { PainelDataProvider } from '../../dataProvider';
import { useLiveAction } from '../../dataProvider/useLiveAction';
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
 * What the floor's staff do, each with the spec's message: release a table (settling its tab
 * first, spec 4), release all, dismiss the waiter, 'Dar baixa', move or join a tab, remove a
 * table. `busy` is true while one runs.
 */
export function useFloorActions() {
  const dataProvider = useDataProvider<PainelDataProvider>();
  const { busy, run: runLive } = useLiveAction<'floor'>();

  /** Runs `work`: `failure` (or else the server's message) when it fails. */
  const run = (work: () => Promise<unknown>, success: string, failure?: string) =>
    runLive('floor', work, success, (error) => failure ?? errorMessage(error));

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
    busy: busy !== null,
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
