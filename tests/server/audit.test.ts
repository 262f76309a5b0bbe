import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../server/db/client';
import { verifyAuditTrail } from '../../server/audit/verify';
import { as, createAccount, createTestApp, demo, login, storeId, type TestApp } from './helpers';

type Call = ReturnType<typeof as>;

interface Event {
  id: number;
  chain: string;
  seq: number;
  store_id: number | null;
  account_id: number | null;
  actor: string | null;
  session_id: string | null;
  address: string | null;
  resource: string;
  record_id: string | null;
  action: string;
  reason: string | null;
  changes: {
    t: string;
    id: string;
    op: string;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  }[];
  subjects: string[];
  prev_hash: string;
  hash: string;
}

let t: TestApp;
let cantinaId: number;
let sertaoId: number;
let manager: Call;
let admin: Call;

const events = async (where = sql`true`) =>
  rows<Event>(await t.database.db.execute(sql`select * from audit_events where ${where} order by id`)).map(
    (event) => ({ ...event, id: Number(event.id), seq: Number(event.seq) }),
  );
const lastEvent = async () => (await events()).at(-1)!;
const count = async () => (await events()).length;

beforeAll(async () => {
  t = await createTestApp();
  cantinaId = await storeId(t.database.db, 'Cantina Bella');
  sertaoId = await storeId(t.database.db, 'Sabor do Sertão');
  manager = as(t.app, await login(t.app, demo.cantina));
  admin = as(t.app, await login(t.app, demo.admin));
});

afterAll(async () => {
  await t?.close();
});

describe('every write leaves one row, in its store, with who, what and the fields it changed', () => {
  let kitchenId: number;

  it('records a creation: who, from where, the store, and the row as written', async () => {
    const response = await manager({
      method: 'POST',
      url: '/api/kitchens',
      payload: { name: 'Forno a lenha' },
    });
    expect(response.statusCode).toBe(201);
    kitchenId = response.json().data.id;
    const event = await lastEvent();
    expect(event).toMatchObject({
      chain: `store:${cantinaId}`,
      store_id: cantinaId,
      actor: `Giulia Romano <${demo.cantina.email}>`,
      address: '127.0.0.1',
      resource: 'kitchens',
      record_id: String(kitchenId),
      action: 'create',
    });
    expect(event.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(event.changes).toEqual([
      expect.objectContaining({
        t: 'kitchens',
        id: String(kitchenId),
        op: 'I',
        after: expect.objectContaining({ name: 'Forno a lenha' }),
      }),
    ]);
    expect(event.subjects).toEqual([`kitchens:${kitchenId}`]);
  });

  it('records only the fields an update changed, before and after', async () => {
    await manager({
      method: 'PATCH',
      url: `/api/kitchens/id/${kitchenId}`,
      payload: { name: 'Forno', available: true },
    });
    const event = await lastEvent();
    expect(event).toMatchObject({ action: 'update', record_id: String(kitchenId) });
    expect(event.changes).toEqual([
      {
        t: 'kitchens',
        id: String(kitchenId),
        op: 'U',
        s: cantinaId,
        before: { name: 'Forno a lenha' },
        after: { name: 'Forno' },
      },
    ]);
  });

  it('leaves nothing for a read, nor for a refused write, which also changes nothing', async () => {
    const before = await count();
    expect((await manager({ method: 'GET', url: '/api/kitchens' })).statusCode).toBe(200);
    expect(
      (await manager({ method: 'PATCH', url: `/api/kitchens/id/${kitchenId}`, payload: { name: '' } }))
        .statusCode,
    ).toBe(400);
    expect((await manager({ method: 'DELETE', url: '/api/kitchens/id/999999' })).statusCode).toBe(404);
    expect(await count()).toBe(before);
  });

  it("files an administrator's change to a store's record in that store's chain", async () => {
    await admin({
      method: 'PATCH',
      url: `/api/kitchens/id/${kitchenId}`,
      payload: { name: 'Forno do chef' },
    });
    expect(await lastEvent()).toMatchObject({
      chain: `store:${cantinaId}`,
      actor: expect.stringContaining(demo.admin.email),
    });
    await admin({ method: 'POST', url: '/api/cousines', payload: { name: 'Tailandesa' } });
    expect(await lastEvent()).toMatchObject({ chain: 'platform', store_id: null, resource: 'cousines' });
  });

  it('writes down that a secret changed, never the secret', async () => {
    await createAccount(t.database.db, {
      email: 'garcom@cantinabella.com.br',
      password: 'Garcom@2026',
      role: 'WAITER',
      store_id: cantinaId,
    });
    const waiterId = rows<{ id: number }>(
      await t.database.db.execute(sql`select id from accounts where email = 'garcom@cantinabella.com.br'`),
    )[0]!.id;
    await manager({
      method: 'PATCH',
      url: `/api/admins/id/${waiterId}`,
      payload: { password: 'Trocada@2026' },
    });
    const event = await lastEvent();
    expect(event).toMatchObject({
      resource: 'admins',
      action: 'password-change',
      chain: `store:${cantinaId}`,
    });
    expect(JSON.stringify(event.changes)).not.toMatch(/argon2/);
    expect(event.changes.find((change) => change.t === 'accounts')?.after.password_hash).toBe('••••');
  });

  it('records signing in and out in the store the session works in', async () => {
    const token = await login(t.app, demo.sertao);
    expect(await lastEvent()).toMatchObject({
      action: 'sign-in',
      resource: 'auth',
      chain: `store:${sertaoId}`,
    });
    await as(t.app, token)({ method: 'POST', url: '/auth/logout' });
    expect(await lastEvent()).toMatchObject({ action: 'sign-out', chain: `store:${sertaoId}` });
    // A wrong password leaves no row (the throttle counts it).
    const before = await count();
    await t.app.inject({
      method: 'POST',
      url: '/auth/email',
      payload: { email: demo.sertao.email, password: 'errada' },
    });
    expect(await count()).toBe(before);
  });
});

describe('the chains', () => {
  it('number each store’s rows in order, each holding the hash of the one before', async () => {
    for (let i = 0; i < 3; i++) {
      await manager({ method: 'POST', url: '/api/kitchens', payload: { name: `Praça ${i}` } });
    }
    const chain = await events(sql`chain = ${`store:${cantinaId}`}`);
    expect(chain.map((event) => event.seq)).toEqual(chain.map((_, i) => i + 1));
    for (const [i, event] of chain.entries()) {
      expect(event.prev_hash).toBe(i === 0 ? '0'.repeat(64) : chain[i - 1]!.hash);
    }
    expect((await verifyAuditTrail(t.database.db)).problems).toEqual([]);
  });

  it('keeps its order when writes of one store arrive at once', async () => {
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        manager({ method: 'POST', url: '/api/kitchens', payload: { name: `Estação ${i}` } }),
      ),
    );
    expect(responses.every((response) => response.statusCode === 201)).toBe(true);
    const check = await verifyAuditTrail(t.database.db);
    expect(check.problems).toEqual([]);
    const chain = await events(sql`chain = ${`store:${cantinaId}`}`);
    expect(chain.map((event) => event.seq)).toEqual(chain.map((_, i) => i + 1));
  });

  it('refuses to change or remove a row', async () => {
    const target = await lastEvent();
    for (const statement of [
      sql`update audit_events set reason = 'outra' where id = ${target.id}`,
      sql`delete from audit_events where id = ${target.id}`,
    ]) {
      await expect(t.database.db.execute(statement)).rejects.toThrow();
    }
    expect(await lastEvent()).toEqual(target);
  });
});

describe('npm run audit:verify', () => {
  // Each case tampers with its own fresh database.
  let own: TestApp;
  let call: Call;
  let chainOf: string;

  beforeAll(async () => {
    own = await createTestApp();
    chainOf = `store:${await storeId(own.database.db, 'Cantina Bella')}`;
    call = as(own.app, await login(own.app, demo.cantina));
    for (let i = 0; i < 4; i++)
      await call({ method: 'POST', url: '/api/kitchens', payload: { name: `Cozinha ${i}` } });
  });
  afterAll(async () => {
    await own?.close();
  });

  /** Runs a statement as someone with the database's keys would, past the trail's guard. */
  const tamperOwn = async (statement: ReturnType<typeof sql>) => {
    await own.database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table audit_events disable trigger audit_events_append_only`);
      await tx.execute(statement);
      await tx.execute(sql`alter table audit_events enable trigger audit_events_append_only`);
    });
  };

  it('finds a row edited in the database, and says which', async () => {
    expect((await verifyAuditTrail(own.database.db)).problems).toEqual([]);
    const heads = (await verifyAuditTrail(own.database.db)).heads;
    await tamperOwn(sql`update audit_events set action = 'delete' where chain = ${chainOf} and seq = 3`);
    const check = await verifyAuditTrail(own.database.db);
    expect(check.problems).toEqual([{ chain: chainOf, seq: 3, problem: 'foi alterado depois de escrito' }]);
    await tamperOwn(sql`update audit_events set action = 'create' where chain = ${chainOf} and seq = 3`);
    expect((await verifyAuditTrail(own.database.db, heads)).problems).toEqual([]);
  });

  it('finds a row removed from the middle, and rows cut off the end', async () => {
    await tamperOwn(sql`delete from audit_events where chain = ${chainOf} and seq = 2`);
    expect((await verifyAuditTrail(own.database.db)).problems).toEqual([
      { chain: chainOf, seq: 3, problem: 'falta o registro anterior (lacuna na sequência)' },
    ]);
    await tamperOwn(sql`delete from audit_events where chain = ${chainOf} and seq >= 2`);
    expect((await verifyAuditTrail(own.database.db)).problems).toEqual([
      expect.objectContaining({ chain: chainOf, problem: expect.stringMatching(/não é o último registro/) }),
    ]);
  });

  it('finds a chain rewritten with its hashes recomputed only against an anchor kept before', async () => {
    const fresh = await createTestApp();
    try {
      const chainOf = `store:${await storeId(fresh.database.db, 'Cantina Bella')}`;
      const owner = as(fresh.app, await login(fresh.app, demo.cantina));
      await owner({ method: 'POST', url: '/api/kitchens', payload: { name: 'Chapa' } });
      const anchors = (await verifyAuditTrail(fresh.database.db)).heads;
      // Whoever holds the database's keys rewrites the row and recomputes its hash and the head.
      await fresh.database.db.transaction(async (tx) => {
        await tx.execute(sql`alter table audit_events disable trigger audit_events_append_only`);
        const last = sql`chain = ${chainOf} and seq = (select max(seq) from audit_events where chain = ${chainOf})`;
        await tx.execute(sql`update audit_events set summary = 'nada aconteceu' where ${last}`);
        await tx.execute(sql`update audit_events set hash = audit_digest(prev_hash, chain, seq, store_id, at,
          account_id, actor, session_id, address, resource, record_id, action, summary, reason, changes, subjects)
          where ${last}`);
        await tx.execute(sql`update audit_chains c set hash = e.hash from audit_events e
          where e.chain = c.chain and e.seq = c.seq and c.chain = ${chainOf}`);
        await tx.execute(sql`alter table audit_events enable trigger audit_events_append_only`);
      });
      expect((await verifyAuditTrail(fresh.database.db)).problems).toEqual([]);
      expect((await verifyAuditTrail(fresh.database.db, anchors)).problems).toEqual([
        expect.objectContaining({
          chain: chainOf,
          problem: 'difere da âncora guardada: a cadeia foi reescrita',
        }),
      ]);
    } finally {
      await fresh.close();
    }
  });
});
