import { settingsPaths } from '../settings/paths';

/**
 * Where the team's screens live: under the settings (restaurant spec 2: /settings/teams and
 * /settings/teams-create, reached from VER EQUIPE). The spec does not show the member's path; it
 * carries the member's id, so that a reload or a shared link opens the same person.
 */
export const teamPaths = {
  list: settingsPaths.teams,
  create: '/settings/teams-create',
  member: '/settings/teams/:id',
  /** What each role may do (src/resources/rolePermissions). */
  permissions: '/settings/permissions',
} as const;

export const memberPath = (id: string | number) => `${teamPaths.list}/${encodeURIComponent(String(id))}`;
