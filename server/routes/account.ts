import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordId } from '../../contract/lib/records';
import { admins } from '../../contract/resources/admins/definition';
import { PERMISSION_IDS, permissionsOf } from '../../contract/permissions';
import {
  accounts,
  membershipPermissions,
  memberships,
  rolePermissions,
  sessions,
  stores,
} from '../db/schema';
import { STRONG_PASSWORD } from '../auth/passwords';
import { checkCurrentPassword, newPassword } from '../auth/current-password';
import { liftLoginLocks } from '../auth/login-throttle';
import { openSession, sessionToken } from '../auth/sessions';
import { ADMIN } from '../auth/roles';
import { badRequest, forbidden, notFound } from '../http-errors';
import { callerOf, type Caller } from '../plugins/access';
import { noteAudit, recordAudit } from '../plugins/audit';
import { inTransaction } from '../db/scope';
import { storeIdParam } from '../resources/params';
import type { Db } from '../db/client';

export const STRONG_PASSWORD_MESSAGE =
  'A senha deve ter no mínimo 8 caracteres, com letra maiúscula, letra minúscula e número.';
export const NOT_A_MEMBER = 'Você não faz parte da equipe deste restaurante.';

const accountColumns = {
  id: accounts.id,
  fullname: accounts.fullname,
  email: accounts.email,
  phone: accounts.phone,
  role: accounts.role,
  last_store_id: accounts.last_store_id,
  permissions: accounts.permissions,
  status: accounts.status,
  created_at: accounts.created_at,
  password_changed_at: accounts.password_changed_at,
};

/**
 * One store the account works in, as the spec's `roles` list carries it, with what the role may
 * do there. The first entry is the store the session works in (the spec's client reads
 * `roles[0].store_id`); administrators have one entry, ADMIN without a store.
 */
const workPlace = z.object({
  role: z.string(),
  store_id: recordId.nullable(),
  store_name: z.string().nullable(),
  permissions: z.array(z.enum(PERMISSION_IDS as [string, ...string[]])),
});

/** The caller's own account: the role and store of the session, and every store it works in. */
const ownAccount = admins.record.extend({ roles: z.array(workPlace) });
const tags = ['Conta'];

async function readAccount(db: Db, caller: Pick<Caller, 'accountId' | 'storeId' | 'role'>) {
  const [account] = await db.select(accountColumns).from(accounts).where(eq(accounts.id, caller.accountId));
  if (!account) throw notFound('Conta não encontrada.');
  const { last_store_id: _last, password_changed_at: _changed, ...profile } = account;
  if (account.role === ADMIN) {
    return {
      ...profile,
      store_id: null,
      roles: [{ role: ADMIN, store_id: null, store_name: null, permissions: [...PERMISSION_IDS] }],
    };
  }
  const places = await db
    .select({
      role: memberships.role,
      store_id: memberships.store_id,
      store_name: stores.name,
      chosen: rolePermissions.permissions,
    })
    .from(memberships)
    .innerJoin(stores, eq(stores.id, memberships.store_id))
    .leftJoin(rolePermissions, membershipPermissions)
    .where(eq(memberships.account_id, account.id))
    .orderBy(asc(stores.name), asc(stores.id));
  const roles = places
    .map(({ chosen, ...place }) => ({ ...place, permissions: [...permissionsOf(place.role, chosen)] }))
    .sort((a, b) => Number(b.store_id === caller.storeId) - Number(a.store_id === caller.storeId));
  return { ...profile, role: caller.role, store_id: caller.storeId, roles };
}

const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/account',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'Ler a própria conta', response: { 200: z.object({ data: ownAccount }) } },
    },
    async (request) => ({ data: await readAccount(app.db, callerOf(request)) }),
  );

  app.patch(
    '/api/account',
    {
      // The token from first access / recovery reaches this route, and only this one. A wrong
      // current password is counted and kept although the answer is a refusal, and passwords are
      // hashed before the write's transaction opens: its audit row is written with the write.
      // No Idempotency-Key: a new password's answer is a session's token, never kept at rest.
      config: { access: 'signed-in', passwordScope: true, audit: 'manual', idempotent: false },
      schema: {
        tags,
        summary: 'Alterar o próprio nome, telefone ou senha',
        // Wrong current passwords, tried too often.
        errors: [429],
        description:
          'Com o token do primeiro acesso ou da recuperação, só a nova senha. ' +
          'Uma nova senha encerra as sessões anteriores: a resposta traz um novo access_token.',
        body: z
          .strictObject({
            password: z.string().max(200).regex(STRONG_PASSWORD, STRONG_PASSWORD_MESSAGE).optional(),
            current_password: z.string().max(200).optional(),
            fullname: z
              .string()
              .trim()
              .min(1, 'Campo obrigatório')
              .max(100, 'Limite máximo de 100 caracteres.')
              .optional(),
            phone: z
              .string()
              .transform((v) => v.replace(/\D/g, ''))
              .pipe(z.string().regex(/^\d{10,11}$/, 'Informe um número de telefone válido (XX) XXXXX-XXXX'))
              .optional(),
          })
          .refine((body) => Object.keys(body).length > 0, 'Informe ao menos um campo para alterar.'),
        response: { 200: z.object({ data: ownAccount.extend({ access_token: z.string().optional() }) }) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { password, current_password, ...profile } = request.body;
      if (caller.scope === 'password') {
        if (!password || Object.keys(profile).length > 0 || current_password !== undefined) {
          throw badRequest('Informe somente a nova senha.');
        }
      } else if (password) {
        if (!current_password) throw badRequest('Informe a senha atual.');
        const [row] = await app.db
          .select({ hash: accounts.password_hash })
          .from(accounts)
          .where(eq(accounts.id, caller.accountId));
        await checkCurrentPassword(
          app.db,
          caller.accountId,
          row?.hash ?? null,
          current_password,
          'Senha atual incorreta.',
        );
      }
      const passwordColumns = password ? await newPassword(password) : {};
      const access_token = await inTransaction(app.db, async (tx) => {
        const [updated] = await tx
          .update(accounts)
          .set({ ...profile, ...passwordColumns, updated_at: sql`now()` })
          .where(eq(accounts.id, caller.accountId))
          .returning({
            id: accounts.id,
            role: accounts.role,
            email: accounts.email,
            last_store_id: accounts.last_store_id,
            password_changed_at: accounts.password_changed_at,
          });
        if (!updated) throw notFound('Conta não encontrada.');
        // The e-mailed token proved the owner: whatever locked the e-mail's logins is lifted.
        if (caller.scope === 'password') await liftLoginLocks(tx, updated.email);
        await recordAudit(tx, request, {
          action: caller.scope === 'password' ? 'password-reset' : password ? 'password-change' : 'update',
          recordId: caller.accountId,
        });
        // A new password ends every earlier token, so the caller gets a fresh session, in the
        // store this one worked in.
        return password ? openSession(app, updated, 'session', caller.storeId ?? undefined) : undefined;
      });
      const account = await readAccount(app.db, caller);
      return { data: { ...account, ...(access_token ? { access_token } : {}) } };
    },
  );

  app.post(
    '/api/account/store',
    {
      // No Idempotency-Key: its answer is a session's token, never kept at rest.
      config: { access: 'signed-in', idempotent: false },
      schema: {
        tags,
        summary: 'Trabalhar em outro restaurante da própria equipe, sem sair da conta',
        operationId: 'switchStore',
        description:
          'A sessão passa a trabalhar no restaurante escolhido (e o próximo acesso começa nele); ' +
          'a resposta traz a conta e um access_token que diz o restaurante e a função.',
        body: z.strictObject({ store_id: storeIdParam }),
        response: { 200: z.object({ data: ownAccount.extend({ access_token: z.string() }) }) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      if (caller.role === ADMIN)
        throw forbidden('Administradores da plataforma escolhem o restaurante em cada tela.');
      const storeId = request.body.store_id;
      const place = await app.db.transaction(async (tx) => {
        const [membership] = await tx
          .select({ role: memberships.role })
          .from(memberships)
          .where(and(eq(memberships.account_id, caller.accountId), eq(memberships.store_id, storeId)));
        if (!membership) throw forbidden(NOT_A_MEMBER);
        await tx.update(sessions).set({ store_id: storeId }).where(eq(sessions.id, caller.sessionId));
        const [account] = await tx
          .update(accounts)
          .set({ last_store_id: storeId })
          .where(eq(accounts.id, caller.accountId))
          .returning({
            id: accounts.id,
            role: accounts.role,
            password_changed_at: accounts.password_changed_at,
          });
        return { account: account!, role: membership.role };
      });
      noteAudit(request, { action: 'switch-store', recordId: storeId, storeId });
      const access_token = await sessionToken(app, place.account, caller.scope, caller.sessionId, {
        storeId,
        role: place.role,
      });
      const account = await readAccount(app.db, { accountId: caller.accountId, storeId, role: place.role });
      return { data: { ...account, access_token } };
    },
  );
};

export default accountRoutes;
