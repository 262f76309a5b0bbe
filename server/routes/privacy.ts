import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { instant } from '../../contract/lib/records';
import {
  DEFAULT_PRIVACY_TEXT,
  PRIVACY_ENDPOINT,
  privacyInput,
} from '../../contract/resources/privacy/definition';
import { privacyTexts } from '../db/schema';

/** The one row of privacy_texts (its CHECK allows id 1 only). */
const PRIVACY_ROW = 1;

const columns = {
  title: privacyTexts.title,
  text: privacyTexts.text,
  active: privacyTexts.active,
  updated_at: privacyTexts.updated_at,
};

/** The text, or the default one (never saved: no updated_at). */
const privacyAnswer = z.object({
  data: z.object({
    title: z.string(),
    text: z.string(),
    active: z.boolean(),
    updated_at: instant.nullable(),
  }),
});

const docs = { tags: ['Privacidade'], response: { 200: privacyAnswer } };

/**
 * The platform's privacy text (platform-admin spec 2.12): every signed-in user reads it; an
 * administrator writes it. Before the first save, GET answers a default text.
 */
const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    PRIVACY_ENDPOINT,
    { config: { access: 'signed-in' }, schema: { ...docs, summary: 'Ler o texto de privacidade' } },
    async () => {
      const [row] = await app.db.select(columns).from(privacyTexts).limit(1);
      return { data: row ?? DEFAULT_PRIVACY_TEXT };
    },
  );

  app.patch(
    PRIVACY_ENDPOINT,
    {
      config: { access: 'admin' },
      schema: { ...docs, summary: 'Salvar o texto de privacidade', body: privacyInput },
    },
    async (request) => {
      const { title, text, active } = request.body;
      const [row] = await app.db
        .insert(privacyTexts)
        .values({ id: PRIVACY_ROW, title, text, active: active ?? true })
        .onConflictDoUpdate({
          target: privacyTexts.id,
          set: {
            title,
            text,
            ...(active === undefined ? {} : { active }),
            updated_at: sql`now()`,
          },
        })
        .returning(columns);
      return { data: row! };
    },
  );
};

export default privacyRoutes;
