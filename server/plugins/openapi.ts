import fp from 'fastify-plugin';
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { z } from 'zod';
import { permissionOf, type Access } from '../../src/resources/define';
import { permissionName } from '../../src/resources/permissions';
import { definitions } from '../../src/resources/definitions';
import { toJsonSchema, type JsonSchema } from '../json-schema';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** Who may call a route, as the API reference says it. */
const ACCESS_TEXT: Record<Exclude<Access, `store:${string}`>, string> = {
  public: 'Acesso: público.',
  'signed-in': 'Acesso: qualquer conta com sessão.',
  admin: 'Acesso: administradores da plataforma.',
  store: 'Acesso: equipe do restaurante (somente o próprio) ou administradores.',
  manager: 'Acesso: gerentes do restaurante (somente o próprio) ou administradores.',
};

function accessText(access: Access): string {
  const permission = permissionOf(access);
  return permission
    ? `Acesso: quem tem a permissão "${permissionName(permission)}" no restaurante (somente o próprio) ou administradores.`
    : ACCESS_TEXT[access as keyof typeof ACCESS_TEXT];
}

const REQUEST_PARTS = ['querystring', 'body', 'params', 'headers'] as const;

const asJson = (schema: unknown): unknown => (schema instanceof z.ZodType ? toJsonSchema(schema) : schema);

/**
 * Each route's entry in the document, from the route's own schemas (zod, turned into JSON Schema)
 * and its declared access: a security requirement for every route that is not public, the access
 * in words and as `x-access`, and for lists the CSV they also answer.
 */
const transform: FastifyDynamicSwaggerOptions['transform'] = ({ schema, url, route }) => {
  if (!schema || schema.hide) return { schema: { hide: true }, url };
  const source = schema as Record<string, unknown>;
  const transformed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === 'response' || (REQUEST_PARTS as readonly string[]).includes(key)) continue;
    transformed[key] = value;
  }
  for (const part of REQUEST_PARTS) if (source[part]) transformed[part] = asJson(source[part]);
  const access = route.config?.access as Access | undefined;
  const isList = route.config?.operation === 'list';
  if (source.response) {
    const responses: Record<string, unknown> = {};
    for (const [status, response] of Object.entries(source.response as Record<string, unknown>)) {
      const json = asJson(response) as JsonSchema;
      responses[status] = isList
        ? {
            description:
              'A página pedida; com format=csv, a lista inteira em CSV (UTF-8 com BOM, separada por ;).',
            content: { 'application/json': { schema: json }, 'text/csv': { schema: { type: 'string' } } },
          }
        : json;
    }
    transformed.response = responses;
  }
  if (access) {
    transformed.description = [source.description, accessText(access)].filter(Boolean).join('\n\n');
    transformed['x-access'] = access;
    transformed.security = access === 'public' ? [] : [{ bearer: [] }];
  }
  return { schema: transformed, url };
};

/**
 * A recursive schema (the OPDV's nested categories) comes out of zod with its own `$defs` and
 * `#/$defs/…` references, which in the document would point at its root: every such definition
 * moves to `components.schemas` under a name of its own, and its references follow it.
 */
function hoistDefinitions(document: Record<string, unknown>): Record<string, unknown> {
  const components = (document.components ?? {}) as { schemas?: Record<string, unknown> };
  const schemas = (components.schemas ??= {});
  let next = 0;
  const rewrite = (node: unknown, renamed: Map<string, string>): void => {
    if (Array.isArray(node)) return node.forEach((item) => rewrite(item, renamed));
    if (typeof node !== 'object' || node === null) return;
    const schema = node as Record<string, unknown>;
    const local = schema.$defs as Record<string, unknown> | undefined;
    let scope = renamed;
    if (local) {
      delete schema.$defs;
      scope = new Map(renamed);
      for (const name of Object.keys(local)) scope.set(`#/$defs/${name}`, `Schema${++next}`);
      for (const [name, definition] of Object.entries(local)) {
        rewrite(definition, scope);
        schemas[scope.get(`#/$defs/${name}`)!] = definition;
      }
    }
    if (typeof schema.$ref === 'string' && scope.has(schema.$ref)) {
      schema.$ref = `#/components/schemas/${scope.get(schema.$ref)}`;
    }
    for (const [key, value] of Object.entries(schema)) if (key !== '$ref') rewrite(value, scope);
  };
  rewrite(document.paths, new Map());
  document.components = components;
  return document;
}

/**
 * The API reference: an OpenAPI 3.1 document generated from the routes' own schemas at
 * `GET /api/openapi.json`, and a browsable reference (Swagger UI) at `/api/docs`. Registered before
 * the routes, so that it sees every one of them.
 */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Painel API',
          version: '1.0.0',
          description:
            'A API do Painel: restaurantes, cardápio, serviço, clientes e a administração da plataforma. ' +
            'Respostas em `data` (listas em `data.results` com `data.total`); erros em `error.message`, em português.',
        },
        // A resource's routes are grouped under its endpoint, with its name as users read it (two
        // resources read "Cozinhas": the platform's cuisines and a restaurant's kitchens).
        tags: Object.values(definitions).map((definition) => ({
          name: definition.endpoint,
          description: definition.label.many,
        })),
        components: {
          securitySchemes: {
            bearer: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description: 'O data.access_token de POST /auth/email.',
            },
          },
        },
      },
      transform,
      transformObject: (document) =>
        hoistDefinitions(
          ('openapiObject' in document ? document.openapiObject : {}) as Record<string, unknown>,
        ),
    });

    app.get(OPENAPI_PATH, { config: { access: 'public' }, schema: { hide: true } }, async () =>
      app.swagger(),
    );

    // Swagger UI's routes cannot be given a config: they are public, as the document is.
    await app.register(async (docs) => {
      docs.addHook('onRoute', (route) => {
        route.config = { ...route.config, access: 'public' };
      });
      await docs.register(swaggerUi, {
        routePrefix: DOCS_PATH,
        uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0 },
      });
    });
  },
  { name: 'openapi' },
);
