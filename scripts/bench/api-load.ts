/**
 * The load of `npm run bench:api`, as autocannon makes it: a number of keep-alive connections,
 * each sending one GET after another (no pipelining) for a number of seconds. Each connection is a
 * plain socket with a minimal HTTP/1.1 reader (status line, headers, Content-Length or chunks), so that the
 * generator takes little of the CPU it shares with the servers it measures.
 */
import net from 'node:net';

/** One answer as it came on the wire. */
export interface Answer {
  status: number;
  /** The status line and headers, up to and with the blank line. */
  head: string;
  body: Buffer;
}

export interface LoadResult {
  /** 200 answers. */
  requests: number;
  seconds: number;
  /** Of the 200 answers, ms. */
  latencies: number[];
  /** What went wrong, and how often: other statuses, broken connections. */
  errors: Map<string, number>;
}

const CRLF = Buffer.from('\r\n');
const CRLF2 = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length:\s*(\d+)/i;
const CHUNKED = /\r\ntransfer-encoding:\s*chunked/i;

/** One keep-alive connection; one request at a time. */
class Connection {
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (answer: Answer) => void; reject: (error: Error) => void } | null = null;
  private closed = false;

  private constructor(private readonly socket: net.Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    const fail = (error: Error) => {
      this.closed = true;
      this.waiting?.reject(error);
      this.waiting = null;
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('conexão fechada pelo servidor')));
  }

  static open(port: number, host: string): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, host);
      socket.once('connect', () => {
        socket.off('error', reject);
        resolve(new Connection(socket));
      });
      socket.once('error', reject);
    });
  }

  get usable(): boolean {
    return !this.closed;
  }

  send(request: Buffer): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(request);
    });
  }

  close(): void {
    this.closed = true;
    this.socket.destroy();
  }

  private receive(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const headEnd = this.buffer.indexOf(CRLF2);
    if (headEnd < 0 || !this.waiting) return;
    const head = this.buffer.toString('latin1', 0, headEnd + CRLF2.length);
    const start = headEnd + CRLF2.length;
    const length = CONTENT_LENGTH.exec(head);
    const found = length
      ? this.buffer.length >= start + Number(length[1])
        ? { body: this.buffer.subarray(start, start + Number(length[1])), end: start + Number(length[1]) }
        : null
      : CHUNKED.test(head)
        ? dechunk(this.buffer, start)
        : new Error('resposta sem Content-Length');
    if (!found) return;
    const waiting = this.waiting;
    this.waiting = null;
    if (found instanceof Error) {
      waiting.reject(found);
      this.close();
      return;
    }
    this.buffer = this.buffer.subarray(found.end);
    waiting.resolve({ status: Number(head.slice(9, 12)), head, body: found.body });
  }
}

/** A chunked body that starts at `start`, once whole: its bytes and where it ends. */
function dechunk(buffer: Buffer, start: number): { body: Buffer; end: number } | null {
  const parts: Buffer[] = [];
  let at = start;
  for (;;) {
    const lineEnd = buffer.indexOf(CRLF, at);
    if (lineEnd < 0) return null;
    const size = parseInt(buffer.toString('latin1', at, lineEnd), 16);
    if (size === 0) {
      const end = buffer.indexOf(CRLF2, lineEnd);
      return end < 0 ? null : { body: Buffer.concat(parts), end: end + CRLF2.length };
    }
    if (buffer.length < lineEnd + CRLF.length + size + CRLF.length) return null;
    parts.push(buffer.subarray(lineEnd + CRLF.length, lineEnd + CRLF.length + size));
    at = lineEnd + CRLF.length + size + CRLF.length;
  }
}

/** The bytes of `GET path` with `headers`. */
function requestBytes(base: URL, path: string, headers: Record<string, string>): Buffer {
  const lines = [`GET ${path} HTTP/1.1`, `Host: ${base.host}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
}

/** One request on a connection of its own. */
export async function fetchOnce(
  base: string,
  path: string,
  headers: Record<string, string>,
): Promise<Answer> {
  const url = new URL(base);
  const connection = await Connection.open(Number(url.port), url.hostname);
  try {
    return await connection.send(requestBytes(url, path, headers));
  } finally {
    connection.close();
  }
}

/** `connections` connections sending `GET path` back to back for `seconds`. */
export async function runLoad(
  base: string,
  path: string,
  headers: Record<string, string>,
  { connections, seconds }: { connections: number; seconds: number },
): Promise<LoadResult> {
  const url = new URL(base);
  const request = requestBytes(url, path, headers);
  const latencies: number[] = [];
  const errors = new Map<string, number>();
  const bump = (why: string) => errors.set(why, (errors.get(why) ?? 0) + 1);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      let connection: Connection | null = null;
      while (performance.now() < deadline) {
        try {
          if (!connection?.usable) connection = await Connection.open(Number(url.port), url.hostname);
          const sent = performance.now();
          const answer = await connection.send(request);
          if (answer.status === 200) latencies.push(performance.now() - sent);
          else bump(`HTTP ${answer.status}`);
        } catch (error) {
          bump((error as Error).message);
          connection?.close();
          connection = null;
        }
      }
      connection?.close();
    }),
  );
  return { requests: latencies.length, seconds: (performance.now() - started) / 1000, latencies, errors };
}
