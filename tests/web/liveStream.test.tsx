import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { saveSession } from '../../src/lib/session';
import { usePolled } from '../../src/dataProvider/usePolled';
import type { LiveTopic } from '../../contract/live';
import { makeToken } from './tokens';

/**
 * The live stream as the screens use it (usePolled with a topic), against a fetch that serves the
 * polled answer with validators and the stream as a text/event-stream the test writes into.
 */
const token = makeToken({ role: 'MANAGER', store_id: 2 });

interface OpenStream {
  headers: Headers;
  url: string;
  send(text: string): void;
  close(): void;
}

let streams: OpenStream[];
let polls: number;
let version: number;
let streamStatus: number;

beforeEach(() => {
  vi.stubEnv('VITE_LIVE', '1');
  saveSession('gerente@cantina.com.br', token);
  streams = [];
  polls = 0;
  version = 1;
  streamStatus = 200;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const headers = new Headers(init?.headers);
      if (url.pathname === '/api/live') {
        if (streamStatus !== 200) {
          return new Response(JSON.stringify({ error: { message: 'Indisponível' } }), {
            status: streamStatus,
            headers: { 'Content-Type': 'application/json' },
          });
        }
        const encoder = new TextEncoder();
        let controller!: ReadableStreamDefaultController<Uint8Array>;
        const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
        init?.signal?.addEventListener('abort', () =>
          controller.error(new DOMException('aborted', 'AbortError')),
        );
        streams.push({
          headers,
          url: url.pathname + url.search,
          send: (text) => controller.enqueue(encoder.encode(text)),
          close: () => controller.close(),
        });
        return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
      }
      polls++;
      const etag = `W/"v${version}"`;
      if (headers.get('If-None-Match') === etag) return new Response(null, { status: 304 });
      return new Response(JSON.stringify({ data: { version } }), {
        headers: { 'Content-Type': 'application/json', ETag: etag },
      });
    }),
  );
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function Screen({ topic, intervalMs }: { topic: LiveTopic; intervalMs: number }) {
  const { data } = usePolled<{ version: number }>('/api/orders/items', undefined, intervalMs, {
    topic,
  });
  return <p>versão {data?.version ?? '…'}</p>;
}

function renderScreen(topic: LiveTopic, intervalMs = 60_000) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Screen topic={topic} intervalMs={intervalMs} />
    </QueryClientProvider>,
  );
}

const ready = (v: number) => `event: ready\nid: ${v}\ndata: {"store":2,"version":${v}}\n\n`;
const change = (v: number, topics: LiveTopic[]) =>
  `event: change\nid: ${v}\ndata: ${JSON.stringify({ store: 2, version: v, topics })}\n\n`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the live stream behind the polled screens', () => {
  it('opens with the token in a header, never in the URL, and reads again when a notice names its topic', async () => {
    renderScreen('board');
    await screen.findByText('versão 1');
    await waitFor(() => expect(streams).toHaveLength(1));
    const [stream] = streams;
    expect(stream!.url).toBe('/api/live');
    expect(stream!.headers.get('Authorization')).toBe(`Bearer ${token}`);
    stream!.send(ready(1));
    await waitFor(() => expect(polls).toBe(2)); // read again once connected: a 304

    version = 2;
    stream!.send(change(2, ['floor', 'tab'])); // not the board's
    await pause(100);
    expect(screen.getByText('versão 1')).toBeInTheDocument();

    stream!.send(change(2, ['floor', 'tab', 'board']));
    await screen.findByText('versão 2');
  });

  it('reconnects after a drop with the last version it saw, and reads what it missed', async () => {
    renderScreen('floor');
    await waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.send(ready(1));
    streams[0]!.send(change(3, ['floor']));
    await waitFor(() => expect(polls).toBeGreaterThanOrEqual(3));
    streams[0]!.close(); // the network dropped

    version = 4;
    await waitFor(() => expect(streams).toHaveLength(2));
    expect(streams[1]!.headers.get('Last-Event-ID')).toBe('3');
    streams[1]!.send(ready(4));
    await screen.findByText('versão 4');
  });

  it('falls back to the spec’s polling while the stream is unavailable', async () => {
    streamStatus = 503;
    renderScreen('floor', 100);
    await screen.findByText('versão 1');
    const before = polls;
    version = 2;
    await screen.findByText('versão 2');
    expect(polls).toBeGreaterThan(before);
  });

  it('polls only as a safety net while the stream is up', async () => {
    renderScreen('floor', 100);
    await waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.send(ready(1));
    await waitFor(() => expect(polls).toBe(2));
    await pause(600);
    expect(polls).toBe(2);
  });

  it('reads everything again when the server says it missed more than it keeps (reset)', async () => {
    renderScreen('board');
    await waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.send(ready(1));
    await waitFor(() => expect(polls).toBe(2));
    version = 7;
    streams[0]!.send('event: reset\nid: 7\ndata: {"store":2,"version":7}\n\n');
    // Well before the safety read (30 s), which would bring it without the reset.
    await screen.findByText('versão 7', {}, { timeout: 10_000 });
    // Its version is the one the next reconnection names.
    streams[0]!.close();
    await waitFor(() => expect(streams).toHaveLength(2));
    expect(streams[1]!.headers.get('Last-Event-ID')).toBe('7');
  });

  it('does not reconnect a stream the server ended (signed out)', async () => {
    renderScreen('board');
    await waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.send(ready(1));
    streams[0]!.send('event: ended\ndata: {"message":"Sessão expirada ou inválida. Entre novamente."}\n\n');
    streams[0]!.close();
    await pause(1500);
    expect(streams).toHaveLength(1);
  });
});
