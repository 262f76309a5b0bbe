import { z } from 'zod';
import { idOf, storeIdField } from '../../lib/fields';
import { count, instant, recordId } from '../../lib/records';
import { defineResource, type RecordOf } from '../../define';

/**
 * Point-of-sale integrations (platform spec 2.15, 3–4 Integration, 7 Integrations, 8) and the
 * OPDV menu import (restaurant spec 2 "Point-of-sale import", 3, 4, 5, 7 Import, 8, 9). Served by
 * server/routes/integrations.ts; the OPDV client and the import are server/opdv/.
 *
 * Every call is store-scoped: staff act on their own store; an administrator names the store with
 * `store_id` (query or body), required where no integration id says which store it is.
 */

export const integrationTypes = [{ id: 'OPDV', name: 'OPDV' }] as const;
export type IntegrationType = (typeof integrationTypes)[number]['id'];

/** The spec's words (platform 8, restaurant 8) and ours where it shows none. */
export const INTEGRATION_MESSAGES = {
  created: 'Integração adicionada com sucesso',
  createFailed: 'Aconteceu um erro ao adicionar a integração',
  deactivated: 'Integração desativada com sucesso',
  oneActive: 'Já existe uma integração OPDV ativa para esta loja',
  notFound: 'Integração não encontrada.',
  alreadyInactive: 'Esta integração já está desativada.',
  chooseStore: 'Escolha um restaurante',
  rateLimited: 'Limite de chamadas alcançado. Tente novamente em alguns minutos',
  noIntegration: 'Não há integração configurada para esta loja',
  unreachable: 'Não foi possível falar com o OPDV. Tente novamente.',
  tokenRequired: 'Informe o token da integração.',
  tokenLength: 'O token deve ter entre 8 e 200 caracteres.',
  typeInvalid: 'Tipo de integração inválido: use OPDV.',
  baseUrlInvalid: 'Informe um endereço http:// ou https:// válido.',
  baseUrlAdminOnly: 'Somente os administradores da plataforma informam o endereço do OPDV.',
} as const;

/** The import's words (restaurant spec 8, 'ero' as spelled there). */
export const IMPORT_MESSAGES = {
  confirm: 'Iniciar Importação?',
  productImported: 'Produto importado com sucesso!',
  alreadyImported: 'Produto já importado',
  productsFailed: 'Aconteceu um erro ao importar os produtos',
  categoryCreated: 'Categoria criada',
  categoryFailed: 'Erro ao criar categoria',
  categoryImported: 'Categoria importada com sucesso!',
  menuImported: 'Cardápio importado com sucesso!',
  categoryImportFailed: 'Houve um ero ao importar a categoria.',
  importFailed: 'Aconteceu um erro ao importar',
  linked: 'Produto vinculado com sucesso',
  linkFailed: 'Algo deu errado',
  categoryNotFound: 'Categoria não encontrada.',
  opdvCategoryNotFound: 'Categoria não encontrada no OPDV.',
  opdvItemNotFound: 'Produto não encontrado no OPDV.',
  productNotFound: 'Produto não encontrado.',
  synced: 'Produtos sincronizados com sucesso!',
} as const;

/** How many characters of a token the API shows (after bullets): '••••••••f9a2'. */
export const TOKEN_HINT_LENGTH = 4;
export const maskToken = (hint: string) => `••••••••${hint}`;

/** `POST /api/stores/integration/create`: the spec's client wraps the fields in `payload`. */
export const integrationCreateInput = z.strictObject({
  payload: z.strictObject(
    {
      integration_type: z.enum(['OPDV'], { error: INTEGRATION_MESSAGES.typeInvalid }),
      token: z
        .string({ error: INTEGRATION_MESSAGES.tokenRequired })
        .trim()
        .min(1, INTEGRATION_MESSAGES.tokenRequired)
        .min(8, INTEGRATION_MESSAGES.tokenLength)
        .max(200, INTEGRATION_MESSAGES.tokenLength)
        .refine((token) => !/\s/.test(token), 'O token não pode ter espaços.'),
      // Where a real OPDV answers; blank or absent means the configured default (OPDV_URL). The
      // server calls it: administrators only (a restaurant's address would reach inside our network).
      base_url: z.preprocess(
        (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
        z
          .string({ error: INTEGRATION_MESSAGES.baseUrlInvalid })
          .trim()
          .max(500, 'Limite máximo de 500 caracteres.')
          .refine(
            (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
            INTEGRATION_MESSAGES.baseUrlInvalid,
          )
          .optional(),
      ),
    },
    { error: 'Informe os dados da integração em payload.' },
  ),
  store_id: storeIdField,
});

/** `?store_id=` of an administrator (ignored for staff). */
export const integrationQuery = z.object({ store_id: storeIdField });

/** One integration as the API answers it: never the token, only its last characters. */
export const integrationRecord = z.object({
  id: recordId,
  store_id: recordId,
  integration_type: z.enum(['OPDV']),
  /** '••••••••' and the token's last 4 characters. */
  token: z.string(),
  base_url: z.string().nullable(),
  active: z.boolean(),
  created_at: instant,
  created_by: z.object({ id: recordId, fullname: z.string() }).nullable(),
});

/** An item of the OPDV catalogue, and the store's product that already carries its code. */
export const opdvItem = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  /** With a decimal point, as the OPDV sends it ('42.90'). */
  price: z.string(),
  image_url: z.string().nullable(),
  imported: z.object({ product_id: recordId, name: z.string(), category_id: recordId }).nullable(),
});
export type OpdvItem = z.infer<typeof opdvItem>;

export interface OpdvCategory {
  code: string;
  name: string;
  categories: OpdvCategory[];
  items: OpdvItem[];
}

export const opdvCategory: z.ZodType<OpdvCategory> = z.object({
  code: z.string(),
  name: z.string(),
  get categories() {
    return z.array(opdvCategory);
  },
  items: z.array(opdvItem),
});

/** `GET /api/stores/integration/:id/catalog`: `data.data` as the spec's client reads it. */
export const catalogAnswer = z.object({ data: z.object({ data: z.array(opdvCategory) }) });

const opdvCode = z
  .string({ error: 'Informe o código do OPDV.' })
  .trim()
  .min(1, 'Informe o código do OPDV.')
  .max(100, 'Código do OPDV longo demais.');

/** `POST …/:id/import/category`: an OPDV category, imported whole (its sub-categories' items too). */
export const importCategoryInput = z.strictObject({ code: opdvCode, store_id: storeIdField });

/** `POST …/:id/import/products`: chosen OPDV items into an existing category of the store. */
export const importProductsInput = z.strictObject({
  category_id: idOf(IMPORT_MESSAGES.categoryNotFound),
  codes: z
    .array(opdvCode, { error: 'Escolha os produtos a importar.' })
    .min(1, 'Escolha ao menos um produto para importar.')
    .max(500, 'Importe no máximo 500 produtos de uma vez.'),
  store_id: storeIdField,
});

/** `POST …/:id/link`: an OPDV item linked to an existing product (its origin stays). */
export const linkInput = z.strictObject({
  code: opdvCode,
  product_id: idOf(IMPORT_MESSAGES.productNotFound),
  store_id: storeIdField,
});

/** `POST …/:id/sync`: which of the previewed changes to apply. */
export const syncApplyInput = z.strictObject({
  product_ids: z
    .array(recordId, { error: 'Escolha os produtos a sincronizar.' })
    .min(1, 'Escolha ao menos um produto para sincronizar.')
    .max(1000, 'Sincronize no máximo 1000 produtos de uma vez.'),
  store_id: storeIdField,
});

/** What an import did: `skipped` were already imported; `failed` say why. */
export const importResult = z.object({
  category_id: recordId,
  /** The store's category was made by this import (spec 8 'Categoria criada'), not found from an earlier one. */
  category_created: z.boolean(),
  created: count,
  linked: count,
  skipped: count,
  failed: z.array(z.object({ code: z.string(), name: z.string(), reason: z.string() })),
});
export type ImportResult = z.infer<typeof importResult>;

/** A linked or imported product whose name or price differs from the OPDV's (prices in cents). */
export const syncChange = z.object({
  product_id: recordId,
  code: z.string(),
  name: z.string(),
  price: count,
  new_name: z.string(),
  new_price: count,
});
export type SyncChange = z.infer<typeof syncChange>;

export const integrations = defineResource({
  name: 'integrations',
  endpoint: '/api/stores/integration',
  noun: { one: 'integration', many: 'integrations' },
  label: { one: 'Integração', many: 'Integrações' },
  // The list also tells the import screen which integration to use: the whole team's, like the
  // menu; adding or deactivating one is the store's managers' (and administrators').
  access: { list: 'store:integrations' },
  envelope: { list: 'data', one: 'data' },
  storeScoped: true,
  fields: {
    integration_type: { label: 'Tipo', kind: 'select', choices: integrationTypes, list: true, filter: false },
    token: { label: 'Token', kind: 'text', list: true },
    created_at: { label: 'Criada em', kind: 'datetime', list: true, sortable: true },
    created_by: {
      label: 'Criada por',
      kind: 'text',
      list: true,
      text: (r) => (r.created_by as { fullname?: string } | null)?.fullname ?? '',
    },
  },
  input: integrationCreateInput,
  record: integrationRecord,
  calls: {
    create: {
      method: 'POST',
      path: '/create',
      access: 'store:integrations',
      summary: 'Adiciona uma integração (uma OPDV ativa por restaurante)',
    },
    deactivate: {
      method: 'PATCH',
      path: '/:id/deactivate',
      access: 'store:integrations',
      summary: 'Desativa uma integração',
    },
    catalog: {
      method: 'GET',
      path: '/:id/catalog',
      access: 'store:integrations',
      summary: 'Cardápio do OPDV (categorias aninhadas e itens), com o produto que já traz cada código',
    },
    importCategory: {
      method: 'POST',
      path: '/:id/import/category',
      access: 'store:integrations',
      summary: 'Importa uma categoria do OPDV inteira (criando a categoria do restaurante)',
    },
    importProducts: {
      method: 'POST',
      path: '/:id/import/products',
      access: 'store:integrations',
      summary: 'Importa produtos escolhidos do OPDV para uma categoria existente',
    },
    link: {
      method: 'POST',
      path: '/:id/link',
      access: 'store:integrations',
      summary: 'Vincula um produto do OPDV a um produto existente',
    },
    syncPreview: {
      method: 'GET',
      path: '/:id/sync',
      access: 'store:integrations',
      summary: 'Produtos vinculados cujo nome ou preço mudou no OPDV',
    },
    syncApply: {
      method: 'POST',
      path: '/:id/sync',
      access: 'store:integrations',
      summary: 'Aplica os nomes e preços do OPDV aos produtos escolhidos',
    },
  },
  // The store's team and the administrators (who choose the restaurant) see the same screen.
  screens: { audience: 'everyone' },
  // A store has one active integration per type: one page holds them.
  list: { perPage: 50, sort: { field: 'created_at', order: 'DESC' } },
  messages: {
    created: INTEGRATION_MESSAGES.created,
    updated: INTEGRATION_MESSAGES.deactivated,
    deleted: INTEGRATION_MESSAGES.deactivated,
    duplicate: INTEGRATION_MESSAGES.oneActive,
    notFound: INTEGRATION_MESSAGES.noIntegration,
  },
});

export type Integration = RecordOf<typeof integrations>;
