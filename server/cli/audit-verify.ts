/**
 * Checks the audit trail on the server's database (DATA_DIR or DATABASE_URL):
 *   npm run audit:verify                       every chain, every row
 *   npm run audit:verify -- --save heads.json  and keep each chain's last row as an anchor
 *   npm run audit:verify -- --anchors heads.json   and check that the anchors kept still hold
 * Exits with 1 when a row was edited, removed or slipped in, or a chain was rewritten since its
 * anchor. Anchors belong outside the database (another machine, a printed report).
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { openCommandDatabase } from './database';
import { verifyAuditTrail, type ChainHead } from '../audit/verify';

const { values } = parseArgs({ options: { save: { type: 'string' }, anchors: { type: 'string' } } });

const database = await openCommandDatabase('pare o servidor antes de verificar o histórico.');

try {
  const anchors = values.anchors ? (JSON.parse(fs.readFileSync(values.anchors, 'utf8')) as ChainHead[]) : [];
  const check = await verifyAuditTrail(database.db, anchors);
  console.log(`Histórico: ${check.rows} registros em ${check.chains} cadeias.`);
  if (values.save) {
    fs.writeFileSync(values.save, `${JSON.stringify(check.heads, null, 2)}\n`);
    console.log(`Âncoras de ${check.heads.length} cadeias gravadas em ${values.save}.`);
  }
  if (check.problems.length === 0) {
    console.log(`Íntegro${anchors.length ? `, e as ${anchors.length} âncoras conferem` : ''}.`);
  } else {
    console.error(`${check.problems.length} problema(s):`);
    for (const { chain, seq, problem } of check.problems) console.error(`  ${chain} nº ${seq}: ${problem}`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
