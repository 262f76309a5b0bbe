/**
 * Where a definition's operations and calls are served, and who may call them, read from the
 * definition: a route module writes `app.route({ ...served(kitchens).one(), handler })` and never
 * types a path, an access or a response shape twice. Each route is tagged with its resource and
 * operation, so the route-access test can hold every route against its definition.
 */
import { z } from 'zod';
import {
  callPath,
  type Access,
  type CallDefinition,
  listPath,
  type Operation,
  type ResourceDefinition,
} from '../../contract/define';
import { deletedAnswer, listAnswer, recordAnswer, reorderedAnswer, rowOf } from '../../contract/answers';
import { idParams, reorderBody } from './params';
import type { AuditMode } from '../plugins/audit';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The definition the route serves (by name), when it serves one. */
    resource?: string;
    /** The operation or call of that definition. */
    operation?: string;
  }
}

const OPERATIONS = {
  list: { method: 'GET', path: '' },
  one: { method: 'GET', path: '/id/:id' },
  create: { method: 'POST', path: '' },
  update: { method: 'PATCH', path: '/id/:id' },
  delete: { method: 'DELETE', path: '/id/:id' },
  reorder: { method: 'PATCH', path: '/reorder' },
} as const satisfies Record<Operation, { method: string; path: string }>;

/** Method and path of an operation, as every resource of the API spells them (a list may name its own). */
export function operationRoute(
  definition: Pick<ResourceDefinition, 'endpoint' | 'list'>,
  operation: Operation,
) {
  const { method, path } = OPERATIONS[operation];
  return { method, url: operation === 'list' ? listPath(definition) : `${definition.endpoint}${path}` };
}

const VERBS: Record<Operation, (label: ResourceDefinition['label']) => string> = {
  list: (label) => `Listar ${label.many.toLowerCase()}`,
  one: (label) => `Ler ${label.one.toLowerCase()}`,
  create: (label) => `Criar ${label.one.toLowerCase()}`,
  update: (label) => `Alterar ${label.one.toLowerCase()}`,
  delete: (label) => `Excluir ${label.one.toLowerCase()}`,
  reorder: (label) => `Reordenar ${label.many.toLowerCase()}`,
};

/** The access a definition grants an operation; a route for an operation it does not grant is a bug. */
function accessOf(definition: ResourceDefinition, operation: Operation): Access {
  const access = definition.access[operation];
  if (!access) {
    throw new Error(
      `O recurso ${definition.name} não declara a operação ${operation} (access.${operation}).`,
    );
  }
  return access;
}

function callOf(definition: ResourceDefinition, name: string): CallDefinition {
  const call = definition.calls?.[name];
  if (!call) throw new Error(`O recurso ${definition.name} não declara a chamada ${name} (calls.${name}).`);
  return call;
}

/** The body of a generic update: the definition's own update body, or any non-empty part of a create. */
export function updateBody(definition: ResourceDefinition) {
  return (definition.updateInput ?? definition.input.partial()).refine(
    (value) => Object.keys(value).length > 0,
    'Informe ao menos um campo para alterar.',
  );
}

/** `base` with `over`'s keys laid on top, typed as such (a plain spread of a generic intersects them). */
function overlay<A extends object, B extends object>(base: A, over: B | undefined): Omit<A, keyof B> & B {
  return { ...base, ...over } as unknown as Omit<A, keyof B> & B;
}

/**
 * Route options (method, url, access, tags and default schemas) for each operation and call of a
 * definition. The schema given to each one is laid over the defaults: a route narrows its body or
 * widens its answer where it differs from the definition's.
 */
export function served<D extends ResourceDefinition>(definition: D) {
  const meta = (operation: Operation) => ({
    ...operationRoute(definition, operation),
    config: { access: accessOf(definition, operation), resource: definition.name, operation },
  });
  const docs = (operation: Operation) => ({
    tags: [definition.endpoint],
    summary: VERBS[operation](definition.label),
  });
  const one = recordAnswer(definition.envelope.one, definition.record as D['record']);

  return {
    /** GET {endpoint}: the generic list (server/resources/list.ts) registers it. */
    list<S extends object>(schema: S) {
      const defaults = {
        ...docs('list'),
        response: { 200: listAnswer(definition.envelope.list, rowOf(definition)) },
      };
      return { ...meta('list'), schema: overlay(defaults, schema) };
    },
    one<S extends object = object>(schema?: S) {
      const defaults = { ...docs('one'), params: idParams, response: { 200: one } };
      return { ...meta('one'), schema: overlay(defaults, schema) };
    },
    create<S extends object = object>(schema?: S) {
      const defaults = { ...docs('create'), body: definition.input as D['input'], response: { 201: one } };
      return { ...meta('create'), schema: overlay(defaults, schema) };
    },
    update<S extends object = object>(schema?: S) {
      const defaults = {
        ...docs('update'),
        params: idParams,
        body: updateBody(definition),
        response: { 200: one },
      };
      return { ...meta('update'), schema: overlay(defaults, schema) };
    },
    delete<S extends object = object>(schema?: S) {
      const defaults = { ...docs('delete'), params: idParams, response: { 200: deletedAnswer } };
      return { ...meta('delete'), schema: overlay(defaults, schema) };
    },
    reorder<S extends object = object>(schema?: S) {
      const defaults = { ...docs('reorder'), body: reorderBody, response: { 200: reorderedAnswer } };
      return { ...meta('reorder'), schema: overlay(defaults, schema) };
    },
    /**
     * A call of `definition.calls`: its method, path, access and summary; its schemas are the
     * route's. `audit: 'manual'` for a call that writes its own audit row (server/plugins/audit.ts).
     */
    call<S extends object>(name: string, schema: S, options: { audit?: AuditMode } = {}) {
      const call = callOf(definition, name);
      return {
        method: call.method,
        url: callPath(definition, call),
        config: { access: call.access, resource: definition.name, operation: name, ...options },
        schema: { tags: [definition.endpoint], summary: call.summary, ...schema },
      };
    },
  };
}

/** A record's answer with more than the record (a category with its products, a customer with stats). */
export function answerWith<Extra extends z.ZodRawShape>(definition: ResourceDefinition, extra: Extra) {
  return recordAnswer(definition.envelope.one, definition.record.extend(extra));
}
