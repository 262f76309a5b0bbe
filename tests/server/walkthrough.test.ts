/**
 * The engine's "add a resource" walkthrough (docs/engine.md), step by step, on a throw-away
 * store-scoped resource: the suppliers of a restaurant. Its table, migration and definition are
 * the code the guide quotes; if the engine changes so that the guide's steps no longer give a
 * working resource, this file fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { defineResource, type ResourceDefinition } from '../../contract/define';
import { clearablePhone, requiredText, storeIdField } from '../../contract/lib/fields';
import { instant, maybeText, recordId } from '../../contract/lib/records';
import { rows } from '../../server/db/client';
import { stores } from '../../server/db/schema';
import { createdAt, id, updatedAt } from '../../server/db/schema/columns';
import { crud } from '../../server/resources/crud';
import resourceRoutes from '../../server/routes/resources';
import { as, createAccount, createTestApp, demo, errorOf, login, storeId, type TestApp } from './helpers';

// Step 1: the table (server/db/schema/finance.ts), as drizzle declares it.
const supplierTable = pgTable(
  'suppliers',
  {
    id: id(),
    store_id: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('suppliers_store_idx').on(t.store_id, t.name)],
);

// Step 1 again: the migration, as `npm run db:generate -- --name suppliers` writes it for that
// table, plus the audit trigger added by hand at its end.
const MIGRATION = `
CREATE TABLE "suppliers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "suppliers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "suppliers_store_idx" ON "suppliers" USING btree ("store_id","name");--> statement-breakpoint
CREATE TRIGGER suppliers_audit AFTER INSERT OR UPDATE OR DELETE ON suppliers
  FOR EACH ROW EXECUTE FUNCTION audit_capture();
`;

// Step 2: the definition (contract/resources/suppliers/definition.ts).
const SUPPLIER_NAME_REQUIRED = 'Informe o nome do fornecedor.';

const suppliers = defineResource({
  name: 'suppliers',
  endpoint: '/api/suppliers',
  label: { one: 'Fornecedor', many: 'Fornecedores' },
  // Who holds Financeiro (managers by default, cashiers), and administrators.
  access: {
    list: 'store:finance',
    one: 'store:finance',
    create: 'store:finance',
    update: 'store:finance',
    delete: 'store:finance',
  },
  envelope: { list: 'data.results', one: 'data' },
  // A store's records: staff read and write their own; an administrator names the store.
  storeScoped: true,
  fields: {
    name: { label: 'Nome', kind: 'text', list: true, form: true, sortable: true },
    phone: { label: 'Telefone', kind: 'text', list: true, form: true },
    created_at: { label: 'Criado em', kind: 'date', list: true, sortable: true },
  },
  input: z.strictObject({
    name: requiredText(100, SUPPLIER_NAME_REQUIRED),
    phone: clearablePhone(),
    store_id: storeIdField,
  }),
  record: z.object({
    id: recordId,
    store_id: recordId,
    name: z.string(),
    phone: maybeText,
    created_at: instant,
    updated_at: instant,
  }),
  list: { perPage: 25, sort: { field: 'name', order: 'ASC' }, search: ['name'] },
  table: 'suppliers',
  // Without `audience: 'staff'` the screens would be the administrators' only.
  screens: {
    audience: 'staff',
    createLabel: 'NOVO FORNECEDOR',
    titles: { create: 'Novo fornecedor', edit: 'Editar fornecedor' },
    searchPlaceholder: 'Buscar fornecedor',
  },
  messages: {
    created: 'Fornecedor criado com sucesso!',
    updated: 'Fornecedor atualizado com sucesso!',
    deleted: 'Fornecedor removido com sucesso!',
    notFound: 'Fornecedor não encontrado.',
  },
});

const WAITER = { email: 'garcom.walkthrough@cantinabella.com.br', password: 'Garcom@2026' };
const LACKS_FINANCE = 'Sua função não tem a permissão "Financeiro". Peça a um gerente do restaurante.';

let t: TestApp;
let storeA: number;
let storeB: number;
let managerA: ReturnType<typeof as>;
let managerB: ReturnType<typeof as>;
let waiterA: ReturnType<typeof as>;
let administrator: ReturnType<typeof as>;

interface Supplier {
  id: number;
  store_id: number;
  name: string;
  phone: string | null;
}

beforeAll(async () => {
  t = await createTestApp({
    async beforeReady(app) {
      // The migration, on the test's database (the real ones run at start).
      for (const statement of MIGRATION.split('--> statement-breakpoint')) {
        await app.db.execute(sql.raw(statement));
      }
      // Step 3, as server/resources/registry.ts does for every definition that names a table.
      await app.register(resourceRoutes, {
        resources: [crud(suppliers as ResourceDefinition, supplierTable)],
      });
    },
  });
  storeA = await storeId(t.database.db, 'Cantina Bella');
  storeB = await storeId(t.database.db, 'Sabor do Sertão');
  await createAccount(t.database.db, { ...WAITER, role: 'WAITER', store_id: storeA });
  managerA = as(t.app, await login(t.app, demo.cantina));
  managerB = as(t.app, await login(t.app, demo.sertao));
  waiterA = as(t.app, await login(t.app, WAITER));
  administrator = as(t.app, await login(t.app, demo.admin));
});

afterAll(async () => {
  await t?.close();
});

async function lastAuditId(): Promise<number> {
  const [row] = rows<{ id: number | null }>(
    await t.database.db.execute(sql`select max(id) as id from audit_events`),
  );
  return Number(row?.id ?? 0);
}

/** The audit rows written since `after`. */
async function auditSince(after: number) {
  return rows<{ store_id: number | null; resource: string; action: string; record_id: string | null }>(
    await t.database.db.execute(
      sql`select store_id, resource, action, record_id from audit_events where id > ${after} order by id`,
    ),
  );
}

const listOf = async (call: ReturnType<typeof as>, query = '') => {
  const response = await call({ method: 'GET', url: `/api/suppliers${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.results as Supplier[];
};

describe('a store-scoped resource added as docs/engine.md says', () => {
  let created: Supplier;

  it("lets the store's team create one in their own store, whatever store_id the body names", async () => {
    const before = await lastAuditId();
    const response = await managerA({
      method: 'POST',
      url: '/api/suppliers',
      payload: { name: 'Hortifruti Bom Preço', phone: '(11) 98888-7777', store_id: storeB },
    });
    expect(response.statusCode, response.body).toBe(201);
    created = response.json().data as Supplier;
    expect(created).toMatchObject({ store_id: storeA, name: 'Hortifruti Bom Preço' });
    expect(await auditSince(before)).toEqual([
      { store_id: storeA, resource: 'suppliers', action: 'create', record_id: String(created.id) },
    ]);
  });

  it('refuses a body its schema refuses, with its message', async () => {
    const response = await managerA({ method: 'POST', url: '/api/suppliers', payload: { name: ' ' } });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toContain(SUPPLIER_NAME_REQUIRED);
  });

  it('lists, reads and edits it for the same team, one audit row per write', async () => {
    expect((await listOf(managerA)).map((row) => row.id)).toContain(created.id);
    expect((await listOf(managerA, '?search=hortifruti')).map((row) => row.id)).toEqual([created.id]);
    const one = await managerA({ method: 'GET', url: `/api/suppliers/id/${created.id}` });
    expect(one.statusCode).toBe(200);
    // The phone block keeps the digits.
    expect(one.json().data.phone).toBe('11988887777');

    const before = await lastAuditId();
    const edited = await managerA({
      method: 'PATCH',
      url: `/api/suppliers/id/${created.id}`,
      payload: { name: 'Hortifruti Bom Preço Ltda.', phone: '' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ name: 'Hortifruti Bom Preço Ltda.', phone: null });
    expect(await auditSince(before)).toEqual([
      { store_id: storeA, resource: 'suppliers', action: 'update', record_id: String(created.id) },
    ]);
  });

  it("hides it from another store's team: not in their list, 404 on the record", async () => {
    expect((await listOf(managerB)).map((row) => row.id)).not.toContain(created.id);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const response = await managerB({
        method,
        url: `/api/suppliers/id/${created.id}`,
        ...(method === 'PATCH' ? { payload: { name: 'Invadido' } } : {}),
      });
      expect(response.statusCode, method).toBe(404);
      expect(errorOf(response)).toBe('Fornecedor não encontrado.');
    }
    const mine = await managerA({ method: 'GET', url: `/api/suppliers/id/${created.id}` });
    expect(mine.json().data.name).toBe('Hortifruti Bom Preço Ltda.');
  });

  it('shows every store to an administrator, who names the store of a new one', async () => {
    const all = await listOf(administrator);
    expect(all.find((row) => row.id === created.id)?.store_id).toBe(storeA);

    const before = await lastAuditId();
    const response = await administrator({
      method: 'POST',
      url: '/api/suppliers',
      payload: { name: 'Laticínios do Agreste', store_id: storeB },
    });
    expect(response.statusCode, response.body).toBe(201);
    const other = response.json().data as Supplier;
    expect(other.store_id).toBe(storeB);
    expect((await listOf(administrator, `?store_id=${storeB}`)).map((row) => row.id)).toEqual([other.id]);
    expect((await listOf(managerB)).map((row) => row.id)).toEqual([other.id]);
    // An administrator's write goes to the chain of the store its row belongs to.
    expect(await auditSince(before)).toEqual([
      { store_id: storeB, resource: 'suppliers', action: 'create', record_id: String(other.id) },
    ]);

    const missing = await administrator({
      method: 'POST',
      url: '/api/suppliers',
      payload: { name: 'Ninguém', store_id: 999_999 },
    });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toBe('Restaurante não encontrado.');
  });

  it('refuses a waiter, whose role does not hold Financeiro, in Portuguese', async () => {
    for (const [method, url] of [
      ['GET', '/api/suppliers'],
      ['GET', `/api/suppliers/id/${created.id}`],
      ['POST', '/api/suppliers'],
      ['DELETE', `/api/suppliers/id/${created.id}`],
    ] as const) {
      const response = await waiterA({
        method,
        url,
        ...(method === 'POST' ? { payload: { name: 'X' } } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(response)).toBe(LACKS_FINANCE);
    }
  });

  it('lists its routes in the API reference, with their access', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = response.json().paths as Record<string, Record<string, { 'x-access'?: string }>>;
    expect(Object.keys(paths['/api/suppliers'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/suppliers/id/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'patch']);
    expect(paths['/api/suppliers']!.post!['x-access']).toBeTruthy();
  });

  it('removes it for the same team, with one audit row', async () => {
    const before = await lastAuditId();
    const removed = await managerA({ method: 'DELETE', url: `/api/suppliers/id/${created.id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await auditSince(before)).toEqual([
      { store_id: storeA, resource: 'suppliers', action: 'delete', record_id: String(created.id) },
    ]);
    const gone = await managerA({ method: 'GET', url: `/api/suppliers/id/${created.id}` });
    expect(gone.statusCode).toBe(404);
  });
});
