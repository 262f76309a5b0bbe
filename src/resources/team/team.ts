import { teamRoles } from '../../../contract/resources/admins/definition';

/**
 * A store's team is the `admins` resource seen by one store (server/routes/admins.ts): staff's
 * own team, or the one an administrator names with `store_id`. Its screens' words and sizes are
 * here; their calls in ./api.ts.
 */

/** Restaurant spec 9: the team's table shows 8 rows a page. */
export const TEAM_PAGE_SIZE = 8;

export const TEAM_MESSAGES = {
  /** Restaurant spec 8. */
  created: 'Usuário criado com sucesso',
  updated: 'Usuário atualizado com sucesso!',
  deleted: 'Usuário removido com sucesso!',
  /** Platform spec 8, on a failed update. */
  updateFailed: 'Não foi possível atualizar os dados do usuário',
  managersOnly: 'Somente os gerentes do restaurante alteram a equipe.',
} as const;

export const INCLUDE_COLLABORATOR = 'INCLUIR COLABORADOR';

/** The name of a role ('Gerente', 'Garçom'…). */
export const roleName = (role: string) => teamRoles.find((choice) => choice.id === role)?.name ?? role;
