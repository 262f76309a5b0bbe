/**
 * Checks the audit trail's hash chains (migration 0016): every row must follow the one before it
 * in its chain (no gap, no row slipped in or removed), carry that row's hash, and hash to what it
 * says (no field edited); every chain's head must be its last row (no rows cut off the end).
 * Rewriting a whole chain from some row on, hashes included, is only found against anchors kept
 * from an earlier check (`heads`, saved outside the database).
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client';

export interface ChainProblem {
  chain: string;
  seq: number;
  /** What is wrong, in Portuguese. */
  problem: string;
}

export interface ChainHead {
  chain: string;
  seq: number;
  hash: string;
}

export interface AuditCheck {
  rows: number;
  chains: number;
  heads: ChainHead[];
  problems: ChainProblem[];
}

const ZERO = '0'.repeat(64);

export async function verifyAuditTrail(db: Db, anchors: readonly ChainHead[] = []): Promise<AuditCheck> {
  const broken = rows<{ chain: string; seq: string | number; problem: string }>(
    await db.execute(sql`
      with ordered as (
        select e.*, lag(e.hash) over w as before_hash, lag(e.seq) over w as before_seq
          from audit_events e
        window w as (partition by e.chain order by e.seq)
      ), judged as (
        select chain, seq,
          case
            when seq <> coalesce(before_seq, 0) + 1 then 'falta o registro anterior (lacuna na sequência)'
            when prev_hash <> coalesce(before_hash, ${ZERO}) then 'não continua o registro anterior'
            when hash <> audit_digest(prev_hash, chain, seq, store_id, at, account_id, actor, session_id,
              address, resource, record_id, action, summary, reason, changes, subjects)
              then 'foi alterado depois de escrito'
            when chain <> case when store_id is null then 'platform' else 'store:' || store_id end
              then 'está na cadeia de outro restaurante'
          end as problem
        from ordered
      )
      select chain, seq, problem from judged where problem is not null order by chain, seq`),
  ).map((row) => ({ ...row, seq: Number(row.seq) }));
  const heads = rows<{
    chain: string;
    seq: string | number;
    hash: string;
    last_seq: string | number | null;
    last_hash: string | null;
  }>(
    await db.execute(sql`
      select coalesce(c.chain, last.chain) as chain, c.seq, c.hash, last.seq as last_seq, last.hash as last_hash
        from audit_chains c
        full join (
          select distinct on (chain) chain, seq, hash from audit_events order by chain, seq desc
        ) last on last.chain = c.chain
       order by 1`),
  );
  const problems: ChainProblem[] = [...broken];
  for (const head of heads) {
    const lastSeq = head.last_seq === null ? 0 : Number(head.last_seq);
    if (head.seq === null) {
      problems.push({ chain: head.chain, seq: lastSeq, problem: 'cadeia sem registro de fim' });
    } else if (Number(head.seq) !== lastSeq || head.hash !== (head.last_hash ?? ZERO)) {
      problems.push({
        chain: head.chain,
        seq: lastSeq,
        problem: `o fim da cadeia (nº ${head.seq}) não é o último registro: registros apagados do fim`,
      });
    }
  }
  const current = heads.map((head) => ({
    chain: head.chain,
    seq: Number(head.last_seq ?? 0),
    hash: head.last_hash ?? ZERO,
  }));
  // Anchors kept from an earlier check: the chain must still hold that row, with that hash.
  for (const anchor of anchors) {
    const [row] = rows<{ hash: string }>(
      await db.execute(
        sql`select hash from audit_events where chain = ${anchor.chain} and seq = ${anchor.seq}`,
      ),
    );
    if (row?.hash !== anchor.hash) {
      problems.push({
        chain: anchor.chain,
        seq: anchor.seq,
        problem: row ? 'difere da âncora guardada: a cadeia foi reescrita' : 'sumiu desde a âncora guardada',
      });
    }
  }
  const [count] = rows<{ n: string | number }>(await db.execute(sql`select count(*) as n from audit_events`));
  return { rows: Number(count?.n ?? 0), chains: current.length, heads: current, problems };
}
