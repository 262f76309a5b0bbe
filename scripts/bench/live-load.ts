/**
 * The load of `npm run bench:live`: the restaurants' screens as the web client runs them, and the
 * staff's changes they must learn of.
 *
 * - A floor screen (Salão) reads `GET /api/tables` (FloorPage's query) and a kitchen board
 *   (Pedidos) `GET /api/orders/items` (KitchenBoard's), each with its own session, gzip/br and
 *   `If-None-Match` with the validator it holds, over keep-alive connections.
 * - Polling: every 1 s (floor) or 5 s (board); a tick that finds the previous read still under way
 *   is skipped.
 * - Live push: each screen keeps `GET /api/live` open (server-sent events) and reads again only when
 *   a notice names its topic ('floor', 'board'), plus a safety read every 30 s; a stream that drops
 *   is opened again after 1 s with `Last-Event-ID`.
 * - Changes: one store at a time moves an item on the board, takes or frees a table, or receives
 *   R$ 1,00 of a tab at the table ('Dar baixa'), round-robin over the stores at a steady rate, each
 *   through the API with the store's own session. When a change's request returns, the floor
 *   version it left is read back (no other change of that store runs meanwhile), and the change is
 *   followed until every screen of the store knows it: with polling, a read answered with that
 *   version or a later one; with live push, a notice of that version or a later one (and, for the
 *   screens whose topic it names, the read that follows).
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { createParser } from 'eventsource-parser';
import { LIVE_SPREAD_MS } from '../../contract/live';
import type { BenchStore, ItemStatus, TableStatus } from './live-stores';

export type Topic = 'floor' | 'board';
export type Mode = 'poll' | 'live';

const PATHS: Record<Topic, string> = {
  floor: '/api/tables?page_size=500&sort_field=number&sort_order=ASC',
  board: '/api/orders/items?page_size=500',
};
export const POLL_MS: Record<Topic, number> = { floor: 1_000, board: 5_000 };
export const SAFETY_POLL_MS = 30_000;
const REQUEST_TIMEOUT_MS = 10_000;
const RECONNECT_MS = 1_000;
/** A payment at the table, in cents. */
const PAYMENT = 100;
/** Arrivals older than this are forgotten: a change is followed for a few seconds at most. */
const LOG_MS = 30_000;

/** The store's floor version an ETag carries: W/"mesas-<store>-<version>-<day>-<query>". */
export function versionOf(etag: string | null): number | null {
  const found = etag ? /^W\/"mesas-\d+-(\d+)-/.exec(etag) : null;
  return found ? Number(found[1]) : null;
}

interface Answer {
  status: number;
  etag: string | null;
  /** The error's message, for an answer that is not 2xx or 304. */
  message: string;
  /** The body, decoded, when it was asked for. */
  body?: unknown;
}

/**
 * HTTP/1.1 over keep-alive connections. Each device (a screen, the staff's tablet) holds its own,
 * as a browser does: opened when the screen opens, not as a burst of new ones when the server is
 * slow to answer.
 */
export class Client {
  private readonly host: string;
  private readonly port: number;

  constructor(base: string) {
    const url = new URL(base);
    this.host = url.hostname;
    this.port = Number(url.port);
  }

  /** A keep-alive connection of one device (its reads are one at a time). */
  static device(): http.Agent {
    return new http.Agent({ keepAlive: true, maxSockets: 1 });
  }

  send(
    agent: http.Agent,
    method: string,
    path: string,
    token: string,
    extra: { ifNoneMatch?: string | null; body?: unknown; read?: boolean } = {},
  ): Promise<Answer> {
    const payload = extra.body === undefined ? undefined : JSON.stringify(extra.body);
    const headers: http.OutgoingHttpHeaders = {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      'accept-encoding': 'gzip, br',
    };
    if (extra.ifNoneMatch) headers['if-none-match'] = extra.ifNoneMatch;
    if (payload !== undefined) headers['content-type'] = 'application/json';
    return new Promise((resolve, reject) => {
      const request = http.request(
        { host: this.host, port: this.port, method, path, headers, agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            const encoding = response.headers['content-encoding'];
            const text = () => decode(Buffer.concat(chunks), encoding);
            resolve({
              status,
              etag: typeof response.headers.etag === 'string' ? response.headers.etag : null,
              message: status >= 400 ? messageOf(text) : '',
              body: extra.read && status === 200 ? JSON.parse(text()) : undefined,
            });
          });
        },
      );
      request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error('tempo esgotado')));
      request.on('error', (error: NodeJS.ErrnoException) =>
        reject(new Error(error.code ? `${error.message} (${error.code})` : error.message)),
      );
      request.end(payload);
    });
  }

  /** A stream of server-sent events, or the refusal's status. */
  stream(
    path: string,
    headers: http.OutgoingHttpHeaders,
    agent: http.Agent,
  ): { request: http.ClientRequest; response: Promise<http.IncomingMessage> } {
    const request = http.request({ host: this.host, port: this.port, path, headers, agent });
    const response = new Promise<http.IncomingMessage>((resolve, reject) => {
      request.on('response', resolve);
      request.on('error', reject);
    });
    request.end();
    return { request, response };
  }
}

function decode(body: Buffer, encoding: string | undefined): string {
  const plain =
    encoding === 'gzip' ? zlib.gunzipSync(body) : encoding === 'br' ? zlib.brotliDecompressSync(body) : body;
  return plain.toString('utf8');
}

/** The message of an error's envelope, or the start of whatever came instead. */
function messageOf(text: () => string): string {
  try {
    const body = text();
    try {
      return (JSON.parse(body) as { error?: { message?: string } }).error?.message ?? body.slice(0, 120);
    } catch {
      return body.slice(0, 120);
    }
  } catch {
    return 'resposta ilegível';
  }
}

/** What one phase measured. Requests are counted when they start inside the window. */
export class PhaseRecord {
  measuring = false;
  /** Screens' reads answered 304 and 200, in ms. */
  readonly unchanged: number[] = [];
  readonly changed: number[] = [];
  /** Screens' reads that failed, by why (status, timeout, network). */
  readonly failures = new Map<string, number>();
  /** Polling ticks skipped because the screen's previous read was still under way. */
  skipped = 0;
  changesMade = 0;
  readonly changeFailures = new Map<string, number>();
  /** Change → the first screen, and → the last screen of its store, that knew it (ms). */
  readonly noticeFirst: number[] = [];
  readonly noticeAll: number[] = [];
  readonly dataFirst: number[] = [];
  readonly dataAll: number[] = [];
  /** Changes some screen of the store had not learned of when the phase ended. */
  undelivered = 0;
  streamDrops = 0;
  readonly streamFailures = new Map<string, number>();

  errors(): number {
    return sum(this.failures) + sum(this.changeFailures) + sum(this.streamFailures);
  }
}

const sum = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);
const bump = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);

interface Arrival {
  version: number;
  at: number;
  topics?: readonly string[];
}

/** A change being followed until every screen of its store knows it. */
interface Followed {
  committedAt: number;
  version: number;
  measured: boolean;
  notice: Map<Screen, number>;
  data: Map<Screen, number>;
  /** Screens whose topic the first notice carrying the change named: they read again. */
  relevant: Set<Screen>;
}

class Screen {
  etag: string | null = null;
  private reading = false;
  private again = false;
  readonly notices: Arrival[] = [];
  readonly answers: Arrival[] = [];
  stream: Stream | null = null;
  timers: NodeJS.Timeout[] = [];
  readonly agent = Client.device();

  constructor(
    readonly load: Load,
    readonly store: StoreState,
    readonly topic: Topic,
    readonly token: string,
  ) {}

  /** A conditional read of what the screen shows. */
  async read(): Promise<void> {
    if (this.reading) {
      if (this.load.mode === 'live') this.again = true;
      else if (this.load.record.measuring) this.load.record.skipped++;
      return;
    }
    this.reading = true;
    const record = this.load.record;
    const measured = record.measuring;
    const started = performance.now();
    try {
      const answer = await this.load.client.send(this.agent, 'GET', PATHS[this.topic], this.token, {
        ifNoneMatch: this.etag,
      });
      const at = performance.now();
      if (answer.status === 304) {
        if (measured) record.unchanged.push(at - started);
      } else if (answer.status === 200) {
        if (measured) record.changed.push(at - started);
        this.etag = answer.etag;
        const version = versionOf(answer.etag);
        if (version !== null) this.arrive(this.answers, { version, at });
      } else if (measured) bump(record.failures, `HTTP ${answer.status} ${answer.message}`.trim());
    } catch (error) {
      if (measured) bump(record.failures, (error as Error).message);
    } finally {
      this.reading = false;
      if (this.again) {
        this.again = false;
        void this.read();
      }
    }
  }

  /** A notice of the store's stream: the screen knows `version`; it reads again if it is its topic. */
  notified(version: number, topics: readonly string[]): void {
    this.arrive(this.notices, { version, at: performance.now(), topics });
    // As the web app does (src/dataProvider/liveStream.ts): the store's screens spread their reads.
    if (topics.includes(this.topic)) {
      this.timers.push(setTimeout(() => void this.read(), Math.random() * LIVE_SPREAD_MS));
    }
  }

  private arrive(log: Arrival[], arrival: Arrival): void {
    log.push(arrival);
    while (log.length > 0 && log[0]!.at < arrival.at - LOG_MS) log.shift();
    this.store.follow(this.load);
  }

  stopTimers(): void {
    this.timers.forEach(clearTimeout);
    this.timers = [];
  }
}

/** One screen's `GET /api/live`. */
class Stream {
  private request: http.ClientRequest | null = null;
  private lastId: string | null = null;
  private closed = false;
  ready = false;

  constructor(
    private readonly screen: Screen,
    private readonly agent: http.Agent,
    private readonly onReady: () => void,
  ) {}

  open(): void {
    const headers: http.OutgoingHttpHeaders = {
      authorization: `Bearer ${this.screen.token}`,
      accept: 'text/event-stream',
      'accept-encoding': 'gzip, br',
    };
    if (this.lastId) headers['last-event-id'] = this.lastId;
    const { request, response } = this.screen.load.client.stream('/api/live', headers, this.agent);
    this.request = request;
    response.then(
      (answer) => this.receive(answer),
      (error: Error) => this.dropped(error.message),
    );
  }

  private receive(answer: http.IncomingMessage): void {
    if (answer.statusCode !== 200) {
      answer.resume();
      this.dropped(`HTTP ${answer.statusCode}`);
      return;
    }
    const encoding = answer.headers['content-encoding'];
    const body =
      encoding === 'gzip'
        ? answer.pipe(zlib.createGunzip())
        : encoding === 'br'
          ? answer.pipe(zlib.createBrotliDecompress())
          : answer;
    const parser = createParser({
      onEvent: (event) => {
        if (event.id) this.lastId = event.id;
        const data = JSON.parse(event.data) as { version: number | string; topics?: string[] };
        const version = Number(data.version);
        if (event.event === 'ready') {
          // Connected (again): it reads what it may have missed, as a screen just opened does.
          if (!this.ready) this.onReady();
          this.ready = true;
          this.screen.notified(version, ['floor', 'board']);
        } else if (event.event === 'change') {
          this.screen.notified(version, data.topics ?? []);
        } else if (event.event === 'ended') {
          // The session no longer holds: the client must not reconnect.
          this.dropped(`encerrado pelo servidor: ${event.data}`);
          this.close();
        }
      },
    });
    body.setEncoding('utf8');
    body.on('data', (chunk: string) => parser.feed(chunk));
    body.on('error', () => {});
    body.on('close', () => this.dropped(null));
  }

  /** The stream ended or could not open: counted, and opened again after a second. */
  private dropped(why: string | null): void {
    if (this.closed) return;
    const record = this.screen.load.record;
    if (record.measuring) {
      if (why === null) record.streamDrops++;
      else bump(record.streamFailures, `fluxo: ${why}`);
    }
    this.request = null;
    setTimeout(() => {
      if (!this.closed) this.open();
    }, RECONNECT_MS);
  }

  close(): void {
    this.closed = true;
    this.request?.destroy();
  }
}

interface Change {
  method: string;
  path: string;
  body?: unknown;
  /** The change went through: what the store is now. */
  done: () => void;
  /**
   * The change failed, or its answer was lost (it may have gone through): what the store is
   * now, read again. `read` answers the body of a GET.
   */
  resync: (read: (path: string) => Promise<unknown>) => Promise<void>;
}

/** Which change a store makes next. */
interface ChangeCursor {
  turn: number;
  table: number;
  ticket: number;
  /**
   * The board's item this store moves back and forth: PREPARING → READY, and back (a READY item
   * may be recalled whatever time has passed).
   */
  item: { id: number; status: ItemStatus } | undefined;
}

/**
 * Each store's cursor, across loads: phase C starts a load per round, and a cursor started again
 * each round began every store's round with the same kind of change, so that a round's mix of
 * payments (the costliest) and the rest moved with how many changes each store made in it.
 */
const cursors = new WeakMap<BenchStore, ChangeCursor>();

class StoreState {
  readonly screens: Screen[] = [];
  private followed: Followed[] = [];
  busy = false;
  /** A change whose outcome is unknown (it failed, and reading it back failed too): read first. */
  unsure: Change | null = null;
  /** The staff's tablet, which makes the store's changes. */
  readonly agent = Client.device();
  /** Where the store's changes are: kept with its plan, so that they go on from one load to the next. */
  private readonly cursor: ChangeCursor;

  constructor(readonly plan: BenchStore) {
    let cursor = cursors.get(plan);
    if (!cursor) cursors.set(plan, (cursor = { turn: 0, table: 0, ticket: 0, item: undefined }));
    this.cursor = cursor;
  }

  /** The next change, the three kinds in turn; null when none is possible. */
  nextChange(): Change | null {
    for (let tries = 0; tries < 3; tries++) {
      const kind = this.cursor.turn++ % 3;
      const change = kind === 0 ? this.moveItem() : kind === 1 ? this.flipTable() : this.receivePayment();
      if (change) return change;
    }
    return null;
  }

  private moveItem(): Change | null {
    this.cursor.item ??= this.plan.items.find(
      (item) => item.status === 'PLACED' || item.status === 'PREPARING',
    );
    const item = this.cursor.item;
    if (!item) return null;
    const status = item.status === 'PREPARING' ? 'READY' : 'PREPARING';
    const moved = (now: ItemStatus) => {
      item.status = now;
    };
    return {
      method: 'PATCH',
      path: `/api/orders/items/id/${item.id}/status`,
      body: { status },
      done: () => moved(status),
      resync: async (read) => {
        const board = (await read(PATHS.board)) as { data: { id: number; status: ItemStatus }[] };
        moved(board.data.find((row) => row.id === item.id)?.status ?? item.status);
      },
    };
  }

  private flipTable(): Change | null {
    const tables = this.plan.freeTables;
    if (tables.length === 0) return null;
    const table = tables[this.cursor.table++ % tables.length]!;
    const status = table.status === 'AVAILABLE' ? 'OCCUPIED' : 'AVAILABLE';
    return {
      method: 'PATCH',
      path: `/api/tables/id/${table.id}/status/${status}`,
      done: () => (table.status = status),
      resync: async (read) => {
        const floor = (await read(PATHS.floor)) as {
          data: { results: { id: number; status: TableStatus }[] };
        };
        table.status = floor.data.results.find((row) => row.id === table.id)?.status ?? table.status;
      },
    };
  }

  private receivePayment(): Change | null {
    const tickets = this.plan.tickets;
    for (let i = 0; i < tickets.length; i++) {
      const ticket = tickets[this.cursor.ticket++ % tickets.length]!;
      if (ticket.owed < PAYMENT) continue;
      return {
        method: 'POST',
        path: '/api/payments/physical',
        body: { order_id: ticket.orderId, customer_id: ticket.customerId, amount: PAYMENT },
        done: () => (ticket.owed -= PAYMENT),
        // Whether a lost answer's payment went through is not worth a read: that ticket is left be.
        resync: async () => {
          ticket.owed = 0;
        },
      };
    }
    return null;
  }

  /** Starts following a change that left the store at `version`. */
  followChange(load: Load, change: Omit<Followed, 'notice' | 'data' | 'relevant'>): void {
    this.followed.push({ ...change, notice: new Map(), data: new Map(), relevant: new Set() });
    this.follow(load);
  }

  /** Which screens know each followed change by now; a change every screen knows is recorded. */
  follow(load: Load): void {
    if (this.followed.length === 0) return;
    this.followed = this.followed.filter((change) => {
      for (const screen of this.screens) {
        if (!change.notice.has(screen)) {
          const notice = screen.notices.find((arrival) => arrival.version >= change.version);
          if (notice) {
            change.notice.set(screen, notice.at);
            if (notice.topics?.includes(screen.topic)) change.relevant.add(screen);
          }
        }
        if (!change.data.has(screen)) {
          const answer = screen.answers.find((arrival) => arrival.version >= change.version);
          if (answer) change.data.set(screen, answer.at);
        }
      }
      const waiting =
        load.mode === 'poll' ? this.screens : [...change.relevant].filter((screen) => screen.stream);
      const known =
        load.mode === 'poll'
          ? change.data.size === this.screens.length
          : change.notice.size === this.screens.length && waiting.every((screen) => change.data.has(screen));
      if (!known) return true;
      if (change.measured) {
        const record = load.record;
        const since = (times: Iterable<number>) =>
          [...times].map((at) => Math.max(0, at - change.committedAt));
        if (load.mode === 'live') {
          const notices = since(change.notice.values());
          record.noticeFirst.push(Math.min(...notices));
          record.noticeAll.push(Math.max(...notices));
        }
        const answers = since(waiting.map((screen) => change.data.get(screen)!));
        if (answers.length > 0) {
          record.dataFirst.push(Math.min(...answers));
          record.dataAll.push(Math.max(...answers));
        }
      }
      return false;
    });
  }

  /** Changes still unknown to some screen: counted as undelivered, and forgotten. */
  abandon(record: PhaseRecord): void {
    record.undelivered += this.followed.filter((change) => change.measured).length;
    this.followed = [];
  }
}

/** The screens of every store, the streams and the changes, against one server. */
export class Load {
  readonly client: Client;
  readonly stores: StoreState[];
  record = new PhaseRecord();
  mode: Mode = 'poll';
  private readonly streamAgent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  private changeTimer: NodeJS.Timeout | null = null;
  private next = 0;

  constructor(base: string, plans: BenchStore[], floorsPerStore: number) {
    this.client = new Client(base);
    this.stores = plans.map((plan) => {
      const store = new StoreState(plan);
      plan.screenTokens.forEach((token, i) =>
        store.screens.push(new Screen(this, store, i < floorsPerStore ? 'floor' : 'board', token)),
      );
      return store;
    });
  }

  get screens(): Screen[] {
    return this.stores.flatMap((store) => store.screens);
  }

  /** Every screen reads once, as when the tablets open (at most `parallel` at a time). */
  async openScreens(parallel = 32): Promise<void> {
    const queue = [...this.screens];
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        for (let screen = queue.shift(); screen; screen = queue.shift()) await screen.read();
      }),
    );
  }

  /** Each screen reads every `every(topic)` ms from a random moment of its first interval. */
  private startTimers(every: (topic: Topic) => number): void {
    for (const screen of this.screens) {
      const interval = every(screen.topic);
      screen.timers.push(
        setTimeout(() => {
          void screen.read();
          screen.timers.push(setInterval(() => void screen.read(), interval));
        }, Math.random() * interval),
      );
    }
  }

  startPolling(): void {
    this.mode = 'poll';
    this.startTimers((topic) => POLL_MS[topic]);
  }

  stopTimers(): void {
    for (const screen of this.screens) screen.stopTimers();
  }

  /** Whether the server has the live route: anything but a 404 to a signed-in screen. */
  async hasLiveRoute(): Promise<boolean> {
    const screen = this.screens[0]!;
    const { request, response } = this.client.stream(
      '/api/live',
      { authorization: `Bearer ${screen.token}`, accept: 'text/event-stream' },
      this.streamAgent,
    );
    const answer = await response;
    request.destroy();
    return answer.statusCode !== 404;
  }

  /**
   * Opens every screen's stream (at most `parallel` connecting at a time) and resolves when each
   * has had its first event, or rejects after `timeoutMs`.
   */
  openStreams(timeoutMs: number, parallel = 64): Promise<void> {
    this.mode = 'live';
    const screens = this.screens;
    let ready = 0;
    let opened = 0;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(`Só ${ready} de ${screens.length} fluxos ao vivo abriram em ${timeoutMs / 1000} s.`),
          ),
        timeoutMs,
      );
      const openNext = () => {
        const screen = screens[opened++];
        if (!screen) return;
        screen.stream = new Stream(screen, this.streamAgent, () => {
          ready++;
          if (ready === screens.length) {
            clearTimeout(timer);
            resolve();
          }
          openNext();
        });
        screen.stream.open();
      };
      for (let i = 0; i < parallel; i++) openNext();
    });
  }

  startSafetyPolls(): void {
    this.startTimers(() => SAFETY_POLL_MS);
  }

  closeStreams(): void {
    for (const screen of this.screens) {
      screen.stream?.close();
      screen.stream = null;
    }
  }

  /** Changes at `perSecond`, one store after another; a store whose last change is under way waits. */
  startChanges(perSecond: number): void {
    this.changeTimer = setInterval(() => void this.changeOne(), 1000 / perSecond);
  }

  stopChanges(): void {
    if (this.changeTimer) clearInterval(this.changeTimer);
    this.changeTimer = null;
  }

  private async changeOne(): Promise<void> {
    let store: StoreState | undefined;
    for (let tries = 0; tries < this.stores.length && !store; tries++) {
      const candidate = this.stores[this.next++ % this.stores.length]!;
      if (!candidate.busy) store = candidate;
    }
    if (!store) return;
    if (store.unsure) {
      store.busy = true;
      await this.resync(store, store.unsure).finally(() => (store.busy = false));
      return;
    }
    const change = store.nextChange();
    if (!change) return;
    const record = this.record;
    const measured = record.measuring;
    store.busy = true;
    try {
      const token = store.plan.actorToken;
      const answer = await this.client
        .send(store.agent, change.method, change.path, token, { body: change.body })
        .catch(async (error: Error) => {
          if (measured) bump(record.changeFailures, `${change.method}: ${error.message}`);
          await this.resync(store, change);
          return null;
        });
      if (!answer) return;
      const committedAt = performance.now();
      if (answer.status >= 300) {
        if (measured) bump(record.changeFailures, `${change.method} ${answer.status} ${answer.message}`);
        await this.resync(store, change);
        return;
      }
      change.done();
      if (measured) record.changesMade++;
      // What the change left: no other change of this store runs until it is read.
      const floor = await this.client.send(store.agent, 'GET', '/api/tables?page_size=1', token);
      const version = versionOf(floor.etag);
      if (version === null) {
        if (measured) bump(record.changeFailures, `versão ilegível depois da mudança (HTTP ${floor.status})`);
        return;
      }
      store.followChange(this, { committedAt, version, measured });
    } catch (error) {
      if (measured) bump(record.changeFailures, `leitura da versão: ${(error as Error).message}`);
    } finally {
      store.busy = false;
    }
  }

  /** Reads back what a failed change concerned; the store makes no other change until it is known. */
  private async resync(store: StoreState, change: Change): Promise<void> {
    const read = async (path: string) => {
      const answer = await this.client.send(store.agent, 'GET', path, store.plan.actorToken, { read: true });
      if (answer.status !== 200) throw new Error(`HTTP ${answer.status} ao reler ${path}`);
      return answer.body;
    };
    store.unsure = change;
    try {
      await change.resync(read);
      store.unsure = null;
    } catch (error) {
      if (this.record.measuring) bump(this.record.changeFailures, `releitura: ${(error as Error).message}`);
    }
  }

  /**
   * The stores' changes back to back, `workers` at a time (each a staff tablet on a store of its
   * own, reading nothing back), for `ms`: how many went through and how many did not.
   */
  async writeFlat(workers: number, ms: number): Promise<{ made: number; failed: number }> {
    const until = performance.now() + ms;
    let made = 0;
    let failed = 0;
    const free = () => {
      for (let tries = 0; tries < this.stores.length; tries++) {
        const store = this.stores[this.next++ % this.stores.length]!;
        if (!store.busy) return store;
      }
      return undefined;
    };
    await Promise.all(
      Array.from({ length: workers }, async () => {
        while (performance.now() < until) {
          const store = free();
          const change = store?.nextChange();
          if (!store || !change) throw new Error('nenhuma loja com mudança possível para as escritas');
          store.busy = true;
          try {
            const answer = await this.client.send(
              store.agent,
              change.method,
              change.path,
              store.plan.actorToken,
              {
                body: change.body,
              },
            );
            if (answer.status >= 300) throw new Error(`HTTP ${answer.status}`);
            change.done();
            made++;
          } catch {
            failed++;
            await this.resync(store, change);
          } finally {
            store.busy = false;
          }
        }
      }),
    );
    return { made, failed };
  }

  /** The changes still followed are given up on: some screen never learned of them. */
  abandonChanges(): void {
    for (const store of this.stores) store.abandon(this.record);
  }

  close(): void {
    this.stopChanges();
    this.stopTimers();
    this.closeStreams();
    for (const store of this.stores) {
      store.agent.destroy();
      for (const screen of store.screens) screen.agent.destroy();
    }
    this.streamAgent.destroy();
  }
}
