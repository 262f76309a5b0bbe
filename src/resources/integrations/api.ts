import type { z } from 'zod';
import { httpClient, type Query } from '../../dataProvider/httpClient';
import { callPath, listPath, type CallDefinition } from '../../../contract/define';
import {
  integrations,
  type ImportResult,
  type Integration,
  type integrationCreateInput,
  type OpdvCategory,
  type SyncChange,
} from '../../../contract/resources/integrations/definition';

/*
 * The integrations' calls, their paths and methods read from the definition. An administrator
 * works on the restaurant they chose, sent as `store_id` with every call; staff send nothing (the
 * API knows their store).
 */

export type NewIntegration = z.input<typeof integrationCreateInput>['payload'];

type CallName =
  | 'create'
  | 'deactivate'
  | 'catalog'
  | 'importCategory'
  | 'importProducts'
  | 'link'
  | 'syncPreview'
  | 'syncApply';

/** A call the definition declares; one it lost is a programming error, not a user's. */
function callOf(name: CallName): CallDefinition {
  const call = integrations.calls?.[name];
  if (!call) throw new Error(`integrations: no call ${name}`);
  return call;
}

const pathOf = (name: CallName, id?: number) => {
  const path = callPath(integrations, callOf(name));
  return id === undefined ? path : path.replace(':id', String(id));
};

const dataOf = async <T>(answer: Promise<unknown>): Promise<T> => ((await answer) as { data: T }).data;

/** The integrations API for the chosen store (`null`: the caller's own). */
export function integrationsApi(storeId: number | null) {
  const query: Query | undefined = storeId === null ? undefined : { store_id: storeId };
  const send = <T>(name: CallName, id: number | undefined, body?: Record<string, unknown>) =>
    dataOf<T>(
      httpClient(pathOf(name, id), {
        method: callOf(name).method as 'GET' | 'POST' | 'PATCH',
        query,
        body,
      }),
    );
  return {
    list: () => dataOf<Integration[]>(httpClient(listPath(integrations), { query })),
    // The spec's client wraps the fields in `payload`; the store goes in the body beside it.
    create: (payload: NewIntegration) =>
      send<Integration>('create', undefined, storeId === null ? { payload } : { payload, store_id: storeId }),
    deactivate: (id: number) => send<Integration>('deactivate', id),
    catalog: async (id: number) => (await send<{ data: OpdvCategory[] }>('catalog', id)).data,
    importCategory: (id: number, code: string) => send<ImportResult>('importCategory', id, { code }),
    importProducts: (id: number, categoryId: number, codes: string[]) =>
      send<ImportResult>('importProducts', id, { category_id: categoryId, codes }),
    link: (id: number, code: string, productId: number) =>
      send<{ product_id: number }>('link', id, { code, product_id: productId }),
    syncPreview: (id: number) => send<SyncChange[]>('syncPreview', id),
    sync: (id: number, productIds: number[]) =>
      send<{ updated: number }>('syncApply', id, { product_ids: productIds }),
  };
}
