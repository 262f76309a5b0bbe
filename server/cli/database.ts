import { readConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { DataDirBusyError } from '../db/lock';

/**
 * The server's database for a command (DATABASE_URL, or the embedded one of DATA_DIR). The
 * embedded database has one user at a time: while the server runs, the command says so, with
 * `whileServing` (what to do instead), and exits with 2.
 */
export async function openCommandDatabase(whileServing: string): Promise<Database> {
  const config = readConfig();
  return openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  ).catch((error: unknown) => {
    if (!(error instanceof DataDirBusyError)) throw error;
    console.error(
      `${error.message.split('. ')[0]}. O banco embutido (PGlite) aceita um processo por vez: ${whileServing} ` +
        'Com PostgreSQL (DATABASE_URL) não é preciso parar.',
    );
    process.exit(2);
  });
}
