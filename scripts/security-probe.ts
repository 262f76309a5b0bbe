/**
 * Tries the security findings of the hardening review from outside, against a running server
 * started fresh with the demo and TRUST_PROXY=1 (the probe plays several addresses through
 * X-Forwarded-For):
 *
 *   PORT=3999 DATA_DIR=/tmp/painel-probe TRUST_PROXY=1 npm start
 *   npm run probe:security -- http://127.0.0.1:3999
 *
 * It signs in many times with wrong passwords, so run it on a throw-away database.
 */
const base = process.argv[2] ?? 'http://127.0.0.1:3999';

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

// The demo.
{
  const inactive = await signIn('emanuel.goncalves@painel.com.br', 'Equipe@2026', '10.0.0.7');
  report(
    'the demo account meant to be inactive is',
    inactive.status === 403,
    `${inactive.status} ${inactive.json.error?.message}`,
  );
}

console.log(`\n${passed} of ${passed + failed} checks passed`);
process.exitCode = failed > 0 ? 1 : 0;

export {};
