import { createParser } from 'eventsource-parser';

/** One server-sent event: its name (`message` when unnamed), id and data. */
export interface StreamEvent {
  event: string;
  id: string | undefined;
  data: string;
}

/** How a stream ended: the server closed it, or it could not be opened (`status` 0: no answer). */
export type StreamEnd = { kind: 'closed' } | { kind: 'refused'; status: number; message: string | null };

/**
 * Reads a `text/event-stream` with fetch, so that the session's token goes in a header (an
 * EventSource can only put it in the URL, which servers and proxies log). Calls `onEvent` for each
 * event and resolves when the stream ends; rejects only when `signal` aborts it.
 */
export async function readEventStream(
  url: string,
  headers: Record<string, string>,
  onEvent: (event: StreamEvent) => void,
  signal: AbortSignal,
): Promise<StreamEnd> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: 'text/event-stream', ...headers }, signal });
  } catch (error) {
    if (signal.aborted) throw error;
    return { kind: 'refused', status: 0, message: null };
  }
  const isStream = response.headers.get('content-type')?.startsWith('text/event-stream') ?? false;
  if (!response.ok || !response.body || !isStream) {
    const body = (await response.json().catch(() => null)) as { error?: { message?: unknown } } | null;
    const message = body?.error?.message;
    return {
      kind: 'refused',
      status: response.status,
      message: typeof message === 'string' ? message : null,
    };
  }
  const parser = createParser({
    onEvent: ({ event, id, data }) => onEvent({ event: event ?? 'message', id, data }),
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { kind: 'closed' };
      parser.feed(value);
    }
  } catch (error) {
    if (signal.aborted) throw error;
    return { kind: 'closed' }; // the connection dropped
  } finally {
    reader.releaseLock();
  }
}
