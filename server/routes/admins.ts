import { and, asc, eq, exists, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCreateInput,
  adminUpdateInput,
  admins,
  collaboratorCreateInput,
  collaboratorUpdateInput,
  DUPLICATE_EMAIL,
  includeCollaboratorInput,
  OLD_PASSWORD_NEEDED,
  WRONG_OLD_PASSWORD,
} from '../../contract/resources/admins/definition';
import { permissionsOf } from '../../contract/permissions';
import { accounts, memberships, rolePermissions, stores } from '../db/schema';
import type { Db, Tx } from '../db/client';
import { checkCurrentPassword, newPassword } from '../auth/current-password';
import { openSession } from '../auth/sessions';
import { badRequest, conflict, forbidden, notFound } from '../http-errors';
import { ADMIN, callerOf, type Caller } from '../plugins/access';
import { recordAudit } from '../plugins/audit';
import { inTransaction } from '../db/scope';
import { COLLABORATOR_ROLE, MANAGER_ROLE, MEMBER } from '../auth/roles';
import { registerList } from '../resources/list';
import { storeIdParam } from '../resources/params';
import { answerWith, served } from '../resources/routes';
import { STORE_NOT_FOUND } from '../resources/scope';
import { failsWith } from '../resources/write-errors';

export const SELF_REMOVAL = 'Você não pode remover a sua própria conta.';
export const LAST_ADMIN = 'Não é possível remover o último administrador da plataforma.';
export const NO_ACCOUNT = 'Nenhuma conta encontrada com esse e-mail.';
export const ADMIN_NOT_COLLABORATOR =
  'Essa conta é de um administrador da plataforma e não pode fazer parte da equipe de um restaurante.';
export const ALREADY_MEMBER = 'Essa conta já faz parte da equipe deste restaurante.';
export const LAST_MANAGER_KEPT = 'O restaurante precisa de ao menos um gerente.';
export const MANAGERS_BY_MANAGERS = 'Somente gerentes alteram gerentes ou dão a função de gerente.';
export const BEYOND_OWN_PERMISSIONS =
  'Você não pode dar a alguém uma função com permissões que a sua não tem.';
export const SHARED_ACCOUNT =
  'Essa pessoa também trabalha em outro restaurante: só ela mesma altera seu nome, e-mail, telefone ou senha.';
const MEMBER_NOT_FOUND = admins.messages.notFound!;

/** What an answer carries of an account: never its password hash, lock or counters. */
const accountColumns = {
  id: accounts.id,
  fullname: accounts.fullname,
  email: accounts.email,
  phone: accounts.phone,
  role: accounts.role,
  store_id: sql<number | null>`null::int`.mapWith((value: unknown) =>
    value === null ? null : Number(value),
  ),
  permissions: accounts.permissions,
  status: accounts.status,
  created_at: accounts.created_at,
};

/** `?store_id=N`: an administrator works on that store's team instead of the administrators. */
const scopeQuery = z.strictObject({ store_id: storeIdParam.optional() });

/** The rules are the audience's, so the body is read by the handler once the audience is known. */
const anyBody = z.record(z.string(), z.unknown(), { error: 'O corpo da requisição deve ser um objeto.' });

/** Whose accounts a request works on: the platform's administrators, or one store's team. */
type Audience = { kind: 'admins' } | { kind: 'team'; storeId: number };

function audienceOf(request: FastifyRequest, requestedStore: number | undefined): Audience {
  const caller = callerOf(request);
  if (caller.role !== ADMIN) {
    // Staff only ever work on the team of the store their session works in, whatever they name.
    if (caller.storeId === null) throw forbidden('Sua conta não está vinculada a um restaurante.');
    return { kind: 'team', storeId: caller.storeId };
  }
  return requestedStore === undefined ? { kind: 'admins' } : { kind: 'team', storeId: requestedStore };
}

/** A membership of the store, for the account of the outer query. */
const memberOf = (db: Db, storeId: number) =>
  db
    .select({ one: sql`1` })
    .from(memberships)
    .where(and(eq(memberships.account_id, accounts.id), eq(memberships.store_id, storeId)));

function inAudience(db: Db, audience: Audience): SQL {
  return audience.kind === 'admins' ? eq(accounts.role, ADMIN) : exists(memberOf(db, audience.storeId));
}

/** Validates like the route schemas do, with the same error shape and field naming. */
function parseBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.');
  const message = issue?.message ?? 'Dados inválidos.';
  throw badRequest(field ? `${message} (campo ${field})` : message);
}

/**
 * Refuses to leave a store without a manager: the store's managers are locked in account order,
 * so that two managers demoting or removing each other at once wait for one another and the
 * second finds itself the last one.
 */
async function keepAnotherManager(tx: Tx, storeId: number, leaving: number): Promise<void> {
  const managers = await tx
    .select({ id: memberships.account_id })
    .from(memberships)
    .where(and(eq(memberships.store_id, storeId), eq(memberships.role, MANAGER_ROLE)))
    .orderBy(asc(memberships.account_id))
    .for('update');
  if (!managers.some((other) => other.id !== leaving)) throw conflict(LAST_MANAGER_KEPT);
}

/** A store id sent in a create body, when it is one; anything else is left to the schema. */
function bodyStoreId(body: Record<string, unknown>): number | undefined {
  const parsed = storeIdParam.safeParse(body.store_id);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Whether the caller may give (or change, or take away) `role` in their store: managers and
 * administrators any; whoever else holds "Equipe" only a role that is not a manager and holds
 * nothing their own role does not — nobody hands out what they do not have.
 */
async function mayHandle(db: Db, caller: Caller, storeId: number, role: string): Promise<void> {
  if (caller.role === ADMIN || caller.role === MANAGER_ROLE) return;
  if (role === MANAGER_ROLE) throw forbidden(MANAGERS_BY_MANAGERS);
  const [row] = await db
    .select({ permissions: rolePermissions.permissions })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.store_id, storeId), eq(rolePermissions.role, role)));
  const given = permissionsOf(role, row?.permissions);
  if (given.some((permission) => !caller.permissions.has(permission)))
    throw forbidden(BEYOND_OWN_PERMISSIONS);
}

const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const routes = served(admins);

  async function emailTaken(email: string, except?: number): Promise<boolean> {
    const [row] = await app.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(
        and(sql`lower(${accounts.email}) = lower(${email})`, except ? ne(accounts.id, except) : undefined),
      );
    return Boolean(row);
  }

  /** A member as answers show them: for a team, the role and store of the membership. */
  async function readMember(db: Db, audience: Audience, id: number) {
    if (audience.kind === 'admins') {
      const [admin] = await db
        .select(accountColumns)
        .from(accounts)
        .where(and(eq(accounts.id, id), inAudience(db, audience)));
      return admin;
    }
    const [member] = await db
      .select({ ...accountColumns, role: memberships.role, store_id: memberships.store_id })
      .from(accounts)
      .innerJoin(
        memberships,
        and(eq(memberships.account_id, accounts.id), eq(memberships.store_id, audience.storeId)),
      )
      .where(eq(accounts.id, id));
    return member;
  }

  /** The member's account, and how many stores it works in (a shared account's profile is its own). */
  async function findMember(audience: Audience, id: number) {
    const [member] = await app.db
      .select({
        id: accounts.id,
        password_hash: accounts.password_hash,
        stores:
          sql<number>`(select count(*) from ${memberships} where ${memberships.account_id} = ${accounts.id})`.mapWith(
            Number,
          ),
      })
      .from(accounts)
      .where(and(eq(accounts.id, id), inAudience(app.db, audience)));
    if (!member) throw notFound(MEMBER_NOT_FOUND);
    const role = audience.kind === 'team' ? ((await readMember(app.db, audience, id))?.role ?? null) : ADMIN;
    return { ...member, role };
  }

  // One list, two audiences: the administrators, or one store's team (staff's own, or the one an
  // administrator names with ?store_id), each row with its role in that store.
  registerList(app, admins, {
    table: accounts,
    columns: accountColumns,
    options: scopeQuery.shape,
    scope: (request, query) => [
      inAudience(app.db, audienceOf(request, query.store_id as number | undefined)),
    ],
    decorate: async (rows, { request, query, db }) => {
      const audience = audienceOf(request, query.store_id as number | undefined);
      if (audience.kind === 'admins') return rows;
      const roles = await db
        .select({ account_id: memberships.account_id, role: memberships.role })
        .from(memberships)
        .where(
          and(
            eq(memberships.store_id, audience.storeId),
            inArray(
              memberships.account_id,
              rows.map((row) => row.id as number),
            ),
          ),
        );
      const roleOf = new Map(roles.map((entry) => [entry.account_id, entry.role]));
      return rows.map((row) => ({
        ...row,
        role: roleOf.get(row.id as number) ?? MEMBER,
        store_id: audience.storeId,
      }));
    },
  });

  app.route({
    ...routes.one({ querystring: scopeQuery }),
    handler: async (request) => {
      const audience = audienceOf(request, request.query.store_id);
      const member = await readMember(app.db, audience, request.params.id);
      if (!member) throw notFound(MEMBER_NOT_FOUND);
      return { data: member };
    },
  });

  app.route({
    ...routes.create({ querystring: scopeQuery, body: anyBody }),
    handler: async (request, reply) => {
      const caller = callerOf(request);
      const audience = audienceOf(request, request.query.store_id ?? bodyStoreId(request.body));
      const schema = audience.kind === 'admins' ? adminCreateInput : collaboratorCreateInput;
      const {
        password,
        store_id: _ignored,
        permissions,
        role,
        ...profile
      } = parseBody(schema, request.body) as z.output<typeof collaboratorCreateInput>;
      const storeRole = role ?? COLLABORATOR_ROLE;
      if (audience.kind === 'team') await mayHandle(app.db, caller, audience.storeId, storeRole);
      if (await emailTaken(profile.email)) throw conflict(DUPLICATE_EMAIL);
      const { password_hash } = await newPassword(password);
      const created = await app.db.transaction(async (tx) => {
        const [account] = await tx
          .insert(accounts)
          .values({
            ...profile,
            permissions: permissions ?? {},
            password_hash,
            role: audience.kind === 'admins' ? ADMIN : MEMBER,
            last_store_id: audience.kind === 'team' ? audience.storeId : null,
          })
          .returning({ id: accounts.id })
          .catch(failsWith(admins));
        if (audience.kind === 'team') {
          await tx
            .insert(memberships)
            .values({ account_id: account!.id, store_id: audience.storeId, role: storeRole })
            .catch(failsWith(admins));
        }
        return readMember(tx, audience, account!.id);
      });
      void reply.status(201);
      return { data: created! };
    },
  });

  app.route({
    ...routes.update({
      // Wrong old passwords, tried too often.
      errors: [429],
      querystring: scopeQuery,
      body: anyBody,
      response: { 200: answerWith(admins, { access_token: z.string().optional() }) },
    }),
    // A wrong old password is counted and kept although the answer is a refusal, and passwords
    // are hashed before the write's transaction opens: its audit row is written with the write.
    config: { ...routes.update().config, audit: 'manual' },
    handler: async (request) => {
      const caller = callerOf(request);
      const audience = audienceOf(request, request.query.store_id);
      const member = await findMember(audience, request.params.id);
      const schema = audience.kind === 'admins' ? adminUpdateInput : collaboratorUpdateInput;
      const { password, old_password, role, ...profile } = parseBody(schema, request.body) as z.output<
        typeof collaboratorUpdateInput
      >;
      const self = member.id === caller.accountId;
      if (audience.kind === 'team') {
        // Whoever is touched, and whatever they become, must be within what the caller may hand out.
        await mayHandle(app.db, caller, audience.storeId, member.role ?? MEMBER);
        if (role !== undefined) await mayHandle(app.db, caller, audience.storeId, role);
        const touchesProfile = password !== undefined || Object.values(profile).some((v) => v !== undefined);
        if (touchesProfile && member.stores > 1 && !self && caller.role !== ADMIN) {
          throw conflict(SHARED_ACCOUNT);
        }
      }
      // An old password, when given, is checked (with the attempt limit of the account it belongs
      // to); changing one's own password needs it, as /api/account does.
      if (old_password !== undefined) {
        await checkCurrentPassword(app.db, member.id, member.password_hash, old_password, WRONG_OLD_PASSWORD);
      } else if (self && password !== undefined) {
        throw badRequest(OLD_PASSWORD_NEEDED);
      }
      if (profile.email !== undefined && (await emailTaken(profile.email, member.id))) {
        throw conflict(DUPLICATE_EMAIL);
      }
      const passwordColumns = password !== undefined ? await newPassword(password) : {};
      const updated = await inTransaction(app.db, async (tx) => {
        if (audience.kind === 'team' && role !== undefined) {
          if (role !== MANAGER_ROLE) await keepAnotherManager(tx, audience.storeId, member.id);
          await tx
            .update(memberships)
            .set({ role, updated_at: sql`now()` })
            .where(and(eq(memberships.account_id, member.id), eq(memberships.store_id, audience.storeId)));
        }
        const [account] = await tx
          .update(accounts)
          .set({ ...profile, ...passwordColumns, updated_at: sql`now()` })
          .where(and(eq(accounts.id, member.id), inAudience(tx, audience)))
          .returning({
            id: accounts.id,
            role: accounts.role,
            last_store_id: accounts.last_store_id,
            password_changed_at: accounts.password_changed_at,
          })
          .catch(failsWith(admins));
        if (!account) return undefined;
        await recordAudit(tx, request, {
          action: role !== undefined ? 'change-role' : password !== undefined ? 'password-change' : 'update',
          storeId: audience.kind === 'team' ? audience.storeId : null,
        });
        return { account, member: await readMember(tx, audience, member.id) };
      });
      if (!updated?.member) throw notFound(MEMBER_NOT_FOUND);
      // Whoever changes their own password keeps working, with a session of the new password.
      const access_token =
        password !== undefined && self
          ? await openSession(app, updated.account, 'session', caller.storeId ?? undefined)
          : undefined;
      return { data: { ...updated.member, ...(access_token ? { access_token } : {}) } };
    },
  });

  app.route({
    // Oneself, the last administrator or the store's last manager is never removed.
    ...routes.delete({ querystring: scopeQuery, errors: [409] }),
    handler: async (request) => {
      const caller = callerOf(request);
      const audience = audienceOf(request, request.query.store_id);
      if (request.params.id === caller.accountId) throw conflict(SELF_REMOVAL);
      if (audience.kind === 'team') {
        const member = await findMember(audience, request.params.id);
        await mayHandle(app.db, caller, audience.storeId, member.role ?? MEMBER);
      }
      const removed = await app.db.transaction(async (tx) => {
        if (audience.kind === 'admins') {
          const [member] = await tx
            .select({ id: accounts.id })
            .from(accounts)
            .where(and(eq(accounts.id, request.params.id), inAudience(tx, audience)));
          if (!member) throw notFound(MEMBER_NOT_FOUND);
          // The active administrators are locked in id order, so that two of them removing each
          // other at once wait for one another and the second finds itself the last one.
          const active = await tx
            .select({ id: accounts.id })
            .from(accounts)
            .where(and(eq(accounts.role, ADMIN), eq(accounts.status, 'ACTIVE')))
            .orderBy(asc(accounts.id))
            .for('update');
          if (!active.some((other) => other.id !== member.id)) throw conflict(LAST_ADMIN);
          const [row] = await tx
            .delete(accounts)
            .where(eq(accounts.id, member.id))
            .returning({ id: accounts.id });
          return row;
        }
        const [membership] = await tx
          .select({ role: memberships.role })
          .from(memberships)
          .where(
            and(eq(memberships.account_id, request.params.id), eq(memberships.store_id, audience.storeId)),
          )
          .for('update');
        if (!membership) throw notFound(MEMBER_NOT_FOUND);
        if (membership.role === MANAGER_ROLE)
          await keepAnotherManager(tx, audience.storeId, request.params.id);
        await tx
          .delete(memberships)
          .where(
            and(eq(memberships.account_id, request.params.id), eq(memberships.store_id, audience.storeId)),
          );
        // Leaving the last store leaves nothing to sign in to: the account goes too.
        await tx
          .delete(accounts)
          .where(
            and(
              eq(accounts.id, request.params.id),
              sql`not exists (select 1 from ${memberships} where ${memberships.account_id} = ${accounts.id})`,
            ),
          );
        return { id: request.params.id };
      });
      if (!removed) throw notFound(MEMBER_NOT_FOUND);
      return { data: removed };
    },
  });

  /**
   * /admins/include-collaborator: an existing account joins a store's team, with a role there (the
   * restaurant spec's "include collaborator"). The account keeps its other stores: one person may
   * work in several, choosing the store in the app bar. Staff add to their own store only.
   */
  app.route({
    ...routes.call('includeCollaborator', {
      operationId: 'includeCollaborator',
      errors: [404, 409],
      body: includeCollaboratorInput,
      response: routes.one().schema.response,
    }),
    handler: async (request) => {
      const caller = callerOf(request);
      const { email, role = COLLABORATOR_ROLE } = request.body;
      const storeId = caller.role === ADMIN ? request.body.store_id : caller.storeId;
      if (storeId === undefined) throw badRequest('Selecione o restaurante.');
      if (storeId === null) throw forbidden('Sua conta não está vinculada a um restaurante.');
      await mayHandle(app.db, caller, storeId, role);
      const member = await app.db.transaction(async (tx) => {
        const [account] = await tx
          .select({ id: accounts.id, role: accounts.role })
          .from(accounts)
          .where(sql`lower(${accounts.email}) = ${email}`)
          .for('update');
        if (!account) throw notFound(NO_ACCOUNT);
        if (account.role === ADMIN) throw conflict(ADMIN_NOT_COLLABORATOR);
        const [store] = await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId));
        if (!store) throw notFound(STORE_NOT_FOUND);
        const [joined] = await tx
          .insert(memberships)
          .values({ account_id: account.id, store_id: storeId, role })
          .onConflictDoNothing()
          .returning({ account_id: memberships.account_id });
        if (!joined) throw conflict(ALREADY_MEMBER);
        return readMember(tx, { kind: 'team', storeId }, account.id);
      });
      return { data: member! };
    },
  });
};

export default adminRoutes;
