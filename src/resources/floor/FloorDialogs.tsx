import { useEffect, useId, useState, type ReactNode } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { ReasonField } from '../../components/ReasonDialog';
import { formatCents } from '../../../contract/lib/format';
import {
  balanceDecision,
  paymentMethods,
  type PaymentMethod,
} from '../../../contract/resources/tabs/definition';
import type { Table } from '../../../contract/resources/floor/definition';
import { CONFIRM } from './floorActions';
import { PixCharge } from './PixCharge';

/** What the floor's dialogs ask of their buttons: big enough for a finger. */
const TOUCH = { minHeight: 48, minWidth: 96 } as const;

/**
 * A confirmation of the floor: the question as its title, what follows from it, and Cancelar /
 * Confirmar. The title and the buttons are the spec's words where it gives them.
 */
export function FloorConfirm({
  open,
  title,
  children,
  confirmLabel = 'Confirmar',
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
        {title}
      </DialogTitle>
      {children ? <DialogContent>{children}</DialogContent> : null}
      <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
        <Button onClick={onClose} sx={TOUCH}>
          Cancelar
        </Button>
        <Button variant="contained" onClick={onConfirm} disabled={busy} sx={TOUCH} autoFocus>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** No method chosen yet: money received at the table is never booked by a default. */
export type MethodChoice = PaymentMethod | '';

/**
 * How money received at the table was paid: nothing chosen until someone chooses (the staff say
 * how the customer paid; a default would book cash as card). The message sits under it.
 */
export function MethodSelect({
  value,
  onChange,
  error,
}: {
  value: MethodChoice;
  onChange: (method: PaymentMethod) => void;
  error?: string;
}) {
  return (
    <TextField
      select
      fullWidth
      required
      label="Forma de pagamento"
      value={value}
      onChange={(event) => onChange(event.target.value as PaymentMethod)}
      error={Boolean(error)}
      helperText={error}
      sx={{ mt: 2, '& .MuiSelect-select': { minHeight: 28, display: 'flex', alignItems: 'center' } }}
    >
      {paymentMethods.map((method) => (
        <MenuItem key={method.id} value={method.id} sx={{ minHeight: 48 }}>
          {method.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A dialog's decision on money: the method and the reason, blank each time it opens, and their messages. */
function useDecision(open: boolean) {
  const [method, setMethod] = useState<MethodChoice>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ method?: string; reason?: string }>({});
  useEffect(() => {
    if (open) {
      setMethod('');
      setReason('');
      setErrors({});
    }
  }, [open]);
  /** The decision as the schema reads it, or null with each field's message shown. */
  const check = (withReason: boolean) => {
    const parsed = (withReason ? balanceDecision : balanceDecision.pick({ method: true })).safeParse({
      method: method || undefined,
      ...(withReason ? { reason } : {}),
    });
    if (parsed.success) return parsed.data as { method: PaymentMethod; reason?: string };
    const found: { method?: string; reason?: string } = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as 'method' | 'reason';
      found[field] ??= issue.message;
    }
    setErrors(found);
    return null;
  };
  return {
    method,
    reason,
    errors,
    chooseMethod: (next: PaymentMethod) => {
      setMethod(next);
      setErrors(({ method: _done, ...others }) => others);
    },
    typeReason: (next: string) => {
      setReason(next);
      if (errors.reason) setErrors(({ reason: _done, ...others }) => others);
    },
    check,
  };
}

/**
 * Releasing a table (spec 4). A tab that still owes is settled first — its balance booked as
 * received at the table — so the dialog shows how much, and asks how it was paid (no default) and
 * why it is settled at once; `onConfirm` gets that decision. A tab that owes nothing is simply
 * released (`onConfirm` gets null).
 */
export function ReleaseDialog({
  open,
  title,
  owed,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  owed: number;
  busy?: boolean;
  onConfirm: (decision: { method: PaymentMethod; reason: string } | null) => void;
  onClose: () => void;
}) {
  const decision = useDecision(open);
  const confirm = () => {
    if (owed === 0) return onConfirm(null);
    const checked = decision.check(true);
    if (checked) onConfirm({ method: checked.method, reason: checked.reason! });
  };
  return (
    <FloorConfirm
      open={open}
      title={title}
      busy={busy}
      confirmLabel={owed > 0 ? `Receber ${formatCents(owed)} e liberar` : 'Confirmar'}
      onConfirm={confirm}
      onClose={onClose}
    >
      {owed > 0 ? (
        <>
          <Typography>
            A comanda ainda tem <strong>{formatCents(owed)}</strong> em aberto. Para liberar a mesa, esse
            valor fica registrado como recebido na mesa: diga como foi pago e por quê.
          </Typography>
          <MethodSelect
            value={decision.method}
            onChange={decision.chooseMethod}
            error={decision.errors.method}
          />
          <ReasonField
            value={decision.reason}
            onChange={decision.typeReason}
            error={decision.errors.reason}
          />
        </>
      ) : (
        <Typography color="text.secondary">
          A comanda está paga: a mesa fica livre para os próximos clientes.
        </Typography>
      )}
    </FloorConfirm>
  );
}

/** 'Dar baixa': the ticket's balance received at the table, and how it was paid (no default). */
export function PayDialog({
  open,
  customer,
  owed,
  pix,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  customer: string;
  owed: number;
  /** The guest's ticket: with Pix chosen, its code is shown to be paid. */
  pix?: { orderId: number; ticketId: number };
  busy?: boolean;
  onConfirm: (method: PaymentMethod) => void;
  onClose: () => void;
}) {
  const decision = useDecision(open);
  return (
    <FloorConfirm
      open={open}
      title={`Dar baixa na comanda de ${customer}?`}
      confirmLabel="Dar baixa"
      busy={busy}
      onConfirm={() => {
        const checked = decision.check(false);
        if (checked) onConfirm(checked.method);
      }}
      onClose={onClose}
    >
      <Typography>
        Valor recebido na mesa: <strong>{formatCents(owed)}</strong>
      </Typography>
      <MethodSelect value={decision.method} onChange={decision.chooseMethod} error={decision.errors.method} />
      {decision.method === 'PIX' && pix ? <PixCharge orderId={pix.orderId} ticketId={pix.ticketId} /> : null}
    </FloorConfirm>
  );
}

/** A table whose tab still owes, as 'Liberar todas' lists it. */
export interface OwingTable {
  table: Table;
  owed: number;
}

/**
 * 'Liberar todas' (spec 4): every table whose tab owes nothing and waits for nothing from the
 * kitchen is released at once; one whose tab still owes is listed with its balance, to be settled
 * on its own (Acertar opens its panel), since a balance is never booked without a decision; one
 * whose kitchen still works on its items is listed with how many (Ver opens its panel on them),
 * since a tab closes only once the kitchen is done.
 */
export function ReleaseAllDialog({
  open,
  free,
  owing,
  cooking = [],
  busy,
  onConfirm,
  onSettle,
  onKitchen,
  onClose,
}: {
  open: boolean;
  free: readonly Table[];
  owing: readonly OwingTable[];
  cooking?: readonly Table[];
  busy?: boolean;
  onConfirm: () => void;
  onSettle: (table: Table) => void;
  onKitchen?: (table: Table) => void;
  onClose: () => void;
}) {
  const numbers = free.map((table) => table.number);
  return (
    <FloorConfirm
      open={open}
      title={CONFIRM.releaseAll}
      confirmLabel={free.length === 1 ? 'Liberar 1 mesa' : `Liberar ${free.length} mesas`}
      busy={busy || free.length === 0}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Typography>
        {free.length > 0
          ? `${free.length === 1 ? 'Será liberada a mesa' : 'Serão liberadas as mesas'} sem saldo em aberto${cooking.length > 0 ? ' nem itens na cozinha' : ''}: ${listed(numbers)}.`
          : cooking.length > 0
            ? 'Nenhuma mesa pode ser liberada de uma vez: as comandas ainda têm saldo em aberto ou itens na cozinha.'
            : 'Nenhuma mesa pode ser liberada de uma vez: todas as comandas ainda têm saldo em aberto.'}
      </Typography>
      <TablesToSee
        heading="Com saldo em aberto, para acertar uma a uma:"
        rows={owing.map(({ table, owed }) => ({
          table,
          detail: <strong>{formatCents(owed)}</strong>,
          action: 'Acertar',
          label: `Acertar a mesa ${table.number}`,
          onClick: () => onSettle(table),
        }))}
      />
      <TablesToSee
        heading="Com itens na cozinha, para resolver uma a uma:"
        rows={cooking.map((table) => {
          const count = table.order?.in_kitchen ?? 0;
          return {
            table,
            detail: `${count} ${count === 1 ? 'item' : 'itens'} na cozinha`,
            action: 'Ver',
            label: `Ver os itens da mesa ${table.number} na cozinha`,
            onClick: () => onKitchen?.(table),
          };
        })}
      />
    </FloorConfirm>
  );
}

/** A titled list of tables still in the way, each with its line and the button that sees to it. */
function TablesToSee({
  heading,
  rows,
}: {
  heading: string;
  rows: { table: Table; detail: ReactNode; action: string; label: string; onClick: () => void }[];
}) {
  const headingId = useId();
  if (rows.length === 0) return null;
  return (
    <>
      <Typography id={headingId} sx={{ mt: 2, fontWeight: 700 }}>
        {heading}
      </Typography>
      <Stack component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', m: 0, mt: 1, p: 0, gap: 1 }}>
        {rows.map(({ table, detail, action, label, onClick }) => (
          <Stack
            key={table.id}
            component="li"
            direction="row"
            sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
          >
            <Typography>
              Mesa {table.number} · {detail}
            </Typography>
            <Button variant="outlined" onClick={onClick} aria-label={label} sx={TOUCH}>
              {action}
            </Button>
          </Stack>
        ))}
      </Stack>
    </>
  );
}

/** '1, 3 e 7'. */
function listed(numbers: readonly number[]): string {
  return numbers.length <= 1
    ? numbers.join('')
    : `${numbers.slice(0, -1).join(', ')} e ${numbers[numbers.length - 1]}`;
}

/**
 * Moving a tab: every other table, free ones to move to, taken ones to join; the choice is
 * confirmed in words before anything changes.
 */
export function MoveDialog({
  open,
  from,
  floor,
  busy,
  onMove,
  onMerge,
  onClose,
}: {
  open: boolean;
  from: Table;
  floor: readonly Table[];
  busy?: boolean;
  onMove: (target: Table) => void;
  onMerge: (target: Table) => void;
  onClose: () => void;
}) {
  const [target, setTarget] = useState<Table | null>(null);
  useEffect(() => {
    if (open) setTarget(null);
  }, [open]);
  const others = floor.filter((table) => table.id !== from.id);
  const joining = target?.order != null;
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
        {target
          ? joining
            ? `Juntar a mesa ${from.number} à mesa ${target.number}?`
            : `Transferir a comanda da mesa ${from.number} para a mesa ${target.number}?`
          : `Transferir ou juntar a mesa ${from.number}`}
      </DialogTitle>
      <DialogContent>
        {target ? (
          <Typography>
            {joining
              ? `Os clientes, os pedidos e os pagamentos da mesa ${from.number} passam para a comanda da mesa ${target.number}, e a mesa ${from.number} fica livre.`
              : `A comanda passa para a mesa ${target.number}, e a mesa ${from.number} fica livre.`}
          </Typography>
        ) : (
          <>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              Escolha uma mesa livre para transferir a comanda, ou uma ocupada para juntar as duas.
            </Typography>
            <Stack
              direction="row"
              component="ul"
              aria-label="Mesas de destino"
              sx={{ flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}
            >
              {others.map((table) => (
                <li key={table.id}>
                  <Button
                    variant={table.order ? 'contained' : 'outlined'}
                    color={table.order ? 'secondary' : 'primary'}
                    onClick={() => setTarget(table)}
                    aria-label={`Mesa ${table.number}, ${table.order ? 'ocupada: juntar' : 'livre: transferir'}`}
                    sx={{ minHeight: 56, minWidth: 96, flexDirection: 'column', lineHeight: 1.2 }}
                  >
                    <span>Mesa {table.number}</span>
                    <Typography component="span" variant="caption">
                      {table.order ? 'juntar' : 'livre'}
                    </Typography>
                  </Button>
                </li>
              ))}
            </Stack>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
        <Button onClick={target ? () => setTarget(null) : onClose} sx={TOUCH}>
          {target ? 'Voltar' : 'Cancelar'}
        </Button>
        {target ? (
          <Button
            variant="contained"
            disabled={busy}
            sx={TOUCH}
            autoFocus
            onClick={() => (joining ? onMerge(target) : onMove(target))}
          >
            {joining ? 'Juntar' : 'Transferir'}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
