import { it, expect, beforeAll, afterAll } from 'vitest';
import { as, createAccount, createTestApp, login, type TestApp } from './helpers';
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ seed: false }); });
afterAll(async () => { await t?.close(); });
it('same second', async () => {
  const results: number[] = [];
  for (let i = 0; i < 6; i++) {
    const email = `x${i}@p.com.br`;
    await createAccount(t.app.db, { email, password: 'Velha2026x' });
    const old = await login(t.app, { email, password: 'Velha2026x' });
    const r = await as(t.app, old)({ method: 'PATCH', url: '/api/account', payload: { password: 'Nova2026xy', current_password: 'Velha2026x' } });
    expect(r.statusCode).toBe(200);
    const after = await as(t.app, old)({ method: 'GET', url: '/api/account' });
    results.push(after.statusCode);
  }
  console.log(results);
});
