import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  type ButtonProps,
} from '@mui/material';
import { reason as reasonSchema, REASON_MAX } from '../../contract/lib/fields';

/** A finger's size, for the dialogs of the service screens. */
const TOUCH = { minHeight: 48, minWidth: 96 } as const;

/**
 * Why: the reason a decision about money or service asks for (kept with the action's audit). Its
 * message sits under it; `autoFocus` puts the cursor there when the dialog opens.
 */
export function ReasonField({
  value,
  onChange,
  error,
  autoFocus,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label="Motivo"
      required
      fullWidth
      value={value}
      autoFocus={autoFocus}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? 'Fica registrado junto com a ação.'}
      slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
      sx={{ mt: 2 }}
    />
  );
}

/** The reason's first problem, in the schema's words (the server's too), or null. */
export function reasonProblem(value: string): string | null {
  const parsed = reasonSchema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/**
 * A confirmation that asks why: the question as its title, what follows from it, the reason, and
 * Voltar / the action. The action is refused in words, under the field, while the reason is blank;
 * `onConfirm` gets it trimmed. Enter in the field confirms, as the button does.
 */
export function ReasonDialog({
  open,
  title,
  children,
  confirmLabel,
  confirmColor = 'primary',
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  confirmColor?: ButtonProps['color'];
  busy?: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (open) {
      setReason('');
      setError(undefined);
    }
  }, [open]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = reasonProblem(reason);
    if (problem) return setError(problem);
    onConfirm(reason.trim());
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
        {title}
      </DialogTitle>
      {/* A form, so that Enter in the field confirms; the reason is checked here, not by the browser. */}
      <form noValidate onSubmit={submit}>
        <DialogContent>
          {children}
          <ReasonField
            value={reason}
            onChange={(value) => {
              setReason(value);
              if (error) setError(reasonProblem(value) ?? undefined);
            }}
            error={error}
            autoFocus
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
          <Button onClick={onClose} sx={TOUCH}>
            Voltar
          </Button>
          <Button type="submit" variant="contained" color={confirmColor} disabled={busy} sx={TOUCH}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
