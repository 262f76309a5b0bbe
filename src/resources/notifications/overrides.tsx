import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Box, Button, Chip, IconButton, Typography } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import {
  AutocompleteInput,
  Confirm,
  Form,
  ListButton,
  ReferenceInput,
  SaveButton,
  SelectInput,
  TextInput,
  Toolbar,
  TopToolbar,
  useDataProvider,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  type RaRecord,
} from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { PainelDataProvider } from '../../dataProvider';
import { formatDateTime } from '../../../contract/lib/format';
import {
  agesLabel,
  CANCELLED_MESSAGE,
  genderFilters,
  gendersLabel,
  notificationCreateInput,
  notifications,
  RESTAURANT_PICKER_PAGE,
  statusLabel,
  type PushNotification,
} from '../../../contract/resources/notifications/definition';
import { defineScreens } from '../../engine/overrides';
import { AgesInput, GendersInput, StoresInput } from './inputs';

export const APPLY_LABEL = 'Aplicar';

/** The filters take effect on Aplicar (spec 2.10), not while typing. */
function FilterBar() {
  const { filterValues, setFilters } = useListContext();
  const apply = (values: FieldValues) => {
    const filters = Object.fromEntries(
      Object.entries(values).filter(([, value]) => value !== undefined && value !== null && value !== ''),
    );
    setFilters(filters, {}, false);
  };
  return (
    <Form defaultValues={filterValues} onSubmit={apply}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: {
            xs: '1fr',
            sm: '1fr 1fr',
            lg: 'minmax(200px, 2fr) minmax(220px, 2fr) minmax(150px, 1fr) auto',
          },
          gap: 2,
          alignItems: 'center',
          p: 2,
        }}
      >
        <TextInput source="q" label="Buscar" helperText={false} />
        <ReferenceInput
          source="store_id"
          reference="restaurants"
          perPage={RESTAURANT_PICKER_PAGE}
          sort={{ field: 'name', order: 'ASC' }}
        >
          <AutocompleteInput
            label="Restaurante"
            optionText={(record: RaRecord) => String(record.name ?? '')}
            noOptionsText="Nenhum restaurante encontrado"
            helperText={false}
          />
        </ReferenceInput>
        <SelectInput
          source="gender"
          label="Gênero"
          choices={[...genderFilters]}
          emptyText="Todos"
          helperText={false}
        />
        <Button type="submit" variant="contained" sx={{ justifySelf: 'start' }}>
          {APPLY_LABEL}
        </Button>
      </Box>
    </Form>
  );
}

/** The API answers a plain list (spec 7) without a total: a full page means there may be another. */
function PageButtons() {
  const { page, perPage, data, setPage, isPending } = useListContext();
  const count = data?.length ?? 0;
  if (isPending || (page === 1 && count < perPage)) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 1, p: 1 }}>
      <Typography variant="body2">Página {page}</Typography>
      <IconButton aria-label="Página anterior" disabled={page <= 1} onClick={() => setPage(page - 1)}>
        <ChevronLeftIcon />
      </IconButton>
      <IconButton aria-label="Próxima página" disabled={count < perPage} onClick={() => setPage(page + 1)}>
        <ChevronRightIcon />
      </IconButton>
    </Box>
  );
}

const detailPath = (id: RaRecord['id']) => `/notifications/${id}`;

function SendToolbar() {
  return (
    <Toolbar>
      <SaveButton label="Enviar notificação" alwaysEnable />
    </Toolbar>
  );
}

/** Ativo or Inativo, as a chip. */
function StatusChip({ status }: { status: unknown }) {
  return (
    <Chip label={statusLabel(status)} size="small" color={status === 'CANCELLED' ? 'default' : 'success'} />
  );
}

/** Desativar, after a confirmation; the server refuses a notification already deactivated. */
function DeactivateButton() {
  const record = useRecordContext<PushNotification>();
  const dataProvider = useDataProvider<PainelDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const cancel = useMutation({
    mutationFn: (id: number) => dataProvider.action(notifications.name, { id, action: 'cancel' }),
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
        Desativar
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

/** The detail's status, above its fields. */
function DetailStatus() {
  const record = useRecordContext<PushNotification>();
  return record ? (
    <Box sx={{ px: 2, pt: 2 }}>
      <StatusChip status={record.status} />
    </Box>
  ) : null;
}

/**
 * Notificações (spec 2.10): the notifications sent, newest first, filtered on Aplicar by text,
 * restaurant and gender; a row opens the read-only detail (a notification is never edited), with
 * Desativar while it is active. The create form (/notifications/create, the spec's
 * /notifications/new) says who receives it; the server resolves them on save.
 */
export default defineScreens({
  list: {
    filterBar: <FilterBar />,
    pagination: <PageButtons />,
    // Filters are not remembered once the list is left.
    storeKey: false,
    // With nothing sent yet, the filters and the create button stay.
    empty: false,
    rowClick: (id) => detailPath(id),
    cells: {
      body: (record) => (
        <Box
          component="span"
          sx={{
            display: 'block',
            maxWidth: 320,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {String(record.body ?? '')}
        </Box>
      ),
      status: (record) => <StatusChip status={record.status} />,
    },
    compact: {
      primary: (record) => String(record.title ?? ''),
      secondary: (record) =>
        [
          gendersLabel(record.genders as readonly string[]),
          agesLabel(record.min_age as number | null, record.max_age as number | null),
          `${Number(record.total_sent).toLocaleString('pt-BR')} enviadas`,
        ].join(' · '),
      tertiary: (record) =>
        `${formatDateTime(record.created_at as string)} · ${statusLabel(String(record.status))}`,
    },
  },
  form: {
    create: {
      actions: false,
      // The spec's labels, bare: what is missing is said on Enviar.
      marked: false,
      // The ages' order too, under Idade mínima.
      schema: notificationCreateInput,
      defaultValues: { genders: [], stores: [], min_age: null, max_age: null },
      sections: [{ fields: ['title', 'body', 'genders', 'stores', 'ages'] }],
      inputs: { genders: <GendersInput />, stores: <StoresInput />, ages: <AgesInput /> },
      toolbar: <SendToolbar />,
    },
    // The detail, read-only: the same fields, the count sent, and Desativar while it is active.
    edit: {
      actions: (
        <TopToolbar sx={{ gap: 1 }}>
          <ListButton label="Voltar" />
          <DeactivateButton />
        </TopToolbar>
      ),
      header: <DetailStatus />,
      sections: [
        {
          fields: [
            'title',
            'body',
            'genders',
            'stores',
            ['min_age', 'max_age'],
            ['total_sent', 'created_at'],
          ],
        },
      ],
      // The list's Idade reads both ages; the detail shows each.
      inputs: { min_age: <TextInput source="min_age" label="Idade mínima" readOnly fullWidth /> },
    },
  },
});
