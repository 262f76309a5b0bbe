import { useCallback, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { actionPath, type PainelDataProvider } from '../../dataProvider';
import { useLiveAction } from '../../dataProvider/useLiveAction';
import {
  ORDER_MESSAGES,
  tabs,
  type Order,
  type OrderItem,
  type OrderTicket,
  type PaymentMethod,
} from '../../../contract/resources/tabs/definition';
import { formatCents } from '../../../contract/lib/format';
import type { GuestInput } from '../../../contract/resources/orderEntry/input';
import { BOARD_MESSAGES } from '../../../contract/resources/kitchenBoard/definition';
import { TABLE_DELETED, type Table } from '../../../contract/resources/floor/definition';
import { SERVICE_MESSAGES } from '../../../contract/resources/tabs/service';

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

/** What a tab still owes, as the floor's summary of it says. */
export const owedOf = (table: Table) =>
  table.order ? Math.max(0, table.order.total - table.order.total_paid) : 0;

/** What the kitchen still has to make for a tab: ordered (Aguardando) or being prepared. */
export const inTheKitchen = (item: Pick<OrderItem, 'status'>) =>
  item.status === 'PLACED' || item.status === 'PREPARING';

/** How 'Dar baixa' reads in the outbox: 'Dar baixa na mesa 4: R$ 30,00 de Ana'. */
export const payLabel = (tableNumber: number, customer: string, amount: number) =>
  `Dar baixa na mesa ${tableNumber}: ${formatCents(amount)} de ${customer}`;

/** How a balance was received, and why it is settled at once (both asked; no default). */
export interface BalanceDecision {
  method: PaymentMethod;
  reason: string;
}

/**
 * A move or a join just made, that 'Desfazer' undoes for UNDO_SECONDS: its words, the table to
 * show once undone, and the undo itself.
 */
export interface UndoOffer {
  /** A new offer each time (a second move replaces the first's notice). */
  key: number;
  message: string;
  /** The table the tab is back at once undone. */
  backTo: number;
  undo: () => Promise<boolean>;
}

/**
 * What the floor's staff do, each with the spec's message: release a table (settling its tab
 * first, spec 4: a balance only with the method and reason decided), release all that owe nothing
 * and have nothing in the kitchen, dismiss the waiter, approve or refuse a guest's order from the
 * table's QR code, 'Dar baixa' and take a payment back, move
 * or join a tab (each then undoable for a few seconds: `offer`), mark an item ready or cancel it
 * (the board's calls and messages, for a tab the kitchen holds), remove a table. `busy` is true
 * while one runs.
 */
export function useFloorActions() {
  const dataProvider = useDataProvider<PainelDataProvider>();
  const { busy, run: runLive, queue } = useLiveAction<'floor'>();
  const [offer, setOffer] = useState<UndoOffer | null>(null);
  // Stable: the notice's timer runs from the offer, not from each render.
  const dismissOffer = useCallback(() => setOffer(null), []);

  /** Runs `work`: `success` (none when null), or `failure` (else the server's message) when it fails. */
  const run = (work: () => Promise<unknown>, success: string | null, failure?: string) =>
    runLive('floor', work, success, (error) => failure ?? errorMessage(error));

  /** Spec 4: an open tab is settled first ({ settle: true }), then the table set AVAILABLE. */
  async function releaseOne(table: Table, decision: BalanceDecision | null) {
    if (table.order && table.order.status === 'OPENED') {
      await dataProvider.update('commands', {
        id: table.order.id,
        data: { settle: true, ...(decision ?? {}) },
        previousData: { id: table.order.id },
      });
    }
    await dataProvider.action('tables', { id: table.id, action: `status/AVAILABLE` });
  }

  /** Moves or joins, then offers its undo (the answer's token) until the notice goes. */
  async function undoable(
    action: 'move' | 'merge',
    orderId: number,
    from: Table,
    to: Table,
  ): Promise<boolean> {
    let token = '';
    let tab = orderId;
    const ok = await run(async () => {
      const { data } = await dataProvider.action('commands', {
        id: orderId,
        action,
        data: { table_id: to.id },
      });
      token = (data as { undo?: { token?: string } }).undo?.token ?? '';
      tab = Number(data.id);
    }, null);
    if (ok) {
      setOffer({
        key: Date.now(),
        message: action === 'move' ? FLOOR_MESSAGES.moved : FLOOR_MESSAGES.merged,
        backTo: from.id,
        undo: () =>
          run(
            () =>
              dataProvider.action('commands', {
                id: tab,
                action: action === 'move' ? 'undoMove' : 'undoMerge',
                data: { token },
              }),
            action === 'move' ? FLOOR_MESSAGES.moveUndone : FLOOR_MESSAGES.mergeUndone,
          ),
      });
    }
    return ok;
  }

  return {
    busy: busy !== null,
    release: (table: Table, decision: BalanceDecision | null) =>
      run(() => releaseOne(table, decision), FLOOR_MESSAGES.released),
    /**
     * Every table that is not free, owes nothing and has nothing in the kitchen, one after the
     * other (spec 4); the others are left to be settled or finished on their own. One refused (its
     * tab ordered meanwhile) does not stop the others.
     */
    releaseAll: (tables: readonly Table[]) =>
      run(
        async () => {
          let failed = false;
          for (const table of tables) {
            if (table.status === 'AVAILABLE' && table.order === null) continue;
            if (owedOf(table) > 0 || (table.order?.in_kitchen ?? 0) > 0) continue;
            await releaseOne(table, null).catch(() => (failed = true));
          }
          if (failed) throw new Error(FLOOR_MESSAGES.allFailed);
        },
        FLOOR_MESSAGES.allReleased,
        FLOOR_MESSAGES.allFailed,
      ),
    dismissWaiter: (orderId: number) =>
      run(
        () => dataProvider.action('commands', { id: orderId, action: 'dismissWaiter' }),
        FLOOR_MESSAGES.waiterDismissed,
      ),
    /**
     * A free table opened by the staff for a guest without the app (or for the table itself):
     * answers the new tab, or null when it was refused (the message is shown).
     */
    openTable: async (table: Table, guest: GuestInput): Promise<Order | null> => {
      let opened: Order | null = null;
      const ok = await run(async () => {
        const { data } = await dataProvider.action('tables', { id: table.id, action: 'open', data: guest });
        opened = data as unknown as Order;
      }, FLOOR_MESSAGES.tableOpened);
      return ok ? opened : null;
    },
    /** Another guest without the app (or the table's own ticket) joins an open tab: the tab, or null. */
    addGuest: async (orderId: number, guest: GuestInput): Promise<Order | null> => {
      let changed: Order | null = null;
      const ok = await run(async () => {
        const { data } = await dataProvider.action('commands', {
          id: orderId,
          action: 'addGuest',
          data: guest,
        });
        changed = data as unknown as Order;
      }, FLOOR_MESSAGES.guestAdded);
      return ok ? changed : null;
    },
    /** A guest's order from the table's QR code, approved: its items go to the kitchen. */
    approveHeld: (orderId: number, itemIds: number[]) =>
      run(
        () =>
          dataProvider.action('commands', {
            id: orderId,
            action: 'approveHeld',
            data: { item_ids: itemIds },
          }),
        FLOOR_MESSAGES.heldApproved,
      ),
    /** A guest's order from the table's QR code, refused with the reason: its items leave the tab. */
    rejectHeld: (orderId: number, itemIds: number[], reason: string) =>
      run(
        () =>
          dataProvider.action('commands', {
            id: orderId,
            action: 'rejectHeld',
            data: { item_ids: itemIds, reason },
          }),
        FLOOR_MESSAGES.heldRejected,
      ),
    /**
     * 'Dar baixa': the ticket's balance received at the table. Through the outbox: without a
     * connection it is kept and sent once the connection is back, the ticket shown paid meanwhile.
     */
    pay: async (ticket: OrderTicket, amount: number, method: PaymentMethod, tableNumber: number) => {
      const sent = await queue(
        'floor',
        {
          method: 'POST',
          path: actionPath(tabs, 'physicalPayment', { id: ticket.order_id }),
          body: { order_id: ticket.order_id, ticket_id: ticket.id, amount, method },
          label: payLabel(tableNumber, ticket.customer.fullname, amount),
          effect: { kind: 'payment', orderId: ticket.order_id, ticketId: ticket.id, amount },
        },
        FLOOR_MESSAGES.paid,
      );
      return sent.ok;
    },
    /** A payment received at the table taken back, with the reason. */
    removePayment: (paymentId: number, reason: string) =>
      run(
        () => dataProvider.action('commands', { id: paymentId, action: 'removePayment', data: { reason } }),
        FLOOR_MESSAGES.paymentRemoved,
      ),
    /** One guest's service charge taken off with the reason, or (reason null) charged again. */
    setService: (ticket: OrderTicket, reason: string | null) =>
      run(
        () =>
          dataProvider.action('commands', {
            id: ticket.order_id,
            action: 'serviceCharge',
            params: { ticket_id: ticket.id },
            data: reason === null ? { charged: true } : { charged: false, reason },
          }),
        reason === null ? SERVICE_MESSAGES.restored : SERVICE_MESSAGES.removed,
      ),
    /** An item of the tab marked ready from the floor (it was served), as the board's 'Pronto'. */
    markReady: (item: OrderItem) =>
      run(
        () => dataProvider.action('orderItems', { id: item.id, action: 'status', data: { status: 'READY' } }),
        BOARD_MESSAGES.updated(item.name),
      ),
    /** An item of the tab cancelled from the floor, with the reason: it leaves the bill. */
    cancelItem: (item: OrderItem, reason: string) =>
      run(
        () =>
          dataProvider.delete('orderItems', {
            id: item.id,
            previousData: { id: item.id },
            meta: { body: { reason } },
          }),
        BOARD_MESSAGES.removed(item.name),
      ),
    move: (orderId: number, from: Table, to: Table) => undoable('move', orderId, from, to),
    merge: (orderId: number, from: Table, to: Table) => undoable('merge', orderId, from, to),
    /** The undo on offer, until its notice goes (`dismissOffer`). */
    offer,
    dismissOffer,
    remove: (table: Table) =>
      run(() => dataProvider.delete('tables', { id: table.id, previousData: table }), FLOOR_MESSAGES.deleted),
  };
}
