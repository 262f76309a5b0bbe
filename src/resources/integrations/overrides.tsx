import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  CardContent,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import {
  Confirm,
  Form,
  SelectInput,
  TextInput,
  useListContext,
  useNotify,
  usePermissions,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { ADMIN, MANAGER } from '../../authProvider';
import { useWorkPlace } from '../../authProvider/workPlace';
import { useChosenStore } from '../../components/chosenStore';
import { defineScreens } from '../../engine/overrides';
import { formatDateTime } from '../../../contract/lib/format';
import { requiredMessage, zodValidate } from '../../lib/zodForm';
import { integrationsApi, type NewIntegration } from './api';
import {
  INTEGRATION_MESSAGES,
  integrationCreateInput,
  integrations,
  integrationTypes,
  type Integration,
} from '../../../contract/resources/integrations/definition';

const TOUCH = { minHeight: 44 } as const;

/** A field's label, as the definition gives it. */
const labelOf = (field: string) => integrations.fields[field]?.label ?? field;
const typeOf = (record: RaRecord) =>
  integrationTypes.find((type) => type.id === record.integration_type)?.name ?? '';

/** One permission, "Integrações", reads and changes them (the screen is not offered without it). */
function useCanChange() {
  const { permissions: role } = usePermissions<string>();
  const { holds } = useWorkPlace();
  return role === ADMIN || role === MANAGER || holds('integrations');
}

/** The list's integrations: whether the store's OPDV is active (one per restaurant). */
function useOpdvActive() {
  const { data, isPending } = useListContext<Integration>();
  return {
    known: !isPending && data !== undefined,
    active: (data ?? []).some((integration) => integration.integration_type === 'OPDV' && integration.active),
  };
}

/** An active integration: its type, the token's last characters, when and by whom it was added. */
function IntegrationCard({ integration }: { integration: Integration }) {
  const term = (label: string, value: string, sx = {}) => (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, ...sx }}>
        {value}
      </Typography>
    </>
  );
  return (
    <CardContent>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', mb: 1 }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {typeOf(integration)}
        </Typography>
        <Chip label="Ativa" color="success" size="small" />
      </Stack>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
      >
        {term(labelOf('token'), integration.token, { fontFamily: 'monospace' })}
        {integration.base_url ? term('Endereço', integration.base_url, { overflowWrap: 'anywhere' }) : null}
        {term(labelOf('created_at'), formatDateTime(integration.created_at))}
        {term(labelOf('created_by'), integration.created_by?.fullname ?? '—')}
      </Box>
    </CardContent>
  );
}

/** Desativar, with its confirmation, for who may change the store's integrations. */
function DeactivateButton() {
  const integration = useRecordContext<Integration>();
  const canChange = useCanChange();
  const { refetch } = useListContext();
  const { storeId } = useChosenStore();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const deactivate = useMutation({
    mutationFn: (id: number) => integrationsApi(storeId).deactivate(id),
    onSuccess: async () => {
      setConfirming(false);
      notify(INTEGRATION_MESSAGES.deactivated, { type: 'success' });
      await refetch();
    },
    onError: (error: Error) => {
      setConfirming(false);
      notify(error.message, { type: 'error' });
    },
  });
  if (!canChange || !integration) return null;
  return (
    <>
      <Button
        variant="outlined"
        color="error"
        startIcon={<LinkOffIcon />}
        onClick={() => setConfirming(true)}
        sx={TOUCH}
      >
        Desativar
      </Button>
      <Confirm
        isOpen={confirming}
        loading={deactivate.isPending}
        title="Desativar a integração OPDV?"
        content="A importação do cardápio deixa de usar este token até uma nova integração ser adicionada."
        confirm="Desativar"
        cancel="Cancelar"
        onConfirm={() => deactivate.mutate(integration.id)}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

/** What the form sends: an address left blank is no address (the inputs hold it as null). */
function sent(values: Record<string, unknown>): { payload: NewIntegration } {
  const { base_url: baseUrl, ...payload } = (values.payload ?? {}) as NewIntegration & {
    base_url?: string | null;
  };
  return { payload: (baseUrl ? { ...payload, base_url: baseUrl } : payload) as NewIntegration };
}

/**
 * Nova integração while no OPDV is active, for who may: the type (only OPDV) and the token; for an
 * administrator also where a real OPDV answers, if not the default (the server calls that address:
 * no restaurant chooses it).
 */
function NewIntegration() {
  const store = useChosenStore();
  const canChange = useCanChange();
  const opdv = useOpdvActive();
  const { refetch } = useListContext();
  const notify = useNotify();
  const [adding, setAdding] = useState(false);
  const create = useMutation({
    mutationFn: (payload: NewIntegration) => integrationsApi(store.storeId).create(payload),
    onSuccess: async () => {
      setAdding(false);
      notify(INTEGRATION_MESSAGES.created, { type: 'success' });
      await refetch();
    },
    // The server's reason when it gives one (the one-active rule, a bad token), else the spec's words.
    onError: (error: Error & { status?: number }) =>
      notify(
        error.status && error.status < 500 && error.message ? error.message : INTEGRATION_MESSAGES.createFailed,
        { type: 'error' },
      ),
  });
  const required = (source: string) => requiredMessage(integrationCreateInput, source) !== undefined;
  if (!canChange || !opdv.known || opdv.active) return null;
  return (
    <>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} sx={TOUCH}>
        Nova integração
      </Button>
      <Dialog
        open={adding}
        onClose={create.isPending ? undefined : () => setAdding(false)}
        fullWidth
        maxWidth="sm"
        aria-labelledby="new-integration"
      >
        <Form
          record={{ payload: { integration_type: 'OPDV' } }}
          validate={zodValidate(integrationCreateInput, sent)}
          onSubmit={(values: Record<string, unknown>) => create.mutate(sent(values).payload)}
          noValidate
        >
          <DialogTitle id="new-integration">Nova integração</DialogTitle>
          <DialogContent>
            <SelectInput
              source="payload.integration_type"
              label={labelOf('integration_type')}
              choices={[...integrationTypes]}
              isRequired={required('payload.integration_type')}
              fullWidth
            />
            <TextInput
              source="payload.token"
              label={labelOf('token')}
              helperText="O token que o OPDV deu ao restaurante."
              isRequired={required('payload.token')}
              autoComplete="off"
              fullWidth
              slotProps={{ htmlInput: { spellCheck: false, 'aria-required': true } }}
            />
            {store.admin ? (
              <TextInput
                source="payload.base_url"
                label="Endereço do OPDV (opcional)"
                helperText="Em branco, o endereço padrão do OPDV."
                autoComplete="off"
                fullWidth
                slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false } }}
              />
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setAdding(false)} disabled={create.isPending} sx={TOUCH}>
              Cancelar
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={create.isPending}
              startIcon={create.isPending ? <CircularProgress size={18} color="inherit" /> : <AddIcon />}
              sx={TOUCH}
            >
              Adicionar
            </Button>
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}

/** Once the store's OPDV is active, why no form is offered. */
function OneActiveNotice() {
  const opdv = useOpdvActive();
  return opdv.active ? <Alert severity="info">{INTEGRATION_MESSAGES.oneActive}.</Alert> : null;
}

/**
 * Integrações (/integrations, platform spec 2.15): the store's active integrations as cards,
 * Nova integração while no OPDV is active (one per restaurant: once there is one, a message says
 * so and no form is offered), and Desativar with a confirmation. Staff see their own store's;
 * administrators choose the restaurant first.
 */
export default defineScreens({
  list: {
    store: { notice: 'Escolha um restaurante para ver as suas integrações.' },
    header: <OneActiveNotice />,
    actions: <NewIntegration />,
    create: false,
    exportButton: false,
    empty: false,
    noRows: <Alert severity="info">Nenhuma integração ativa.</Alert>,
    pagination: <></>,
    cards: {
      render: (record) => <IntegrationCard integration={record as Integration} />,
      only: true,
      label: 'Integrações ativas',
      name: (record) => `Integração ${typeOf(record)}`,
      opens: false,
    },
    rowActions: <DeactivateButton />,
  },
});
