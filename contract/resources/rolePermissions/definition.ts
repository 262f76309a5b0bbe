import { z } from 'zod';
import { instant } from '../../lib/records';
import { callPath, defineResource, type CallDefinition } from '../../define';
import { CONFIGURABLE_ROLES, PERMISSION_IDS, TEAM_ROLES, type Permission } from '../../permissions';

/**
 * What each role of a store's team may do (Configurações → Permissões): every role with its
 * permissions, the managers' fixed at all of them. The store's managers change the others'; the
 * change holds from each member's next call (contract/permissions.ts has the catalogue and
 * the defaults).
 */

const ENDPOINT = '/api/team/permissions';

const permission = z.enum(PERMISSION_IDS as [Permission, ...Permission[]], {
  error: 'Permissão inválida.',
});
const configurableRole = z.enum(CONFIGURABLE_ROLES.map((role) => role.id) as [string, ...string[]], {
  error: 'Função inválida: use WAITER, CASHIER, KITCHEN ou STAFF (os gerentes têm todas as permissões).',
});

/** A role's permissions as the screen sends them: the whole set, without repetitions. */
export const rolePermissionsInput = z.strictObject({
  role: configurableRole,
  permissions: z
    .array(permission, { error: 'Informe a lista de permissões.' })
    .max(PERMISSION_IDS.length, 'Permissões repetidas.')
    .refine((chosen) => new Set(chosen).size === chosen.length, 'Permissões repetidas.'),
  /** Where an administrator works; staff always their own store. */
  store_id: z.coerce.number({ error: 'Restaurante inválido.' }).int().positive().optional(),
});

export const roleRecord = z.object({
  role: z.enum(TEAM_ROLES.map((role) => role.id) as [string, ...string[]]),
  name: z.string(),
  permissions: z.array(permission),
  /** False for the managers, who hold everything. */
  editable: z.boolean(),
  /** The store chose this role's permissions; otherwise they are the defaults. */
  customized: z.boolean(),
  updated_at: instant.nullable(),
  /** Who saved them last. */
  updated_by: z.string().nullable(),
});

const calls = {
  read: {
    method: 'GET',
    path: '',
    access: 'store:team',
    summary: 'As permissões de cada função da equipe do restaurante',
  },
  // Only a store's managers hand out permissions: whoever else manages the team may not widen
  // what a role (theirs included) may do.
  save: {
    method: 'PATCH',
    path: '',
    access: 'manager',
    summary: 'Altera as permissões de uma função da equipe (os gerentes têm todas)',
  },
} as const satisfies Record<string, CallDefinition>;

export const rolePermissionPaths = {
  read: callPath({ endpoint: ENDPOINT }, calls.read),
  save: callPath({ endpoint: ENDPOINT }, calls.save),
};

export const rolePermissions = defineResource({
  name: 'role-permissions',
  endpoint: ENDPOINT,
  // One set per store, read and saved whole.
  noun: { one: 'teamPermissions', many: 'teamPermissions' },
  label: { one: 'Permissões da função', many: 'Permissões' },
  access: {},
  calls,
  envelope: { list: 'data', one: 'data' },
  storeScoped: true,
  fields: {},
  input: rolePermissionsInput,
  record: roleRecord,
  list: { perPage: TEAM_ROLES.length, sort: { field: 'role', order: 'ASC' } },
  messages: {
    created: 'Permissões salvas com sucesso!',
    updated: 'Permissões salvas com sucesso!',
    deleted: 'Permissões restauradas.',
  },
});
