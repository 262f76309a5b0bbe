import { z } from 'zod';
import { fileUrl, REQUIRED } from '../../lib/fields';
import { instant, maybeText, recordId } from '../../lib/records';
import { defineResource, type RecordOf } from '../../define';

/**
 * Featured posts of the feed hunters (platform-admin spec 2.14, 3 "FeedHunter post"): a title,
 * the feed hunter who wrote it, optionally a product (whose store the post then belongs to), and
 * a photo or an mp4 video.
 */

export const MEDIA_TYPES = ['PHOTO', 'VIDEO'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const FEEDHUNTER_REQUIRED = 'Escolha um FeedHunter.';
export const PRODUCT_INVALID = 'Escolha um produto do cardápio.';
export const IMAGE_REQUIRED = 'Envie a imagem do post.';
export const VIDEO_REQUIRED = 'Envie o vídeo do post (MP4).';
export const MEDIA_TYPE_INVALID = 'Escolha imagem ou vídeo.';
export const DELETE_FAILED = 'Ocorreu um erro ao tentar excluir o FeedHunter';
export { DAY_RANGE_INVALID as DATE_RANGE_INVALID } from '../../lib/fields';

/** Defaults of the featured-posts list (spec 9: limit 1000, offset 0). */
export const STORIES_LIMIT = 1000;

/** A media file, or null to clear it; blank counts as null. */
const mediaUrl = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  fileUrl.nullable(),
);

const fields = {
  title: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(200, 'Limite máximo de 200 caracteres.'),
  customer_id: z.coerce
    .number({ error: FEEDHUNTER_REQUIRED })
    .int(FEEDHUNTER_REQUIRED)
    .positive(FEEDHUNTER_REQUIRED)
    .max(2_147_483_647, FEEDHUNTER_REQUIRED),
  /** The featured product; null for none. Its store becomes the post's store. */
  product_id: z.preprocess(
    (value) => (value === '' ? null : value),
    z.coerce
      .number({ error: PRODUCT_INVALID })
      .int(PRODUCT_INVALID)
      .positive(PRODUCT_INVALID)
      .max(2_147_483_647, PRODUCT_INVALID)
      .nullable(),
  ),
  media_type: z.enum(MEDIA_TYPES, { error: MEDIA_TYPE_INVALID }),
  image_url: mediaUrl,
  video_url: mediaUrl,
};

export interface Media {
  media_type?: MediaType;
  image_url?: string | null;
  video_url?: string | null;
}

/** The media rule of the table (`stories_media_check`), with the users' words: null when it holds. */
export function mediaProblem(story: Media): { field: 'image_url' | 'video_url'; message: string } | null {
  if (story.media_type === 'PHOTO' && !story.image_url)
    return { field: 'image_url', message: IMAGE_REQUIRED };
  if (story.media_type === 'VIDEO' && !story.video_url)
    return { field: 'video_url', message: VIDEO_REQUIRED };
  return null;
}

/** POST /api/stories: title, feed hunter, product, media type and its file. */
export const storyCreateInput = z
  .strictObject({
    title: fields.title,
    customer_id: fields.customer_id,
    product_id: fields.product_id.optional(),
    media_type: fields.media_type,
    image_url: fields.image_url.optional(),
    video_url: fields.video_url.optional(),
  })
  .superRefine((story, context) => {
    const problem = mediaProblem(story);
    if (problem) context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });

/** PATCH /api/stories/id/:id: any of the same fields; the media rule is checked on the result. */
export const storyUpdateInput = z
  .strictObject({
    title: fields.title.optional(),
    customer_id: fields.customer_id.optional(),
    product_id: fields.product_id.optional(),
    media_type: fields.media_type.optional(),
    image_url: fields.image_url.optional(),
    video_url: fields.video_url.optional(),
  })
  .refine(
    (story) => Object.values(story).some((value) => value !== undefined),
    'Informe ao menos um campo para alterar.',
  );

interface Feedhunter {
  fullname: string | null;
  nickname: string | null;
}

/** The author as the list shows them: 'Ana Souza (@anasouza)'. */
export function feedhunterLabel(feedhunter: Feedhunter | undefined): string {
  if (!feedhunter) return '';
  const { fullname, nickname } = feedhunter;
  return nickname ? `${fullname ?? ''} (@${nickname})`.trim() : (fullname ?? '');
}

export const stories = defineResource({
  name: 'stories',
  endpoint: '/api/stories',
  label: { one: 'Post', many: 'FeedHunters' },
  access: { list: 'admin', one: 'admin', create: 'admin', update: 'admin', delete: 'admin' },
  envelope: { list: 'data', one: 'data' },
  fields: {
    title: { label: 'Título', kind: 'text', list: true, form: true },
    customer_id: {
      label: 'Usuário',
      kind: 'number',
      form: true,
      list: true,
      text: (record) => feedhunterLabel(record.feedhunter as Feedhunter | undefined),
    },
    product_id: { label: 'Produto', kind: 'number', form: true },
    media_type: {
      label: 'Tipo',
      kind: 'select',
      choices: [
        { id: 'PHOTO', name: 'Imagem' },
        { id: 'VIDEO', name: 'Vídeo' },
      ],
      form: true,
      // The list filters by date only (spec 2.14).
      filter: false,
    },
    created_at: { label: 'Data', kind: 'date', list: true, sortable: true },
  },
  input: storyCreateInput,
  updateInput: storyUpdateInput,
  // The spec's shape: the feed hunter as `{ fullname, nickname }`, the product with its store.
  record: z.object({
    id: recordId,
    title: z.string(),
    customer_id: recordId,
    product_id: recordId.nullable(),
    store_id: recordId.nullable(),
    image_url: maybeText,
    video_url: maybeText,
    media_type: z.enum(MEDIA_TYPES),
    created_at: instant,
    updated_at: instant,
    feedhunter: z.object({ fullname: maybeText, nickname: maybeText }),
    product: z
      .object({ id: recordId, name: z.string(), store_id: recordId.nullable(), store_name: maybeText })
      .nullable(),
  }),
  list: { perPage: STORIES_LIMIT, sort: { field: 'created_at', order: 'DESC' }, paging: 'offset' },
  screens: { createLabel: 'CRIAR POST', titles: { create: 'Novo post' } },
  messages: {
    created: 'Post criado com sucesso!',
    updated: 'Post atualizado com sucesso!',
    deleted: 'Post excluído com sucesso!',
    notFound: 'Post não encontrado.',
  },
});

export type Story = RecordOf<typeof stories>;
