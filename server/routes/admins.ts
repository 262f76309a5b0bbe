import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
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
} from '../../src/resources/admins/definition';
import { accounts, stores } from '../db/schema';
import type { Tx } from '../db/client';
import { checkCurrentPassword, newPassword } from '../auth/current-password';
import { openSession } from '../auth/sessions';
import { badRequest, conflict, forbidden, notFound } from '../http-errors';
import { ADMIN, callerOf } from '../plugins/access';
import { COLLABORATOR_ROLE, MANAGER_ROLE } from '../auth/roles';
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
export const LAST_MANAGER =
  'Essa conta é a única gerente do restaurante em que está e não pode deixar a equipe dele.';
export const LAST_MANAGER_KEPT = 'O restaurante precisa de ao menos um gerente.';
const MEMBER_NOT_FOUND = admins.messages.notFound!;

/** What an answer carries of an account: never its password hash, lock or counters. */
const memberColumns = {
  id: accounts.id,
  fullname: accounts.fullname,
  email: accounts.email,
  phone: accounts.phone,
  role: accounts.role,
  store_id: accounts.store_id,
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
    // Staff only ever work on their own team, whatever store they name.
    if (caller.storeId === null) throw forbidden('Sua conta não está vinculada a um restaurante.');
    return { kind: 'team', storeId: caller.storeId };
  }
  return requestedStore === undefined ? { kind: 'admins' } : { kind: 'team', storeId: requestedStore };
}

function inAudience(audience: Audience): SQL {
  return audience.kind === 'admins'
    ? eq(accounts.role, ADMIN)
    : and(eq(accounts.store_id, audience.storeId), ne(accounts.role, ADMIN))!;
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
 * Refuses to leave a store without a manager: the store's managers are locked in id order, so
 * that two managers demoting or removing each other at once wait for one another and the second
 * finds itself the last one.
 */
async function keepAnotherManager(tx: Tx, storeId: number, leaving: number): Promise<void> {
  const managers = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.store_id, storeId), eq(accounts.role, MANAGER_ROLE)))
    .orderBy(asc(accounts.id))
    .for('update');
  if (!managers.some((other) => other.id !== leaving)) throw conflict(LAST_MANAGER_KEPT);
}

/** A store id sent in a create body, when it is one; anything else is left to the schema. */
function bodyStoreId(body: Record<string, unknown>): number | undefined {
  const parsed = storeIdParam.safeParse(body.store_id);
  return parsed.success ? parsed.data : undefined;
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

  async function findMember(audience: Audience, id: number) {
    const [member] = await app.db
      .select({ id: accounts.id, password_hash: accounts.password_hash })
      .from(accounts)
      .where(and(eq(accounts.id, id), inAudience(audience)));
    if (!member) throw notFound(MEMBER_NOT_FOUND);
    return member;
  }

  // One list, two audiences: the administrators, or one store's team (staff's own, or the one an
  // administrator names with ?store_id).
  registerList(app, admins, {
    table: accounts,
    options: scopeQuery.shape,
    scope: (request, query) => [inAudience(audienceOf(request, query.store_id as number | undefined))],
  });

  app.route({
    ...routes.one({ querystring: scopeQuery }),
    handler: async (request) => {
      const audience = audienceOf(request, request.query.store_id);
      const [member] = await app.db
        .select(memberColumns)
        .from(accounts)
        .where(and(eq(accounts.id, request.params.id), inAudience(audience)));
      if (!member) throw notFound(MEMBER_NOT_FOUND);
      return { data: member };
    },
  });

  app.route({
    ...routes.create({ querystring: scopeQuery, body: anyBody }),
    handler: async (request, reply) => {
      const audience = audienceOf(request, request.query.store_id ?? bodyStoreId(request.body));
      const schema = audience.kind === 'admins' ? adminCreateInput : collaboratorCreateInput;
      const {
        password,
        store_id: _ignored,
        permissions,
        role,
        ...profile
      } = parseBody(schema, request.body) as z.output<typeof collaboratorCreateInput>;
      if (await emailTaken(profile.email)) throw conflict(DUPLICATE_EMAIL);
      const { password_hash } = await newPassword(password);
      const [created] = await app.db
        .insert(accounts)
        .values({
          ...profile,
          permissions: permissions ?? {},
          password_hash,
          role: audience.kind === 'admins' ? ADMIN : (role ?? COLLABORATOR_ROLE),
          store_id: audience.kind === 'team' ? audience.storeId : null,
        })
        .returning(memberColumns)
        .catch(failsWith(admins));
      void reply.status(201);
      return { data: created! };
    },
  });

  app.route({
    ...routes.update({
      querystring: scopeQuery,
      body: anyBody,
      response: { 200: answerWith(admins, { access_token: z.string().optional() }) },
    }),
    handler: async (request) => {
      const caller = callerOf(request);
      const audience = audienceOf(request, request.query.store_id);
      const member = await findMember(audience, request.params.id);
      const schema = audience.kind === 'admins' ? adminUpdateInput : collaboratorUpdateInput;
      const { password, old_password, role, ...profile } = parseBody(schema, request.body) as z.output<
        typeof collaboratorUpdateInput
      >;
      const self = member.id === caller.accountId;
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
      const updated = await app.db.transaction(async (tx) => {
        if (audience.kind === 'team' && role !== undefined && role !== MANAGER_ROLE) {
          await keepAnotherManager(tx, audience.storeId, member.id);
        }
        const [row] = await tx
          .update(accounts)
          .set({ ...profile, ...(role ? { role } : {}), ...passwordColumns, updated_at: sql`now()` })
          .where(and(eq(accounts.id, member.id), inAudience(audience)))
          .returning({ ...memberColumns, password_changed_at: accounts.password_changed_at })
          .catch(failsWith(admins));
        return row;
      });
      if (!updated) throw notFound(MEMBER_NOT_FOUND);
      const { password_changed_at, ...data } = updated;
      // Whoever changes their own password keeps working, with a session of the new password.
      const access_token =
        password !== undefined && self
          ? await openSession(app, { ...data, password_changed_at }, 'session')
          : undefined;
      return { data: { ...data, ...(access_token ? { access_token } : {}) } };
    },
  });

  app.route({
    ...routes.delete({ querystring: scopeQuery }),
    handler: async (request) => {
      const caller = callerOf(request);
      const audience = audienceOf(request, request.query.store_id);
      if (request.params.id === caller.accountId) throw conflict(SELF_REMOVAL);
      const removed = await app.db.transaction(async (tx) => {
        const [member] = await tx
          .select({ id: accounts.id, role: accounts.role })
          .from(accounts)
          .where(and(eq(accounts.id, request.params.id), inAudience(audience)));
        if (!member) throw notFound(MEMBER_NOT_FOUND);
        if (member.role === ADMIN) {
          // The active administrators are locked in id order, so that two of them removing each
          // other at once wait for one another and the second finds itself the last one.
          const active = await tx
            .select({ id: accounts.id })
            .from(accounts)
            .where(and(eq(accounts.role, ADMIN), eq(accounts.status, 'ACTIVE')))
            .orderBy(asc(accounts.id))
            .for('update');
          if (!active.some((other) => other.id !== member.id)) throw conflict(LAST_ADMIN);
        }
        if (audience.kind === 'team' && member.role === MANAGER_ROLE) {
          await keepAnotherManager(tx, audience.storeId, member.id);
        }
        const [row] = await tx
          .delete(accounts)
          .where(and(eq(accounts.id, member.id), inAudience(audience)))
          .returning({ id: accounts.id });
        if (!row) throw notFound(MEMBER_NOT_FOUND);
        return row;
      });
      return { data: removed };
    },
  });

  /**
   * /admins/include-collaborator: an existing account joins a store's team. A staff account has one
   * store, so joining another moves it there, unless it is the only manager of the one it leaves.
   */
  app.route({
    ...routes.call('includeCollaborator', {
      body: includeCollaboratorInput,
      response: routes.one().schema.response,
    }),
    handler: async (request) => {
      const { email, store_id } = request.body;
      const member = await app.db.transaction(async (tx) => {
        const [account] = await tx
          .select({ id: accounts.id, role: accounts.role, store_id: accounts.store_id })
          .from(accounts)
          .where(sql`lower(${accounts.email}) = ${email}`)
          .for('update');
        if (!account) throw notFound(NO_ACCOUNT);
        if (account.role === ADMIN) throw conflict(ADMIN_NOT_COLLABORATOR);
        const [store] = await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, store_id));
        if (!store) throw notFound(STORE_NOT_FOUND);
        if (account.role === MANAGER_ROLE && account.store_id !== null && account.store_id !== store_id) {
          const managers = await tx
            .select({ id: accounts.id })
            .from(accounts)
            .where(and(eq(accounts.store_id, account.store_id), eq(accounts.role, MANAGER_ROLE)))
            .orderBy(asc(accounts.id))
            .for('update');
          if (!managers.some((other) => other.id !== account.id)) throw conflict(LAST_MANAGER);
        }
        const [row] = await tx
          .update(accounts)
          .set({ store_id, updated_at: sql`now()` })
          .where(and(eq(accounts.id, account.id), ne(accounts.role, ADMIN)))
          .returning(memberColumns)
          .catch(failsWith(admins));
        if (!row) throw conflict(ADMIN_NOT_COLLABORATOR);
        return row;
      });
      return { data: member };
    },
  });
};

export default adminRoutes;
