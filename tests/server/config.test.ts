import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config';

describe('readConfig (the environment, read once at start)', () => {
  it('has the README defaults', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: path.resolve('./data'),
      seedScale: 'full',
      logLevel: 'info',
      trustProxy: false,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBeUndefined();
  });

  it('trusts X-Forwarded-For only when TRUST_PROXY=1', () => {
    expect(readConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(readConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it("plays the demo's guests by default only on the embedded database", () => {
    const postgres = 'postgres://painel@db.interno:5432/painel';
    expect(readConfig({}).simulator).toBe(true);
    expect(readConfig({ DATABASE_URL: postgres }).simulator).toBe(false);
    expect(readConfig({ DATABASE_URL: postgres, SIMULATOR: '1' }).simulator).toBe(true);
    expect(readConfig({ SIMULATOR: '0' }).simulator).toBe(false);
    expect(() => readConfig({ SIMULATOR: 'sim' })).toThrow(/Configuração inválida:\nSIMULATOR/);
  });

  it('refuses a bad value, naming the variable', () => {
    expect(() => readConfig({ TRUST_PROXY: 'sim' })).toThrow(/Configuração inválida:\nTRUST_PROXY/);
    expect(() => readConfig({ PORT: 'oitenta' })).toThrow(/PORT/);
    expect(() => readConfig({ JWT_SECRET: 'curto' })).toThrow(/JWT_SECRET/);
  });
});
