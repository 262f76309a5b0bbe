import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Loading, Title, usePermissions } from 'react-admin';
import { Button, Card, CardContent, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import { ADMIN, MANAGER } from '../authProvider';
import { useWorkPlace } from '../authProvider/workPlace';
import { permissionName, type Permission } from '../../contract/permissions';
import { landingOf } from '../layout/menus';

/**
 * A screen of an area of the store, for the roles that hold its permission; anyone else is told
 * why, in the server's words, with the way to their own first screen. Nothing is asked of the API.
 */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { permissions: role, isPending } = usePermissions<string>();
  const { holds, known } = useWorkPlace();
  if (isPending) return <Loading />;
  // Administrators and a store's managers hold everything, known or not yet.
  if (role === ADMIN || role === MANAGER) return <>{children}</>;
  if (!known) return <Loading />;
  if (holds(permission)) return <>{children}</>;
  const name = permissionName(permission);
  return (
    <Card sx={{ mt: 2, maxWidth: 640 }}>
      <Title title={name} />
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
        <Typography variant="h6" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <LockIcon aria-hidden /> Acesso restrito
        </Typography>
        <Typography>
          Sua função não tem a permissão &quot;{name}&quot;. Peça a um gerente do restaurante.
        </Typography>
        <Button component={RouterLink} to={landingOf(holds)} variant="contained" sx={{ minHeight: 44 }}>
          Ir para o início
        </Button>
      </CardContent>
    </Card>
  );
}
