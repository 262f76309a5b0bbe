import crypto from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accounts, passwordTokens } from '../db/schema';
import { verifyPassword } from '../auth/passwords';
import { countLoginTry, LOGIN_SLOW_ANSWER_MS, LOGIN_WINDOW_MINUTES } from '../auth/login-throttle';
import { endSession, startSession, type SessionAccount } from '../auth/sessions';
import type { TokenScope } from '../auth/tokens';
import type { Tx } from '../db/client';
import { inTransaction } from '../db/scope';
import { noteAudit, recordAudit } from '../plugins/audit';
import { callerOf } from '../plugins/access';
import { badRequest, HttpError, tooManyRequests } from '../http-errors';

/** Recovery tokens: lifetime, wrong tries per key, and request limits per window. */
const TOKEN_TTL_MINUTES = 10;
const TOKEN_MAX_ATTEMPTS = 5;
const REQUEST_WINDOW_MINUTES = 15;
export const REQUESTS_PER_EMAIL = 3;
export const REQUESTS_PER_ADDRESS = 10;

/** Login says 'Informe um email válido'; the password steps say 'Email inválido' (spec 5). */
const emailWith = (message: string) =>
  z
    .string({ error: 'Campo obrigatório' })
    .trim()
    .min(1, 'Campo obrigatório')
    .max(254, message)
    .email(message);
const email = emailWith('Informe um email válido');
const role = z.string().max(40).optional();

/** A signed token: a session from the password, a password-only one from the e-mailed token. */
const tokenAnswer = z.object({ data: z.object({ access_token: z.string() }) });
/** The key that pairs the e-mailed token with its request. */
const keyAnswer = z.object({ data: z.object({ key: z.uuid() }) });
const tags = ['Autenticação'];

const INVALID_LOGIN = 'E-mail ou senha inválidos.';
const PASSWORD_LOGIN_BLOCKED =
  'Por segurança, o acesso com senha a este e-mail foi bloqueado depois de muitas tentativas. ' +
  'Entre com o token enviado por e-mail: use “Esqueci minha senha”.';
const INVALID_TOKEN = 'Token inválido ou expirado. Solicite um novo token.';

const authRoutes: FastifyPluginAsyncZod<{ slowAnswerMs?: number }> = async (app, options) => {
  const slowAnswerMs = options.slowAnswerMs ?? LOGIN_SLOW_ANSWER_MS;
  /**
   * Opens a session in the transaction `tx` with its audit row: who (there is no caller yet), the
   * session, and the store it works in, whose trail the row joins.
   */
  async function auditedSession(
    tx: Tx,
    request: FastifyRequest,
    account: SessionAccount,
    scope: TokenScope,
    action: string,
  ) {
    const opened = await startSession(app, account, scope);
    await recordAudit(tx, request, {
      action,
      resource: 'auth',
      recordId: account.id,
      accountId: account.id,
      sessionId: opened.sessionId,
      storeId: opened.storeId,
    });
    return opened;
  }

  const hmacKey = app.tokens.deriveKey('password-token');
  const tokenHash = (key: string, token: string) =>
    crypto.createHmac('sha256', hmacKey).update(`${key}:${token}`).digest('hex');

  app.post(
    '/auth/email',
    {
      // A try waits on a password hash, and a slowed one for seconds: never inside a transaction.
      // No Idempotency-Key: its answer is a session's token, never kept at rest.
      config: { access: 'public', audit: 'manual', idempotent: false },
      schema: {
        tags,
        summary: 'Entrar com e-mail e senha',
        operationId: 'signIn',
        errors: [401, 429],
        body: z.strictObject({
          email,
          password: z.string({ error: 'Campo obrigatório' }).min(1, 'Campo obrigatório').max(200),
          role,
        }),
        response: { 200: tokenAnswer },
      },
    },
    async (request) => {
      const email = request.body.email.toLowerCase();
      const { password } = request.body;
      const attempt = await countLoginTry(app.db, email, request.ip);
      // The same work for every try, locked or not, known e-mail or not: one account read and one
      // argon2id computation (a dummy one without an account), so timing tells nothing.
      const [account] = await app.db
        .select({
          id: accounts.id,
          fullname: accounts.fullname,
          role: accounts.role,
          last_store_id: accounts.last_store_id,
          status: accounts.status,
          password_hash: accounts.password_hash,
          password_changed_at: accounts.password_changed_at,
        })
        .from(accounts)
        .where(eq(sql`lower(${accounts.email})`, email));
      const valid = await verifyPassword(account?.password_hash ?? null, password);
      if (attempt.slowed) await setTimeout(slowAnswerMs);
      if (attempt.refused) {
        throw tooManyRequests(
          `Muitas tentativas de acesso. Tente novamente em ${LOGIN_WINDOW_MINUTES} minutos.`,
        );
      }
      if (attempt.capped) {
        // The owner of an account that can still sign in: a disabled one gets no token either.
        if (attempt.tellOwner && account?.status === 'ACTIVE') {
          // Not awaited: the SMTP round trip would tell a known address from an unknown one.
          app.mailer
            .send({
              to: email,
              subject: 'Acesso com senha bloqueado no Painel',
              text:
                `Olá, ${account.fullname}.\n\nHouve muitas tentativas de entrar na sua conta do Painel ` +
                'com senhas erradas, então, por segurança, o acesso com senha foi bloqueado.\n\n' +
                'Para entrar, use “Esqueci minha senha” na tela de acesso: enviaremos um token para ' +
                'este e-mail e, ao definir uma nova senha, o acesso com senha volta a funcionar.\n\n' +
                'Se não foi você quem tentou entrar, recomendamos escolher uma senha nova e diferente.',
            })
            .catch((error: unknown) =>
              request.log.error({ err: error }, 'falha ao enviar o aviso de bloqueio'),
            );
        }
        throw tooManyRequests(PASSWORD_LOGIN_BLOCKED);
      }
      // A disabled account answers as a wrong password does, and counts as one: any other answer
      // would confirm the password to whoever is guessing it.
      if (!account || !valid || account.status !== 'ACTIVE') throw new HttpError(401, INVALID_LOGIN);
      await attempt.succeeded();
      const session = await inTransaction(app.db, (tx) =>
        auditedSession(tx, request, account, 'session', 'sign-in'),
      );
      return { data: { access_token: session.token } };
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Sair: encerrar a sessão deste token',
        operationId: 'signOut',
        description: 'O token deixa de abrir qualquer rota, em todas as instâncias do servidor.',
        response: { 204: z.null().describe('Sessão encerrada') },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      await endSession(app, caller.sessionId);
      noteAudit(request, { action: 'sign-out', recordId: caller.accountId });
      void reply.status(204);
      return null;
    },
  );

  app.post(
    '/auth/token/request',
    {
      // No Idempotency-Key: its answer's key is half of the e-mailed token's secret, never kept at rest.
      config: { access: 'public', idempotent: false },
      schema: {
        tags,
        summary: 'Pedir por e-mail um token de acesso (primeiro acesso ou senha esquecida)',
        operationId: 'requestAccessToken',
        errors: [429],
        body: z.strictObject({ email: emailWith('Email inválido'), role }),
        response: { 200: keyAnswer },
      },
    },
    async (request) => {
      const address = request.body.email.toLowerCase();
      const since = sql`now() - make_interval(mins => ${REQUEST_WINDOW_MINUTES})`;
      const [counts] = await app.db
        .select({
          byEmail: sql<number>`count(*) filter (where lower(${passwordTokens.email}) = ${address})`.mapWith(
            Number,
          ),
          byAddress:
            sql<number>`count(*) filter (where ${passwordTokens.requester_ip} = ${request.ip})`.mapWith(
              Number,
            ),
        })
        .from(passwordTokens)
        .where(
          and(
            gt(passwordTokens.created_at, since),
            sql`(lower(${passwordTokens.email}) = ${address} or ${passwordTokens.requester_ip} = ${request.ip})`,
          ),
        );
      if ((counts?.byEmail ?? 0) >= REQUESTS_PER_EMAIL || (counts?.byAddress ?? 0) >= REQUESTS_PER_ADDRESS) {
        throw tooManyRequests('Muitas solicitações de token. Aguarde alguns minutos e tente novamente.');
      }
      const [account] = await app.db
        .select({
          id: accounts.id,
          status: accounts.status,
          fullname: accounts.fullname,
          last_store_id: accounts.last_store_id,
        })
        .from(accounts)
        .where(eq(sql`lower(${accounts.email})`, address));
      const key = crypto.randomUUID();
      const token = String(crypto.randomInt(0, 100_000)).padStart(5, '0');
      const deliverable = account?.status === 'ACTIVE';
      // In the account's store's trail (the platform's for an e-mail without one), with no e-mail
      // written down beyond the account's own.
      noteAudit(request, {
        action: 'password-token-request',
        recordId: account?.id,
        storeId: account?.last_store_id ?? null,
      });
      // Unknown e-mails get a row and a key too, so the answer is the same either way.
      await app.db.insert(passwordTokens).values({
        key,
        email: address,
        account_id: deliverable ? account.id : null,
        token_hash: tokenHash(key, token),
        requester_ip: request.ip,
        expires_at: sql`now() + make_interval(mins => ${TOKEN_TTL_MINUTES})`,
      });
      if (deliverable) {
        // Not awaited: the SMTP round trip would tell a known address from an unknown one.
        app.mailer
          .send({
            to: address,
            subject: 'Seu token de acesso ao Painel',
            text:
              `Olá, ${account.fullname}.\n\nSeu token de acesso é ${token}.\n` +
              `Ele vale por ${TOKEN_TTL_MINUTES} minutos e só pode ser usado uma vez.\n\n` +
              'Se você não pediu este token, ignore este e-mail.',
          })
          .catch((error: unknown) => request.log.error({ err: error }, 'falha ao enviar o e-mail do token'));
      }
      return { data: { key } };
    },
  );

  app.post(
    '/auth/token',
    {
      // A wrong token's try is counted and kept although the answer is a refusal: the audit row of
      // a right one is written with the session it opens. No Idempotency-Key: its answer is a
      // session's token, never kept at rest.
      config: { access: 'public', audit: 'manual', idempotent: false },
      schema: {
        tags,
        summary: 'Trocar o token recebido por e-mail por uma sessão que só define a nova senha',
        operationId: 'redeemAccessToken',
        body: z.strictObject({
          token: z
            .string({ error: 'Informe os 5 dígitos enviados para o email' })
            .trim()
            .regex(/^\d{5}$/, 'Informe os 5 dígitos enviados para o email'),
          key: z.string({ error: INVALID_TOKEN }).uuid(INVALID_TOKEN),
          role,
        }),
        response: { 200: tokenAnswer },
      },
    },
    async (request) => {
      const { token, key } = request.body;
      const [row] = await app.db
        .select({
          token_hash: passwordTokens.token_hash,
          account_id: passwordTokens.account_id,
          attempts: passwordTokens.attempts,
          live: sql<boolean>`${passwordTokens.used_at} is null and ${passwordTokens.expires_at} > now()`,
        })
        .from(passwordTokens)
        .where(eq(passwordTokens.key, key));
      if (!row || !row.live || row.attempts >= TOKEN_MAX_ATTEMPTS) throw badRequest(INVALID_TOKEN);
      const expected = Buffer.from(row.token_hash, 'hex');
      const given = Buffer.from(tokenHash(key, token), 'hex');
      if (row.account_id === null || !crypto.timingSafeEqual(expected, given)) {
        const [after] = await app.db
          .update(passwordTokens)
          .set({ attempts: sql`${passwordTokens.attempts} + 1` })
          .where(eq(passwordTokens.key, key))
          .returning({ attempts: passwordTokens.attempts });
        const left = TOKEN_MAX_ATTEMPTS - (after?.attempts ?? TOKEN_MAX_ATTEMPTS);
        throw badRequest(
          left > 0
            ? `Token incorreto. Você tem mais ${left} tentativa${left > 1 ? 's' : ''}.`
            : 'Token incorreto. Limite de tentativas atingido; solicite um novo token.',
        );
      }
      // Single use: only the first of two racing requests marks the row.
      const session = await inTransaction(app.db, async (tx) => {
        const [used] = await tx
          .update(passwordTokens)
          .set({ used_at: sql`now()` })
          .where(and(eq(passwordTokens.key, key), sql`${passwordTokens.used_at} is null`))
          .returning({ account_id: passwordTokens.account_id });
        if (!used?.account_id) throw badRequest(INVALID_TOKEN);
        const [account] = await tx
          .select({
            id: accounts.id,
            role: accounts.role,
            last_store_id: accounts.last_store_id,
            status: accounts.status,
            password_changed_at: accounts.password_changed_at,
          })
          .from(accounts)
          .where(eq(accounts.id, used.account_id));
        if (!account || account.status !== 'ACTIVE') throw badRequest(INVALID_TOKEN);
        return auditedSession(tx, request, account, 'password', 'password-token');
      });
      return { data: { access_token: session.token } };
    },
  );
};

export default authRoutes;
