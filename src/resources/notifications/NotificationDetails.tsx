import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Box, Button, Chip, Stack, TextField } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import {
  Confirm,
  ListButton,
  Show,
  TopToolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import type { PainelDataProvider } from '../../dataProvider';
import { formatDateTime } from '../../../contract/lib/format';
import {
  CANCELLED_MESSAGE,
  gendersLabel,
  notifications as definition,
  statusLabel,
  type PushNotification,
} from '../../../contract/resources/notifications/definition';

export const DEACTIVATE_LABEL = 'Desativar';

/** Desativar, after a confirmation; the server refuses a notification already deactivated. */
function DeactivateButton() {
  const record = useRecordContext<PushNotification>();
  const dataProvider = useDataProvider<PainelDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const cancel = useMutation({
    mutationFn: (id: number) => dataProvider.action(definition.name, { id, action: 'cancel' }),
    onSuccess: () => {
      notify(CANCELLED_MESSAGE, { type: 'success' });
      refresh();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
    onSettled: () => setOpen(false),
  });
  if (!record || record.status === 'CANCELLED') return null;
  return (
    <>
      <Button color="error" variant="outlined" startIcon={<BlockIcon />} onClick={() => setOpen(true)}>
        {DEACTIVATE_LABEL}
      </Button>
      <Confirm
        isOpen={open}
        loading={cancel.isPending}
        title="Desativar notificação"
        content="Tem certeza que deseja desativar esta notificação?"
        confirm="Sim"
        cancel="Cancelar"
        onConfirm={() => cancel.mutate(record.id)}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function DetailActions() {
  return (
    <TopToolbar sx={{ gap: 1 }}>
      <ListButton label="Voltar" />
      <DeactivateButton />
    </TopToolbar>
  );
}

function ReadOnly({
  label,
  value,
  multiline = false,
}: {
  label: string;
  value: string;
  multiline?: boolean;
}) {
  return (
    <TextField
      label={label}
      value={value}
      size="small"
      fullWidth
      multiline={multiline}
      slotProps={{ input: { readOnly: true } }}
    />
  );
}

function NotificationFields() {
  const record = useRecordContext<PushNotification>();
  if (!record) return null;
  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 720 }}>
      <Box>
        <Chip
          label={statusLabel(record.status)}
          color={record.status === 'CANCELLED' ? 'default' : 'success'}
          size="small"
        />
      </Box>
      <ReadOnly label="Título" value={record.title} />
      <ReadOnly label="Descrição" value={record.body} multiline />
      <ReadOnly label="Gênero" value={gendersLabel(record.genders)} />
      <ReadOnly
        label="Restaurantes"
        value={record.stores.length === 0 ? 'Todos os usuários' : record.store_names.join(', ')}
        multiline
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <ReadOnly label="Idade mínima" value={record.min_age == null ? '—' : String(record.min_age)} />
        <ReadOnly label="Idade máxima" value={record.max_age == null ? '—' : String(record.max_age)} />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <ReadOnly label="Enviadas" value={String(record.total_sent)} />
        <ReadOnly label="Enviada em" value={formatDateTime(record.created_at)} />
      </Box>
    </Stack>
  );
}

/**
 * /notifications/:id: the notification as it was sent, read-only (it cannot be edited), with
 * Desativar while it is active.
 */
export function NotificationDetails() {
  return (
    <Show resource={definition.name} title="Notificação" actions={<DetailActions />}>
      <NotificationFields />
    </Show>
  );
}
