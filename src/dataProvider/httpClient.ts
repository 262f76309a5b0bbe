import { HttpError } from 'react-admin';
import { API_URL, REQUEST_TIMEOUT_MS } from '../config';
import { readSession } from '../lib/session';
import { OFFLINE_COPY_HEADER } from '../serviceWorker/rules';
import { reportNetworkFailure, reportReachable } from '../offline/connection';

export type Query = Record<string, string | number | boolean | undefined | null>;

export interface Request {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  /** Headers of this call beyond the session's (an `Idempotency-Key`). */
  headers?: Record<string, string>;
}

/** Sends a call and returns the parsed JSON body; failures throw with the server's message. */
export type HttpClient = (path: string, request?: Request) => Promise<unknown>;

export const GENERIC_ERROR = 'Ocorreu um erro ao tentar carregar as informações dessa página';

export function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    // Only non-empty parameters go out, as the spec's calls do.
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_URL}${path}${search ? `?${search}` : ''}`;
}

/** A file the API sends (a CSV export): its content and the name the server gives it. */
export interface Download {
  blob: Blob;
  filename: string;
}

/** Failures of a call, with the server's message when it sent one. */
async function failure(response: Response): Promise<HttpError> {
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const message = (json as { error?: { message?: unknown } } | undefined)?.error?.message;
  return new HttpError(typeof message === 'string' ? message : GENERIC_ERROR, response.status, json);
}

function authorized(accept: string): Headers {
  const headers = new Headers({ Accept: accept });
  const token = readSession()?.token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/**
 * Downloads a file with the session's token. No time-out: a large export streams for as long as
 * it takes.
 */
export async function download(path: string, query?: Query): Promise<Download> {
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { headers: authorized('text/csv') });
  } catch {
    throw new HttpError('Não foi possível conectar ao servidor.', 0);
  }
  if (!response.ok) throw await failure(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'lista.csv';
  return { blob: await response.blob(), filename };
}

/**
 * Sends a call with the session's token and the spec's time-out; a network failure reads in
 * Portuguese, and tells the connection's state (`src/offline/connection.ts`) either way.
 */
async function send(
  path: string,
  { method = 'GET', query, body, headers: extra }: Request,
  headers: Headers,
): Promise<Response> {
  for (const [name, value] of Object.entries(extra ?? {})) headers.set(name, value);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  try {
    const response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    reportReachable();
    return response;
  } catch (error) {
    // No answer at all: the screens say the connection is down (a Wi-Fi drop often leaves the
    // browser's onLine true, and only the failing calls tell).
    reportNetworkFailure();
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new HttpError(
      timedOut
        ? 'O servidor demorou demais para responder. Tente novamente.'
        : 'Não foi possível conectar ao servidor.',
      0,
    );
  }
}

async function json(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

export const httpClient: HttpClient = async (path, request = {}) => {
  const response = await send(path, request, authorized('application/json'));
  if (!response.ok) throw await failure(response);
  return json(response);
};

/**
 * A GET that tells the server which version the caller holds (`If-None-Match`): null when it has
 * not changed (304, an empty answer), else the body and its new validator. What the floor polls
 * every second costs almost nothing while nothing happens.
 */
export async function getIfChanged(
  path: string,
  query: Query | undefined,
  etag: string | null,
): Promise<{ body: unknown; etag: string | null; copiedAt: number | null } | null> {
  const headers = authorized('application/json');
  if (etag) headers.set('If-None-Match', etag);
  const response = await send(path, { query }, headers);
  if (response.status === 304) return null;
  if (!response.ok) throw await failure(response);
  return { body: await json(response), etag: response.headers.get('etag'), copiedAt: copiedAt(response) };
}

/**
 * When the answer was read, if the service worker gave its copy because the network failed
 * (src/serviceWorker): the screen says how old it is. Null for an answer from the server.
 */
function copiedAt(response: Response): number | null {
  const copy = response.headers.get(OFFLINE_COPY_HEADER);
  if (copy === null) return null;
  // The copy's date is the server's `Date` header, which every answer carries.
  const at = Date.parse(copy);
  return Number.isNaN(at) ? null : at;
}

/** The API's own words for a refused call (a 4xx that gives them), else the screen's message. */
export function failureText(error: unknown, fallback: string): string {
  if (
    error instanceof HttpError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.message !== GENERIC_ERROR
  ) {
    return error.message;
  }
  return fallback;
}
