import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, not, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAnswer } from '../../contract/answers';
import {
  catalogAnswer,
  IMPORT_MESSAGES,
  importCategoryInput,
  importProductsInput,
  importResult,
  INTEGRATION_MESSAGES,
  integrationCreateInput,
  integrationQuery,
  integrationRecord,
  integrations as definition,
  linkInput,
  maskToken,
  syncApplyInput,
  syncChange,
} from '../../contract/resources/integrations/definition';
import { PRODUCT_ALREADY_IMPORTED } from '../../contract/resources/products/definition';
import { readConfig } from '../config';
import { pgConstraint, pgErrorCode } from '../db/client';
import { accounts, categories, integrations, products } from '../db/schema';
import { badRequest, conflict, forbidden, HttpError, notFound, tooManyRequests } from '../http-errors';
import { ADMIN, callerOf } from '../plugins/access';
import { recordAudit } from '../plugins/audit';
import { inTransaction } from '../db/scope';
import { registerList } from '../resources/list';
import { idParams } from '../resources/params';
import { served } from '../resources/routes';
import { inScope, storeScope, targetStore } from '../resources/scope';
import { LocalStorage } from '../storage/local-storage';
import { findCategory, itemsWithCategory, OpdvClient, OpdvError, type OpdvSettings } from '../opdv/client';
import { integrationKey, isSealed, sealToken, tokenHint } from '../opdv/crypto';
import {
  applySync,
  categoryFor,
  ImportRefusal,
  importedByCode,
  importItems,
  linkItem,
  syncChanges,
  withImported,
  type ImportContext,
} from '../opdv/import';
import { placeholderPicture } from '../opdv/png';

/** The placeholder picture, under the stored files but outside any store's folder (never removed with a product). */
const PLACEHOLDER_FILE = 'defaults/opdv-placeholder.png';

export interface IntegrationRoutesOptions {
  uploadsDir: string;
  jwtSecret: string;
  /** The OPDV client's settings; default: from the environment (server/config.ts). */
  opdv?: Partial<Omit<OpdvSettings, 'key'>> & { integrationKey?: string };
}

const integrationColumns = {
  id: integrations.id,
  store_id: integrations.store_id,
  integration_type: integrations.integration_type,
  token: integrations.token,
  token_hint: integrations.token_hint,
  base_url: integrations.base_url,
  active: integrations.active,
  created_at: integrations.created_at,
  created_by_id: accounts.id,
  created_by_name: accounts.fullname,
};

type IntegrationRow = {
  id: number;
  store_id: number;
  integration_type: 'OPDV';
  token: string;
  token_hint: string;
  base_url: string | null;
  active: boolean;
  created_at: Date;
  created_by_id: number | null;
  created_by_name: string | null;
};

/** What the API shows of an integration: never the token, only its last characters. */
function shown(row: IntegrationRow): z.output<typeof integrationRecord> {
  return {
    id: row.id,
    store_id: row.store_id,
    integration_type: row.integration_type,
    token: maskToken(row.token_hint),
    base_url: row.base_url,
    active: row.active,
    created_at: row.created_at,
    created_by:
      row.created_by_id === null ? null : { id: row.created_by_id, fullname: row.created_by_name ?? '' },
  };
}

const withStore = z.object({ store_id: integrationQuery.shape.store_id });
const one = recordAnswer('data', integrationRecord);
const importAnswer = z.object({ data: importResult });

/** The OPDV's failures in the spec's words. */
function answerOpdv(error: unknown): never {
  if (error instanceof OpdvError) {
    if (error.failure === 'rate-limit') throw tooManyRequests(INTEGRATION_MESSAGES.rateLimited);
    if (error.failure === 'no-integration') throw badRequest(INTEGRATION_MESSAGES.noIntegration);
    throw new HttpError(502, INTEGRATION_MESSAGES.unreachable);
  }
  throw error;
}

/**
 * Integrations with points of sale (platform spec 2.15, 7) and the OPDV import (restaurant spec
 * 2, 4, 7, 9): add, list, deactivate; the catalogue with what is already imported; import a
 * category whole or chosen items, link an item to a product, and keep linked products in sync.
 */
const integrationRoutes: FastifyPluginAsyncZod<IntegrationRoutesOptions> = async (app, options) => {
  const db = app.db;
  const routes = served(definition);
  const storage = new LocalStorage(options.uploadsDir, db);
  const config = readConfig();
  const key = integrationKey(options.jwtSecret, options.opdv?.integrationKey ?? config.integrationKey);
  const client = new OpdvClient({
    defaultUrl: options.opdv?.defaultUrl ?? config.opdvUrl,
    timeoutMs: options.opdv?.timeoutMs ?? config.opdvTimeoutMs,
    tries: options.opdv?.tries ?? 3,
    backoffMs: options.opdv?.backoffMs ?? 300,
    key,
  });
  const placeholder = `/uploads/${PLACEHOLDER_FILE}`;

  app.addHook('onReady', async () => {
    const file = path.join(options.uploadsDir, PLACEHOLDER_FILE);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, placeholderPicture(), { flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    // Tokens written before they were sealed (an older demo, a row added by hand) are sealed now.
    const plain = await db
      .select({ id: integrations.id, token: integrations.token })
      .from(integrations)
      .where(not(sql`${integrations.token} like 'v1.%'`));
    for (const row of plain) {
      if (isSealed(row.token)) continue;
      await db
        .update(integrations)
        .set({ token: sealToken(row.token, key), token_hint: tokenHint(row.token) })
        .where(and(eq(integrations.id, row.id), eq(integrations.token, row.token)));
    }
  });

  function readIntegrations() {
    return db
      .select(integrationColumns)
      .from(integrations)
      .leftJoin(accounts, eq(accounts.id, integrations.created_by));
  }

  /** The store a call acts on: staff's own; an administrator must choose one ('Escolha um restaurante'). */
  async function storeOf(request: FastifyRequest, requested: number | undefined): Promise<number> {
    if (callerOf(request).role === ADMIN && requested === undefined) {
      throw badRequest(INTEGRATION_MESSAGES.chooseStore);
    }
    return targetStore(db, request, requested);
  }

  /**
   * The active integration a call names, in the caller's store (an administrator's `store_id`,
   * when given, must be its store too). Another store's, or none, answers 404 as every record of
   * another store does; one of the store's that was deactivated answers the spec's 400.
   */
  async function activeIntegration(request: FastifyRequest, id: number, requested: number | undefined) {
    const scope = storeScope(request);
    const [row] = await readIntegrations().where(
      and(
        eq(integrations.id, id),
        inScope(integrations.store_id, scope),
        scope === null && requested !== undefined ? eq(integrations.store_id, requested) : sql`true`,
      ),
    );
    if (!row) throw notFound(INTEGRATION_MESSAGES.notFound);
    if (!row.active) throw badRequest(INTEGRATION_MESSAGES.noIntegration);
    return row as IntegrationRow;
  }

  const catalogueOf = (integration: IntegrationRow) => client.catalogue(integration).catch(answerOpdv);

  function importContext(request: FastifyRequest, integration: IntegrationRow): ImportContext {
    return {
      db,
      storage,
      storeId: integration.store_id,
      accountId: callerOf(request).accountId,
      placeholder,
      pictureOrigin: new URL(client.addressOf(integration)).origin,
      log: request.log,
    };
  }

  // The store's active integrations, newest first; an administrator names the store.
  registerList(app, definition, {
    table: integrations,
    columns: integrationColumns,
    join: (query) => query.leftJoin(accounts, eq(accounts.id, integrations.created_by)),
    store: integrations.store_id,
    chooseStore: INTEGRATION_MESSAGES.chooseStore,
    scope: () => [eq(integrations.active, true)],
    decorate: async (rows) => rows.map((row) => shown(row as IntegrationRow)),
  });

  app.route({
    ...routes.call('create', { body: integrationCreateInput, response: { 201: one } }),
    handler: async (request, reply) => {
      const storeId = await storeOf(request, request.body.store_id);
      const { integration_type, token, base_url } = request.body.payload;
      if (base_url !== undefined && callerOf(request).role !== ADMIN) {
        throw forbidden(INTEGRATION_MESSAGES.baseUrlAdminOnly);
      }
      const [created] = await db
        .insert(integrations)
        .values({
          store_id: storeId,
          integration_type,
          token: sealToken(token, key),
          token_hint: tokenHint(token),
          base_url: base_url ?? null,
          created_by: callerOf(request).accountId,
          active: true,
        })
        .returning({ id: integrations.id })
        .catch((error: unknown) => {
          if (pgErrorCode(error) === '23505' && pgConstraint(error) === 'integrations_one_active_per_type') {
            throw conflict(INTEGRATION_MESSAGES.oneActive);
          }
          throw error;
        });
      const [row] = await readIntegrations().where(eq(integrations.id, created!.id));
      request.log.info({ integration: created!.id, store: storeId }, 'integração adicionada');
      void reply.status(201);
      return { data: shown(row as IntegrationRow) };
    },
  });

  app.route({
    ...routes.call('deactivate', {
      params: idParams,
      querystring: withStore,
      response: { 200: one },
      errors: [409],
    }),
    handler: async (request) => {
      const scope = storeScope(request);
      const { store_id: requested } = request.query;
      const [updated] = await db
        .update(integrations)
        .set({ active: false, updated_at: sql`now()` })
        .where(
          and(
            eq(integrations.id, request.params.id),
            eq(integrations.active, true),
            inScope(integrations.store_id, scope),
            scope === null && requested !== undefined ? eq(integrations.store_id, requested) : sql`true`,
          ),
        )
        // Only an active one changes; an inactive one is told apart below.
        .returning({ id: integrations.id });
      const [row] = await readIntegrations().where(
        and(eq(integrations.id, request.params.id), inScope(integrations.store_id, scope)),
      );
      if (!row || (scope === null && requested !== undefined && row.store_id !== requested)) {
        throw notFound(INTEGRATION_MESSAGES.notFound);
      }
      if (!updated) throw conflict(INTEGRATION_MESSAGES.alreadyInactive);
      return { data: shown(row as IntegrationRow) };
    },
  });

  app.route({
    ...routes.call('catalog', {
      operationId: 'getIntegrationCatalog',
      // The point of sale's own rate limit.
      errors: [429],
      params: idParams,
      querystring: withStore,
      response: { 200: catalogAnswer },
    }),
    handler: async (request) => {
      const integration = await activeIntegration(request, request.params.id, request.query.store_id);
      const catalogue = await catalogueOf(integration);
      const imported = await importedByCode(db, integration.store_id);
      return { data: { data: withImported(catalogue, imported) } };
    },
  });

  app.route({
    // Each product is its own transaction, between calls to the point of sale: the import's audit
    // row is written at its end, with what it made.
    ...routes.call(
      'importCategory',
      { params: idParams, body: importCategoryInput, response: { 200: importAnswer }, errors: [429] },
      { audit: 'manual' },
    ),
    handler: async (request) => {
      const integration = await activeIntegration(request, request.params.id, request.body.store_id);
      const catalogue = await catalogueOf(integration);
      const category = findCategory(catalogue, request.body.code);
      if (!category) throw notFound(IMPORT_MESSAGES.opdvCategoryNotFound);
      const context = importContext(request, integration);
      let target: { id: number; created: boolean };
      try {
        target = await categoryFor(context, category);
      } catch (error) {
        // Spec 8: the category could not be created ('Erro ao criar categoria'), and why.
        if (error instanceof ImportRefusal)
          throw badRequest(`${IMPORT_MESSAGES.categoryFailed}: ${error.message}`);
        throw error;
      }
      const result = {
        ...(await importItems(context, target.id, itemsWithCategory([category]))),
        category_created: target.created,
      };
      request.log.info(
        { integration: integration.id, category: category.code, ...result, failed: result.failed.length },
        'categoria do OPDV importada',
      );
      await auditImport(request, integration, `Categoria ${category.name} importada do OPDV`, result);
      return { data: result };
    },
  });

  app.route({
    ...routes.call(
      'importProducts',
      { params: idParams, body: importProductsInput, response: { 200: importAnswer }, errors: [429] },
      { audit: 'manual' },
    ),
    handler: async (request) => {
      const { category_id, codes, store_id } = request.body;
      const integration = await activeIntegration(request, request.params.id, store_id);
      const [category] = await db
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.id, category_id), eq(categories.store_id, integration.store_id)));
      if (!category) throw notFound(IMPORT_MESSAGES.categoryNotFound);
      const catalogue = await catalogueOf(integration);
      const byCode = new Map(itemsWithCategory(catalogue).map((entry) => [entry.item.code, entry]));
      const wanted = [...new Set(codes)];
      const found = wanted.flatMap((code) => byCode.get(code) ?? []);
      const result = await importItems(importContext(request, integration), category.id, found);
      for (const code of wanted.filter((code) => !byCode.has(code))) {
        result.failed.push({ code, name: '', reason: IMPORT_MESSAGES.opdvItemNotFound });
      }
      await auditImport(request, integration, 'Produtos importados do OPDV', result);
      return { data: result };
    },
  });

  app.route({
    ...routes.call(
      'link',
      {
        operationId: 'linkIntegrationProduct',
        errors: [409, 429],
        params: idParams,
        body: linkInput,
        response: { 200: z.object({ data: z.object({ product_id: z.int().positive() }) }) },
      },
      { audit: 'manual' },
    ),
    handler: async (request) => {
      const { code, product_id, store_id } = request.body;
      const integration = await activeIntegration(request, request.params.id, store_id);
      const [product] = await db
        .select({ id: products.id, code: products.integration_code })
        .from(products)
        .where(and(eq(products.id, product_id), eq(products.store_id, integration.store_id)));
      if (!product) throw notFound(IMPORT_MESSAGES.productNotFound);
      const carrier = (await importedByCode(db, integration.store_id, [code])).get(code);
      if (carrier && carrier.product_id !== product.id) throw conflict(PRODUCT_ALREADY_IMPORTED);
      const catalogue = await catalogueOf(integration);
      const entry = itemsWithCategory(catalogue).find(({ item }) => item.code === code);
      if (!entry) throw notFound(IMPORT_MESSAGES.opdvItemNotFound);
      await inTransaction(db, async (tx) => {
        await linkItem(tx, product.id, entry).catch((error: unknown) => {
          // Linked to another product at the same moment.
          if (pgErrorCode(error) === '23505') throw conflict(PRODUCT_ALREADY_IMPORTED);
          throw error;
        });
        await recordAudit(tx, request, { recordId: product.id, storeId: integration.store_id });
      });
      return { data: { product_id: product.id } };
    },
  });

  app.route({
    ...routes.call('syncPreview', {
      operationId: 'previewIntegrationSync',
      errors: [429],
      params: idParams,
      querystring: withStore,
      response: { 200: z.object({ data: z.array(syncChange) }) },
    }),
    handler: async (request) => {
      const integration = await activeIntegration(request, request.params.id, request.query.store_id);
      const catalogue = await catalogueOf(integration);
      return { data: await syncChanges(db, integration.store_id, catalogue) };
    },
  });

  app.route({
    ...routes.call(
      'syncApply',
      {
        operationId: 'applyIntegrationSync',
        errors: [429],
        params: idParams,
        body: syncApplyInput,
        response: { 200: z.object({ data: z.object({ updated: z.int() }) }) },
      },
      { audit: 'manual' },
    ),
    handler: async (request) => {
      const integration = await activeIntegration(request, request.params.id, request.body.store_id);
      const catalogue = await catalogueOf(integration);
      const changes = await syncChanges(db, integration.store_id, catalogue, [
        ...new Set(request.body.product_ids),
      ]);
      const updated = await inTransaction(db, async (tx) => {
        const count = await applySync(tx, integration.store_id, changes);
        await recordAudit(tx, request, {
          storeId: integration.store_id,
          summary: `${count} produtos sincronizados com o OPDV`,
        });
        return count;
      });
      return { data: { updated } };
    },
  });
};

/** One audit row for an import, written once its products are: what it made, linked, skipped and failed. */
async function auditImport(
  request: FastifyRequest,
  integration: { id: number; store_id: number },
  what: string,
  result: { created: number; linked: number; skipped: number; failed: readonly unknown[] },
): Promise<void> {
  const summary =
    `${what}: ${result.created} criados, ${result.linked} vinculados, ` +
    `${result.skipped} já existentes, ${result.failed.length} com erro`;
  await inTransaction(request.server.db, (tx) =>
    recordAudit(tx, request, { recordId: integration.id, storeId: integration.store_id, summary }),
  );
}

export default integrationRoutes;
