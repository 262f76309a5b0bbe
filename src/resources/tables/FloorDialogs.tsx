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
import { formatCents } from '../../lib/format';
import { paymentMethods, type PaymentMethod } from '../commands/definition';
import type { Table } from './definition';

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

/** How money received at the table was paid; card by default, as most tabs are. */
export function MethodSelect({
  value,
  onChange,
}: {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
}) {
  return (
    <TextField
      select
      fullWidth
      label="Forma de pagamento"
      value={value}
      onChange={(event) => onChange(event.target.value as PaymentMethod)}
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

/** A payment method chosen in a dialog, back to the card each time it opens. */
export function useMethod(open: boolean) {
  const [method, setMethod] = useState<PaymentMethod>('CREDIT_CARD');
  useEffect(() => {
    if (open) setMethod('CREDIT_CARD');
  }, [open]);
  return [method, setMethod] as const;
}

/**
 * Releasing a table (spec 4): a tab still owing is settled first — what is owed is received at the
 * table — so the dialog says how much, and asks how it was paid.
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
  onConfirm: (method: PaymentMethod) => void;
  onClose: () => void;
}) {
  const [method, setMethod] = useMethod(open);
  return (
    <FloorConfirm open={open} title={title} busy={busy} onConfirm={() => onConfirm(method)} onClose={onClose}>
      {owed > 0 ? (
        <>
          <Typography>
            Ainda há <strong>{formatCents(owed)}</strong> em aberto: a comanda será acertada e o valor
            registrado como recebido na mesa.
          </Typography>
          <MethodSelect value={method} onChange={setMethod} />
        </>
      ) : (
        <Typography color="text.secondary">
          A comanda está paga: a mesa fica livre para os próximos clientes.
        </Typography>
      )}
    </FloorConfirm>
  );
}

/** 'Dar baixa': the ticket's balance received at the table, and how it was paid. */
export function PayDialog({
  open,
  customer,
  owed,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  customer: string;
  owed: number;
  busy?: boolean;
  onConfirm: (method: PaymentMethod) => void;
  onClose: () => void;
}) {
  const [method, setMethod] = useMethod(open);
  return (
    <FloorConfirm
      open={open}
      title={`Dar baixa na comanda de ${customer}?`}
      confirmLabel="Dar baixa"
      busy={busy}
      onConfirm={() => onConfirm(method)}
      onClose={onClose}
    >
      <Typography>
        Valor recebido na mesa: <strong>{formatCents(owed)}</strong>
      </Typography>
      <MethodSelect value={method} onChange={setMethod} />
    </FloorConfirm>
  );
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
