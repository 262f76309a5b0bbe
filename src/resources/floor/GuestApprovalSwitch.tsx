import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, FormControlLabel, FormHelperText, Switch } from '@mui/material';
import { useCanAccess, useDataProvider, useNotify } from 'react-admin';
import type { PainelDataProvider } from '../../dataProvider';
import { permissionName } from '../../../contract/permissions';
import { tables } from '../../../contract/resources/floor/definition';
import {
  GUEST_SETTINGS_HELP,
  GUEST_SETTINGS_LABEL,
  GUEST_SETTINGS_SAVED,
} from '../../../contract/resources/floor/guestCodes';
import { useStoreMeta } from './TokenRotation';

interface GuestSettings {
  approval: boolean;
}

/**
 * 'Aprovar pedidos da mesa': whether orders from the tables' QR codes wait for the staff before
 * the kitchen gets them. Read by the whole team; switched by who holds Configurações (read-only,
 * and saying so, for the others). `storeId` is the store of the tables shown (an administrator's).
 */
export function GuestApprovalSwitch({ storeId }: { storeId: number | undefined }) {
  const dataProvider = useDataProvider<PainelDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const helpId = useId();
  const meta = useStoreMeta(storeId);
  const { canAccess: canSave = false } = useCanAccess({
    resource: tables.name,
    action: 'saveGuestSettings',
  });
  const key = ['guestSettings', meta?.query.store_id ?? 'own'];
  const settings = useQuery<GuestSettings>({
    queryKey: key,
    queryFn: async () =>
      (await dataProvider.action(tables.name, { id: 0, action: 'guestSettings', meta: meta ?? undefined }))
        .data as unknown as GuestSettings,
    // An administrator's store is the tables' own: nothing to read before there is one.
    enabled: meta !== null,
  });
  const [saving, setSaving] = useState<boolean | null>(null);
  const change = async (approval: boolean) => {
    setSaving(approval);
    try {
      await dataProvider.action(tables.name, {
        id: 0,
        action: 'saveGuestSettings',
        // The save names an administrator's store in its body, as a store-scoped write does.
        data: meta ? { approval, store_id: meta.query.store_id } : { approval },
        meta: meta ?? undefined,
      });
      queryClient.setQueryData<GuestSettings>(key, { approval });
      notify(GUEST_SETTINGS_SAVED, { type: 'success' });
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'Não foi possível salvar.', {
        type: 'error',
      });
    } finally {
      setSaving(null);
    }
  };
  if (meta === null) return null;
  if (settings.isError) {
    return (
      <Alert severity="error" className="qr-settings" sx={{ mx: 2 }}>
        Não foi possível ler se os pedidos da mesa precisam de aprovação.
      </Alert>
    );
  }
  return (
    <Box className="qr-settings" sx={{ px: 2 }}>
      <FormControlLabel
        control={
          <Switch
            // While it saves, the switch shows what was chosen.
            checked={saving ?? settings.data?.approval ?? false}
            disabled={!canSave || settings.isPending || saving !== null}
            onChange={(_, next) => void change(next)}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
        label={GUEST_SETTINGS_LABEL}
        sx={{ minHeight: 48, mr: 0 }}
      />
      <FormHelperText id={helpId} sx={{ mt: 0 }}>
        {GUEST_SETTINGS_HELP}
        {canSave ? '' : ` Só quem tem a permissão ${permissionName('settings')} pode mudar esta opção.`}
      </FormHelperText>
    </Box>
  );
}
