/**
 * What the service worker keeps and how the app recognises it: shared by the worker
 * (worker.ts) and the pages (the answer's header, the cache emptied on signing out).
 */

/** The cache of the API's last answers, read with no network. */
export const API_CACHE = 'painel-api';

/** On an answer the service worker served from its copy, with no network: the copy's date. */
export const OFFLINE_COPY_HEADER = 'x-painel-offline-copy';

/**
 * The API's reads worth a copy: the JSON answers a screen shows. Not the live stream (it never
 * ends), not the API reference, not a list's CSV (the same address asked with `Accept: text/csv`;
 * large, and asked for on purpose).
 */
export function isCachedRead(method: string, pathname: string, accept: string | null): boolean {
  if (method !== 'GET' || !pathname.startsWith('/api/')) return false;
  if (/^\/api\/(live|docs)(\/|$)/.test(pathname)) return false;
  return accept === null || accept === '' || accept.includes('json') || accept.includes('*/*');
}

/** Whether an answer is one to keep: complete (not a 304, not an error) and JSON. */
export function isKeptAnswer(status: number, contentType: string | null): boolean {
  return status === 200 && (contentType ?? '').includes('application/json');
}
