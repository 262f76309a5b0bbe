/**
 * `npm start`: builds the web app when its sources changed (scripts/web-build.ts) while the local
 * stand-ins and the server start (the server reads the built app once the build is done). The data folder is checked first, so that a
 * second start on a folder in use is refused before its build replaces the web app the running
 * server is serving.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig } from '../server/config';
import { DataDirBusyError, lockDataDir } from '../server/db/lock';
import { buildingWeb } from '../server/web-ready';
import { buildWebIfChanged } from './web-build';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const config = readConfig();
if (!config.databaseUrl) {
  try {
    lockDataDir(config.dataDir).release();
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}

// The build in its own process; meanwhile the stand-ins start and the server opens (on a first
// start, creates) its database: it waits for the build only before it reads the built app.
const building = buildWebIfChanged(root).then(
  (built) => {
    if (!built) console.log('Aplicativo web já construído: as fontes não mudaram desde a última construção.');
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
buildingWeb(building);
await Promise.all([startLocalOpdv(), startLocalPrinter(), startLocalPixProvider()]);
await import('../server/main');

/**
 * The local OPDV (server/opdv/stand-in.ts) beside the server, unless OPDV_URL names a point of
 * sale already: the demo's integration, which names no address, then talks to it.
 */
async function startLocalOpdv() {
  if (process.env.OPDV_URL) return;
  const { startStandIn } = await import('../server/opdv/stand-in');
  const port = Number(process.env.OPDV_PORT ?? 4010);
  // The usual port taken (another copy running): any free one.
  const standIn = await startStandIn({ port }).catch(() => startStandIn());
  process.env.OPDV_URL = standIn.url;
  console.log(`OPDV local (demonstração) em ${standIn.url}`);
}

/**
 * The local receipt printer (server/printing/stand-in.ts) on the printers' port, 9100 (another
 * when taken), unless DEMO_PRINTER names one already: the demo's Cantina Bella kitchens print
 * their tickets there, kept as text in DATA_DIR/impressora. PRINTER_STANDIN=0 runs none.
 */
async function startLocalPrinter() {
  if (process.env.DEMO_PRINTER || process.env.PRINTER_STANDIN === '0') return;
  const { startPrinterStandIn } = await import('../server/printing/stand-in');
  const dir = path.join(config.dataDir, 'impressora');
  const printer = await startPrinterStandIn({ port: 9100, dir }).catch(() => startPrinterStandIn({ dir }));
  process.env.DEMO_PRINTER = printer.address;
  console.log(`Impressora local (demonstração) em ${printer.address}: o que imprime fica em ${dir}`);
}

/**
 * The local Pix provider (server/pix/stand-in.ts), unless PIX_PROVIDER_URL names one: the demo's
 * Pix at the table are dynamic charges, paid by `curl -X POST <its address>/__pay/<txid>` (what
 * the guest's bank app would do), whose signed webhook books the payment. PIX_STANDIN=0 runs
 * none (static codes, confirmed by hand).
 */
async function startLocalPixProvider() {
  if (process.env.PIX_PROVIDER_URL || process.env.PIX_STANDIN === '0') return;
  const crypto = await import('node:crypto');
  const { startPixStandIn } = await import('../server/pix/stand-in');
  const secret = crypto.randomBytes(24).toString('hex');
  const port = Number(process.env.PIX_PORT ?? 4020);
  const webhookUrl = `http://127.0.0.1:${config.port}/api/pix/webhook`;
  const provider = await startPixStandIn({ port, secret, webhookUrl }).catch(() =>
    startPixStandIn({ secret, webhookUrl }),
  );
  process.env.PIX_PROVIDER_URL = provider.url;
  process.env.PIX_WEBHOOK_SECRET = secret;
  console.log(
    `Provedor Pix local (demonstração) em ${provider.url}: pague com POST ${provider.url}/__pay/<txid>`,
  );
}
