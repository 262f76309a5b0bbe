import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordId } from '../../src/lib/records';
import { admins } from '../../src/resources/admins/definition';
import { accounts } from '../db/schema';
import { STRONG_PASSWORD } from '../auth/passwords';
import { checkCurrentPassword, newPassword } from '../auth/current-password';
import { liftLoginLocks } from '../auth/login-throttle';
import { openSession } from '../auth/sessions';
import { badRequest, notFound } from '../http-errors';
import { callerOf } from '../plugins/access';
import type { Db } from '../db/client';

export const STRONG_PASSWORD_MESSAGE =
  'A senha deve ter no mínimo 8 caracteres, com letra maiúscula, letra minúscula e número.';

const accountColumns = {
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

/** The caller's own account, with its roles as the spec lists them (one, today). */
const ownAccount = admins.record.extend({
  roles: z.array(z.object({ role: z.string(), store_id: recordId.nullable() })),
});
const tags = ['Conta'];

async function readAccount(db: Db, id: number) {
  const [account] = await db.select(accountColumns).from(accounts).where(eq(accounts.id, id));
  if (!account) throw notFound('Conta não encontrada.');
  const { store_id, ...rest } = account;
  return { ...rest, store_id, roles: [{ role: account.role, store_id }] };
}

const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/account',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'Ler a própria conta', response: { 200: z.object({ data: ownAccount }) } },
    },
    async (request) => ({ data: await readAccount(app.db, callerOf(request).accountId) }),
  );

  app.patch(
    '/api/account',
    {
      // The token from first access / recovery reaches this route, and only this one.
      config: { access: 'signed-in', passwordScope: true },
      schema: {
        tags,
        summary: 'Alterar o próprio nome, telefone ou senha',
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
      const [updated] = await app.db
        .update(accounts)
        .set({ ...profile, ...(password ? await newPassword(password) : {}), updated_at: sql`now()` })
        .where(eq(accounts.id, caller.accountId))
        .returning({ email: accounts.email, password_changed_at: accounts.password_changed_at });
      // The e-mailed token proved the owner: whatever locked the e-mail's logins is lifted.
      if (caller.scope === 'password' && updated) await liftLoginLocks(app.db, updated.email);
      const account = await readAccount(app.db, caller.accountId);
      // A new password ends every earlier token, so the caller gets a fresh session.
      const access_token = password
        ? await openSession(
            app,
            { ...account, password_changed_at: updated?.password_changed_at ?? null },
            'session',
          )
        : undefined;
      return { data: { ...account, ...(access_token ? { access_token } : {}) } };
    },
  );
};

export default accountRoutes;
