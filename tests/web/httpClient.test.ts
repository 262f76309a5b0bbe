import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../src/lib/session';
import { API_URL } from '../../src/config';
import { buildUrl, GENERIC_ERROR, getIfChanged, httpClient } from '../../src/dataProvider/httpClient';
import { makeToken } from './tokens';

type Fetch = typeof fetch;

function stubFetch(answer: () => Promise<Response>) {
  const fetchMock = vi.fn<Fetch>(answer);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The URL and options of the one call made. */
function sent(fetchMock: ReturnType<typeof stubFetch>) {
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0]!;
  return { url, init: init!, headers: new Headers(init!.headers) };
}

/** Runs a call expected to fail and returns what it threw. */
async function failure(call: Promise<unknown>): Promise<HttpError> {
  const error = await call.then(
    () => {
      throw new Error('the call should have failed');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('buildUrl', () => {
  it('keeps non-empty parameters, in order, encoded', () => {
    expect(buildUrl('/api/faqs', { page: 1, search: 'pão de queijo', active: false, level: 0 })).toBe(
      `${API_URL}/api/faqs?page=1&search=p%C3%A3o+de+queijo&active=false&level=0`,
    );
  });

  it('drops undefined, null and empty strings', () => {
    expect(buildUrl('/api/faqs', { search: '', category: undefined, store_id: null, page: 2 })).toBe(
      `${API_URL}/api/faqs?page=2`,
    );
    expect(buildUrl('/api/faqs', { search: '' })).toBe(`${API_URL}/api/faqs`);
    expect(buildUrl('/api/faqs')).toBe(`${API_URL}/api/faqs`);
  });
});

describe('httpClient', () => {
  it('GETs with the Bearer token of the stored session and returns the parsed body', async () => {
    const token = makeToken({ role: 'ADMIN' });
    saveSession('admin@painel.com.br', token);
    const fetchMock = stubFetch(async () => json({ data: { results: [], total: 0 } }));

    const body = await httpClient('/api/faqs', { query: { page: 1, search: '' } });

    const { url, init, headers } = sent(fetchMock);
    expect(url).toBe(`${API_URL}/api/faqs?page=1`);
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.has('Content-Type')).toBe(false);
    expect(init.signal).toBeInstanceOf(AbortSignal);
    expect(body).toEqual({ data: { results: [], total: 0 } });
  });

  it('sends no Authorization header without a session', async () => {
    const fetchMock = stubFetch(async () => json({ data: { key: 'k' } }));

    await httpClient('/auth/token/request', { method: 'POST', body: { role: 'ADMIN', email: 'ana@x.com' } });

    expect(sent(fetchMock).headers.has('Authorization')).toBe(false);
  });

  it('sends a body as JSON with its Content-Type', async () => {
    saveSession('admin@painel.com.br', makeToken());
    const fetchMock = stubFetch(async () => json({ data: { id: 1, name: 'Italiana' } }, 201));

    const body = await httpClient('/api/cousines', { method: 'POST', body: { name: 'Italiana' } });

    const { url, init, headers } = sent(fetchMock);
    expect(url).toBe(`${API_URL}/api/cousines`);
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"Italiana"}');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(body).toEqual({ data: { id: 1, name: 'Italiana' } });
  });

  it("sends a call's own headers beside the session's, which they cannot replace", async () => {
    const token = makeToken();
    saveSession('admin@painel.com.br', token);
    const fetchMock = stubFetch(async () => json({ data: { id: 1 } }, 201));

    await httpClient('/api/reservations', {
      method: 'POST',
      body: { fullname: 'Maria' },
      headers: { 'Idempotency-Key': '0123456789abcdef' },
    });

    const { headers } = sent(fetchMock);
    expect(headers.get('Idempotency-Key')).toBe('0123456789abcdef');
    expect(headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('answers undefined for an empty body', async () => {
    stubFetch(async () => new Response(null, { status: 204 }));

    await expect(httpClient('/api/faqs/id/3', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it("throws an HttpError with the server's message and status", async () => {
    stubFetch(async () => json({ error: { message: 'X' } }, 409));

    const error = await failure(httpClient('/api/operations', { method: 'POST', body: { name: 'Recife' } }));

    expect(error.message).toBe('X');
    expect(error.status).toBe(409);
    expect(error.body).toEqual({ error: { message: 'X' } });
  });

  it('throws the generic message for an error that is not JSON', async () => {
    stubFetch(async () => new Response('<html>Bad Gateway</html>', { status: 502 }));

    const error = await failure(httpClient('/api/faqs'));

    expect(GENERIC_ERROR).toBe('Ocorreu um erro ao tentar carregar as informações dessa página');
    expect(error.message).toBe('Ocorreu um erro ao tentar carregar as informações dessa página');
    expect(error.status).toBe(502);
  });

  it('throws the generic message for a JSON error without a message', async () => {
    stubFetch(async () => json({ error: 'boom' }, 500));

    const error = await failure(httpClient('/api/faqs'));

    expect(error.message).toBe('Ocorreu um erro ao tentar carregar as informações dessa página');
    expect(error.status).toBe(500);
  });

  it('says the server is unreachable when the network fails', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });

    const error = await failure(httpClient('/api/faqs'));

    expect(error.message).toBe('Não foi possível conectar ao servidor.');
    expect(error.status).toBe(0);
  });

  it('says the server took too long when the call times out', async () => {
    stubFetch(async () => {
      throw new DOMException('The operation timed out.', 'TimeoutError');
    });

    const error = await failure(httpClient('/api/faqs'));

    expect(error.message).toBe('O servidor demorou demais para responder. Tente novamente.');
    expect(error.status).toBe(0);
  });
});

describe('getIfChanged', () => {
  it('sends the validator it holds, and answers null on 304 without reading a body', async () => {
    const fetchMock = stubFetch(async () => new Response(null, { status: 304 }));
    expect(await getIfChanged('/api/tables', { page_size: 500 }, 'W/"mesas-2-7"')).toBeNull();
    const { url, headers } = sent(fetchMock);
    expect(url).toBe(`${API_URL}/api/tables?page_size=500`);
    expect(headers.get('If-None-Match')).toBe('W/"mesas-2-7"');
  });

  it('answers the body and its new validator when the data changed, and sends none at first', async () => {
    const fetchMock = stubFetch(async () => {
      const response = json({ data: { results: [], total: 0 } });
      response.headers.set('ETag', 'W/"mesas-2-8"');
      return response;
    });
    expect(await getIfChanged('/api/tables', undefined, null)).toEqual({
      body: { data: { results: [], total: 0 } },
      etag: 'W/"mesas-2-8"',
      copiedAt: null,
    });
    expect(sent(fetchMock).headers.has('If-None-Match')).toBe(false);
  });

  it('says when a copy the service worker gave with no network was read', async () => {
    stubFetch(async () => {
      const response = json({ data: { results: [], total: 0 } });
      response.headers.set('x-painel-offline-copy', 'Sat, 28 Nov 2026 13:00:05 GMT');
      return response;
    });
    expect((await getIfChanged('/api/tables', undefined, null))?.copiedAt).toBe(
      Date.parse('2026-11-28T13:00:05Z'),
    );
  });

  it("throws the server's message on a failure", async () => {
    stubFetch(async () => json({ error: { message: 'Comanda não encontrada.' } }, 404));
    const error = await failure(getIfChanged('/api/orders/id/9', undefined, 'W/"x"'));
    expect(error.message).toBe('Comanda não encontrada.');
    expect(error.status).toBe(404);
  });
});
