import type {
  CreateParams,
  DataProvider,
  DeleteManyParams,
  DeleteParams,
  GetListParams,
  GetManyParams,
  GetManyReferenceParams,
  GetOneParams,
  RaRecord,
  UpdateManyParams,
  UpdateParams,
} from 'react-admin';
import {
  callPath,
  listPath,
  recordPath,
  type Envelope,
  type ResourceDefinition,
} from '../../contract/define';
import type { Download, HttpClient, Query, Request } from './httpClient';

/** Reads the payload out of the envelope the resource answers with. */
export function unwrap(envelope: Envelope, body: unknown): unknown {
  const data = (body as { data?: unknown } | undefined)?.data;
  switch (envelope) {
    case 'data':
      return data;
    case 'data.results':
      return (data as { results?: unknown } | undefined)?.results;
    case 'data.data':
      return (data as { data?: unknown } | undefined)?.data;
  }
}

function total(body: unknown, records: unknown[]): number {
  const value = (body as { data?: { total?: unknown } } | undefined)?.data?.total;
  return typeof value === 'number' ? value : records.length;
}

/**
 * A write's `Idempotency-Key`, when its screen gives one in the mutation's `meta`
 * (`useSubmissionKey`): sent again with the same key, the write is done once by the server.
 */
function idempotencyHeader(meta: unknown): { headers?: Record<string, string> } {
  const key = (meta as { idempotencyKey?: unknown } | undefined)?.idempotencyKey;
  return typeof key === 'string' ? { headers: { 'Idempotency-Key': key } } : {};
}

/**
 * What a record's read or write names in its query, when its screen gives it in `meta`: `query`,
 * the restaurant an administrator works on, for an API that scopes a record by it (the team's
 * `?store_id=`); `include`, what the read and the save answer beside the record (a customer's
 * detail: `stats`), so that the save's answer, which replaces the record read, keeps it.
 */
function scopeOf(meta: unknown): { query?: Query } {
  const { query, include } = (meta ?? {}) as { query?: Query; include?: unknown };
  const asked: Query = { ...query, ...(typeof include === 'string' ? { include } : {}) };
  return Object.keys(asked).length > 0 ? { query: asked } : {};
}

export interface ActionParams {
  id: string | number;
  /**
   * A call the definition declares (`calls`: its method and path, `:id` and `params` filled in),
   * or else a path segment after the record, e.g. `close`, `status/AVAILABLE`.
   */
  action: string;
  /** A declared call's other path parameters (`:ticket_id`…). */
  params?: Record<string, string | number>;
  method?: 'POST' | 'PATCH';
  data?: Record<string, unknown>;
  /**
   * As a save's: `idempotencyKey` sends the call's `Idempotency-Key` (`useSubmissionKey`), `query`
   * names what it reads (an administrator's `store_id`).
   */
  meta?: { idempotencyKey?: string; query?: Query };
}

/**
 * The path of a record's action: a call the definition declares (its path, `:id` and the other
 * parameters filled in), or else a path segment after the record (`close`, `status/AVAILABLE`).
 */
export function actionPath(
  definition: ResourceDefinition,
  action: string,
  values: Record<string, string | number>,
): string {
  const call = definition.calls?.[action];
  return call
    ? callPath(definition, call).replace(/:([A-Za-z_]\w*)/g, (whole, name: string) =>
        name in values ? encodeURIComponent(String(values[name])) : whole,
      )
    : `${recordPath(definition.endpoint, values.id ?? '')}/${action}`;
}

/** What a list's export asks for: the list's own sort and filters. */
export interface ExportParams {
  sort?: GetListParams['sort'];
  filter?: GetListParams['filter'];
}

/** react-admin's methods plus the platform's custom calls. */
export interface PainelDataProvider extends DataProvider {
  /** `PATCH {endpoint}/reorder` with the ids in their new order. */
  reorder(resource: string, params: { ids: (string | number)[] }): Promise<{ data: unknown }>;
  /** State changes that are not plain updates (cancel, close, settle, status). */
  action(resource: string, params: ActionParams): Promise<{ data: RaRecord }>;
  /** The whole list as CSV, with the filters and order of the screen. */
  exportList(resource: string, params: ExportParams): Promise<Download>;
  /** A call as it is, its body answered whole: what the outbox sends, written before it was queued. */
  send(path: string, request: Request): Promise<unknown>;
}

/**
 * Maps react-admin onto the documented paths and envelopes, driven by the resource definitions.
 * Updates send only the fields the definition accepts, never id or created_at.
 */
export function createDataProvider(
  definitions: Record<string, ResourceDefinition>,
  http: HttpClient,
  download: (path: string, query: Query) => Promise<Download> = () =>
    Promise.reject(new Error('Este cliente não baixa arquivos.')),
): PainelDataProvider {
  const definitionOf = (resource: string): ResourceDefinition => {
    const definition = definitions[resource];
    if (!definition) throw new Error(`Recurso desconhecido: ${resource}`);
    return definition;
  };
  const writable = (
    definition: ResourceDefinition,
    data: Record<string, unknown>,
    operation: 'create' | 'update',
  ) => {
    const schema = operation === 'update' ? (definition.updateInput ?? definition.input) : definition.input;
    const keys = Object.keys(schema.shape);
    return Object.fromEntries(Object.entries(data).filter(([key]) => keys.includes(key)));
  };
  const changed = (data: Record<string, unknown>, previous: Record<string, unknown> | undefined) =>
    previous
      ? Object.fromEntries(
          Object.entries(data).filter(
            ([key, value]) => JSON.stringify(value) !== JSON.stringify(previous[key]),
          ),
        )
      : data;

  /** A list's sort and filters as the API's query: `q` is the search, the rest plain filters. */
  const listQuery = (definition: ResourceDefinition, { sort, filter }: ExportParams): Query => {
    const { q, ...filters } = (filter ?? {}) as Record<string, unknown>;
    const query: Query = {
      sort_field: sort?.field ?? definition.list.sort.field,
      sort_order: sort?.order ?? definition.list.sort.order,
      search: typeof q === 'string' ? q : undefined,
    };
    for (const [key, value] of Object.entries(filters)) {
      if (value === undefined || value === null || value === '' || typeof value === 'object') continue;
      query[key] = value as string | number | boolean;
    }
    return query;
  };

  const getList = async (resource: string, params: GetListParams) => {
    const definition = definitionOf(resource);
    const page = params.pagination?.page ?? 1;
    const perPage = params.pagination?.perPage ?? definition.list.perPage;
    // A list paged by offset and limit (the reservations', the featured posts') is asked so.
    const paging =
      definition.list.paging === 'offset'
        ? { offset: (page - 1) * perPage, limit: perPage }
        : { page, page_size: perPage };
    const query: Query = { ...paging, ...listQuery(definition, params) };
    const body = await http(listPath(definition), { query });
    const records = (unwrap(definition.envelope.list, body) ?? []) as RaRecord[];
    return { data: records, total: total(body, records) };
  };

  /**
   * The call a single record's read or save names in `meta.call` (`form.single`: a record at a
   * fixed path, the store's loyalty program): react-admin knows it by the form's id, whatever its own.
   */
  const singleCall = (definition: ResourceDefinition, meta: unknown) => {
    const call = definition.calls?.[(meta as { call?: string } | undefined)?.call ?? ''];
    return call && { path: callPath(definition, call), method: call.method as 'PATCH' | 'POST' };
  };
  const single = (record: RaRecord, id: GetOneParams['id']) => ({ ...record, id });

  const getOne = async (resource: string, params: GetOneParams) => {
    const definition = definitionOf(resource);
    const scope = scopeOf(params.meta);
    const call = singleCall(definition, params.meta);
    const path = call ? call.path : recordPath(definition.endpoint, params.id);
    const body = await (scope.query ? http(path, scope) : http(path));
    const record = unwrap(definition.envelope.one, body) as RaRecord;
    return { data: call ? single(record, params.id) : record };
  };

  const update = async (resource: string, params: UpdateParams) => {
    const definition = definitionOf(resource);
    const call = singleCall(definition, params.meta);
    // A single record's save sends the whole form (a fixed path's PATCH may create it).
    const payload = writable(
      definition,
      call ? params.data : changed(params.data, params.previousData),
      'update',
    );
    // Nothing changed: nothing to send (the API refuses an empty update).
    if (Object.keys(payload).length === 0 && params.previousData)
      return { data: params.previousData as RaRecord };
    const body = await http(call ? call.path : recordPath(definition.endpoint, params.id), {
      method: call ? call.method : 'PATCH',
      body: payload,
      ...scopeOf(params.meta),
      ...idempotencyHeader(params.meta),
    });
    const record = unwrap(definition.envelope.one, body) as RaRecord;
    return { data: call ? single(record, params.id) : record };
  };

  /** A removal; one that says why (an item cancelled) sends `meta.body`, e.g. `{ reason }`. */
  const remove = async (resource: string, params: DeleteParams) => {
    const definition = definitionOf(resource);
    const body = (params.meta as { body?: Record<string, unknown> } | undefined)?.body;
    await http(recordPath(definition.endpoint, params.id), {
      method: 'DELETE',
      ...scopeOf(params.meta),
      ...(body ? { body } : {}),
    });
    return { data: (params.previousData ?? { id: params.id }) as RaRecord };
  };

  const provider: PainelDataProvider = {
    getList: getList as DataProvider['getList'],
    getOne: getOne as DataProvider['getOne'],
    // No bulk read exists in the API: one call per id, in parallel.
    getMany: (async (resource: string, params: GetManyParams) => {
      const records = await Promise.all(params.ids.map((id) => getOne(resource, { id })));
      return { data: records.map((r) => r.data) };
    }) as DataProvider['getMany'],
    getManyReference: (async (resource: string, params: GetManyReferenceParams) =>
      getList(resource, {
        ...params,
        filter: { ...params.filter, [params.target]: params.id },
      })) as DataProvider['getManyReference'],
    // A form whose save is one of the definition's calls names it in `meta.call` (an account
    // included in a team).
    create: (async (resource: string, params: CreateParams) => {
      const definition = definitionOf(resource);
      const call = definition.calls?.[(params.meta as { call?: string } | undefined)?.call ?? ''];
      const body = await http(call ? callPath(definition, call) : definition.endpoint, {
        method: call?.method ?? 'POST',
        body: writable(definition, params.data, 'create'),
        ...idempotencyHeader(params.meta),
      });
      return { data: unwrap(definition.envelope.one, body) as RaRecord };
    }) as DataProvider['create'],
    update: update as DataProvider['update'],
    updateMany: (async (resource: string, params: UpdateManyParams) => {
      await Promise.all(
        params.ids.map((id) => update(resource, { id, data: params.data, previousData: undefined })),
      );
      return { data: params.ids };
    }) as DataProvider['updateMany'],
    delete: remove as DataProvider['delete'],
    deleteMany: (async (resource: string, params: DeleteManyParams) => {
      await Promise.all(params.ids.map((id) => remove(resource, { id })));
      return { data: params.ids };
    }) as DataProvider['deleteMany'],
    async reorder(resource, { ids }) {
      const definition = definitionOf(resource);
      const body = await http(`${definition.endpoint}/reorder`, { method: 'PATCH', body: { ids } });
      return { data: (body as { data?: unknown } | undefined)?.data };
    },
    async action(resource, { id, action, params = {}, method = 'PATCH', data, meta }) {
      const definition = definitionOf(resource);
      const call = definition.calls?.[action];
      const path = actionPath(definition, action, { ...params, id });
      const verb = call?.method ?? method;
      // A call that reads (GET) sends no body, nor a removal that says nothing (DELETE).
      const bodyless = verb === 'GET' || (verb === 'DELETE' && data === undefined);
      const body = await http(path, {
        method: verb,
        ...(bodyless ? {} : { body: data ?? {} }),
        ...scopeOf(meta),
        ...idempotencyHeader(meta),
      });
      return { data: (unwrap(definition.envelope.one, body) ?? { id }) as RaRecord };
    },
    send: (path, request) => http(path, request),
    exportList(resource, params) {
      const definition = definitionOf(resource);
      return download(listPath(definition), { ...listQuery(definition, params), format: 'csv' });
    },
  };
  return provider;
}
