import { Suspense, type ReactNode } from 'react';
import { Authenticated, Loading } from 'react-admin';
import type { Permission } from '../../contract/permissions';
import { RequirePermission } from './RequirePermission';

/**
 * A custom page behind the login, loaded lazily; with a permission, only for the roles that hold
 * it (contract/permissions.ts).
 */
export function protectedPage(page: ReactNode, permission?: Permission) {
  return (
    <Authenticated>
      <Suspense fallback={<Loading />}>
        {permission ? <RequirePermission permission={permission}>{page}</RequirePermission> : page}
      </Suspense>
    </Authenticated>
  );
}
