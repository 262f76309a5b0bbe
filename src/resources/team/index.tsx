import { Route } from 'react-router-dom';
import { protectedPage } from '../../components/protectedPage';
import { lazyScreen } from '../preload';
import { teamPaths } from './paths';

export { teamPaths };

// Loaded when first opened, or with the app on their path.
const TeamList = lazyScreen(teamPaths.list, () =>
  import('./overrides').then((m) => ({ default: m.TeamList })),
);
const TeamCreate = lazyScreen(teamPaths.create, () =>
  import('./overrides').then((m) => ({ default: m.TeamCreate })),
);
const TeamMember = lazyScreen(teamPaths.member, () =>
  import('./overrides').then((m) => ({ default: m.TeamMember })),
);

/**
 * Equipe: the store's team (/settings/teams, from the settings' VER EQUIPE), the add form
 * (/settings/teams-create) and a member (/settings/teams/:id). Staff see their own store's; an
 * administrator chooses the restaurant (platform spec 2.2 gives them the team screens too).
 */
export const teamRoutes = [
  <Route key="team" path={teamPaths.list} element={protectedPage(<TeamList />)} />,
  <Route key="team-create" path={teamPaths.create} element={protectedPage(<TeamCreate />, 'team')} />,
  <Route key="team-member" path={teamPaths.member} element={protectedPage(<TeamMember />)} />,
];
