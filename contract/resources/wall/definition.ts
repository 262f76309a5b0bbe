import { z } from 'zod';
import { clearableFileUrl, requiredText, storeIdField } from '../../lib/fields';
import { count, instant, maybeText, recordId } from '../../lib/records';
import { storeResource, type RecordOf } from '../../define';

/** Restaurant spec 8, spelled as the spec spells it. */
export const WALL_ORDER_SAVED = 'Ordem dos postss atualizada com sucesso!';
export const WALL_TITLE_REQUIRED = 'Informe o título da publicação.';
export const WALL_BODY_REQUIRED = 'Informe o texto da publicação.';
/** What the list's switches and chips read for each flag. */
export const WALL_ACTIVE = 'Ativa';
export const WALL_INACTIVE = 'Inativa';
export const WALL_PINNED = 'Fixada';

const wallFields = {
  title: requiredText(120, WALL_TITLE_REQUIRED),
  body: requiredText(2000, WALL_BODY_REQUIRED),
  // Picked as JPEG (spec 5) and stored as the browser converted it (webp): any image URL of ours.
  image: clearableFileUrl,
  active: z.boolean({ error: 'Informe se a publicação está ativa.' }),
  pinned: z.boolean({ error: 'Informe se a publicação está fixada.' }),
};

/** POST /api/posts: title, body, image, active, pinned (spec 7); an administrator names the store. */
export const wallPostInput = z.strictObject({
  title: wallFields.title,
  body: wallFields.body,
  image: wallFields.image,
  active: wallFields.active.optional(),
  pinned: wallFields.pinned.optional(),
  store_id: storeIdField,
});

/** PATCH /api/posts/id/{id}: any of them; the store of a post never changes. */
export const wallPostUpdateInput = z
  .strictObject({
    title: wallFields.title.optional(),
    body: wallFields.body.optional(),
    image: wallFields.image,
    active: wallFields.active.optional(),
    pinned: wallFields.pinned.optional(),
  })
  .refine((value) => Object.keys(value).length > 0, 'Informe ao menos um campo para alterar.');

/**
 * The restaurant's wall (restaurant spec 2 "Wall (mural)", 3 Mural post, 7 Wall posts): notices
 * the customer app shows on the store's page, pinned ones first, then in the order the staff set.
 * Its screens are the engine's, with the wall's paths (/mural/new, /mural/details/:id): the
 * definition asks for no generated resource, and src/resources/wall registers them (a sortable
 * list, and the forms).
 */
export const wall = storeResource({
  name: 'mural',
  endpoint: '/api/posts',
  label: { one: 'Publicação', many: 'Mural' },
  permission: 'wall',
  reorder: true,
  fields: {
    // The list's first column (the picture), out of the CSV.
    image: { label: 'Imagem', kind: 'text', list: true, form: true, export: false },
    title: { label: 'Título', kind: 'text', list: true, form: true },
    body: { label: 'Texto', kind: 'textarea', form: true, export: true },
    // One column, Situação, holds both flags; the CSV keeps both.
    active: { label: 'Ativa', kind: 'boolean', list: true, form: true },
    pinned: { label: 'Fixada', kind: 'boolean', form: true, export: true },
    n_views: { label: 'Visualizações', kind: 'number', list: true },
    created_at: { label: 'Criada em', kind: 'date', list: true },
    // The app's order: pinned posts first, then each post's place (the server sorts by both).
    list_order: { label: 'Ordem', kind: 'number', sortable: true },
  },
  input: wallPostInput,
  updateInput: wallPostUpdateInput,
  record: z.object({
    id: recordId,
    store_id: recordId,
    title: z.string(),
    body: z.string(),
    image: maybeText,
    n_views: count,
    active: z.boolean(),
    pinned: z.boolean(),
    list_order: count,
    created_at: instant,
    updated_at: instant,
  }),
  list: { perPage: 50, sort: { field: 'list_order', order: 'ASC' } },
  messages: {
    created: 'Publicação criada com sucesso!',
    updated: 'Publicação atualizada com sucesso!',
    deleted: 'Publicação removida com sucesso!',
    notFound: 'Publicação não encontrada.',
  },
});

export type WallPost = RecordOf<typeof wall>;
