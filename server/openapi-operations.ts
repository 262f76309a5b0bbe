/**
 * What the API reference says of each operation beyond its schemas: the `operationId` a client
 * generator names its functions after, and the 4xx answers it can give. Both are read from what the
 * route already declares — its resource and operation, its access, its path, whether it takes an
 * Idempotency-Key — so that a new route is documented the way it behaves without a word more; a
 * route states an id where the derived one would read badly, and the refusals its own code adds.
 */
import type { RouteOptions } from 'fastify';
import type { Access, ResourceDefinition } from '../contract/define';
import { definitions } from '../contract/definitions';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The 4xx answers the route's own code gives beyond those its access, path and kind imply
     * (see `clientErrorsOf`): a conflict it refuses, a record its body names that may not exist, a
     * rate limit. For the API reference only: the answers themselves are the error handler's.
     */
    errors?: readonly number[];
  }
}

/** Every 4xx the API answers with its envelope, with how the reference describes it. */
export const CLIENT_ERRORS = {
  400: {
    name: 'BadRequest',
    description:
      'Requisição inválida: dados que não passam na validação (a mensagem diz qual campo), JSON ' +
      'malformado ou texto com caracteres que o banco de dados não aceita.',
  },
  401: {
    name: 'Unauthorized',
    description:
      'Não autenticado: o token de acesso falta, expirou ou a sessão foi encerrada (ao entrar: e-mail ' +
      'ou senha incorretos). Entre novamente em POST /auth/email.',
  },
  403: {
    name: 'Forbidden',
    description:
      'Sem permissão: a função ou a permissão da conta não dá acesso a esta ação, a conta não está em ' +
      'um restaurante, ou a sessão só serve para definir a nova senha.',
  },
  404: {
    name: 'NotFound',
    description:
      'Não encontrado: o registro pedido (ou um que o corpo cita) não existe, ou é de outro restaurante.',
  },
  409: {
    name: 'Conflict',
    description:
      'Conflito com o estado atual: já existe um registro com esses dados, o registro mudou ou está em ' +
      'uso, ou um pedido com a mesma chave de idempotência ainda está em andamento.',
  },
  413: {
    name: 'ContentTooLarge',
    description: 'O espaço para arquivos acabou: exclua arquivos antigos antes de enviar outros.',
  },
  422: {
    name: 'IdempotencyKeyReused',
    description: 'A chave de idempotência já foi usada com outro pedido: gere uma chave nova.',
  },
  429: {
    name: 'TooManyRequests',
    description: 'Muitas tentativas em pouco tempo: aguarde alguns minutos e tente de novo.',
  },
} as const satisfies Record<number, { name: string; description: string }>;

export type ClientError = keyof typeof CLIENT_ERRORS;

const isClientError = (status: number): status is ClientError => status in CLIENT_ERRORS;

/** The route's own definition, when it serves one. */
function definitionOf(route: RouteOptions): ResourceDefinition | undefined {
  const name = route.config?.resource;
  return name ? (definitions as Record<string, ResourceDefinition>)[name] : undefined;
}

const hasPathParameter = (url: string) => /[:*]/.test(url);

/**
 * The 4xx answers of a route, from what it declares:
 * - 400 for every route: a request's path, query and body pass the input guard (and the route's
 *   schemas) before anything runs;
 * - 401 and 403 for every route that is not public (403 also for a session that only sets a new
 *   password, except on the one route that takes it);
 * - 404 for a route with a path parameter, and for the create of a store's record (an
 *   administrator names the store, which may not exist);
 * - 409 for the create and update of a resource with a unique rule (its definition's `duplicate`
 *   message), and 409 and 422 for a write that takes an Idempotency-Key;
 * - and those the route's schema adds in `errors`.
 */
export function clientErrorsOf(route: RouteOptions): ClientError[] {
  const access = route.config?.access as Access | undefined;
  const operation = route.config?.operation;
  const definition = definitionOf(route);
  const errors = new Set<number>([400]);
  if (access && access !== 'public') {
    errors.add(401);
    if (!(access === 'signed-in' && route.config?.passwordScope)) errors.add(403);
  }
  if (hasPathParameter(route.url) || (operation === 'create' && definition?.storeScoped)) errors.add(404);
  if ((operation === 'create' || operation === 'update') && definition?.messages.duplicate) errors.add(409);
  if (route.config?.idempotent) {
    errors.add(409);
    errors.add(422);
  }
  for (const status of route.schema?.errors ?? []) {
    if (!isClientError(status)) {
      throw new Error(`A rota ${String(route.method)} ${route.url} declara um erro ${status} sem descrição.`);
    }
    errors.add(status);
  }
  return [...errors].sort((a, b) => a - b) as ClientError[];
}

/** `complement-groups` → ['complement', 'groups']; parameters and the record's `id` segment left out. */
function wordsOf(path: string): string[] {
  return path
    .split('/')
    .filter((segment) => segment && segment !== 'api' && segment !== 'id' && !/^[:*]/.test(segment))
    .flatMap((segment) => segment.split(/[-_]/))
    .filter(Boolean);
}

/** The English singular of a plural word of the API's paths (`categories`, `stores`, `faqs`). */
function singular(word: string): string {
  if (/ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (/[^s]s$/.test(word)) return word.slice(0, -1);
  return word;
}

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const camelCase = (words: readonly string[]) =>
  words.map((word, index) => (index === 0 ? word : capitalized(word))).join('');

/**
 * A resource's noun, singular and plural: its definition's `noun`, or its endpoint's words, each
 * in the singular but the last (`/api/orders/items`: orderItem, orderItems).
 */
function nounOf(definition: ResourceDefinition): { one: string; many: string } {
  if (definition.noun) return definition.noun;
  const words = wordsOf(definition.endpoint);
  const leading = words.slice(0, -1).map(singular);
  const last = words.at(-1) ?? definition.name;
  return { one: camelCase([...leading, singular(last)]), many: camelCase([...leading, last]) };
}

/** The verb of each operation of the resource engine, and whether it acts on the whole list. */
const OPERATION_VERBS: Record<string, { verb: string; many: boolean }> = {
  list: { verb: 'list', many: true },
  one: { verb: 'get', many: false },
  create: { verb: 'create', many: false },
  update: { verb: 'update', many: false },
  delete: { verb: 'delete', many: false },
  reorder: { verb: 'reorder', many: true },
};

/** A call's first word is its verb, in the API reference's words (`read` is `get`). */
const CALL_VERBS: Record<string, string> = { read: 'get' };

/** A hand-written route's verb, by method. */
const METHOD_VERBS: Record<string, string> = {
  GET: 'get',
  POST: 'create',
  PUT: 'replace',
  PATCH: 'update',
  DELETE: 'delete',
};

/**
 * The operation's id: the one its schema states, or
 * - a resource's operation: its verb and the resource's noun (`listCuisines`, `getCuisine`,
 *   `createCuisine`, `reorderCategories`); a list at its own path adds the path's words
 *   (`listUsagePolicyAcceptances`, and `searchOrders` for the orders' `/search`);
 * - a resource's call: the call's name with the resource's singular noun after its first word
 *   (`settle` → `settleOrder`, `dismissWaiter` → `dismissOrderWaiter`, `read` → `getUsagePolicy`);
 * - any other route: its method's verb and its path's words (`GET /api/account` → `getAccount`).
 */
export function operationIdOf(route: RouteOptions): string {
  if (route.schema?.operationId) return route.schema.operationId;
  const definition = definitionOf(route);
  const operation = route.config?.operation;
  if (definition && operation) {
    const noun = nounOf(definition);
    if (operation === 'list' && definition.list.path) {
      // A list at its own path reads it after the noun; the legacy `/search` is how the orders'
      // list is asked for, and reads as the verb.
      const words = wordsOf(definition.list.path);
      if (words.length === 1 && words[0] === 'search') return camelCase(['search', noun.many]);
      return camelCase(['list', noun.one, ...words]);
    }
    const known = OPERATION_VERBS[operation];
    if (known) return camelCase([known.verb, known.many ? noun.many : noun.one]);
    const [first = operation, ...rest] = operation.split(/(?=[A-Z])/);
    return camelCase([CALL_VERBS[first] ?? first, noun.one, ...rest.map((word) => word.toLowerCase())]);
  }
  const method = [route.method].flat()[0]!;
  return camelCase([METHOD_VERBS[method] ?? method.toLowerCase(), ...wordsOf(route.url)]);
}
