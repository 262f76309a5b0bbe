import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { trustFilePrefixes } from '../contract/lib/fileUrls';
import { readConfig } from './config';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from './db/client';
import { DataDirBusyError } from './db/lock';
import { readTemplate } from './db/template';
import { webBuilt } from './web-ready';
// The rest of the server (routes, seed, simulator) is loaded below, while the database opens.
import type { Simulator } from './simulator/simulator';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main() {
  const config = readConfig();
  trustFilePrefixes(config.fileUrlPrefixes);
  // A new embedded database takes seconds (the template's copy, or initdb and every migration, in its
  // own thread): the server's modules load meanwhile, and the demo it will get is built in memory
  // meanwhile too.
  const isNewPglite = !config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'db'));
  const opening = openDatabase(
    config.databaseUrl
      ? {
          kind: 'postgres',
          url: config.databaseUrl,
          listenUrl: config.databaseListenUrl,
          livePush: config.livePush,
        }
      : {
          kind: 'pglite',
          dataDir: config.dataDir,
          // A new folder starts from the template made at install, when there is one for today's
          // migrations (server/db/template.ts): no initdb, no migration to run.
          from: isNewPglite ? readTemplate() : undefined,
          livePush: config.livePush,
          thread: config.pgliteThread,
        },
  );
  opening.catch(() => {}); // (its error is thrown by the await below, once the modules are in)
  const [{ buildApp }, { loadSecret }, demoModule, { startSimulator }] = await Promise.all([
    import('./app'),
    import('./auth/tokens'),
    import('./seed/demo'),
    import('./simulator/simulator'),
  ]);
  const { DEMO_ACCOUNTS, hasDemoAccounts, isEmptyDatabase, prepareDemo, seedDemo } = demoModule;
  const seedConfigured = config.seedDemo ?? !config.databaseUrl;
  const prepared = isNewPglite && seedConfigured ? prepareDemo({ scale: config.seedScale }) : undefined;
  prepared?.catch(() => {}); // (thrown by seedDemo's await, if it is used)
  const database = await opening;

  // The demo goes only into an empty embedded database (or when asked): production has none. Empty,
  // not "just created": a first start stopped during the demo must get it on the next start. It is
  // written (in the database's thread) while a start that builds the web app (scripts/start.ts)
  // waits for the build, and while the app is put together here: what its plugins ask of the
  // database as they start waits for the demo's transaction, so they get minutes to start instead
  // of Fastify's 10 s (the demo takes 7 s on an idle 2-core machine, 20 s or more on a busy one).
  const seeding = seedConfigured && (await isEmptyDatabase(database.db)) ? seedDemoNow() : undefined;
  seeding?.catch(() => {}); // (its error is thrown by the await below)
  function seedDemoNow() {
    // (Said at once: the server's log begins once the app is put together.)
    console.log('Banco vazio: criando dados de demonstração…');
    return seedDemo(database.db, {
      uploadsDir: path.join(config.dataDir, 'uploads'),
      scale: config.seedScale,
      prepared,
    });
  }
  // A start that builds the web app meanwhile (scripts/start.ts): the built app is read here.
  await webBuilt();
  const app = await buildApp({
    database,
    jwtSecret: loadSecret(config.jwtSecret, config.dataDir),
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    webRoot: path.join(root, 'dist'),
    uploadsDir: path.join(config.dataDir, 'uploads'),
    // Someone reading a terminal gets readable lines; a process manager or a container, JSON.
    logger: { level: config.logLevel, pretty: process.stdout.isTTY === true },
    trustProxy: config.trustProxy,
    housekeepingMinutes: 10,
    printEveryMs: 500,
    pixProvider: config.pixProvider,
    ...(seeding ? { pluginTimeout: 5 * 60_000 } : {}),
  });

  let closing = false;
  let simulator: Simulator | undefined;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: encerrando`);
    try {
      // The tick under way finishes on the open database; none starts after.
      await simulator?.stop();
      await app.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  if (seeding) app.log.info(await seeding, 'Dados de demonstração criados');

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const lines = [
    '',
    `Painel pronto em http://localhost:${port}`,
    `Banco: ${database.kind === 'pglite' ? `PGlite em ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  const demo = await hasDemoAccounts(database.db);
  if (demo && config.demoPrinter) await printDemoTickets(database.db, config.demoPrinter);
  if (demo) {
    lines.push('Contas de demonstração:');
    for (const account of DEMO_ACCOUNTS)
      lines.push(`  ${account.who}: ${account.email} / ${account.password}`);
  }
  console.log(lines.join('\n') + '\n');
  // The simulator plays only the demo's restaurants, so it needs the demo to be there.
  if (config.simulator && demo && !closing) {
    simulator = startSimulator(database.db, {
      log: app.log,
      kitchenIdleMinutes: config.simulatorKitchenIdleMinutes,
    });
    app.log.info(
      `Simulador de serviço ligado: clientes sentam, pedem, chamam o garçom, esperam a comida e pagam no Cantina Bella e no Sabor do Sertão; a cozinha prepara os pedidos nas estações em que ninguém mexe no quadro há ${config.simulatorKitchenIdleMinutes} min (SIMULATOR=0 desliga)`,
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirBusyError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});

/**
 * Points the demo's Cantina Bella kitchens at the local printer stand-in and prints their orders as
 * they come (its port may differ from one start to the next); a printer set to an address of the
 * restaurant's network is left alone.
 */
async function printDemoTickets(db: Db, printer: string) {
  await db.execute(sql`
    update kitchens set printer = ${printer}, auto_print = true, updated_at = now()
     where store_id = (select id from stores where slug = 'cantinabella')
       and (printer is null or printer like '127.0.0.1:%')`);
}
