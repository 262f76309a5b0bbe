import fs from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyRequest, type RouteOptions } from 'fastify';
import compress from '@fastify/compress';
import { COMPRESSION } from './http-compression';
import fastifyStatic from '@fastify/static';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Access } from '../contract/define';
import type { Database } from './db/client';
import type { Mailer } from './mail/mailer';
import errors, { clientErrorHandler, forTheLog, frameworkErrors } from './plugins/errors';
import headers from './plugins/headers';
import inputGuard from './plugins/input-guard';
import idempotency from './plugins/idempotency';
import housekeeping from './plugins/housekeeping';
import openapi from './plugins/openapi';
import { responseSerializer } from './plugins/serialization';
import database from './plugins/database';
import tokens from './plugins/tokens';
import mailer from './plugins/mailer';
import access from './plugins/access';
import audit from './plugins/audit';
import live from './plugins/live';
import authRoutes from './routes/auth';
import accountRoutes from './routes/account';
import resourceRoutes from './routes/resources';
import healthRoutes from './routes/health';
import webRoutes from './routes/web';
import uploadRoutes from './routes/uploads';
import storeRoutes from './routes/stores';
import statisticsRoutes from './routes/statistics';
import municipalityRoutes from './routes/municipalities';
import adminRoutes from './routes/admins';
import categoryRoutes from './routes/categories';
import productRoutes from './routes/products';
import complementGroupRoutes from './routes/complement-groups';
import pushNotificationRoutes from './routes/push-notifications';
import customerRoutes from './routes/customers';
import storyRoutes from './routes/stories';
import productNameRoutes from './routes/product-names';
import privacyRoutes from './routes/privacy';
import usagePolicyRoutes from './routes/usage-policy';
import tableRoutes from './routes/tables';
import orderRoutes from './routes/orders';
import guestRoutes from './routes/guest';
import orderItemRoutes from './routes/order-items';
import reservationRoutes from './routes/reservations';
import wallPostRoutes from './routes/wall-posts';
import reviewRoutes from './routes/reviews';
import loyaltyProgramRoutes from './routes/loyalty-programs';
import liveRoutes from './routes/live';
import financialRoutes from './routes/financial';
import integrationRoutes from './routes/integrations';
import rolePermissionRoutes from './routes/role-permissions';
import auditEventRoutes from './routes/audit-events';
import printJobRoutes from './routes/print-jobs';
import pixWebhookRoutes from './routes/pix-webhook';
import type { PixProviderOptions } from './pix/provider';
import printing from './plugins/printing';
import { crudResources } from './resources/registry';
import { RequestLog, redactUrl } from './request-log';

/** One registered route and who may call it, as the access plugin enforces it. */
export interface RouteEntry {
  method: string;
  url: string;
  access: Access | undefined;
  passwordScope: boolean;
  /** The definition the route serves, and which of its operations or calls. */
  resource: string | undefined;
  operation: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on the app (HEAD twins included), for the route-access test. */
    routeTable: readonly RouteEntry[];
    /** The store's Pix provider (server/pix/provider.ts); null: static codes, confirmed by hand. */
    pixProvider: PixProviderOptions | null;
  }
}

export interface AppOptions {
  database: Database;
  /** A Pix provider for dynamic charges and their webhook (PIX_PROVIDER_URL); none: static codes. */
  pixProvider?: PixProviderOptions;
  jwtSecret: string;
  smtpUrl?: string;
  mailFrom?: string;
  /** Tests hand in an outbox instead of SMTP or the log. */
  mailer?: Mailer;
  /** Folder of the built web app; omitted in API-only tests. */
  webRoot?: string;
  /** Where stored files live (`DATA_DIR/uploads`). */
  uploadsDir: string;
  /**
   * `pretty`: human-readable lines (a terminal); JSON lines otherwise (a log collector), written
   * to `stream` when given (tests read the lines).
   */
  logger?: boolean | { level: string; pretty?: boolean; stream?: { write(line: string): void } };
  /**
   * Behind proxies: how many hops to trust, or their addresses (Fastify's `trustProxy`); the
   * caller's address is read from X-Forwarded-For from the right, past the trusted hops only.
   */
  trustProxy?: false | number | readonly string[];
  /** Minutes between housekeeping rounds (orphan files, old sessions and counters); 0 or absent: none. */
  housekeepingMinutes?: number;
  /** Milliseconds between the print sender's rounds (server/plugins/printing.ts); 0: tests call it. */
  printEveryMs?: number;
  /** How long a repeated Idempotency-Key request waits for the first one's answer (default 10 s). */
  idempotencyWaitMs?: number;
  /** How long a sign-in to an e-mail under attack waits before answering (default 3 s). */
  loginSlowAnswerMs?: number;
  /** Tests: every answer is also checked against its route's response schema. */
  checkResponses?: boolean;
  /**
   * Tests: closing destroys every connection at once, even one a client opened and never used,
   * which a server otherwise waits on until its headers time-out (60 s).
   */
  forceCloseConnections?: boolean;
  /**
   * How long a plugin may take to start (Fastify's default: 10 s). A first start writes the demo
   * while the app is put together, and the plugins' first queries wait for its transaction.
   */
  pluginTimeout?: number;
}

/**
 * Secrets a log line could carry, replaced wherever a logged object holds them (a line logging a
 * request's headers, an account, a body): a log reaches more people than the database.
 */
const SECRET_KEYS = [
  'password',
  'current_password',
  'old_password',
  'password_confirmation',
  'password_hash',
  'token',
  'access_token',
  'token_hash',
  'recovery_code',
  'recovery_codes',
];
const REDACT = [
  'headers.authorization',
  'headers.cookie',
  '*.headers.authorization',
  '*.headers.cookie',
  'authorization',
  '*.authorization',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`]),
];

/** The serializer of a logged request (`req`): what Fastify's keeps, its URL without secrets. */
function requestForTheLog(request: unknown): Record<string, unknown> {
  if (typeof request !== 'object' || request === null) return {};
  const { method, url, host, ip } = request as Partial<FastifyRequest>;
  if (typeof url !== 'string') return request as Record<string, unknown>;
  return { method, url: redactUrl(url), host, remoteAddress: ip };
}

function loggerOptions(logger: AppOptions['logger']) {
  if (!logger) return false;
  const { level = 'info', pretty = false, stream } = logger === true ? {} : logger;
  const common = {
    level,
    redact: { paths: REDACT, censor: '[omitido]' },
    serializers: { err: forTheLog, req: requestForTheLog },
  };
  if (!pretty) return { ...common, stream };
  return {
    ...common,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true },
    },
  };
}

/**
 * Fastify's `trustProxy` from a number of hops or the proxies' addresses. Fastify 5 takes a bare
 * number as "trust nothing" (hop counting cannot tell the proxy from a client that reached the
 * server directly), so hops are counted here: the socket's peer and the next `hops − 1` entries
 * of X-Forwarded-For from the right are proxies, and the entry after them is the caller. That is
 * right wherever the server is only reachable through its proxies; where it is not, the proxies'
 * addresses are what to trust.
 */
function proxyTrust(
  trust: AppOptions['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return trust > 0 ? (_address, hop) => hop < trust : false;
  return trust ? [...trust] : false;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options.logger),
    // Fastify's two lines a request (received, answered) give way to one, where it matters.
    logController: new RequestLog(),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    trustProxy: proxyTrust(options.trustProxy),
    ...(options.forceCloseConnections ? { forceCloseConnections: true } : {}),
    ...(options.pluginTimeout ? { pluginTimeout: options.pluginTimeout } : {}),
    // The router's and Node's own refusals answer in the one envelope too.
    frameworkErrors,
    clientErrorHandler,
  });
  // Collected before any plugin registers a route, so that the table is complete; read when asked,
  // so that it shows each route's config as the route got it (after every onRoute hook).
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.decorate('pixProvider', options.pixProvider ?? null);
  app.decorate('routeTable', {
    getter: (): RouteEntry[] =>
      routes.flatMap((route) =>
        [route.method].flat().map((method) => ({
          method,
          url: route.url,
          access: route.config?.access,
          passwordScope: route.config?.passwordScope === true,
          resource: route.config?.resource,
          operation: route.config?.operation,
        })),
      ),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ check: options.checkResponses }));

  // External plugins. The API reference first: it collects every route registered after it.
  await app.register(openapi);
  // gzip/brotli for the web app and the larger JSON answers: tablets on a restaurant's Wi-Fi.
  await app.register(compress, COMPRESSION);
  // Files are sent by the routes that own them (web app, uploads), each with its own root.
  fs.mkdirSync(options.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, { root: options.uploadsDir, serve: false });
  await app.register(headers);

  // The app's own cross-cutting plugins.
  await app.register(errors);
  await app.register(database, { database: options.database });
  await app.register(tokens, { secret: options.jwtSecret });
  await app.register(mailer, {
    smtpUrl: options.smtpUrl,
    from: options.mailFrom ?? 'Painel <nao-responda@painel.com.br>',
    mailer: options.mailer,
  });
  // The notices' hub first: the access check forgets the callers it holds on its access notices.
  await app.register(live);
  await app.register(access);
  // Around every write route registered after it: the write and its audit row in one transaction.
  await app.register(audit, { strict: options.checkResponses ?? false });
  await app.register(inputGuard);
  // Before the routes: the writes that take an Idempotency-Key get their hooks as they register.
  await app.register(idempotency, { waitMs: options.idempotencyWaitMs });
  await app.register(printing, { everyMs: options.printEveryMs ?? 0 });
  await app.register(housekeeping, {
    uploadsDir: options.uploadsDir,
    everyMinutes: options.housekeepingMinutes ?? 0,
  });

  // Routes.
  await app.register(healthRoutes);
  await app.register(authRoutes, { slowAnswerMs: options.loginSlowAnswerMs });
  await app.register(accountRoutes);
  await app.register(resourceRoutes, { resources: crudResources });
  await app.register(storeRoutes, { uploadsDir: options.uploadsDir });
  await app.register(statisticsRoutes);
  await app.register(municipalityRoutes);
  await app.register(adminRoutes);
  await app.register(categoryRoutes, { uploadsDir: options.uploadsDir });
  await app.register(productRoutes, { uploadsDir: options.uploadsDir });
  await app.register(complementGroupRoutes);
  await app.register(pushNotificationRoutes);
  await app.register(customerRoutes);
  await app.register(storyRoutes);
  await app.register(productNameRoutes);
  await app.register(privacyRoutes);
  await app.register(usagePolicyRoutes);
  await app.register(tableRoutes);
  await app.register(orderRoutes);
  await app.register(guestRoutes);
  await app.register(orderItemRoutes);
  await app.register(reservationRoutes);
  await app.register(wallPostRoutes, { uploadsDir: options.uploadsDir });
  await app.register(reviewRoutes);
  await app.register(loyaltyProgramRoutes);
  await app.register(liveRoutes);
  await app.register(financialRoutes);
  await app.register(integrationRoutes, { uploadsDir: options.uploadsDir, jwtSecret: options.jwtSecret });
  await app.register(rolePermissionRoutes);
  await app.register(auditEventRoutes);
  await app.register(printJobRoutes);
  await app.register(pixWebhookRoutes);
  await app.register(uploadRoutes, { dir: options.uploadsDir });
  if (options.webRoot) await app.register(webRoutes, { root: options.webRoot });

  return app;
}
