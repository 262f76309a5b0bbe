import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Confirm, Form, SelectInput, TextInput, Title, useNotify, usePermissions } from 'react-admin';
import { ADMIN, MANAGER } from '../../authProvider';
import { useWorkPlace } from '../../authProvider/workPlace';
import { ChooseStoreNotice, ChosenStorePicker, useChosenStore } from '../../components/chosenStore';
import { useApi } from '../../dataProvider/useApi';
import { formatDateTime } from '../../../contract/lib/format';
import { requiredMessage, zodValidate } from '../../lib/zodForm';
import { listPath } from '../../../contract/define';
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
const CHOOSE_STORE = 'Escolha um restaurante para ver as suas integrações.';

/** The store's active integrations: one card each, with Desativar for who may. */
function IntegrationCard({
  integration,
  canChange,
  onDeactivate,
}: {
  integration: Integration;
  canChange: boolean;
  onDeactivate: () => void;
}) {
  const type = integrationTypes.find((t) => t.id === integration.integration_type)?.name;
  return (
    <Card component="li" aria-label={`Integração ${type}`} sx={{ listStyle: 'none' }}>
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', mb: 1 }}>
            <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
              {type}
            </Typography>
            <Chip label="Ativa" color="success" size="small" />
          </Stack>
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
          >
            <Typography component="dt" variant="body2" color="text.secondary">
              {labelOf('token')}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontFamily: 'monospace' }}>
              {integration.token}
            </Typography>
            {integration.base_url ? (
              <>
                <Typography component="dt" variant="body2" color="text.secondary">
                  Endereço
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {integration.base_url}
                </Typography>
              </>
            ) : null}
            <Typography component="dt" variant="body2" color="text.secondary">
              {labelOf('created_at')}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {formatDateTime(integration.created_at)}
            </Typography>
            <Typography component="dt" variant="body2" color="text.secondary">
              {labelOf('created_by')}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {integration.created_by?.fullname ?? '—'}
            </Typography>
          </Box>
        </Box>
        {canChange ? (
          <Button
            variant="outlined"
            color="error"
            startIcon={<LinkOffIcon />}
            onClick={onDeactivate}
            sx={TOUCH}
          >
            Desativar
          </Button>
        ) : null}
      </CardContent>
    </Card>
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
 * Nova integração: the type (only OPDV) and the token; for an administrator also where a real OPDV
 * answers, if not the default (the server calls that address: no restaurant chooses it).
 */
function NewIntegrationDialog({
  open,
  saving,
  withAddress,
  onClose,
  onSave,
}: {
  open: boolean;
  saving: boolean;
  withAddress: boolean;
  onClose: () => void;
  onSave: (payload: NewIntegration) => void;
}) {
  const required = (source: string) => requiredMessage(integrationCreateInput, source) !== undefined;
  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="new-integration"
    >
      <Form
        record={{ payload: { integration_type: 'OPDV' } }}
        validate={zodValidate(integrationCreateInput, sent)}
        onSubmit={(values: Record<string, unknown>) => onSave(sent(values).payload)}
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
          {withAddress ? (
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
          <Button onClick={onClose} disabled={saving} sx={TOUCH}>
            Cancelar
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={saving}
            startIcon={saving ? <CircularProgress size={18} color="inherit" /> : <AddIcon />}
            sx={TOUCH}
          >
            Adicionar
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/**
 * Integrações (/integrations, platform spec 2.15): the store's active integrations (type, the
 * token's last characters, when and by whom it was added), Nova integração while no OPDV is active
 * (one per restaurant: once there is one, a message says so and no form is offered), and Desativar
 * with a confirmation. Staff see their own store's; administrators choose the restaurant first.
 */
export function IntegrationsScreen() {
  const store = useChosenStore();
  const { permissions: role } = usePermissions<string>();
  const { holds } = useWorkPlace();
  // One permission, "Integrações", reads and changes them (the screen is not offered without it).
  const canChange = role === ADMIN || role === MANAGER || holds('integrations');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const api = integrationsApi(store.storeId);
  const query = store.storeId === null ? undefined : { store_id: store.storeId };
  const active = useApi<Integration[]>(store.waiting ? null : listPath(integrations), query);
  const [adding, setAdding] = useState(false);
  const [deactivating, setDeactivating] = useState<Integration | null>(null);

  const reload = () => queryClient.invalidateQueries({ queryKey: ['api', listPath(integrations)] });
  const create = useMutation({
    mutationFn: (payload: NewIntegration) => api.create(payload),
    onSuccess: async () => {
      setAdding(false);
      notify(INTEGRATION_MESSAGES.created, { type: 'success' });
      await reload();
    },
    // The server's reason when it gives one (the one-active rule, a bad token), else the spec's words.
    onError: (error: Error & { status?: number }) =>
      notify(
        error.status && error.status < 500 && error.message
          ? error.message
          : INTEGRATION_MESSAGES.createFailed,
        {
          type: 'error',
        },
      ),
  });
  const deactivate = useMutation({
    mutationFn: (integration: Integration) => api.deactivate(integration.id),
    onSuccess: async () => {
      setDeactivating(null);
      notify(INTEGRATION_MESSAGES.deactivated, { type: 'success' });
      await reload();
    },
    onError: (error: Error) => {
      setDeactivating(null);
      notify(error.message, { type: 'error' });
    },
  });

  const list = active.data ?? [];
  const opdvActive = list.some(
    (integration) => integration.integration_type === 'OPDV' && integration.active,
  );

  return (
    <Box sx={{ py: 2 }}>
      <Title title={integrations.label.many} />
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 800, flex: '1 1 auto' }}>
          {integrations.label.many}
        </Typography>
        <ChosenStorePicker store={store} />
        {canChange && !store.waiting && active.isSuccess && !opdvActive ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} sx={TOUCH}>
            Nova integração
          </Button>
        ) : null}
      </Stack>
      <ChooseStoreNotice store={store} message={CHOOSE_STORE} />
      {store.waiting ? null : active.isPending ? (
        <Skeleton variant="rounded" height={120} aria-busy />
      ) : active.isError ? (
        <Alert severity="error">{active.error.message}</Alert>
      ) : (
        <>
          {opdvActive ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {INTEGRATION_MESSAGES.oneActive}.
            </Alert>
          ) : null}
          {list.length === 0 ? (
            <Alert severity="info">Nenhuma integração ativa.</Alert>
          ) : (
            <Stack component="ul" aria-label="Integrações ativas" sx={{ p: 0, m: 0, gap: 2 }}>
              {list.map((integration) => (
                <IntegrationCard
                  key={integration.id}
                  integration={integration}
                  canChange={canChange}
                  onDeactivate={() => setDeactivating(integration)}
                />
              ))}
            </Stack>
          )}
        </>
      )}
      {adding && !opdvActive ? (
        <NewIntegrationDialog
          open
          saving={create.isPending}
          withAddress={store.admin}
          onClose={() => setAdding(false)}
          onSave={(payload) => create.mutate(payload)}
        />
      ) : null}
      <Confirm
        isOpen={deactivating !== null}
        loading={deactivate.isPending}
        title="Desativar a integração OPDV?"
        content="A importação do cardápio deixa de usar este token até uma nova integração ser adicionada."
        confirm="Desativar"
        cancel="Cancelar"
        onConfirm={() => deactivating && deactivate.mutate(deactivating)}
        onClose={() => setDeactivating(null)}
      />
    </Box>
  );
}
