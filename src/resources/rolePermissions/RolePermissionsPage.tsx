import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { usePermissions, useNotify } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  Checkbox,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { BackLink } from '../../components/BackLink';
import SaveIcon from '@mui/icons-material/Save';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { ADMIN, MANAGER } from '../../authProvider';
import { ChooseStoreNotice, ChosenStorePicker, useChosenStore } from '../../components/chosenStore';
import { httpClient } from '../../dataProvider/httpClient';
import { formatDateTime } from '../../../contract/lib/format';
import type { z } from 'zod';
import {
  DEFAULT_PERMISSIONS,
  PERMISSIONS,
  type ConfigurableRole,
  type Permission,
} from '../../../contract/permissions';
import { ScreenHeader } from '../../components/ScreenHeader';
import { teamPaths } from '../team/paths';
import {
  rolePermissionPaths,
  rolePermissions,
  type roleRecord,
} from '../../../contract/resources/rolePermissions/definition';

type Role = z.input<typeof roleRecord>;

const TOUCH = 44;
export const PERMISSIONS_SAVED = rolePermissions.messages.updated;
export const PERMISSIONS_FAILED = 'Não foi possível salvar as permissões.';

/** The permissions each role holds on screen, by role, as ticked (before they are saved). */
type Ticks = Record<string, Set<Permission>>;

const ticksOf = (roles: readonly Role[]): Ticks =>
  Object.fromEntries(roles.map((role) => [role.role, new Set(role.permissions as Permission[])]));

const sameSet = (a: ReadonlySet<string>, b: readonly string[]) =>
  a.size === b.length && b.every((p) => a.has(p));

/**
 * Configurações → Equipe → Permissões (/settings/permissions): what each role of the team may do in
 * the store, a row per area and a column per role. Managers hold everything; the store's managers
 * (and administrators) tick the others' and save; the rest of the team with "Equipe" reads.
 * A change holds from each member's next page load.
 */
export function RolePermissionsPage() {
  const store = useChosenStore();
  const { permissions: role } = usePermissions<string>();
  const canSave = role === ADMIN || role === MANAGER;
  const notify = useNotify();
  const queryClient = useQueryClient();
  const queryKey = ['painel', 'role-permissions', store.storeId] as const;
  const query = useQuery({
    queryKey,
    enabled: !store.waiting,
    queryFn: async () =>
      (
        (await httpClient(rolePermissionPaths.read, {
          query: store.storeId === null ? undefined : { store_id: store.storeId },
        })) as { data: Role[] }
      ).data,
  });
  const roles = useMemo(() => query.data ?? [], [query.data]);
  // What was ticked and not saved yet; without it, the roles as the API says.
  const [edits, setEdits] = useState<Ticks | null>(null);
  const ticks = useMemo(() => edits ?? ticksOf(roles), [edits, roles]);
  const [saving, setSaving] = useState(false);

  const changed = roles.filter(
    (entry) => entry.editable && ticks[entry.role] && !sameSet(ticks[entry.role]!, entry.permissions),
  );

  const toggle = (roleId: string, permission: Permission) =>
    setEdits(() => {
      const next = new Set(ticks[roleId]);
      if (next.has(permission)) next.delete(permission);
      else next.add(permission);
      return { ...ticks, [roleId]: next };
    });

  const restore = (roleId: ConfigurableRole) =>
    setEdits({ ...ticks, [roleId]: new Set(DEFAULT_PERMISSIONS[roleId]) });

  const save = async () => {
    setSaving(true);
    try {
      let answer: Role[] | undefined;
      for (const entry of changed) {
        const body = (await httpClient(rolePermissionPaths.save, {
          method: 'PATCH',
          body: {
            role: entry.role,
            permissions: PERMISSIONS.map((p) => p.id).filter((p) => ticks[entry.role]!.has(p)),
            ...(store.storeId === null ? {} : { store_id: store.storeId }),
          },
        })) as { data: Role[] };
        answer = body.data;
      }
      if (answer) queryClient.setQueryData(queryKey, answer);
      setEdits(null);
      notify(PERMISSIONS_SAVED, { type: 'success' });
    } catch (error) {
      notify((error as Error).message || PERMISSIONS_FAILED, { type: 'error' });
      void query.refetch();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ pb: 4, maxWidth: 1100 }}>
      <ScreenHeader
        title="Permissões da equipe"
        actions={
          <BackLink to={teamPaths.list} sx={{ minHeight: TOUCH }}>
            Equipe
          </BackLink>
        }
      />
      <ChosenStorePicker store={store} />
      <ChooseStoreNotice
        store={store}
        message="Escolha o restaurante para ver as permissões da equipe dele."
      />
      {store.waiting ? null : query.isPending ? (
        <LinearProgress aria-label="Carregando" />
      ) : query.isError ? (
        <Alert severity="error">{(query.error as Error).message}</Alert>
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>
            Cada função vê no menu e pode usar só as áreas marcadas. Gerentes têm todas as permissões.
            {canSave ? ' As mudanças valem a partir da próxima vez que cada pessoa abrir o Painel.' : null}
          </Typography>
          {canSave ? null : (
            <Alert severity="info" sx={{ mb: 2 }}>
              Somente gerentes alteram as permissões.
            </Alert>
          )}
          <Card sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Permissões por função">
            {/* Every role in sight on a tablet beside the menu: narrow role columns, small notes. */}
            <Table size="small" sx={{ '& th, & td': { px: { xs: 0.5, md: 1 } } }}>
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col">
                    Área
                  </TableCell>
                  {roles.map((entry) => (
                    <TableCell
                      key={entry.role}
                      component="th"
                      scope="col"
                      align="center"
                      sx={{ fontSize: { xs: '0.75rem', md: '0.875rem' }, width: { xs: 64, md: 96 } }}
                    >
                      {entry.name}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {PERMISSIONS.map((permission) => (
                  <TableRow key={permission.id}>
                    <TableCell component="th" scope="row">
                      <Typography sx={{ fontWeight: 600 }}>{permission.name}</Typography>
                      <Typography
                        variant="body2"
                        color="text.secondary"
                        sx={{ fontSize: { xs: '0.75rem', md: '0.875rem' } }}
                      >
                        {permission.description}
                      </Typography>
                    </TableCell>
                    {roles.map((entry) => (
                      <TableCell key={entry.role} align="center" padding="none">
                        <Checkbox
                          checked={ticks[entry.role]?.has(permission.id) ?? false}
                          disabled={!entry.editable || !canSave || saving}
                          onChange={() => toggle(entry.role, permission.id)}
                          slotProps={{ input: { 'aria-label': `${entry.name}: ${permission.name}` } }}
                          sx={{ width: TOUCH, height: TOUCH }}
                        />
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
                <TableRow>
                  <TableCell component="th" scope="row">
                    <Typography variant="body2" color="text.secondary">
                      Última alteração
                    </Typography>
                  </TableCell>
                  {roles.map((entry) => (
                    <TableCell key={entry.role} align="center">
                      <Typography variant="body2" color="text.secondary">
                        {!entry.editable
                          ? 'Sempre todas'
                          : entry.customized && entry.updated_at
                            ? `${entry.updated_by ?? 'Alguém'}, ${formatDateTime(entry.updated_at)}`
                            : 'Padrão'}
                      </Typography>
                      {entry.editable && canSave ? (
                        <Button
                          size="small"
                          startIcon={<RestartAltIcon sx={{ display: { xs: 'none', md: 'inline-flex' } }} />}
                          onClick={() => restore(entry.role as ConfigurableRole)}
                          disabled={saving}
                          sx={{ minHeight: TOUCH }}
                          aria-label={`Restaurar o padrão de ${entry.name}`}
                        >
                          Padrão
                        </Button>
                      ) : null}
                    </TableCell>
                  ))}
                </TableRow>
              </TableBody>
            </Table>
          </Card>
          {canSave ? (
            <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2, gap: 1 }}>
              <Button
                variant="outlined"
                onClick={() => setEdits(null)}
                disabled={changed.length === 0 || saving}
                sx={{ minHeight: TOUCH }}
              >
                Descartar
              </Button>
              <Button
                variant="contained"
                startIcon={<SaveIcon />}
                loading={saving}
                disabled={changed.length === 0}
                onClick={() => void save()}
                sx={{ minHeight: TOUCH, minWidth: 160 }}
              >
                SALVAR
              </Button>
            </Stack>
          ) : null}
        </>
      )}
    </Box>
  );
}
