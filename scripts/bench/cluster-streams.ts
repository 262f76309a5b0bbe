/**
 * Where the screens' event streams live, for `npm run bench:cluster`: HAProxy names the instance
 * that answered each response (`X-Painel-Instancia`), and the streams the load opens are watched
 * from the client they go through. When an instance is killed, the streams it held are followed
 * until each is connected again on another instance.
 */
import type http from 'node:http';
import type { Client } from './live-load';

export const INSTANCE_HEADER = 'x-painel-instancia';

interface Connection {
  instance: string;
  at: number;
  closed: boolean;
}

/** Each screen's (by its session) current stream and when it connected. */
export class StreamWatch {
  private readonly current = new Map<string, Connection>();
  /** Connections answered after a moment, by session: what recovery is read from. */
  private readonly history = new Map<string, Connection[]>();

  /** Watches every stream `client` opens from now on. */
  constructor(client: Client) {
    const open = client.stream.bind(client);
    client.stream = (path, headers, agent) => {
      const opened = open(path, headers, agent);
      const session = String(headers.authorization ?? '');
      opened.response.then(
        (answer) => this.answered(session, answer),
        () => undefined,
      );
      return opened;
    };
  }

  private answered(session: string, answer: http.IncomingMessage): void {
    if (answer.statusCode !== 200) return;
    const header = answer.headers[INSTANCE_HEADER];
    const connection: Connection = {
      instance: typeof header === 'string' ? header : '?',
      at: performance.now(),
      closed: false,
    };
    answer.once('close', () => (connection.closed = true));
    this.current.set(session, connection);
    const past = this.history.get(session) ?? [];
    past.push(connection);
    // Only the latest few matter: recovery looks at what came after a kill.
    if (past.length > 4) past.shift();
    this.history.set(session, past);
  }

  /** Open streams by instance. */
  byInstance(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const connection of this.current.values())
      if (!connection.closed) counts.set(connection.instance, (counts.get(connection.instance) ?? 0) + 1);
    return new Map([...counts].sort(([a], [b]) => a.localeCompare(b)));
  }

  /** Whether the stream of the screen signed in with `token` is open now. */
  isOpen(token: string): boolean {
    const connection = this.current.get(`Bearer ${token}`);
    return connection !== undefined && !connection.closed;
  }

  /** The sessions whose stream is open on `instance` now. */
  sessionsOn(instance: string): string[] {
    return [...this.current]
      .filter(([, connection]) => connection.instance === instance && !connection.closed)
      .map(([session]) => session);
  }

  /**
   * For each of `sessions`, ms from `since` until its stream answered again on an instance other
   * than `instance`; undefined for those not connected again yet.
   */
  recovery(sessions: string[], instance: string, since: number): (number | undefined)[] {
    return sessions.map((session) => {
      const back = this.history
        .get(session)
        ?.find((connection) => connection.at > since && connection.instance !== instance);
      return back ? back.at - since : undefined;
    });
  }
}
