import { z } from 'zod';
import { clearableFileUrl, fileUrl, idOf, requiredText, storeIdField } from '../../lib/fields';
import { count, instant, maybeText, named, recordId } from '../../lib/records';
import { storeResource, type RecordOf } from '../../define';

// Restaurant spec 5, Product: the four required fields.
export const PRODUCT_NAME_REQUIRED = 'Você precisa informar o nome do produto';
export const PRODUCT_PRICE_REQUIRED = 'Você precisa informar o preço do produto';
export const PRODUCT_CODE_REQUIRED = 'Você precisa informar o código do produto';
export const PRODUCT_CATEGORY_REQUIRED = 'Você precisa selecionar uma categoria para o produto';
export const PRODUCT_CODE_TAKEN = 'Já existe um produto com esse código.';
export const PRODUCT_ALREADY_IMPORTED = 'Produto já importado';
export const PRODUCT_DELETED = 'Produto excluído!';
export const PRODUCT_VISIBILITY_CHANGED = 'Visibilidade do produto alterada!';
export const PRODUCT_VISIBILITY_ERROR = 'Erro ao alterar visibilidade do produto.';
/** The spec gives no text for the products' order (only the categories'); this one says what changed. */
export const PRODUCT_ORDER_SAVED = 'Ordem dos produtos atualizada!';
/** Largest price: R$ 999.999,99. */
export const MAX_PRICE = 99_999_999;

/** The five drink presets of the icon picker. */
export const productIcons = [
  { id: 'WATER', name: 'Água' },
  { id: 'DRAFT_BEER', name: 'Chope' },
  { id: 'SODA', name: 'Refrigerante' },
  { id: 'JUICE', name: 'Suco' },
  { id: 'WINE', name: 'Vinho' },
] as const;

/** Image proportions: square (1:1) or portrait (4:5). */
export const aspectRatios = [
  { id: '1', name: '1:1' },
  { id: '0.8', name: '4:5' },
] as const;

/** Price in cents: digits (as the form sends it, spec 5 "Price is sent as digits only") or an integer. */
export const price = z.preprocess(
  (value) => {
    if (value === null || value === undefined) return undefined;
    if (typeof value === 'string') {
      const text = value.trim();
      if (text === '') return undefined;
      return /^\d{1,12}$/.test(text) ? Number(text) : Number.NaN;
    }
    return value;
  },
  z
    .number({
      error: (issue) =>
        issue.input === undefined ? PRODUCT_PRICE_REQUIRED : 'Informe o preço em centavos, somente números.',
    })
    .int('Informe o preço em centavos, somente números.')
    .min(0, 'O preço não pode ser negativo.')
    .max(MAX_PRICE, 'O preço pode ser no máximo R$ 999.999,99.'),
);

/** 1 or 0.8, as a number or its text. */
const aspectRatio = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z.union([z.literal(1), z.literal(0.8)], { error: 'A proporção da imagem deve ser 1 ou 0.8.' }),
);

/** An optional text of the point-of-sale link; blank or null clears it. */
const integrationText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.string().trim().max(max, `Limite máximo de ${max} caracteres.`).nullable().optional(),
  );

/** Ids chosen in a multi-select, each once. */
export const idList = (message: string, duplicate: string) =>
  z
    .array(idOf(message), { error: message })
    .max(100, 'Itens demais selecionados.')
    .refine((ids) => new Set(ids).size === ids.length, duplicate);

const productFields = {
  name: requiredText(150, PRODUCT_NAME_REQUIRED),
  description: z.preprocess(
    (value) => (value === null ? '' : value),
    z.string({ error: 'Descrição inválida.' }).trim().max(2000, 'Limite máximo de 2000 caracteres.'),
  ),
  price,
  external_code: requiredText(50, PRODUCT_CODE_REQUIRED),
  category_id: idOf(PRODUCT_CATEGORY_REQUIRED),
  complements: idList('Complemento inválido.', 'Complemento já selecionado.'),
  complement_only: z.boolean({ error: 'Informe se o produto é um complemento.' }),
  allow_observations: z.boolean({ error: 'Informe se o produto aceita observações.' }),
  image_aspect_ratio: aspectRatio,
  images: z.array(fileUrl, { error: 'Imagens inválidas.' }).max(20, 'No máximo 20 imagens.'),
  image: clearableFileUrl,
  thumbnail: clearableFileUrl,
  icon: z.preprocess(
    (value) => (value === '' ? null : value),
    z
      .enum(['WATER', 'DRAFT_BEER', 'SODA', 'JUICE', 'WINE'], {
        error: 'Ícone inválido: use WATER, DRAFT_BEER, SODA, JUICE ou WINE.',
      })
      .nullable()
      .optional(),
  ),
  kitchen_id: z.preprocess(
    (value) => (value === '' ? null : value),
    idOf('Cozinha inválida.').nullable().optional(),
  ),
  available: z.boolean({ error: 'Informe se o produto está disponível.' }),
  origin: z.preprocess(
    (value) => (value === '' ? null : value),
    z.enum(['opdv'], { error: 'Origem inválida.' }).nullable().optional(),
  ),
  integration_code: integrationText(100),
  integration_name: integrationText(200),
  integration_category_id: integrationText(100),
  integration_category_name: integrationText(200),
};

/** POST /api/products (spec 5 and 7); also the OPDV import's payload. */
export const productInput = z.strictObject({
  name: productFields.name,
  description: productFields.description.optional(),
  price: productFields.price,
  external_code: productFields.external_code,
  category_id: productFields.category_id,
  complements: productFields.complements.optional(),
  complement_only: productFields.complement_only.optional(),
  allow_observations: productFields.allow_observations.optional(),
  image_aspect_ratio: productFields.image_aspect_ratio.optional(),
  images: productFields.images.optional(),
  image: productFields.image,
  thumbnail: productFields.thumbnail,
  icon: productFields.icon,
  kitchen_id: productFields.kitchen_id,
  available: productFields.available.optional(),
  origin: productFields.origin,
  integration_code: productFields.integration_code,
  integration_name: productFields.integration_name,
  integration_category_id: productFields.integration_category_id,
  integration_category_name: productFields.integration_category_name,
  store_id: storeIdField,
});

/** PATCH /api/products/id/{id}: any subset (the form sends the full payload; toggles send `{ available }`). */
export const productUpdateInput = z
  .strictObject({
    name: productFields.name.optional(),
    description: productFields.description.optional(),
    price: productFields.price.optional(),
    external_code: productFields.external_code.optional(),
    category_id: productFields.category_id.optional(),
    complements: productFields.complements.optional(),
    complement_only: productFields.complement_only.optional(),
    allow_observations: productFields.allow_observations.optional(),
    image_aspect_ratio: productFields.image_aspect_ratio.optional(),
    images: productFields.images.optional(),
    image: productFields.image,
    thumbnail: productFields.thumbnail,
    icon: productFields.icon,
    kitchen_id: productFields.kitchen_id,
    available: productFields.available.optional(),
    origin: productFields.origin,
    integration_code: productFields.integration_code,
    integration_name: productFields.integration_name,
    integration_category_id: productFields.integration_category_id,
    integration_category_name: productFields.integration_category_name,
  })
  .refine((value) => Object.keys(value).length > 0, 'Informe ao menos um campo para alterar.');

/** A product's row, as lists and a category's products carry it. */
export const productRow = z.object({
  id: recordId,
  store_id: recordId,
  category_id: recordId,
  kitchen_id: recordId.nullable(),
  name: z.string(),
  description: z.string(),
  /** Cents. */
  price: count,
  external_code: z.string(),
  complement_only: z.boolean(),
  allow_observations: z.boolean(),
  image_aspect_ratio: z.number(),
  images: z.array(z.string()),
  image: maybeText,
  thumbnail: maybeText,
  icon: z.enum(['WATER', 'DRAFT_BEER', 'SODA', 'JUICE', 'WINE']).nullable(),
  available: z.boolean(),
  list_priority: count,
  n_likes: count,
  n_sold: count,
  origin: maybeText,
  integration_code: maybeText,
  integration_name: maybeText,
  integration_category_id: maybeText,
  integration_category_name: maybeText,
  created_at: instant,
  updated_at: instant,
});

/** The light row of `GET /api/products/simplelist`, for pickers. */
export const productPickerRow = productRow.pick({
  id: true,
  store_id: true,
  name: true,
  price: true,
  category_id: true,
  available: true,
  thumbnail: true,
  complement_only: true,
});

export const products = storeResource({
  name: 'products',
  endpoint: '/api/products',
  label: { one: 'Produto', many: 'Produtos' },
  permission: 'menu',
  reorder: true,
  fields: {
    thumbnail: { label: 'Imagem', kind: 'text', list: true },
    name: { label: 'Nome', kind: 'text', list: true, form: true, sortable: true },
    description: { label: 'Descrição', kind: 'textarea', form: true },
    price: { label: 'Preço', kind: 'money', list: true, form: true, sortable: true },
    external_code: { label: 'Código', kind: 'text', list: true, form: true, sortable: true },
    category_id: { label: 'Categoria', kind: 'number', form: true },
    complements: { label: 'Complementos', kind: 'text', form: true },
    complement_only: { label: 'É um complemento', kind: 'boolean', form: true },
    allow_observations: { label: 'Permitir observações', kind: 'boolean', form: true },
    image_aspect_ratio: { label: 'Proporção da imagem', kind: 'select', choices: aspectRatios, form: true },
    icon: { label: 'Ícone', kind: 'select', choices: productIcons, form: true },
    kitchen_id: { label: 'Cozinha', kind: 'number', form: true },
    available: { label: 'Visível', kind: 'boolean', list: true, form: true },
    list_priority: { label: 'Ordem', kind: 'number', sortable: true },
    created_at: { label: 'Criado em', kind: 'date', sortable: true },
  },
  input: productInput,
  updateInput: productUpdateInput,
  // A product with its complement groups: `complements` their ids, `complement_groups` ids and names.
  record: productRow.extend({ complements: z.array(recordId), complement_groups: z.array(named) }),
  calls: {
    simplelist: {
      method: 'GET',
      path: '/simplelist',
      access: 'store',
      summary: 'Lista leve de produtos, por nome, para seletores',
    },
    names: {
      method: 'GET',
      path: '/names',
      access: 'store',
      summary: 'Nomes de produtos (com o restaurante) para seletores',
    },
  },
  list: { perPage: 50, sort: { field: 'list_priority', order: 'ASC' }, search: ['name', 'external_code'] },
  // The staff's create and edit forms; the menu (/products) is the categories screen.
  screens: { titles: { create: 'Novo produto', edit: 'Editar produto' } },
  messages: {
    created: 'Produto criado com sucesso!',
    updated: 'Produto atualizado com sucesso!',
    deleted: PRODUCT_DELETED,
    duplicate: PRODUCT_CODE_TAKEN,
    notFound: 'Produto não encontrado.',
  },
});

export type Product = RecordOf<typeof products>;
