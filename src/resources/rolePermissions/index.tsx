import { Route } from 'react-router-dom';
import { protectedPage } from '../../components/protectedPage';
import { lazyScreen } from '../preload';
import { teamPaths } from '../team/paths';

// Loaded when first opened, or with the app on its path.
const RolePermissionsPage = lazyScreen(teamPaths.permissions, () =>
  import('./RolePermissionsPage').then((m) => ({ default: m.RolePermissionsPage })),
);

/**
 * What each role may do (/settings/permissions), reached from the team's PERMISSÕES: for the
 * roles that hold "Equipe", and administrators with a restaurant chosen.
 */
export const rolePermissionsRoutes = [
  <Route
    key="team-permissions"
    path={teamPaths.permissions}
    element={protectedPage(<RolePermissionsPage />, 'team')}
  />,
];
