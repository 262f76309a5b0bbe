import { useId, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import CallSplitIcon from '@mui/icons-material/CallSplit';
import { useCanAccess, useDataProvider, useNotify } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { formatCents, parseReaisToCents } from '../../../contract/lib/format';
import { paymentMethods, type Order } from '../../../contract/resources/tabs/definition';
import {
  MAX_SHARES,
  SHARE_MESSAGES,
  type SharesOnWire as SharesOfTab,
  type SplitInput,
} from '../../../contract/resources/tabs/shares';
import { equalShares } from '../../../contract/resources/tabs/split';
import type { ActionParams, PainelDataProvider } from '../../dataProvider';
import { TOUCH } from './FloorFrame';
import { SplitByItem } from './SplitByItem';
import { PixCharge } from './PixCharge';
import { sharesKey, useShares } from './useShares';

const methodName = (id: string | null) => paymentMethods.find((method) => method.id === id)?.name ?? '';

/**
 * 'Dividir a conta': what the tab still owes in shares — a named amount ("eu pago o vinho"), equal
 * parts of what is left ("divide por três") or by item (`SplitByItem`), mixed as the table asks —
 * each paid on its own by its own method. The server spreads each share's payment over the guests' bills and takes a
 * share's payment once (server/service/shares.ts).
 */
export function SplitBillButton({ order }: { order: Order }) {
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const { canAccess = false } = useCanAccess({ resource: 'commands', action: 'splitBill' });
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PainelDataProvider>();
  const { data, error } = useShares(order, open);
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [parts, setParts] = useState('2');
  const [label, setLabel] = useState('');
  const [amount, setAmount] = useState('');
  const [methods, setMethods] = useState<Record<number, string>>({});

  /** Sends a write of the shares (a call of the tabs' definition), then shows their answer. */
  const call = async (write: Omit<ActionParams, 'id'>, done: string) => {
    setBusy(true);
    try {
      const answer = await dataProvider.action('commands', { id: order.id, ...write });
      queryClient.setQueryData(sharesKey(order.id), answer.data as unknown as SharesOfTab);
      notify(done, { type: 'success' });
      return true;
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : String(failure), { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const pay = (share: SharesOfTab['shares'][number]) => {
    const method = methods[share.id];
    if (!method) {
      notify(SHARE_MESSAGES.method, { type: 'warning' });
      return;
    }
    void call(
      { action: 'payShare', params: { share_id: share.id }, data: { method } },
      SHARE_MESSAGES.paid(share.label),
    );
  };

  const split = (input: SplitInput) => call({ action: 'splitBill', data: input }, SHARE_MESSAGES.split);
  const taken = useMemo(() => new Set(data?.shares.flatMap((share) => share.item_ids) ?? []), [data]);
  const count = Number(parts);
  const partsError =
    Number.isInteger(count) && count >= 2 && count <= MAX_SHARES ? null : SHARE_MESSAGES.parts;
  const cents = parseReaisToCents(amount);
  const unassigned = data?.unassigned ?? 0;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<CallSplitIcon />}
        disabled={!canAccess || order.status !== 'OPENED' || order.total - order.total_paid <= 0}
        onClick={() => setOpen(true)}
        sx={TOUCH}
      >
        Dividir a conta
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
          Dividir a conta
        </DialogTitle>
        <DialogContent>
          {error ? <Alert severity="error">{error.message}</Alert> : null}
          {data ? (
            <Stack spacing={2} sx={{ mt: 1 }}>
              <Typography>
                Falta pagar {formatCents(data.owed)} · sem parte: {formatCents(unassigned)}
              </Typography>
              {data.shares.length > 0 ? (
                <List aria-label="Partes da conta" dense disablePadding>
                  {data.shares.map((share) => [
                    <ListItem
                      key={share.id}
                      disableGutters
                      secondaryAction={
                        share.status === 'PAID' ? (
                          <Typography color="success.main">Paga · {methodName(share.method)}</Typography>
                        ) : (
                          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                            <TextField
                              select
                              id={`share-method-${share.id}`}
                              label="Forma de pagamento"
                              value={methods[share.id] ?? ''}
                              onChange={(event) => setMethods({ ...methods, [share.id]: event.target.value })}
                              sx={{ minWidth: 200 }}
                            >
                              {paymentMethods.map((method) => (
                                <MenuItem key={method.id} value={method.id} sx={{ minHeight: 48 }}>
                                  {method.name}
                                </MenuItem>
                              ))}
                            </TextField>
                            <Button
                              variant="contained"
                              disabled={busy}
                              onClick={() => pay(share)}
                              sx={{ minHeight: 56 }}
                              aria-label={`Receber ${share.label}`}
                            >
                              Receber
                            </Button>
                          </Stack>
                        )
                      }
                      sx={{ minHeight: 72, pr: share.status === 'PAID' ? 14 : 42 }}
                    >
                      <ListItemText primary={share.label} secondary={formatCents(share.amount)} />
                    </ListItem>,
                    // Pix chosen: the share's code (the provider's charge, paid by its webhook).
                    share.status === 'OPEN' && methods[share.id] === 'PIX' ? (
                      <ListItem key={`pix-${share.id}`} disableGutters sx={{ display: 'block', pt: 0 }}>
                        <PixCharge orderId={order.id} shareId={share.id} />
                      </ListItem>
                    ) : null,
                  ])}
                </List>
              ) : null}
              {unassigned > 0 ? (
                <>
                  <Stack
                    direction={{ xs: 'column', sm: 'row' }}
                    spacing={1}
                    sx={{ alignItems: 'flex-start' }}
                  >
                    <TextField
                      label="Dividir o que falta em"
                      type="number"
                      value={parts}
                      onChange={(event) => setParts(event.target.value)}
                      error={partsError !== null}
                      helperText={
                        partsError ??
                        `${count} partes: ${equalShares(unassigned, count)
                          .slice(0, 2)
                          .map(formatCents)
                          .join(', ')}${count > 2 ? '…' : ''}`
                      }
                      slotProps={{ htmlInput: { min: 2, max: MAX_SHARES, inputMode: 'numeric' } }}
                    />
                    <Button
                      variant="outlined"
                      disabled={busy || partsError !== null}
                      onClick={() => void split({ mode: 'equal', parts: count })}
                      sx={{ minHeight: 56 }}
                    >
                      Dividir em partes iguais
                    </Button>
                  </Stack>
                  <Stack
                    direction={{ xs: 'column', sm: 'row' }}
                    spacing={1}
                    sx={{ alignItems: 'flex-start' }}
                  >
                    <TextField
                      label="Quem paga"
                      value={label}
                      onChange={(event) => setLabel(event.target.value)}
                    />
                    <TextField
                      label="Valor"
                      value={amount}
                      onChange={(event) => setAmount(event.target.value)}
                      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                    />
                    <Button
                      variant="outlined"
                      disabled={busy || label.trim() === '' || cents === null || cents <= 0}
                      onClick={() =>
                        void split({
                          mode: 'amounts',
                          shares: [{ label: label.trim(), amount: cents! }],
                        }).then((ok) => {
                          if (ok) {
                            setLabel('');
                            setAmount('');
                          }
                        })
                      }
                      sx={{ minHeight: 56 }}
                    >
                      Separar valor
                    </Button>
                  </Stack>
                  {order.total_paid === 0 && !data.shares.some((share) => share.status === 'PAID') ? (
                    <SplitByItem order={order} taken={taken} busy={busy} onSplit={split} />
                  ) : null}
                </>
              ) : null}
            </Stack>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
          {data?.shares.some((share) => share.status === 'OPEN') ? (
            <Button
              color="error"
              disabled={busy}
              onClick={() => void call({ action: 'cancelShares' }, SHARE_MESSAGES.cancelled)}
              sx={{ minHeight: 48 }}
            >
              Desfazer partes
            </Button>
          ) : null}
          <Button onClick={() => setOpen(false)} sx={{ minHeight: 48, minWidth: 96 }}>
            Fechar
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
