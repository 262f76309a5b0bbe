/**
 * What `npm run bench:cluster` runs around the API instances, each from Debian's packages and
 * inside one temporary folder: a throw-away PostgreSQL cluster, PgBouncer in transaction pooling
 * in front of it, and HAProxy in front of the instances. Everything started is stopped by
 * `Services.stopAll`, in the reverse order, whatever happened before.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The database the bench creates in its cluster (also how its backends are told apart). */
export const DATABASE = 'painel_cluster';
const HAPROXY = '/usr/sbin/haproxy';
const PGBOUNCER = '/usr/sbin/pgbouncer';
const READY_TIMEOUT_MS = 15_000;
const STOP_TIMEOUT_MS = 5_000;

/** The newest PostgreSQL's programs, or null when none is installed. */
function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((version) => fs.existsSync(path.join(root, version, 'bin', 'initdb')))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  return versions.length ? path.join(root, versions[versions.length - 1]!, 'bin') : null;
}

/** The programs the bench needs that are not installed (by package name). */
export function missingPackages(): string[] {
  const missing: string[] = [];
  if (!postgresBin()) missing.push('postgresql');
  if (!fs.existsSync(PGBOUNCER)) missing.push('pgbouncer');
  if (!fs.existsSync(HAPROXY)) missing.push('haproxy');
  return missing;
}

/** A port nobody listens on now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves when something accepts connections on `target` (a port on 127.0.0.1, or a Unix socket). */
async function listening(target: number | string, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`saiu com o código ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket =
        typeof target === 'number' ? net.connect(target, '127.0.0.1') : net.connect({ path: target });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline)
      throw new Error(`nada escuta em ${target} depois de ${READY_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The temporary folder and what was started in it. PostgreSQL refuses to run as root and
 * PgBouncer should not: as root, they run as the `postgres` user, as CI's PostgreSQL suite does.
 */
export class Services {
  private readonly stops: { name: string; stop: () => Promise<void> }[] = [];
  private readonly runAs: { uid: number; gid: number } | null;

  private constructor(readonly dir: string) {
    this.runAs =
      process.getuid?.() === 0
        ? {
            uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
            gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
          }
        : null;
  }

  static create(): Services {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-bench-cluster-'));
    // The postgres user must reach its folders inside.
    fs.chmodSync(dir, 0o755);
    const services = new Services(dir);
    services.stops.push({
      name: 'pasta temporária',
      stop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    });
    return services;
  }

  /** A folder inside, owned by the user the database programs run as. */
  private folder(name: string): string {
    const folder = path.join(this.dir, name);
    fs.mkdirSync(folder, { mode: 0o700 });
    if (this.runAs) fs.chownSync(folder, this.runAs.uid, this.runAs.gid);
    return folder;
  }

  /** Runs `command` to its end as the database programs' user. */
  private runToEnd(command: string, args: string[]): void {
    const [file, argv] = this.runAs
      ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
      : [command, args];
    execFileSync(file, argv, { stdio: ['ignore', 'ignore', 'pipe'], cwd: this.dir });
  }

  /** What `stopAll` will run, before what was registered earlier. */
  onStop(name: string, stop: () => Promise<void>): void {
    this.stops.push({ name, stop });
  }

  /** Stops everything, the last started first; a failure to stop one is told and the rest go on. */
  async stopAll(): Promise<void> {
    for (const { name, stop } of this.stops.splice(0).reverse()) {
      await stop().catch((error: unknown) =>
        process.stderr.write(`Não consegui parar ${name}: ${(error as Error).message}\n`),
      );
    }
  }

  /** A child process in the foreground, stopped with SIGTERM (SIGKILL if it lingers). */
  private child(name: string, command: string, args: string[]): ChildProcess {
    const child = spawn(command, args, { cwd: this.dir, stdio: ['ignore', 'ignore', 'pipe'] });
    const errors: string[] = [];
    child.stderr!.on('data', (chunk: Buffer) => errors.push(chunk.toString('utf8')));
    let stopping = false;
    child.on('exit', (code, signal) => {
      if (code && !signal && !stopping)
        process.stderr.write(`${name} saiu com o código ${code}: ${errors.join('').trim()}\n`);
    });
    this.onStop(name, async () => {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    });
    return child;
  }

  /**
   * A PostgreSQL cluster of its own (initdb, trust on 127.0.0.1) and the bench's database in it;
   * answers its address and the postmaster's pid.
   */
  async startPostgres(): Promise<{ port: number; url: string; pid: number }> {
    const bin = postgresBin()!;
    const data = this.folder('postgres');
    const port = await freePort();
    this.runToEnd(path.join(bin, 'initdb'), [
      '-D',
      data,
      '-A',
      'trust',
      '-U',
      'postgres',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
    ]);
    const options = `-p ${port} -k ${data} -c listen_addresses=127.0.0.1 -c max_connections=200`;
    this.runToEnd(path.join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-o',
      options,
      '-l',
      path.join(data, 'server.log'),
      '-w',
      'start',
    ]);
    this.onStop('PostgreSQL', async () =>
      this.runToEnd(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']),
    );
    const pid = Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n', 1)[0]);
    this.runToEnd(path.join(bin, 'psql'), [
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-U',
      'postgres',
      '-d',
      'postgres',
      '-qc',
      `create database ${DATABASE}`,
    ]);
    return { port, url: `postgres://postgres@127.0.0.1:${port}/${DATABASE}`, pid };
  }

  /**
   * PgBouncer in transaction pooling in front of PostgreSQL: any client name is let in and served
   * as `postgres` (a bench; production authenticates). Answers its address and pid.
   */
  async startPgBouncer(
    postgresPort: number,
  ): Promise<{ port: number; url: string; pid: number; config: string }> {
    const folder = this.folder('pgbouncer');
    const port = await freePort();
    const config = [
      '[databases]',
      `${DATABASE} = host=127.0.0.1 port=${postgresPort} dbname=${DATABASE} user=postgres`,
      '',
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = any',
      'pool_mode = transaction',
      // Every instance's pool (10 connections each) shares these server connections.
      'max_client_conn = 1000',
      'default_pool_size = 20',
      'reserve_pool_size = 5',
      'reserve_pool_timeout = 1',
      'ignore_startup_parameters = extra_float_digits,options',
      `logfile = ${path.join(folder, 'pgbouncer.log')}`,
      `pidfile = ${path.join(folder, 'pgbouncer.pid')}`,
      '',
    ].join('\n');
    const file = path.join(folder, 'pgbouncer.ini');
    fs.writeFileSync(file, config);
    if (this.runAs) fs.chownSync(file, this.runAs.uid, this.runAs.gid);
    const child = this.child('PgBouncer', PGBOUNCER, ['-q', ...(this.runAs ? ['-u', 'postgres'] : []), file]);
    await listening(port, child).catch((error: Error) => {
      throw new Error(`O PgBouncer não abriu a porta ${port}: ${error.message}`);
    });
    return { port, url: `postgres://postgres@127.0.0.1:${port}/${DATABASE}`, pid: child.pid!, config: file };
  }

  /** HAProxy in front of `instances` (name → port), with the configuration of `haproxyConfig`. */
  async startHaproxy(instances: Map<string, number>): Promise<Haproxy> {
    const port = await freePort();
    const socket = path.join(this.dir, 'haproxy.sock');
    const file = path.join(this.dir, 'haproxy.cfg');
    fs.writeFileSync(file, haproxyConfig(port, socket, instances));
    try {
      execFileSync(HAPROXY, ['-c', '-q', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
    } catch (error) {
      throw new Error(
        `A configuração do HAProxy não passou na verificação:\n${String((error as { stderr?: Buffer }).stderr ?? error)}`,
      );
    }
    const child = this.child('HAProxy', HAPROXY, ['-db', '-f', file]);
    await listening(port, child).catch((error: Error) => {
      throw new Error(`O HAProxy não abriu a porta ${port}: ${error.message}`);
    });
    return new Haproxy(`http://127.0.0.1:${port}`, socket, child.pid!, file);
  }
}

/**
 * HAProxy's configuration for N instances of the API, as README's "Several instances" describes
 * it: round robin with no stickiness (nothing lives in an instance but its open sockets), health
 * checks on `/api/health`, and a fast failover that does not turn a busy machine into an outage: a
 * connection a dead instance refuses is sent to another at once, and the checks take it out within
 * about 1.5 s; a GET whose instance died before answering is sent again to another (a write is
 * not: it may have gone through). The streams of a killed instance end with it (the kernel closes
 * its sockets) and their clients reconnect elsewhere. The event streams stay open: the server
 * writes a comment every 20 s, within the client and server timeouts.
 */
export function haproxyConfig(port: number, statsSocket: string, instances: Map<string, number>): string {
  return [
    'global',
    '  maxconn 8000',
    '  nbthread 1',
    `  stats socket ${statsSocket} mode 600 level admin`,
    '',
    'defaults',
    '  mode http',
    '  option forwardfor',
    '  timeout connect 1s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout tunnel 1h',
    '  timeout http-request 10s',
    // A tablet reads every few seconds, on live push every 10 to 30 s: its connection must outlive
    // that, or the balancer closes it as the next read goes out and the read meets a reset.
    '  timeout http-keep-alive 75s',
    '  timeout queue 5s',
    '  timeout check 2s',
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response junk-response',
    '',
    'frontend painel',
    `  bind 127.0.0.1:${port}`,
    '  http-request disable-l7-retry unless METH_GET || METH_HEAD',
    '  default_backend api',
    '',
    'backend api',
    '  balance roundrobin',
    '  option httpchk GET /api/health',
    '  http-check expect status 200',
    // Which instance answered: how the bench knows where each stream lives.
    '  http-response set-header X-Painel-Instancia %[srv_name]',
    // A killed instance refuses connections at once: the checks take it out in about 1.5 s, and
    // meanwhile its requests go to the others (retries, redispatch). A busy one must fail three
    // checks of 2 s before it is out, and its streams are not cut when it is: under load, cutting
    // hundreds of streams sends them to the others all at once, which then fail their checks too.
    '  default-server inter 1s fastinter 500ms downinter 1s fall 3 rise 2',
    ...[...instances].map(([name, instancePort]) => `  server ${name} 127.0.0.1:${instancePort} check`),
    '',
  ].join('\n');
}

/** The running HAProxy: its address, and the instances' state read from its stats socket. */
export class Haproxy {
  constructor(
    readonly base: string,
    private readonly socket: string,
    readonly pid: number,
    readonly config: string,
  ) {}

  /** Each instance's state as HAProxy sees it ('UP', 'DOWN', 'UP 1/2', …). */
  async states(): Promise<Map<string, string>> {
    const states = new Map<string, string>();
    for (const [name, row] of await this.stats()) if (name !== 'BACKEND') states.set(name, row.status ?? '');
    return states;
  }

  /**
   * The backend's statistics (`show stat`), by instance and 'BACKEND' for the whole: `econ`
   * (connections refused or failed), `eresp` (responses cut), `wretr` (requests tried again),
   * `wredis` (sent to another instance), `srv_abrt` (ended by the instance), `chkdown`, `status`…
   */
  async stats(): Promise<Map<string, Record<string, string>>> {
    const text = await new Promise<string>((resolve, reject) => {
      const connection = net.connect({ path: this.socket });
      const chunks: Buffer[] = [];
      connection.on('data', (chunk: Buffer) => chunks.push(chunk));
      connection.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      connection.on('error', reject);
      connection.end('show stat\n');
    });
    const [header, ...lines] = text.trim().split('\n');
    const columns = header!.replace(/^# /, '').split(',');
    const rows = new Map<string, Record<string, string>>();
    for (const line of lines) {
      const cells = line.split(',');
      const row = Object.fromEntries(columns.map((column, i) => [column, cells[i] ?? '']));
      if (row.pxname === 'api' && row.svname !== 'FRONTEND') rows.set(row.svname!, row);
    }
    return rows;
  }
}
