/**
 * What each role of a store's team may do (restaurant spec 6 leaves the finer model to the
 * server). A permission opens one area of the store: its screens, and the calls that write there
 * — and, for the areas whose figures are the owner's business (statistics, finance, bank
 * accounts, integrations, the audit trail), the calls that read there too. Managers hold every
 * permission; a store's managers choose what each other role holds (Configurações → Permissões),
 * starting from the defaults below. Both halves read this file: the server's access check and the
 * menu, `canAccess` and the permissions screen.
 */

export const PERMISSIONS = [
  { id: 'floor', name: 'Salão', description: 'Mesas, transferir e juntar comandas, chamadas do garçom' },
  { id: 'board', name: 'Pedidos', description: 'Quadro da cozinha: preparo, pronto e cancelamento de itens' },
  { id: 'tabs', name: 'Comandas', description: 'A lista de comandas, abertas e fechadas, com seus valores' },
  { id: 'payments', name: 'Pagamentos', description: 'Dar baixa, acertar a conta e liberar mesa com saldo' },
  {
    id: 'reservations',
    name: 'Reservas',
    description: 'Criar, confirmar, cancelar reservas e reservar mesas',
  },
  { id: 'menu', name: 'Cardápio', description: 'Produtos, categorias, complementos e cozinhas' },
  { id: 'reviews', name: 'Avaliações', description: 'Responder às avaliações dos clientes' },
  { id: 'loyalty', name: 'Fidelidade', description: 'Alterar o programa de fidelidade' },
  { id: 'wall', name: 'Mural', description: 'Publicar, alterar e ordenar as postagens do mural' },
  {
    id: 'statistics',
    name: 'Estatísticas',
    description: 'Faturamento, ticket médio e produtos mais vendidos',
  },
  { id: 'finance', name: 'Financeiro', description: 'Painel financeiro, extrato e histórico de depósitos' },
  { id: 'bank_accounts', name: 'Contas bancárias', description: 'As contas onde o restaurante recebe' },
  { id: 'integrations', name: 'Integrações', description: 'Integrações e importação de produtos do OPDV' },
  {
    id: 'settings',
    name: 'Configurações',
    description: 'Dados do restaurante, horários, links e tempos da cozinha',
  },
  { id: 'team', name: 'Equipe', description: 'Incluir, alterar e remover colaboradores' },
  { id: 'audit', name: 'Histórico', description: 'Quem fez o quê no restaurante, e quando' },
] as const;

export type Permission = (typeof PERMISSIONS)[number]['id'];

export const PERMISSION_IDS: readonly Permission[] = PERMISSIONS.map((permission) => permission.id);

/** The Portuguese name of a permission, as the screens and the API's refusals say it. */
export function permissionName(permission: Permission): string {
  return PERMISSIONS.find((entry) => entry.id === permission)?.name ?? permission;
}

/** A store's roles. Managers hold every permission, always; the others hold what the store says. */
export const MANAGER = 'MANAGER';
export const TEAM_ROLES = [
  { id: 'MANAGER', name: 'Gerente' },
  { id: 'WAITER', name: 'Garçom' },
  { id: 'CASHIER', name: 'Caixa' },
  { id: 'KITCHEN', name: 'Cozinha' },
  { id: 'STAFF', name: 'Colaborador' },
] as const;
export type TeamRole = (typeof TEAM_ROLES)[number]['id'];
export const TEAM_ROLE_IDS = TEAM_ROLES.map((role) => role.id) as [TeamRole, ...TeamRole[]];
/** The roles whose permissions a store's managers set. */
export type ConfigurableRole = Exclude<TeamRole, 'MANAGER'>;
export const CONFIGURABLE_ROLES = TEAM_ROLES.filter(
  (role): role is Extract<(typeof TEAM_ROLES)[number], { id: ConfigurableRole }> => role.id !== MANAGER,
);

const SERVICE: readonly Permission[] = ['floor', 'board', 'tabs', 'payments', 'reservations'];

/**
 * What a role holds until its store's managers change it. Nobody but a manager sees revenue,
 * bank accounts, integrations, settings or the team's writes; the cashier also reads the
 * statement (closing the till needs it), the kitchen only its board and the menu (to mark a dish
 * unavailable).
 */
export const DEFAULT_PERMISSIONS: Record<ConfigurableRole, readonly Permission[]> = {
  WAITER: [...SERVICE, 'menu', 'wall'],
  CASHIER: [...SERVICE, 'finance'],
  KITCHEN: ['board', 'menu'],
  STAFF: [...SERVICE, 'menu', 'wall'],
};

/** What a role of a store holds: a manager everything; another role its store's choice or the default. */
export function permissionsOf(
  role: string,
  chosen: readonly string[] | null | undefined,
): readonly Permission[] {
  if (role === MANAGER || role === 'ADMIN') return PERMISSION_IDS;
  if (chosen) return PERMISSION_IDS.filter((permission) => chosen.includes(permission));
  return DEFAULT_PERMISSIONS[role as ConfigurableRole] ?? [];
}

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSION_IDS as readonly string[]).includes(value);
}
