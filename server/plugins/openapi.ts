import fp from 'fastify-plugin';
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { z } from 'zod';
import { permissionOf, type Access } from '../../contract/define';
import { permissionName } from '../../contract/permissions';
import { definitions } from '../../contract/definitions';
import { toJsonSchema, type JsonSchema } from '../json-schema';
import { CLIENT_ERRORS, clientErrorsOf, operationIdOf, type ClientError } from '../openapi-operations';

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

/** Where a route's 4xx answers wait, between `transform` and `documentErrors`, which replaces it. */
const CLIENT_ERRORS_KEY = 'x-client-errors';

/**
 * Each route's entry in the document, from the route's own schemas (zod, turned into JSON Schema)
 * and its declared access: its operation id, a security requirement for every route that is not
 * public, the access in words and as `x-access`, the 4xx answers it can give, and for lists the
 * CSV they also answer.
 */
const transform: FastifyDynamicSwaggerOptions['transform'] = ({ schema, url, route }) => {
  if (!schema || schema.hide) return { schema: { hide: true }, url };
  const source = schema as Record<string, unknown>;
  const transformed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === 'response' || key === 'errors' || (REQUEST_PARTS as readonly string[]).includes(key))
      continue;
    transformed[key] = value;
  }
  transformed.operationId = operationIdOf(route);
  transformed[CLIENT_ERRORS_KEY] = clientErrorsOf(route);
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
 * Each operation's 4xx answers as references to shared responses, all in the one envelope
 * (`components.schemas.Error`); only the responses some operation gives are defined.
 */
function documentErrors(document: Record<string, unknown>): Record<string, unknown> {
  const used = new Set<ClientError>();
  const paths = (document.paths ?? {}) as Record<string, Record<string, Record<string, unknown>>>;
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      const errors = operation[CLIENT_ERRORS_KEY] as ClientError[] | undefined;
      delete operation[CLIENT_ERRORS_KEY];
      if (!errors) continue;
      const responses = (operation.responses ??= {}) as Record<string, unknown>;
      for (const status of errors) {
        responses[status] = { $ref: `#/components/responses/${CLIENT_ERRORS[status].name}` };
        used.add(status);
      }
    }
  }
  const components = (document.components ?? {}) as {
    schemas?: Record<string, unknown>;
    responses?: Record<string, unknown>;
  };
  (components.schemas ??= {}).Error = ERROR_ENVELOPE;
  const responses = (components.responses ??= {});
  for (const status of [...used].sort((a, b) => a - b)) {
    const { name, description } = CLIENT_ERRORS[status];
    responses[name] = {
      description,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  document.components = components;
  return document;
}

/** Every refusal and failure of the API answers in this shape (server/plugins/errors.ts). */
const ERROR_ENVELOPE = {
  type: 'object',
  description: 'A resposta de erro da API, a mesma em todas as rotas.',
  properties: {
    error: {
      type: 'object',
      properties: {
        message: {
          type: 'string',
          description: 'O motivo, em português, escrito para ser mostrado a quem usa.',
        },
      },
      required: ['message'],
    },
  },
  required: ['error'],
} as const;

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
          // The Painel is not open source: its API is for the platform's clients and partners.
          license: { name: 'Proprietária', identifier: 'LicenseRef-Proprietary' },
        },
        // The API answers at the address the document itself is read from.
        servers: [{ url: '/', description: 'Este servidor' }],
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
        documentErrors(
          hoistDefinitions(
            ('openapiObject' in document ? document.openapiObject : {}) as Record<string, unknown>,
          ),
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
