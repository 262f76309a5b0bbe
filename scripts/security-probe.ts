/**
 * Tries the security findings of the hardening reviews from outside, against a running server
 * started fresh with the demo and TRUST_PROXY=1 (the probe plays several addresses through
 * X-Forwarded-For), its output in a file the probe may read to look for tokens in the log:
 *
 *   PORT=3999 DATA_DIR=/tmp/painel-probe TRUST_PROXY=1 npm start > /tmp/painel-probe.log 2>&1
 *   npm run probe:security -- http://127.0.0.1:3999 --log /tmp/painel-probe.log
 *
 * Without --log the log check is skipped, saying so. With --also URL (a second instance on the same
 * PostgreSQL), a session signed out through one instance is tried at once on the other. The OPDV
 * redirect check starts two small
 * servers on this machine, so it needs the server on this machine too (skipped otherwise). It
 * signs in many times with wrong passwords and leaves accounts capped, so run it on a throw-away
 * database.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { saoPauloClock, saoPauloInstant } from '../contract/resources/reservations/rules';

const args = process.argv.slice(2);
const logAt = args.indexOf('--log');
const logFile = logAt >= 0 ? args[logAt + 1] : undefined;
const alsoAt = args.indexOf('--also');
/** Another instance of the same API on the same database (DATABASE_URL plus N servers). */
const also = alsoAt >= 0 ? args[alsoAt + 1] : undefined;
const base =
  args.find((arg, i) => !arg.startsWith('--') && !['--log', '--also'].includes(args[i - 1] ?? '')) ??
  'http://127.0.0.1:3999';
const nonce = crypto.randomBytes(4).toString('hex');

interface Answer {
  status: number;
  text: string;
  json: {
    data?: Record<string, unknown> & { results?: Record<string, unknown>[] };
    error?: { message?: string };
  };
  headers: Headers;
  ms: number;
}

let passed = 0;
let failed = 0;
function report(finding: string, ok: boolean, detail: string) {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? 'OK  ' : 'FALHA'} ${finding}: ${detail}`);
}

async function call(
  method: string,
  path: string,
  {
    token,
    body,
    headers = {},
    from,
  }: { token?: string; body?: unknown; headers?: Record<string, string>; from?: string } = {},
): Promise<Answer> {
  const sent: Record<string, string> = { ...headers };
  if (token) sent.authorization = `Bearer ${token}`;
  if (body !== undefined) sent['content-type'] = 'application/json';
  if (from) sent['x-forwarded-for'] = from;
  const started = performance.now();
  const response = await fetch(base + path, {
    method,
    headers: sent,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: Answer['json'] = {};
  try {
    json = JSON.parse(text) as Answer['json'];
  } catch {
    // not JSON
  }
  return { status: response.status, text, json, headers: response.headers, ms: performance.now() - started };
}

const signIn = (email: string, password: string, from: string) =>
  call('POST', '/auth/email', { body: { email, password, role: 'ADMIN' }, from });
const tokenOf = async (email: string, password: string, from: string) =>
  String((await signIn(email, password, from)).json.data?.access_token ?? '');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const isEnvelope = (answer: Answer) => typeof answer.json.error?.message === 'string';

// Login spraying, and who can lock whom out.
{
  const demo = ['gerente@cantinabella.com.br', 'gerente@sabordosertao.com.br', 'admin@painel.com.br'];
  const codes: number[] = [];
  for (let i = 0; i < 90; i++) {
    const email = i % 2 ? `pessoa${i % 60}@exemplo.com` : demo[i % 3]!;
    codes.push((await signIn(email, `Errada${i}`, '203.0.113.7')).status);
  }
  const refused = codes.filter((code) => code === 429).length;
  report(
    'spraying from one address',
    refused >= 60,
    `90 wrong passwords over 60 e-mails: ${codes.filter((c) => c === 401).length} × 401, ${refused} × 429`,
  );
  const owner = await signIn('gerente@cantinabella.com.br', 'Cantina@2026', '198.51.100.9');
  report('the owner still signs in from elsewhere', owner.status === 200, `status ${owner.status}`);

  const known = 'emanuel.goncalves@painel.com.br';
  const unknown = 'ninguem@exemplo.com';
  for (const email of [known, unknown]) for (let i = 0; i < 6; i++) await signIn(email, 'x', '203.0.113.8');
  const times = { known: [] as number[], unknown: [] as number[] };
  const answers = new Set<string>();
  for (let i = 0; i < 10; i++) {
    const a = await signIn(known, 'x', '203.0.113.8');
    const b = await signIn(unknown, 'x', '203.0.113.8');
    times.known.push(a.ms);
    times.unknown.push(b.ms);
    answers.add(`${a.status} ${a.text}`).add(`${b.status} ${b.text}`);
  }
  report('a lock reads the same for an account and for none', answers.size === 1, [...answers].join(' | '));
  report(
    'a lock takes the same time for an account and for none',
    true,
    `median ${median(times.known).toFixed(1)} ms (account) vs ${median(times.unknown).toFixed(1)} ms (none)`,
  );
}

const admin = await tokenOf('admin@painel.com.br', 'Painel@2026', '10.0.0.2');
const manager = await tokenOf('gerente@cantinabella.com.br', 'Cantina@2026', '10.0.0.3');
const team = (await call('GET', '/api/admins', { token: manager })).json.data?.results ?? [];
const waiterRow = team.find((member) => member.role === 'WAITER' && member.status === 'ACTIVE')!;
const waiter = await tokenOf(String(waiterRow.email), 'Equipe@2026', '10.0.0.4');

// Customer privacy.
{
  let readable = 0;
  let personal = 0;
  for (let id = 1; id <= 300; id++) {
    const answer = await call('GET', `/api/customers/id/${id}?include=stats`, { token: waiter });
    if (answer.status !== 200) continue;
    readable++;
    if (/cpf|phone|birthdate|gender/.test(answer.text)) personal++;
  }
  report(
    "a waiter reads no customer's personal data",
    readable > 0 && personal === 0,
    `${readable} of 300 customers readable, ${personal} with CPF, phone, birth date or gender`,
  );
}

// Roles inside a store, and passwords.
{
  const managerId = team.find((member) => member.email === 'gerente@cantinabella.com.br')!.id;
  const attempts = await Promise.all([
    call('PATCH', `/api/admins/id/${managerId}`, { token: waiter, body: { password: 'Tomada@2026' } }),
    call('PATCH', `/api/admins/id/${managerId}`, { token: waiter, body: { email: 'x@ataque.com' } }),
    call('DELETE', `/api/admins/id/${managerId}`, { token: waiter }),
    call('POST', '/api/admins', {
      token: waiter,
      body: { fullname: 'X', email: 'x@ataque.com', phone: '11999998888', password: 'abcdefgh' },
    }),
  ]);
  report(
    "a waiter cannot take over a teammate's account",
    attempts.every((answer) => answer.status === 403),
    attempts.map((answer) => `${answer.status} ${answer.json.error?.message}`).join(' | '),
  );
  const short = await call('POST', '/api/admins', {
    token: manager,
    body: { fullname: 'Curta', email: 'curta@cantinabella.com.br', phone: '11999998888', password: 'abcde' },
  });
  report(
    'passwords have 8 characters at least',
    short.status === 400,
    `${short.status} ${short.json.error?.message}`,
  );
  const own = await call('PATCH', '/api/account', { token: waiter, body: { password: 'Nova@2026x' } });
  report(
    'a new password needs the current one',
    own.status === 400,
    `${own.status} ${own.json.error?.message}`,
  );
}

// Bad input.
{
  const nul = [
    await call('GET', '/api/stores?search=%00', { token: admin }),
    await call('POST', '/api/kitchens', { token: manager, body: { name: 'a\u0000b' } }),
    await call('PATCH', '/api/account', { token: admin, body: { fullname: '\u0000' } }),
  ];
  report(
    'a NUL character answers 400 in the envelope',
    nul.every((answer) => answer.status === 400 && isEnvelope(answer)),
    nul.map((answer) => `${answer.status} ${answer.json.error?.message}`).join(' | '),
  );
  const day = await call('GET', '/api/stories?start_at=0000-01-01', { token: admin });
  report(
    'the day 0000-01-01 answers 400',
    day.status === 400 && isEnvelope(day),
    `${day.status} ${day.json.error?.message}`,
  );
  const long = await call('GET', `/api/kitchens/id/${'1'.repeat(300)}`, { token: admin });
  const badUrl = await call('GET', '/api/stores/%E0%A4%A', { token: admin });
  const header = await call('GET', '/api/health', { headers: { 'x-grande': 'x'.repeat(20_000) } });
  report(
    'an over-long id, a bad URL and huge headers answer in the envelope',
    [long, badUrl, header].every(
      (answer) => answer.status >= 400 && answer.status < 500 && isEnvelope(answer),
    ),
    [long, badUrl, header].map((answer) => `${answer.status} ${answer.json.error?.message}`).join(' | '),
  );
}

// Signing out.
{
  const token = await tokenOf('admin@painel.com.br', 'Painel@2026', '10.0.0.5');
  const before = await call('GET', '/api/account', { token });
  const out = await call('POST', '/auth/logout', { token });
  const after = await call('GET', '/api/stores', { token });
  report(
    'Sair ends the session',
    before.status === 200 && out.status === 204 && after.status === 401,
    `before ${before.status}, sign-out ${out.status}, after ${after.status}`,
  );
  if (also) {
    // The other instance has just answered the token (and could hold its caller): it must refuse
    // it from the moment the sign-out answers, not a moment later.
    let accepted = 0;
    const rounds = 35;
    for (let round = 0; round < rounds; round++) {
      const session = await tokenOf('gerente@cantinabella.com.br', 'Cantina@2026', `10.0.1.${round + 1}`);
      const seen = await fetch(`${also}/api/tables`, { headers: { authorization: `Bearer ${session}` } });
      await seen.text();
      await call('POST', '/auth/logout', { token: session });
      const later = await fetch(`${also}/api/tables`, { headers: { authorization: `Bearer ${session}` } });
      await later.text();
      if (later.status !== 401) accepted++;
    }
    report(
      'a session signed out through one instance is refused by another at once',
      accepted === 0,
      `${rounds} rounds: the other instance accepted the token after sign-out ${accepted} time(s)`,
    );
  } else {
    console.log('PULADO a session signed out on another instance: pass --also URL of a second instance');
  }
}

// Who may touch the money.
{
  const money = [
    ['GET', '/api/financial/bank-accounts'],
    ['GET', '/api/financial/balance'],
    ['GET', '/api/financial/extracts'],
    ['GET', '/api/financial/deposits'],
    ['GET', '/api/financial/analytics'],
    ['GET', '/api/statistics'],
    ['GET', '/api/stores/integration'],
    ['POST', '/api/financial/bank-accounts'],
  ] as const;
  const answers = await Promise.all(
    money.map(([method, path]) =>
      call(method, path, {
        token: waiter,
        body:
          method === 'POST'
            ? {
                bank_code: '341',
                agency: '0001',
                account: '12345',
                account_digit: '6',
                account_type: 'CHECKING',
                holder_name: 'Garçom',
                holder_document: '52998224725',
                is_default: true,
              }
            : undefined,
      }),
    ),
  );
  report(
    "a waiter reaches neither the store's money nor its bank accounts",
    answers.every((answer) => answer.status === 403),
    money.map(([method, path], i) => `${method} ${path} ${answers[i]!.status}`).join(' | '),
  );
  const own = await call('GET', '/api/account', { token: waiter });
  const held = (
    (own.json.data?.roles as { permissions?: string[] }[] | undefined)?.[0]?.permissions ?? []
  ).join(',');
  report(
    "a waiter's account holds no money permission",
    !/statistics|finance|bank_accounts|integrations/.test(held),
    held,
  );
}

// Money needs a decision.
{
  const floor = await call('GET', '/api/tables?page_size=100', { token: manager });
  // A tab the kitchen still works on is refused for that first (409), whatever the decision.
  const owing = (floor.json.data?.results ?? []).find((table) => {
    const order = table.order as { id: number; total: number; total_paid: number; in_kitchen: number } | null;
    return order !== null && order.total > order.total_paid && order.in_kitchen === 0;
  });
  if (!owing) {
    console.log(
      'PULADO settling a balance without a decision: no tab on the floor now owes anything with its kitchen done',
    );
  } else {
    const order = owing.order as { id: number };
    const tries = [
      await call('POST', `/api/orders/id/${order.id}/settle`, { token: manager, body: {} }),
      await call('POST', `/api/orders/id/${order.id}/settle`, { token: manager, body: { method: 'PIX' } }),
      await call('PATCH', `/api/orders/id/${order.id}`, { token: manager, body: { settle: true } }),
    ];
    const still = await call('GET', `/api/orders/id/${order.id}`, { token: manager });
    report(
      'a tab that owes is not settled without a method and a reason',
      tries.every((answer) => answer.status === 400) && (still.json.data?.status as string) === 'OPENED',
      tries.map((answer) => `${answer.status} ${answer.json.error?.message}`).join(' | '),
    );
  }
}

// The audit trail.
{
  const made = await call('POST', '/api/kitchens', { token: manager, body: { name: `Sonda ${nonce}` } });
  const id = String(made.json.data?.id);
  const trail = await call('GET', '/api/audit-events?resource=kitchens&page_size=5', { token: manager });
  const row = trail.json.data?.results?.find((event) => event.record_id === id);
  report(
    'a write is in the Histórico, with who did it',
    made.status === 201 && Boolean(row) && String(row?.actor).includes('gerente@cantinabella.com.br'),
    `kitchen ${made.status}; its row: ${row ? `${String(row.action)} by ${String(row.actor)}` : 'none'}`,
  );
  const forWaiter = await call('GET', '/api/audit-events', { token: waiter });
  report('a waiter does not read the Histórico', forWaiter.status === 403, `${forWaiter.status}`);
}

// Headers.
{
  const lan = await fetch(`${base}/`, { headers: { host: '192.168.0.10:3000' } });
  const tls = await fetch(`${base}/`, { headers: { 'x-forwarded-proto': 'https' } });
  const upgrades = (response: Response) =>
    (response.headers.get('content-security-policy') ?? '').includes('upgrade-insecure-requests');
  report(
    'the app loads over plain http on a LAN address',
    lan.status === 200 && !upgrades(lan) && upgrades(tls),
    `upgrade over http: ${upgrades(lan)}; over https behind the proxy: ${upgrades(tls)}`,
  );
  const personal = [
    await call('GET', '/api/account', { token: admin }),
    await signIn('admin@painel.com.br', 'Painel@2026', '10.0.0.6'),
    await call('GET', '/api/customers/id/1', { token: admin }),
  ];
  report(
    'personal data and tokens are not cached',
    personal.every((answer) => answer.headers.get('cache-control') === 'no-store'),
    personal.map((answer) => answer.headers.get('cache-control')).join(' | '),
  );
}

// A disabled account: its right password answers exactly as a wrong one, so it confirms nothing.
{
  const right = await signIn('emanuel.goncalves@painel.com.br', 'Equipe@2026', '10.0.0.7');
  const wrong = await signIn('emanuel.goncalves@painel.com.br', 'Errada@2026', '10.0.0.8');
  report(
    'a disabled account answers as a wrong password',
    right.status === 401 && right.status === wrong.status && right.text === wrong.text,
    `right password ${right.status} ${right.json.error?.message} | wrong password ${wrong.status} ${wrong.json.error?.message}`,
  );
}

// One e-mail's password guessed from many addresses: 120 guesses, 60 at once, each from its own.
{
  const target = team.find(
    (member) => member.status === 'ACTIVE' && member.role !== 'MANAGER' && member.email !== waiterRow.email,
  )!;
  const email = String(target.email);
  const nobody = `ninguem.${nonce}@exemplo.com`;
  const outcome = new Map<string, number[]>();
  const refusals = new Set<string>();
  let address = 0;
  for (let wave = 0; wave < 2; wave++) {
    const answers = await Promise.all(
      [email, nobody].flatMap((who) =>
        Array.from({ length: 60 }, async (_, i) => {
          address++;
          const from = `198.18.${Math.floor(address / 250)}.${(address % 250) + 1}`;
          return { who, answer: await signIn(who, `Errada@${wave}.${i}`, from) };
        }),
      ),
    );
    for (const { who, answer } of answers) {
      outcome.set(who, [...(outcome.get(who) ?? []), answer.status]);
      if (answer.status === 429) refusals.add(answer.text);
    }
  }
  const owner = await signIn(email, 'Equipe@2026', '198.19.0.1');
  const count = (who: string, status: number) =>
    (outcome.get(who) ?? []).filter((code) => code === status).length;
  report(
    'the login cap per e-mail across addresses',
    count(email, 401) <= 50 && count(nobody, 401) <= 50 && owner.status === 429 && refusals.size === 1,
    `120 wrong passwords from 120 addresses: an account ${count(email, 401)} × 401, ${count(email, 429)} × 429; ` +
      `an e-mail without one ${count(nobody, 401)} × 401, ${count(nobody, 429)} × 429; ` +
      `${refusals.size} distinct refusal(s); then the right password: ${owner.status} ${owner.json.error?.message}`,
  );
}

// Behind TRUST_PROXY=1 the caller is what the proxy appended, not what the client wrote before it.
{
  const codes: number[] = [];
  for (let i = 0; i < 45; i++) {
    const forged = `${((i * 37) % 223) + 1}.${(i * 11) % 250}.${i}.${((i * 7) % 250) + 1}`;
    const answer = await call('POST', '/auth/email', {
      body: { email: `rotacao${i}.${nonce}@exemplo.com`, password: 'Errada@2026', role: 'ADMIN' },
      headers: { 'x-forwarded-for': `${forged}, 203.0.113.77` },
    });
    codes.push(answer.status);
  }
  const refused = codes.filter((code) => code === 429).length;
  report(
    'a rotating X-Forwarded-For behind TRUST_PROXY=1',
    refused >= 15,
    `45 wrong logins, each with another left-most X-Forwarded-For: ${codes.filter((c) => c === 401).length} × 401, ${refused} × 429`,
  );
}

// The OPDV catalogue of a point of sale that redirects into the server's own network.
{
  const local = ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(base).hostname);
  if (!local) {
    report(
      'the OPDV catalogue refuses a redirect elsewhere',
      true,
      'não verificado: o servidor não está nesta máquina',
    );
  } else {
    let internalCalls = 0;
    const internal = http.createServer((_request, response) => {
      internalCalls++;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ data: [{ code: 'x', name: `segredo-interno-${nonce}`, items: [] }] }));
    });
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
    const internalPort = (internal.address() as AddressInfo).port;
    const redirector = http.createServer((_request, response) => {
      response.writeHead(302, { location: `http://127.0.0.1:${internalPort}/latest/meta-data/` });
      response.end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    const posUrl = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`;
    const stores = (await call('GET', '/api/stores?search=Sert', { token: admin })).json.data?.results ?? [];
    const storeId = Number(stores[0]?.id);
    const created = await call('POST', '/api/stores/integration/create', {
      token: admin,
      body: {
        payload: { integration_type: 'OPDV', token: `sonda-${nonce}-token`, base_url: posUrl },
        store_id: storeId,
      },
    });
    const id = Number((created.json.data as { id?: unknown } | undefined)?.id);
    const catalog = await call('GET', `/api/stores/integration/${id}/catalog?store_id=${storeId}`, {
      token: admin,
    });
    await call('PATCH', `/api/stores/integration/${id}/deactivate?store_id=${storeId}`, { token: admin });
    internal.close();
    redirector.close();
    report(
      'the OPDV catalogue refuses a redirect elsewhere',
      created.status === 201 &&
        catalog.status === 502 &&
        !catalog.text.includes('segredo-interno') &&
        internalCalls === 0,
      `integration ${created.status}; catalogue ${catalog.status} ${catalog.json.error?.message ?? catalog.text.slice(0, 80)}; ` +
        `the internal address was called ${internalCalls} time(s)`,
    );
  }
}

// File fields: only this server's stored files (or trusted https hosts), never a script or a stranger's host.
{
  const account = (await call('GET', '/api/account', { token: manager })).json.data as
    { roles?: { store_id: number }[] } | undefined;
  const store = Number(account?.roles?.[0]?.store_id);
  const before = (await call('GET', `/api/stores/id/${store}`, { token: manager })).json.data?.logo_white;
  const bad = [
    'javascript:alert(document.cookie)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'https://atacante.example/logo.png',
  ];
  const answers = [
    ...(await Promise.all(
      bad.flatMap((url) =>
        ['logo_white', 'logo_black', 'bg_image'].map((field) =>
          call('PATCH', `/api/stores/id/${store}`, { token: manager, body: { [field]: url } }),
        ),
      ),
    )),
    ...(await Promise.all(
      bad.map((url) =>
        call('POST', '/api/categories', { token: manager, body: { name: `Sonda ${nonce}`, image: url } }),
      ),
    )),
    ...(await Promise.all(
      bad.map((url) =>
        call('POST', '/api/posts', { token: manager, body: { title: 'Sonda', body: 'Sonda', image: url } }),
      ),
    )),
  ];
  const after = (await call('GET', `/api/stores/id/${store}`, { token: manager })).json.data?.logo_white;
  const messages = new Set(
    answers.map((answer) => String(answer.json.error?.message).replace(/ \(campo .*\)$/, '')),
  );
  report(
    'file fields take only stored files',
    answers.every((answer) => answer.status === 400) && after === before,
    `${answers.length} tries (logos, a category image, a wall-post image with javascript:, data:, another host): ` +
      `${answers.filter((answer) => answer.status === 400).length} × 400 ${[...messages].join(' | ')}; logo unchanged: ${after === before}`,
  );
}

// Tokens in a URL never reach the log.
{
  if (!logFile) {
    report(
      'tokens in URLs stay out of the log',
      true,
      'não verificado: passe --log <arquivo do log do servidor>',
    );
  } else {
    const secrets = [`token-${nonce}-1`, `acesso-${nonce}-2`, `chave-${nonce}-3`, `cabecalho-${nonce}-4`];
    await call(
      'GET',
      `/api/account?sonda=${nonce}&token=${secrets[0]}&access_token=${secrets[1]}&key=${secrets[2]}`,
      {
        headers: { authorization: `Bearer ${secrets[3]}` },
      },
    );
    let log = '';
    for (let tries = 0; tries < 50 && !log.includes(`sonda=${nonce}`); tries++) {
      log = fs.readFileSync(logFile, 'utf8');
      if (!log.includes(`sonda=${nonce}`)) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const line = log.split('\n').find((text) => text.includes(`sonda=${nonce}`)) ?? '';
    const leaked = secrets.filter((secret) => log.includes(secret));
    report(
      'tokens in URLs stay out of the log',
      line !== '' && leaked.length === 0,
      line
        ? `the request's line: ${line.trim().slice(0, 160)}${leaked.length ? `; leaked: ${leaked.join(', ')}` : ''}`
        : 'no line found',
    );
  }
}

// A CSV cell that starts with a full-width ＝ is kept as text.
{
  const name = `\uFF1D2+3 sonda${nonce}`;
  const created = await call('POST', '/api/kitchens', { token: manager, body: { name } });
  const csv = await call('GET', `/api/kitchens?format=csv&search=sonda${nonce}`, { token: manager });
  const line = csv.text.split('\r\n').find((text) => text.includes(`sonda${nonce}`)) ?? '';
  const id = (created.json.data as { id?: unknown } | undefined)?.id;
  if (id !== undefined) await call('DELETE', `/api/kitchens/id/${String(id)}`, { token: manager });
  report(
    'CSV keeps a full-width ＝ formula as text',
    created.status === 201 && line.startsWith(`'\uFF1D`),
    `kitchen ${created.status}; its CSV line: ${line || '(not found)'}`,
  );
}

// HSTS only over https.
{
  const plain = await fetch(`${base}/api/health`);
  const page = await fetch(`${base}/`);
  const overTls = await fetch(`${base}/api/health`, { headers: { 'x-forwarded-proto': 'https' } });
  const hsts = (response: Response) => response.headers.get('strict-transport-security');
  report(
    'HSTS only over https',
    hsts(plain) === null && hsts(page) === null && hsts(overTls) !== null,
    `over plain http: ${hsts(plain) ?? 'none'} (API), ${hsts(page) ?? 'none'} (page); over https behind the proxy: ${hsts(overTls) ?? 'none'}`,
  );
}

// Ten identical reservations sent at once with one Idempotency-Key.
{
  let date = '';
  for (let days = 1; days <= 7 && !date; days++) {
    const day = saoPauloClock(new Date(Date.now() + days * 86_400_000));
    if (day.weekday === 2) date = saoPauloInstant(day.day, '20:00')!.toISOString();
  }
  const body = { fullname: `Sonda ${nonce}`, phone: '11987654321', n_persons: 2, date };
  const key = `sonda-${nonce}-reserva`;
  const answers = await Promise.all(
    Array.from({ length: 10 }, () =>
      call('POST', '/api/reservations', { token: manager, body, headers: { 'idempotency-key': key } }),
    ),
  );
  const listed = await call('GET', `/api/reservations?search=${encodeURIComponent(`Sonda ${nonce}`)}`, {
    token: manager,
  });
  const total = Number((listed.json.data as { total?: unknown } | undefined)?.total);
  report(
    'ten identical reservations at once with one Idempotency-Key',
    total === 1 &&
      answers.every((answer) => answer.status === 201) &&
      new Set(answers.map((a) => a.text)).size === 1,
    `answers ${[...new Set(answers.map((answer) => answer.status))].join(', ')}, ` +
      `${new Set(answers.map((answer) => answer.text)).size} distinct; reservations created: ${total}`,
  );
}

console.log(`\n${passed} of ${passed + failed} checks passed`);
process.exitCode = failed > 0 ? 1 : 0;

export {};
