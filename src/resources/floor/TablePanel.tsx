import { useEffect, useMemo, useRef, useState } from 'react';
import { useCanAccess, useNotify } from 'react-admin';
import { RecordHistory } from '../audit/RecordHistory';
import { Alert, Box, Button, Chip, CircularProgress, IconButton, Stack, Typography } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import CloseIcon from '@mui/icons-material/Close';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import DeleteIcon from '@mui/icons-material/Delete';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PaymentsIcon from '@mui/icons-material/Payments';
import RoomServiceIcon from '@mui/icons-material/RoomService';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { usePolled } from '../../dataProvider/usePolled';
import { useOutbox } from '../../offline/instance';
import { isWaitingItem, notYetRead, overlayOrder } from '../../offline/overlay';
import { OFFLINE_WORDS } from '../../offline/words';
import { elapsed } from '../../components/clock';
import { ReasonDialog } from '../../components/ReasonDialog';
import { formatCents, formatTime } from '../../../contract/lib/format';
import { recordPath } from '../../../contract/define';
import {
  tabs,
  methodName,
  WHOLE_TAB,
  type Order,
  type OrderTicket,
} from '../../../contract/resources/tabs/definition';
import { OrderTickets, OrderTotals } from '../tabs/OrderTickets';
import type { Table } from '../../../contract/resources/floor/definition';
import { FloorConfirm, MoveDialog, PayDialog, ReleaseDialog } from './FloorDialogs';
import { GuestDialog } from './GuestDialog';
import { CONFIRM, inTheKitchen, type useFloorActions } from './floorActions';
import { KitchenHold, type HeldItem } from './KitchenHold';
import { QrDownloadButton } from './QrDownloadButton';
import { TicketService } from './TicketService';
import { PreBillButton } from './print/PreBillPrint';
import { SplitBillButton } from './SplitBill';
import { ReceiptButton } from './print/ReceiptPrint';
import { HeldOrder } from './HeldOrder';
import { TOUCH } from './FloorFrame';
import { OrderEntryDialog } from './orderEntry/OrderEntryDialog';

/** The open tab follows the live stream's 'tab' notices, or is polled as often as the tables (spec 9). */
export const ORDER_POLL_MS = 1000;

const owedBy = (ticket: OrderTicket) => Math.max(0, ticket.total - ticket.total_paid);

type Payment = NonNullable<OrderTicket['payments']>[number];

type Dialog =
  | { kind: 'release' }
  | { kind: 'remove' }
  | { kind: 'move' }
  | { kind: 'pay'; ticket: OrderTicket }
  | { kind: 'addItems'; ticket: OrderTicket }
  | { kind: 'unpay'; ticket: OrderTicket; payment: Payment }
  | { kind: 'removeService'; ticket: OrderTicket }
  | { kind: 'cancelItem'; held: HeldItem }
  | { kind: 'rejectHeld'; ticket: OrderTicket }
  | { kind: 'openTable' }
  | { kind: 'addGuest' }
  | null;

/** '30,00 em Dinheiro': a payment as the panel names it. */
const paymentText = (payment: Payment) => `${formatCents(payment.amount)} em ${methodName(payment.method)}`;

/**
 * A ticket's payments, each with how and when and its receipt ('Comprovante'); one received at the
 * table ('Dar baixa') can be taken back while the tab is open (the app's are the customer's).
 */
function TicketPayments({
  order,
  ticket,
  busy,
  onRemove,
}: {
  order: Order;
  ticket: OrderTicket;
  busy: boolean;
  onRemove: (payment: Payment) => void;
}) {
  const payments = ticket.payments ?? [];
  if (payments.length === 0) return null;
  return (
    <Box sx={{ mt: 1.5 }}>
      <Typography variant="body2" sx={{ fontWeight: 700 }} id={`pagamentos-${ticket.id}`}>
        Pagamentos
      </Typography>
      <Stack
        component="ul"
        aria-labelledby={`pagamentos-${ticket.id}`}
        sx={{ listStyle: 'none', m: 0, p: 0, gap: 0.5 }}
      >
        {payments.map((payment) => (
          <Stack
            key={payment.id}
            component="li"
            direction="row"
            sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
          >
            <Typography variant="body2">
              {paymentText(payment)}
              <Typography component="span" variant="body2" color="text.secondary">
                {` · ${payment.kind === 'DIGITAL' ? 'pelo app' : 'na mesa'} · ${formatTime(payment.created_at)}`}
              </Typography>
            </Typography>
            <Stack direction="row" sx={{ alignItems: 'center', flexShrink: 0 }}>
              <ReceiptButton order={order} ticket={ticket} payment={payment} />
              {payment.kind === 'PHYSICAL' ? (
                <Button
                  color="error"
                  disabled={busy}
                  onClick={() => onRemove(payment)}
                  aria-label={`Remover o pagamento de ${paymentText(payment)}`}
                  sx={{ minHeight: 44 }}
                >
                  Remover
                </Button>
              ) : null}
            </Stack>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}

/**
 * What of a tab its history follows: a change to any of it (an item sent, moved on or cancelled, a
 * payment, a held order decided, a call, a move) reads the history again. A poll that answered 304
 * keeps the same tab, and so the same history.
 */
function historyVersion(order: Order): string {
  return JSON.stringify([
    order.status,
    order.table_id,
    order.total_paid,
    order.waiter_requested,
    order.tickets.map((ticket) => [
      ticket.id,
      ticket.total_paid,
      ticket.items.map((item) => `${item.id}:${item.status}`),
      ticket.held.length,
    ]),
  ]);
}

/**
 * The selected table's side panel: its open tab, one card per customer with 'Dar baixa' and
 * 'Adicionar itens' (the waiter's order entry) and, above its items, a guest's order from the
 * table's QR code awaiting approval ('Aprovar', 'Recusar' with the reason), and what can be done to the table — release it
 * (settling the tab), release the waiter, move or join the tab, download its QR code, remove it.
 * When a release is refused, what the kitchen still works on is listed to be marked ready or
 * cancelled there (`KitchenHold`); `kitchen` lists it from the start.
 */
export function TablePanel({
  table,
  floor,
  now,
  actions,
  kitchen = false,
  onClose,
  onSelect,
}: {
  table: Table;
  floor: readonly Table[];
  now: number;
  actions: ReturnType<typeof useFloorActions>;
  kitchen?: boolean;
  onClose: () => void;
  onSelect: (tableId: number) => void;
}) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const { canAccess: canCancel = false } = useCanAccess({ resource: 'orderItems', action: 'delete' });
  const { canAccess: canChangeService = false } = useCanAccess({
    resource: 'commands',
    action: 'serviceCharge',
  });
  const [held, setHeld] = useState(kitchen);
  /** The tab just opened here, until the floor's next reading brings it as the table's. */
  const [opened, setOpened] = useState<Order | null>(null);
  const orderId = table.order?.id ?? null;
  const {
    data: polled,
    isPending,
    error,
    readStartedAt,
  } = usePolled<Order>(
    orderId === null ? null : recordPath(tabs.endpoint, orderId),
    WHOLE_TAB,
    ORDER_POLL_MS,
    { topic: 'tab' },
  );
  // The tab as it will be once what waits in the outbox is sent ('Dar baixa', items ordered).
  const { entries } = useOutbox();
  const order = useMemo(
    () => polled && overlayOrder(polled, notYetRead(entries, readStartedAt)),
    [polled, entries, readStartedAt],
  );
  const close = () => setDialog(null);
  const notify = useNotify();
  // A guest who paid while 'Dar baixa' was open (a Pix the provider's webhook booked, another
  // tablet): the bill reads paid, so the question is gone.
  const paying = dialog?.kind === 'pay' ? dialog.ticket.id : null;
  const payingNow = paying === null ? undefined : order?.tickets.find((ticket) => ticket.id === paying);
  const paidMeanwhile = payingNow !== undefined && payingNow.total - payingNow.total_paid <= 0;
  /** 'Dar baixa' pressed here: that payment is this dialog's own, not one made meanwhile. */
  const confirmingPay = useRef(false);
  useEffect(() => {
    confirmingPay.current = false;
  }, [paying]);
  useEffect(() => {
    if (!paidMeanwhile || !payingNow || confirmingPay.current) return;
    setDialog(null);
    notify(`A comanda de ${payingNow.customer.fullname} foi paga.`, { type: 'success' });
  }, [paidMeanwhile, payingNow, notify]);
  /** Closes the dialog when the action ends, and goes on to `next` when it succeeded. */
  const after = (done: Promise<boolean>, next?: () => void) =>
    void done.then((ok) => {
      close();
      if (ok) next?.();
    });
  const owed = order ? order.tickets.reduce((sum, ticket) => sum + owedBy(ticket), 0) : 0;
  const taken = table.status === 'OCCUPIED' || table.order !== null;

  return (
    <Box component="section" aria-label={`Mesa ${table.number}`} sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flex: 1 }}>
          <Typography component="h2" variant="h5" sx={{ fontWeight: 800 }}>
            Mesa {table.number}
          </Typography>
          <Typography color="text.secondary">
            {table.order
              ? `Ocupada há ${elapsed(table.order.created_at, now)} · ${formatCents(table.order.total)}`
              : taken
                ? 'Ocupada, sem comanda aberta'
                : 'Livre'}
          </Typography>
        </Box>
        <IconButton onClick={onClose} aria-label="Fechar painel da mesa" sx={{ width: 48, height: 48 }}>
          <CloseIcon />
        </IconButton>
      </Stack>

      {order?.waiter_requested ? (
        <Alert
          severity="error"
          icon={<RoomServiceIcon />}
          sx={{ mt: 2, alignItems: 'center' }}
          action={
            <Button
              color="inherit"
              variant="outlined"
              disabled={actions.busy}
              onClick={() => void actions.dismissWaiter(order.id)}
              sx={TOUCH}
            >
              Liberar garçom
            </Button>
          }
        >
          {order.waiter_requester
            ? `${order.waiter_requester.fullname} chamou o garçom`
            : 'A mesa chamou o garçom'}
          {order.waiter_requested_at ? ` há ${elapsed(order.waiter_requested_at, now)}` : ''}
        </Alert>
      ) : null}

      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 2 }}>
        {!table.order ? (
          <Button
            variant="contained"
            startIcon={<PersonAddIcon />}
            disabled={actions.busy}
            onClick={() => setDialog({ kind: 'openTable' })}
            sx={TOUCH}
          >
            Abrir mesa
          </Button>
        ) : order?.status === 'OPENED' ? (
          <Button
            variant="outlined"
            startIcon={<PersonAddIcon />}
            disabled={actions.busy}
            onClick={() => setDialog({ kind: 'addGuest' })}
            sx={TOUCH}
          >
            Novo cliente
          </Button>
        ) : null}
        {taken ? (
          <Button
            variant="contained"
            startIcon={<LogoutIcon />}
            disabled={actions.busy || (orderId !== null && !order)}
            onClick={() => setDialog({ kind: 'release' })}
            sx={TOUCH}
          >
            Liberar mesa
          </Button>
        ) : null}
        {table.order ? (
          <Button
            variant="outlined"
            startIcon={<SwapHorizIcon />}
            disabled={actions.busy}
            onClick={() => setDialog({ kind: 'move' })}
            sx={TOUCH}
          >
            Transferir
          </Button>
        ) : null}
        {order ? <PreBillButton order={order} /> : null}
        {order ? <SplitBillButton order={order} /> : null}
        <QrDownloadButton table={table} />
        {!table.order ? (
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteIcon />}
            disabled={actions.busy}
            onClick={() => setDialog({ kind: 'remove' })}
            sx={TOUCH}
          >
            Excluir mesa
          </Button>
        ) : null}
      </Stack>

      {held && order ? (
        <KitchenHold
          order={order}
          busy={actions.busy}
          onReady={({ item }) => void actions.markReady(item)}
          onCancel={(item) => setDialog({ kind: 'cancelItem', held: item })}
        />
      ) : null}

      {orderId === null ? null : isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Carregando a comanda" />
        </Box>
      ) : error || !order ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          Ocorreu um erro ao tentar carregar as informações dessa página
        </Alert>
      ) : (
        <Box sx={{ mt: 2 }}>
          <OrderTickets
            order={order}
            pending={(ticket) =>
              order.status === 'OPENED' ? (
                <HeldOrder
                  ticket={ticket}
                  busy={actions.busy}
                  onApprove={() =>
                    void actions.approveHeld(
                      order.id,
                      ticket.held.map((item) => item.id),
                    )
                  }
                  onReject={() => setDialog({ kind: 'rejectHeld', ticket })}
                />
              ) : null
            }
            itemAction={(item, ticket) =>
              isWaitingItem(item) ? (
                <Chip size="small" color="warning" label={OFFLINE_WORDS.pendingSync} />
              ) : // A sent item the kitchen has not finished can be voided here, with the reason asked,
              // by whoever may cancel on the board (Pedidos).
              order.status === 'OPENED' && canCancel && inTheKitchen(item) ? (
                <Button
                  size="small"
                  color="warning"
                  startIcon={<BlockIcon />}
                  aria-label={`Cancelar ${item.name}`}
                  disabled={actions.busy}
                  onClick={() =>
                    setDialog({ kind: 'cancelItem', held: { item, customer: ticket.customer.fullname } })
                  }
                  sx={{ minHeight: 44 }}
                >
                  Cancelar
                </Button>
              ) : null
            }
            action={(ticket) => (
              <>
                {/* Side by side while both labels fit on one line each, one above the other when not. */}
                <Stack
                  direction="row"
                  sx={{ flexWrap: 'wrap', gap: 1, '& > .MuiButton-root': { whiteSpace: 'nowrap' } }}
                >
                  <Button
                    variant="contained"
                    color="success"
                    startIcon={<PaymentsIcon />}
                    disabled={actions.busy || owedBy(ticket) === 0}
                    onClick={() => setDialog({ kind: 'pay', ticket })}
                    sx={{ ...TOUCH, flex: '1 1 12rem' }}
                  >
                    {owedBy(ticket) > 0
                      ? `Dar baixa · ${formatCents(owedBy(ticket))}`
                      : ticket.total === 0
                        ? 'Nada a pagar'
                        : 'Comanda paga'}
                  </Button>
                  {order.status === 'OPENED' ? (
                    <Button
                      variant="outlined"
                      startIcon={<AddShoppingCartIcon />}
                      onClick={() => setDialog({ kind: 'addItems', ticket })}
                      sx={{ ...TOUCH, flex: '1 1 12rem' }}
                    >
                      Adicionar itens
                    </Button>
                  ) : null}
                </Stack>
                <TicketService
                  ticket={ticket}
                  editable={order.status === 'OPENED' && canChangeService}
                  busy={actions.busy}
                  onRemove={() => setDialog({ kind: 'removeService', ticket })}
                  onRestore={() => void actions.setService(ticket, null)}
                />
                <TicketPayments
                  order={order}
                  ticket={ticket}
                  busy={actions.busy}
                  onRemove={(payment) => setDialog({ kind: 'unpay', ticket, payment })}
                />
              </>
            )}
          />
          <Box sx={{ mt: 2, p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}>
            <OrderTotals order={order} />
          </Box>
          {/* Who did what to this tab tonight, and why: for the roles that hold Histórico. */}
          <RecordHistory
            key={order.id}
            subject={`orders:${order.id}`}
            title="Histórico da comanda"
            version={historyVersion(order)}
          />
        </Box>
      )}

      <ReleaseDialog
        open={dialog?.kind === 'release'}
        title={CONFIRM.release(table.number)}
        owed={owed}
        busy={actions.busy}
        onConfirm={(decision) =>
          void actions.release(table, decision).then((ok) => {
            close();
            // Refused: what still holds the tab (the kitchen's items) is shown, to be resolved here.
            if (ok) onClose();
            else setHeld(true);
          })
        }
        onClose={close}
      />
      <FloorConfirm
        open={dialog?.kind === 'remove'}
        title={CONFIRM.remove(table.number)}
        busy={actions.busy}
        onConfirm={() => after(actions.remove(table), onClose)}
        onClose={close}
      >
        <Typography color="text.secondary">O QR code impresso desta mesa deixa de valer.</Typography>
      </FloorConfirm>
      {dialog?.kind === 'pay' ? (
        <PayDialog
          open
          customer={dialog.ticket.customer.fullname}
          owed={owedBy(dialog.ticket)}
          pix={{ orderId: dialog.ticket.order_id, ticketId: dialog.ticket.id }}
          busy={actions.busy}
          onConfirm={(method) => {
            confirmingPay.current = true;
            after(actions.pay(dialog.ticket, owedBy(dialog.ticket), method, table.number));
          }}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'openTable' || dialog?.kind === 'addGuest' ? (
        <GuestDialog
          open
          title={dialog.kind === 'openTable' ? `Abrir a mesa ${table.number}` : 'Novo cliente na comanda'}
          confirmLabel={dialog.kind === 'openTable' ? 'Abrir mesa' : 'Adicionar'}
          busy={actions.busy}
          onConfirm={(guest) =>
            void (
              dialog.kind === 'openTable'
                ? actions.openTable(table, guest)
                : actions.addGuest(orderId!, guest)
            ).then((tab) => {
              // The new guest's order is taken at once: the order entry opens on their ticket.
              const ticket = tab?.tickets.at(-1);
              setDialog(tab && ticket ? { kind: 'addItems', ticket } : null);
              if (tab) setOpened(tab);
            })
          }
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'addItems' && (order ?? opened) ? (
        <OrderEntryDialog order={(order ?? opened)!} ticket={dialog.ticket} onSent={close} onClose={close} />
      ) : null}
      {dialog?.kind === 'unpay' ? (
        <ReasonDialog
          open
          title={`Remover o pagamento de ${paymentText(dialog.payment)} de ${dialog.ticket.customer.fullname}?`}
          confirmLabel="Remover pagamento"
          confirmColor="error"
          busy={actions.busy}
          onConfirm={(reason) => after(actions.removePayment(dialog.payment.id, reason))}
          onClose={close}
        >
          <Typography>
            O valor volta a ficar em aberto na comanda de {dialog.ticket.customer.fullname}.
          </Typography>
        </ReasonDialog>
      ) : null}
      {dialog?.kind === 'removeService' ? (
        <ReasonDialog
          open
          title={`Retirar o serviço de ${formatCents(dialog.ticket.service_charge)} da comanda de ${dialog.ticket.customer.fullname}?`}
          confirmLabel="Retirar serviço"
          busy={actions.busy}
          onConfirm={(reason) => after(actions.setService(dialog.ticket, reason))}
          onClose={close}
        >
          <Typography>O motivo fica registrado no histórico da comanda.</Typography>
        </ReasonDialog>
      ) : null}
      {dialog?.kind === 'cancelItem' ? (
        <ReasonDialog
          open
          title={`Cancelar o item ${dialog.held.item.name}?`}
          confirmLabel="Cancelar item"
          confirmColor="warning"
          busy={actions.busy}
          onConfirm={(reason) => after(actions.cancelItem(dialog.held.item, reason))}
          onClose={close}
        >
          <Typography>O item sai da conta de {dialog.held.customer} e não deve ser preparado.</Typography>
        </ReasonDialog>
      ) : null}
      {dialog?.kind === 'rejectHeld' ? (
        <ReasonDialog
          open
          title={`Recusar o pedido de ${dialog.ticket.customer.fullname}?`}
          confirmLabel="Recusar pedido"
          confirmColor="error"
          busy={actions.busy}
          onConfirm={(reason) =>
            after(
              actions.rejectHeld(
                dialog.ticket.order_id,
                dialog.ticket.held.map((item) => item.id),
                reason,
              ),
            )
          }
          onClose={close}
        >
          <Typography>Os itens não vão para a cozinha e saem da comanda.</Typography>
        </ReasonDialog>
      ) : null}
      {orderId !== null ? (
        <MoveDialog
          open={dialog?.kind === 'move'}
          from={table}
          floor={floor}
          busy={actions.busy}
          onMove={(target) => after(actions.move(orderId, table, target), () => onSelect(target.id))}
          onMerge={(target) => after(actions.merge(orderId, table, target), () => onSelect(target.id))}
          onClose={close}
        />
      ) : null}
    </Box>
  );
}
