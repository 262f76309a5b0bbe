import { useId, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { maskPhone, onlyDigits } from '../../../contract/lib/format';
import { guestInput, type GuestInput } from '../../../contract/resources/orderEntry/input';
import { TABLE_TICKET_NAME } from '../../../contract/resources/tabs/definition';
import { TOUCH } from './FloorFrame';

type Kind = 'guest' | 'table';

/**
 * Who a ticket is for, when the staff seat someone: a guest without the app, by name (and a phone
 * if they give one), or the table itself ('Pedido da mesa'). Checked with the server's own rules
 * (`guestInput`) before it is sent; the server's refusal, if any, is the caller's to show.
 */
export function GuestDialog({
  open,
  title,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: (guest: GuestInput) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const [kind, setKind] = useState<Kind>('guest');
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<{ guest_name?: string; guest_phone?: string }>({});

  const submit = () => {
    const guest: GuestInput =
      kind === 'table' ? {} : { guest_name: name, ...(onlyDigits(phone) ? { guest_phone: phone } : {}) };
    const checked = guestInput.safeParse(guest);
    if (!checked.success) {
      const found: typeof errors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as keyof typeof errors;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    onConfirm(checked.data);
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
        {title}
      </DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id={`${titleId}-form`}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          sx={{ gap: 2, pt: 1 }}
        >
          <RadioGroup
            aria-label="Para quem"
            value={kind}
            onChange={(event) => setKind(event.target.value as Kind)}
          >
            <FormControlLabel value="guest" control={<Radio />} label="Cliente sem o app" sx={TOUCH} />
            <FormControlLabel
              value="table"
              control={<Radio />}
              label={`${TABLE_TICKET_NAME} (sem cliente)`}
              sx={TOUCH}
            />
          </RadioGroup>
          {kind === 'guest' ? (
            <>
              <TextField
                label="Nome do cliente"
                value={name}
                onChange={(event) => setName(event.target.value)}
                error={Boolean(errors.guest_name)}
                helperText={errors.guest_name}
                required
                autoFocus
                autoComplete="off"
                slotProps={{ htmlInput: { maxLength: 60 } }}
              />
              <TextField
                label="Telefone (opcional)"
                value={maskPhone(phone)}
                onChange={(event) => setPhone(onlyDigits(event.target.value).slice(0, 11))}
                error={Boolean(errors.guest_phone)}
                helperText={errors.guest_phone}
                placeholder="(99) 99999-9999"
                slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'off' } }}
              />
            </>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
        <Button onClick={onClose} sx={TOUCH}>
          Cancelar
        </Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" disabled={busy} sx={TOUCH}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
