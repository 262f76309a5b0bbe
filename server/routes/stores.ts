import { and, asc, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { restaurants } from '../../contract/resources/restaurants/definition';
import { settingsUpdateInput } from '../../contract/resources/settings/schema';
import {
  accounts,
  bankAccounts,
  cuisines,
  loyaltyPrograms,
  loyaltyProgress,
  memberships,
  operations,
  stores,
} from '../db/schema';
import { pgConstraint, pgErrorCode } from '../db/client';
import { badRequest, conflict, forbidden, notFound } from '../http-errors';
import { LocalStorage } from '../storage/local-storage';
import { removeStoredFiles } from '../storage/stored-files';
import { MANAGER_ROLE, MEMBER } from '../auth/roles';
import { ADMIN, callerOf } from '../plugins/access';
import { noteAudit } from '../plugins/audit';
import { filter, registerList } from '../resources/list';
import { containsTerm, idParam, idParams, searchTerm } from '../resources/params';
import { reorderRoute } from '../resources/reorder';
import { served } from '../resources/routes';
import { storeCondition } from '../resources/scope';
import { writeError } from '../resources/write-errors';
import { DEFAULT_OPENING_HOURS, defaultLinksFor, storeSlug, storeToApi } from '../stores/serialize';
import { defaultLinksOf, keptLinks } from '../stores/settings';

const STORE_STATUSES = ['OK', 'INACTIVE', 'CLOSED'] as const;

/** One status or several, comma-separated (the approvals page asks for INACTIVE,CLOSED). */
const statusList = z
  .string()
  .transform((v) => v.split(',').map((s) => s.trim().toUpperCase()))
  .pipe(z.array(z.enum(STORE_STATUSES, { error: 'Situação inválida.' })))
  .optional();

const listColumns = {
  id: stores.id,
  name: stores.name,
  slug: stores.slug,
  status: stores.status,
  n_ratings: stores.n_ratings,
  rating: stores.rating,
  list_order: stores.list_order,
  logo_black: stores.logo_black,
  logo_white: stores.logo_white,
  city: stores.city,
  uf: stores.uf,
  cousine_id: stores.cousine_id,
  operation_id: stores.operation_id,
  cousine: cuisines.name,
  operation: operations.name,
  created_at: stores.created_at,
};

const NOT_FOUND = restaurants.messages.notFound!;
/** The platform's order of the restaurants (the list's drag and drop). */
const byOrder = { table: stores, id: stores.id, position: stores.list_order };
const emailTaken = (email: string) =>
  `Já existe uma conta com o e-mail ${email}; use outro e-mail do responsável.`;

/**
 * The stores table's rules in the users' words: a CNPJ names one establishment (unique index), and
 * a restaurant's city and cuisine must exist.
 */
const constraints = {
  stores_cnpj_key: restaurants.messages.duplicate!,
  stores_cousine_id_cuisines_id_fk: { status: 400, message: 'Cidade de operação ou cozinha inexistente.' },
  stores_operation_id_operations_id_fk: {
    status: 400,
    message: 'Cidade de operação ou cozinha inexistente.',
  },
} as const;

const storeRoutes: FastifyPluginAsyncZod<{ uploadsDir: string }> = async (app, { uploadsDir }) => {
  const storage = new LocalStorage(uploadsDir, app.db);
  const routes = served(restaurants);

  /** One store with its cuisine, city and the account that runs it, inside the caller's scope. */
  async function readStore(request: FastifyRequest, id: number) {
    const [row] = await app.db
      .select({ store: stores, cousine: cuisines.name, operation: operations.name })
      .from(stores)
      .leftJoin(cuisines, eq(cuisines.id, stores.cousine_id))
      .leftJoin(operations, eq(operations.id, stores.operation_id))
      .where(and(eq(stores.id, id), storeCondition(request, stores.id)));
    if (!row) throw notFound(NOT_FOUND);
    const [[admin], [bank_account], [loyalty]] = await Promise.all([
      row.store.email_admin
        ? app.db
            .select({ fullname: accounts.fullname, email: accounts.email, phone: accounts.phone })
            .from(accounts)
            .where(sql`lower(${accounts.email}) = lower(${row.store.email_admin})`)
        : Promise.resolve([]),
      app.db
        .select({
          bank_name: bankAccounts.bank_name,
          bank_code: bankAccounts.bank_code,
          // The detail shows branch and account as written on a cheque: 1234-5, 12345678-9.
          agency: sql<string>`${bankAccounts.agency} || coalesce('-' || ${bankAccounts.agency_digit}, '')`,
          account: sql<string>`${bankAccounts.account} || '-' || ${bankAccounts.account_digit}`,
          account_type: bankAccounts.account_type,
          holder_name: bankAccounts.holder_name,
          holder_document: bankAccounts.holder_document,
          pix_key: bankAccounts.pix_key,
        })
        .from(bankAccounts)
        .where(eq(bankAccounts.store_id, id))
        .orderBy(desc(bankAccounts.is_default), asc(bankAccounts.id))
        .limit(1),
      // The loyalty summary of the restaurant detail: the program and how far customers got.
      app.db
        .select({
          consumption: loyaltyPrograms.consumption,
          discount: loyaltyPrograms.discount,
          active: loyaltyPrograms.active,
          n_customers: sql<number>`count(${loyaltyProgress.customer_id})`.mapWith(Number),
          n_uses: sql<number>`coalesce(sum(${loyaltyProgress.n_uses}), 0)`.mapWith(Number),
        })
        .from(loyaltyPrograms)
        .leftJoin(loyaltyProgress, eq(loyaltyProgress.program_id, loyaltyPrograms.id))
        .where(eq(loyaltyPrograms.store_id, id))
        .groupBy(loyaltyPrograms.id),
    ]);
    return {
      ...storeToApi(row.store, { cousine: row.cousine, operation: row.operation, admin: admin ?? null }),
      bank_account: bank_account ?? null,
      loyalty: loyalty ?? null,
    };
  }

  // Staff see their own restaurant only; administrators every one, by search, status, cuisine, city.
  registerList(app, restaurants, {
    table: stores,
    columns: listColumns,
    join: (query) =>
      query
        .leftJoin(cuisines, eq(cuisines.id, stores.cousine_id))
        .leftJoin(operations, eq(operations.id, stores.operation_id)),
    scope: (request) => [storeCondition(request, stores.id)],
    filters: {
      status: filter(statusList, (statuses) => inArray(stores.status, statuses)),
      cousine_id: filter(idParam.optional(), (id) => eq(stores.cousine_id, id)),
      operation_id: filter(idParam.optional(), (id) => eq(stores.operation_id, id)),
      city: filter(searchTerm.optional(), (city) => (city ? containsTerm(city, stores.city) : undefined)),
    },
  });

  app.route({
    ...routes.one(),
    handler: async (request) => ({ data: await readStore(request, request.params.id) }),
  });

  app.route({
    ...routes.create(),
    handler: async (request, reply) => {
      const input = request.body;
      // The responsible e-mail may already work in another restaurant (a group's owner): that
      // account becomes this one's manager too. An administrator's e-mail cannot run a store.
      const [taken] = await app.db
        .select({ id: accounts.id, role: accounts.role })
        .from(accounts)
        .where(sql`lower(${accounts.email}) = ${input.email_admin}`);
      if (taken?.role === ADMIN) throw conflict(emailTaken(input.email_admin));
      const base = storeSlug(input.name);
      const create = () =>
        app.db.transaction(async (tx) => {
          const slugs = await tx
            .select({ slug: stores.slug })
            .from(stores)
            .where(sql`${stores.slug} = ${base} or ${stores.slug} ~ ${`^${base}-[0-9]+$`}`);
          const used = new Set(slugs.map((s) => s.slug));
          let slug = base;
          for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
          const [{ last } = { last: 0 }] = await tx.select({ last: max(stores.list_order) }).from(stores);
          const [store] = await tx
            .insert(stores)
            .values({
              ...input,
              slug,
              links: input.links ?? [],
              default_links: defaultLinksFor(slug),
              status: 'OK',
              app_skin: 'WHITE',
              service_charge: input.service_charge ?? 0,
              opening_hours: DEFAULT_OPENING_HOURS,
              list_order: (last ?? 0) + 1,
            })
            .returning({ id: stores.id });
          // The responsible e-mail becomes the store's first manager: a new account, whose owner
          // sets the password through "Primeiro acesso", or the account that e-mail already has.
          const [account] = taken
            ? [taken]
            : await tx
                .insert(accounts)
                .values({
                  fullname:
                    input.email_admin === input.email ? input.name_responsible : `Equipe ${input.name}`,
                  email: input.email_admin,
                  phone: input.phone_responsible ?? input.phone ?? null,
                  role: MEMBER,
                  last_store_id: store!.id,
                })
                .returning({ id: accounts.id });
          await tx
            .insert(memberships)
            .values({ account_id: account!.id, store_id: store!.id, role: MANAGER_ROLE });
          return store!;
        });
      let created: { id: number } | undefined;
      // Two restaurants of the same name created at once may pick the same free slug; the second
      // one then tries again with the next number.
      for (let attempt = 1; !created; attempt++) {
        created = await create().catch((error: unknown) => {
          if (pgErrorCode(error) === '23505' && pgConstraint(error) === 'stores_slug_key' && attempt < 5) {
            return undefined;
          }
          throw writeError(error, restaurants, {
            ...constraints,
            accounts_email_key: emailTaken(input.email_admin),
          });
        });
      }
      void reply.status(201);
      return { data: await readStore(request, created.id) };
    },
  });

  /** The store's slug and default links, inside the caller's scope (404 outside it). */
  async function readLinks(request: FastifyRequest, id: number) {
    const [row] = await app.db
      .select({ slug: stores.slug, default_links: stores.default_links })
      .from(stores)
      .where(and(eq(stores.id, id), storeCondition(request, stores.id)));
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  // The settings, the links and the admin detail save here; the links and hours rules of spec 5
  // hold whoever sends them (settingsUpdateInput, and keptLinks / defaultLinksOf below).
  app.route({
    ...routes.update({ body: settingsUpdateInput }),
    handler: async (request) => {
      const caller = callerOf(request);
      const { info, financial, ...top } = request.body;
      if (caller.role !== ADMIN && (top.status !== undefined || financial !== undefined)) {
        throw forbidden('Somente a administração da plataforma altera a situação e as taxas do restaurante.');
      }
      const values: Partial<typeof stores.$inferInsert> = { ...top, ...financial };
      if (info) {
        const { responsible, address, links, default_links, ...rest } = info;
        Object.assign(values, rest, address ?? {});
        if (links) values.links = keptLinks(links);
        if (default_links) {
          values.default_links = defaultLinksOf(default_links, await readLinks(request, request.params.id));
        }
        if (responsible) {
          if (responsible.name !== undefined) values.name_responsible = responsible.name;
          if (responsible.cpf !== undefined) values.cpf = responsible.cpf;
          if (responsible.email !== undefined) values.email = responsible.email;
          if (responsible.phone !== undefined) values.phone_responsible = responsible.phone;
        }
      }
      if (Object.keys(values).length === 0) throw badRequest('Informe ao menos um campo para alterar.');
      const [updated] = await app.db
        .update(stores)
        .set({ ...values, updated_at: sql`now()` })
        .where(and(eq(stores.id, request.params.id), storeCondition(request, stores.id)))
        .returning({ id: stores.id })
        .catch((error: unknown) => {
          throw writeError(error, restaurants, constraints);
        });
      if (!updated) throw notFound(NOT_FOUND);
      return { data: await readStore(request, updated.id) };
    },
  });

  app.route({
    ...routes.delete(),
    handler: async (request) => {
      const [removed] = await app.db.transaction(async (tx) => {
        // Its team goes with it, but for those who also work in another restaurant.
        await tx.delete(accounts).where(
          sql`${accounts.id} in (select ${memberships.account_id} from ${memberships} where ${memberships.store_id} = ${request.params.id})
            and not exists (select 1 from ${memberships} other where other.account_id = ${accounts.id} and other.store_id <> ${request.params.id})`,
        );
        return tx.delete(stores).where(eq(stores.id, request.params.id)).returning({
          id: stores.id,
          logo_white: stores.logo_white,
          logo_black: stores.logo_black,
          bg_image: stores.bg_image,
        });
      });
      if (!removed) throw notFound(NOT_FOUND);
      // Its files go with it: everything its team sent, and the images sent for its creation.
      const { id, ...images } = removed;
      await removeStoredFiles(storage, Object.values(images), 'platform', request.log);
      for (const folder of [`images/${id}`, `videos/${id}`]) {
        await storage.removeFolder(folder).catch((error: unknown) => {
          request.log.warn({ err: error, folder }, 'pasta de arquivos não removida');
        });
      }
      return { data: { id } };
    },
  });

  reorderRoute(app, restaurants, byOrder, {
    missing: 'Algum dos restaurantes não existe mais. Recarregue a lista.',
  });

  /** Approvals (spec 2.5 made real): activates a restaurant that is not active yet. */
  app.route({
    ...routes.call('approve', { params: idParams, response: routes.one().schema.response, errors: [409] }),
    handler: async (request) => {
      const [store] = await app.db
        .select({ status: stores.status, name: stores.name })
        .from(stores)
        .where(eq(stores.id, request.params.id));
      if (!store) throw notFound(NOT_FOUND);
      if (store.status === 'OK') throw conflict('Este restaurante já está ativo.');
      await app.db
        .update(stores)
        .set({ status: 'OK', updated_at: sql`now()` })
        .where(eq(stores.id, request.params.id));
      noteAudit(request, {
        action: 'approve',
        resource: restaurants.name,
        recordId: request.params.id,
        storeId: request.params.id,
        summary: `Restaurante ${store.name} aprovado`,
      });
      return { data: await readStore(request, request.params.id) };
    },
  });
};

export default storeRoutes;
