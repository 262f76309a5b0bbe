import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `npm run audit:verify` (its script) on the embedded database of `dataDir`. */
function verify(dataDir: string, ...args: string[]): Promise<{ code: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/audit-verify.ts', ...args], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

/** Opens the folder's database, runs `work` on it and closes it (one process at a time holds it). */
async function withDatabase(
  dataDir: string,
  work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<void>,
) {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await work(database.db);
  } finally {
    await database.close();
  }
}

/** As someone with the database's keys would: past the trail's guard. */
const tampering =
  (statement: ReturnType<typeof sql>) => async (db: Awaited<ReturnType<typeof openDatabase>>['db']) => {
    await db.transaction(async (tx) => {
      await tx.execute(sql`alter table audit_events disable trigger audit_events_append_only`);
      await tx.execute(statement);
      await tx.execute(sql`alter table audit_events enable trigger audit_events_append_only`);
    });
  };

// The command is the same on PostgreSQL (DATABASE_URL): one run, on the embedded database, is enough.
describe.skipIf(process.env.TEST_DATABASE === 'postgres')('npm run audit:verify', () => {
  let dataDir: string;
  const anchors = () => path.join(dataDir, 'ancoras.json');

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-audit-'));
    // Three writes of a store's team, each with its row, as the API writes them.
    await withDatabase(dataDir, async (db) => {
      await db.execute(sql`insert into stores (name, slug) values ('Cantina Bella', 'cantinabella')`);
      for (const name of ['Forno', 'Chapa', 'Fritadeira']) {
        await db.transaction(async (tx) => {
          await tx.execute(sql`insert into kitchens (store_id, name) values (1, ${name})`);
          await tx.execute(
            sql`select audit_append(1, null, 'Giulia Romano', false, null, '10.0.0.2', 'kitchens', null, 'create', null, null)`,
          );
        });
      }
    });
  }, 300_000);
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('says the trail is whole, and keeps its anchors', { timeout: 300_000 }, async () => {
    const checked = await verify(dataDir, '--save', anchors());
    expect(checked.output).toContain('Histórico: 3 registros em 1 cadeias.');
    expect(checked.output).toContain('Íntegro.');
    expect(checked.code).toBe(0);
    expect(JSON.parse(fs.readFileSync(anchors(), 'utf8'))).toEqual([
      { chain: 'store:1', seq: 3, hash: expect.any(String) },
    ]);
  });

  it('finds a row edited in the database and exits with 1', { timeout: 300_000 }, async () => {
    await withDatabase(dataDir, tampering(sql`update audit_events set actor = 'Outra pessoa' where seq = 2`));
    const checked = await verify(dataDir);
    expect(checked.code).toBe(1);
    expect(checked.output).toContain('store:1 nº 2: foi alterado depois de escrito');
    await withDatabase(
      dataDir,
      tampering(sql`update audit_events set actor = 'Giulia Romano' where seq = 2`),
    );
    expect((await verify(dataDir)).code).toBe(0);
  });

  it(
    'finds the last row rewritten with its hash recomputed against the anchors kept',
    { timeout: 300_000 },
    async () => {
      await withDatabase(dataDir, async (db) => {
        await tampering(sql`update audit_events set summary = 'nada aconteceu',
          hash = audit_digest(prev_hash, chain, seq, store_id, at, account_id, actor, session_id, address,
            resource, record_id, action, 'nada aconteceu', reason, changes, subjects)
        where seq = 3`)(db);
        await db.execute(
          sql`update audit_chains c set hash = e.hash from audit_events e where e.chain = c.chain and e.seq = c.seq`,
        );
      });
      expect((await verify(dataDir)).code).toBe(0);
      const anchored = await verify(dataDir, '--anchors', anchors());
      expect(anchored.code).toBe(1);
      expect(anchored.output).toContain('store:1 nº 3: difere da âncora guardada: a cadeia foi reescrita');
    },
  );
});
