import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { filePrefix, firebaseFilePrefix } from '../contract/lib/fileUrls';

/** What Fastify's `trustProxy` takes in a list: an address, a range, or one of proxy-addr's names. */
function isProxyAddress(entry: string): boolean {
  return (
    ['loopback', 'linklocal', 'uniquelocal'].includes(entry) ||
    ipaddr.IPv4.isValidFourPartDecimal(entry) ||
    ipaddr.IPv4.isValidCIDRFourPartDecimal(entry) ||
    ipaddr.IPv6.isValid(entry) ||
    ipaddr.IPv6.isValidCIDR(entry)
  );
}

/** Configuration is read and validated once, at start, from the environment. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /**
   * A direct connection to the same database for what needs a session of its own: each instance's
   * LISTEN and the live relay's advisory lock. Default DATABASE_URL; set it when DATABASE_URL goes
   * through PgBouncer in transaction mode, which keeps no session between transactions.
   */
  DATABASE_LISTEN_URL: z.string().url().optional(),
  /**
   * `0`: writes append no live events and no relay runs (the streams hear nothing; the screens
   * poll). For measuring what live push costs the writes (`npm run bench:live`); default on.
   */
  LIVE_PUSH: z.enum(['0', '1']).default('1'),
  /**
   * `0`: the embedded database (PGlite) runs in the server's thread instead of a worker thread of
   * its own, where its statements hold no request back (server/db/pglite-thread.ts); default on.
   */
  PGLITE_THREAD: z.enum(['0', '1']).default('1'),
  JWT_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Painel <nao-responda@painel.com.br>'),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  /** `accounts` seeds only the demo logins and their stores (quick starts for browser tests). */
  SEED_SCALE: z.enum(['full', 'accounts']).default('full'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Behind reverse proxies or load balancers: how many of them stand between the callers and the
   * server (`1` for one), or the addresses they call from (`10.0.0.0/8,192.168.1.1`, or `loopback`,
   * `linklocal`, `uniquelocal`). The caller's address, which the per-address limits count, is then
   * read from X-Forwarded-For from the right, past the trusted hops only: the left-most entries
   * are whatever the client wrote. `0` or unset trusts nothing.
   */
  TRUST_PROXY: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .trim()
      .default('0')
      .refine(
        (value) => /^\d{1,2}$/.test(value) || value.split(',').every((entry) => isProxyAddress(entry.trim())),
        'use 0, o número de proxies à frente do servidor (1 a 99) ou a lista dos seus endereços (IP ou CIDR) separados por vírgula',
      ),
  ),
  /**
   * The service simulator, which plays the guests of the two demo restaurants (sit, order, call the
   * waiter, pay, leave). Default: on with the embedded database, off with DATABASE_URL.
   */
  SIMULATOR: z.enum(['0', '1']).optional(),
  /**
   * The simulator also plays the kitchen of a demo restaurant, station by station, but only where
   * nobody changed or cancelled an item on the board for this many minutes.
   */
  SIMULATOR_KITCHEN_IDLE_MIN: z.coerce
    .number({ error: 'use um número inteiro de minutos, de 1 a 1440' })
    .int('use um número inteiro de minutos, de 1 a 1440')
    .min(1, 'use um número inteiro de minutos, de 1 a 1440')
    .max(1440, 'use um número inteiro de minutos, de 1 a 1440')
    .default(10),
  /**
   * Where the OPDV point of sale answers for integrations that name no address of their own.
   * Default: the local OPDV that `npm start` runs beside the server (server/opdv/stand-in.ts).
   */
  OPDV_URL: z.string().url().default('http://127.0.0.1:4010'),
  /**
   * The receipt printer the demo's Cantina Bella kitchens print their tickets on ('host:port'):
   * the local printer stand-in that `npm start` runs (server/printing/stand-in.ts). Unset: the
   * demo's kitchens keep the printers they have (none, at first).
   */
  DEMO_PRINTER: z
    .string()
    .regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'use host:porta, como 127.0.0.1:9100')
    .optional(),
  /**
   * The store's Pix provider, for dynamic charges whose webhook books the payment
   * (server/pix/provider.ts); unset: static codes, confirmed by hand with 'Dar baixa'. `npm start`
   * runs a local one (server/pix/stand-in.ts).
   */
  PIX_PROVIDER_URL: z.string().url().optional(),
  /** The secret the provider signs its webhooks with (16 characters or more). */
  PIX_WEBHOOK_SECRET: z.string().min(16, 'use 16 caracteres ou mais').optional(),
  /** How long a call to the OPDV may take (milliseconds). */
  OPDV_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** The key that seals point-of-sale tokens at rest; default: one derived from JWT_SECRET. */
  INTEGRATION_KEY: z.string().min(16).optional(),
  /**
   * https addresses, comma-separated, under which the files records point to may live besides this
   * server's own (a CDN; this API's own https address when the web app is built with
   * VITE_API_URL). Any other address in a logo, photo or video field is refused.
   */
  FILE_URL_PREFIXES: z
    .string()
    .optional()
    .refine(
      (value) => !value?.trim() || value.split(',').every((entry) => filePrefix(entry.trim()) !== null),
      'use endereços https://… separados por vírgula, sem consulta nem fragmento',
    ),
  /** The web app's Firebase Storage (its build's VITE_FIREBASE_*): the bucket's files are trusted too. */
  VITE_FIREBASE_API_KEY: z.string().optional(),
  VITE_FIREBASE_STORAGE_BUCKET: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** The direct connection for LISTEN and the relay's lock (default databaseUrl). */
  databaseListenUrl?: string;
  livePush: boolean;
  /** The embedded database in a worker thread of its own. */
  pgliteThread: boolean;
  jwtSecret?: string;
  smtpUrl?: string;
  mailFrom: string;
  seedDemo?: boolean;
  seedScale: 'full' | 'accounts';
  logLevel: string;
  /** Fastify's `trustProxy`: nothing, a number of hops, or the proxies' addresses. */
  trustProxy: false | number | string[];
  /** Play the demo's guests; the server also needs the demo's accounts in the database to do it. */
  simulator: boolean;
  /** Minutes after a person's last change at a kitchen station before the simulator cooks there. */
  simulatorKitchenIdleMinutes: number;
  opdvUrl: string;
  demoPrinter: string | undefined;
  pixProvider: { url: string; webhookSecret: string } | undefined;
  opdvTimeoutMs: number;
  integrationKey?: string;
  /** Where, besides this server, the files records point to may live (contract/lib/fileUrls.ts). */
  fileUrlPrefixes: string[];
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Configuração inválida:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseListenUrl: e.DATABASE_LISTEN_URL,
    livePush: e.LIVE_PUSH === '1',
    pgliteThread: e.PGLITE_THREAD === '1',
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    seedDemo: e.SEED_DEMO === undefined ? undefined : e.SEED_DEMO === '1',
    seedScale: e.SEED_SCALE,
    logLevel: e.LOG_LEVEL,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    simulator: e.SIMULATOR === undefined ? e.DATABASE_URL === undefined : e.SIMULATOR === '1',
    simulatorKitchenIdleMinutes: e.SIMULATOR_KITCHEN_IDLE_MIN,
    opdvUrl: e.OPDV_URL,
    demoPrinter: e.DEMO_PRINTER,
    pixProvider: e.PIX_PROVIDER_URL ? { url: e.PIX_PROVIDER_URL, webhookSecret: pixSecretOf(e) } : undefined,
    opdvTimeoutMs: e.OPDV_TIMEOUT_MS,
    integrationKey: e.INTEGRATION_KEY,
    fileUrlPrefixes: [
      ...(e.FILE_URL_PREFIXES ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
      ...(e.VITE_FIREBASE_API_KEY?.trim() && e.VITE_FIREBASE_STORAGE_BUCKET?.trim()
        ? [firebaseFilePrefix(e.VITE_FIREBASE_STORAGE_BUCKET.trim())]
        : []),
    ],
  };
}

function trustProxyOf(value: string): Config['trustProxy'] {
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  return value.split(',').map((entry) => entry.trim());
}

/** The webhook's secret, required with a provider: an unsigned webhook would book any payment. */
function pixSecretOf(e: { PIX_WEBHOOK_SECRET?: string }): string {
  if (!e.PIX_WEBHOOK_SECRET) throw new Error('PIX_WEBHOOK_SECRET: obrigatório com PIX_PROVIDER_URL');
  return e.PIX_WEBHOOK_SECRET;
}
