import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  rolePermissions as definition,
  roleRecord,
  rolePermissionsInput,
} from '../../contract/resources/rolePermissions/definition';
import {
  DEFAULT_PERMISSIONS,
  MANAGER,
  permissionsOf,
  TEAM_ROLES,
  type ConfigurableRole,
} from '../../contract/permissions';
import { accounts, rolePermissions } from '../db/schema';
import type { Db } from '../db/client';
import { callerOf } from '../plugins/access';
import { storeIdParam } from '../resources/params';
import { served } from '../resources/routes';
import { targetStore } from '../resources/scope';

const answer = z.object({ data: z.array(roleRecord) });

/** Every role of the store with what it may do there, the managers first. */
async function rolesOf(db: Db, storeId: number) {
  const chosen = await db
    .select({
      role: rolePermissions.role,
      permissions: rolePermissions.permissions,
      updated_at: rolePermissions.updated_at,
      updated_by: accounts.fullname,
    })
    .from(rolePermissions)
    .leftJoin(accounts, eq(accounts.id, rolePermissions.updated_by))
    .where(eq(rolePermissions.store_id, storeId));
  return TEAM_ROLES.map((role) => {
    const row = chosen.find((entry) => entry.role === role.id);
    const permissions = [...permissionsOf(role.id, row?.permissions)];
    const defaults = DEFAULT_PERMISSIONS[role.id as ConfigurableRole];
    return {
      role: role.id,
      name: role.name,
      permissions,
      editable: role.id !== MANAGER,
      customized:
        row !== undefined &&
        (permissions.length !== defaults.length || permissions.some((p) => !defaults.includes(p))),
      updated_at: row?.updated_at ?? null,
      updated_by: row?.updated_by ?? null,
    };
  });
}

const rolePermissionRoutes: FastifyPluginAsyncZod = async (app) => {
  const routes = served(definition);

  app.route({
    // The store named (store_id) may not exist, here and below.
    ...routes.call('read', {
      errors: [404],
      querystring: z.strictObject({ store_id: storeIdParam.optional() }),
      response: { 200: answer },
    }),
    handler: async (request) => {
      const storeId = await targetStore(app.db, request, request.query.store_id);
      return { data: await rolesOf(app.db, storeId) };
    },
  });

  app.route({
    ...routes.call('save', { body: rolePermissionsInput, response: { 200: answer }, errors: [404] }),
    handler: async (request) => {
      const caller = callerOf(request);
      const { role, permissions, store_id } = request.body;
      const storeId = await targetStore(app.db, request, store_id);
      await app.db
        .insert(rolePermissions)
        .values({ store_id: storeId, role, permissions, updated_by: caller.accountId })
        .onConflictDoUpdate({
          target: [rolePermissions.store_id, rolePermissions.role],
          set: { permissions, updated_by: caller.accountId, updated_at: sql`now()` },
        });
      return { data: await rolesOf(app.db, storeId) };
    },
  });
};

export default rolePermissionRoutes;
