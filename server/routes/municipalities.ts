import { getMunicipalities } from '@brazilian-utils/brazilian-utils/get-municipalities';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

interface Municipality {
  code: string;
  name: string;
  uf: string;
  key: string;
}

const municipalitiesAnswer = z.object({
  data: z.object({
    results: z.array(z.object({ code: z.string(), name: z.string(), uf: z.string() })),
    total: z.int(),
  }),
});

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * City suggestions for the restaurant form, from the IBGE municipalities list shipped with
 * @brazilian-utils (5,571 names), held in memory: a prefix match first, then a word match.
 */
const municipalityRoutes: FastifyPluginAsyncZod = async (app) => {
  const all: Municipality[] = getMunicipalities().map((m) => ({
    code: m.code,
    name: m.name,
    uf: m.stateCode,
    key: fold(m.name),
  }));

  app.get(
    '/api/municipalities',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['Municípios'],
        summary: 'Sugerir municípios do IBGE pelo nome, de todo o país ou de uma UF',
        operationId: 'searchMunicipalities',
        querystring: z.strictObject({
          search: z.string().trim().max(100, 'Busca muito longa.').default(''),
          uf: z.string().trim().toUpperCase().length(2, 'Informe uma UF válida').optional(),
          limit: z.coerce.number().int().min(1).max(50).default(20),
        }),
        response: { 200: municipalitiesAnswer },
      },
    },
    async (request) => {
      const { search, uf, limit } = request.query;
      const term = fold(search);
      const inState = uf ? all.filter((m) => m.uf === uf) : all;
      const starts = inState.filter((m) => m.key.startsWith(term));
      const contains = term
        ? inState.filter((m) => !m.key.startsWith(term) && m.key.includes(` ${term}`))
        : [];
      const results = [...starts, ...contains]
        .slice(0, limit)
        .map(({ code, name, uf: state }) => ({ code, name, uf: state }));
      return { data: { results, total: results.length } };
    },
  );
};

export default municipalityRoutes;
