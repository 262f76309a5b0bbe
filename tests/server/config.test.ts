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

  it('trusts X-Forwarded-For only as far as TRUST_PROXY says: a number of hops, or the proxies’ addresses', () => {
    expect(readConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(readConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(readConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(
      readConfig({ TRUST_PROXY: ' 10.0.0.0/8, 192.168.1.1,::1,fc00::/7 , loopback' }).trustProxy,
    ).toEqual(['10.0.0.0/8', '192.168.1.1', '::1', 'fc00::/7', 'loopback']);
  });

  it("trusts files under the https prefixes of FILE_URL_PREFIXES and the web app's Firebase bucket, and nothing else by default", () => {
    expect(readConfig({}).fileUrlPrefixes).toEqual([]);
    expect(
      readConfig({ FILE_URL_PREFIXES: ' https://cdn.painel.com.br, https://api.painel.com.br/uploads/ ' })
        .fileUrlPrefixes,
    ).toEqual(['https://cdn.painel.com.br', 'https://api.painel.com.br/uploads/']);
    expect(
      readConfig({ VITE_FIREBASE_API_KEY: 'chave', VITE_FIREBASE_STORAGE_BUCKET: 'painel.appspot.com' })
        .fileUrlPrefixes,
    ).toEqual(['https://firebasestorage.googleapis.com/v0/b/painel.appspot.com/o/']);
    // Without its API key the web app does not use Firebase: its bucket is not trusted.
    expect(readConfig({ VITE_FIREBASE_STORAGE_BUCKET: 'painel.appspot.com' }).fileUrlPrefixes).toEqual([]);
    for (const value of ['http://cdn.painel.com.br', 'cdn.painel.com.br', 'https://cdn.painel.com.br/?v=1']) {
      expect(() => readConfig({ FILE_URL_PREFIXES: value }), value).toThrow(
        /Configuração inválida:\nFILE_URL_PREFIXES: use endereços https/,
      );
    }
  });

  it("plays the demo's guests by default only on the embedded database", () => {
    const postgres = 'postgres://painel@db.interno:5432/painel';
    expect(readConfig({}).simulator).toBe(true);
    expect(readConfig({ DATABASE_URL: postgres }).simulator).toBe(false);
    expect(readConfig({ DATABASE_URL: postgres, SIMULATOR: '1' }).simulator).toBe(true);
    expect(readConfig({ SIMULATOR: '0' }).simulator).toBe(false);
    expect(() => readConfig({ SIMULATOR: 'sim' })).toThrow(/Configuração inválida:\nSIMULATOR/);
  });

  it('listens and holds the live relay on DATABASE_LISTEN_URL when DATABASE_URL goes through a pooler; LIVE_PUSH=0 turns the push off', () => {
    const pooled = 'postgres://painel@pgbouncer.interno:6432/painel';
    const direct = 'postgres://painel@db.interno:5432/painel';
    expect(readConfig({ DATABASE_URL: pooled })).toMatchObject({ databaseUrl: pooled, livePush: true });
    expect(readConfig({ DATABASE_URL: pooled }).databaseListenUrl).toBeUndefined();
    expect(readConfig({ DATABASE_URL: pooled, DATABASE_LISTEN_URL: direct }).databaseListenUrl).toBe(direct);
    expect(readConfig({ LIVE_PUSH: '0' }).livePush).toBe(false);
    expect(() => readConfig({ LIVE_PUSH: 'não' })).toThrow(/Configuração inválida:\nLIVE_PUSH/);
    expect(() => readConfig({ DATABASE_LISTEN_URL: 'db.interno' })).toThrow(
      /Configuração inválida:\nDATABASE_LISTEN_URL/,
    );
  });

  it('lets the simulator cook at a station 10 minutes after a person last worked it, or as SIMULATOR_KITCHEN_IDLE_MIN says', () => {
    expect(readConfig({}).simulatorKitchenIdleMinutes).toBe(10);
    expect(readConfig({ SIMULATOR_KITCHEN_IDLE_MIN: '25' }).simulatorKitchenIdleMinutes).toBe(25);
    for (const value of ['0', '-5', '2.5', 'dez', '1441']) {
      expect(() => readConfig({ SIMULATOR_KITCHEN_IDLE_MIN: value }), value).toThrow(
        /Configuração inválida:\nSIMULATOR_KITCHEN_IDLE_MIN: use um número inteiro de minutos, de 1 a 1440/,
      );
    }
  });

  it('refuses a bad value, naming the variable', () => {
    for (const value of ['sim', 'true', '-1', '1.5', '10.0.0.1/33', '10.0.0.1,', '127.1', '100']) {
      expect(() => readConfig({ TRUST_PROXY: value }), value).toThrow(
        /Configuração inválida:\nTRUST_PROXY: use 0, o número de proxies/,
      );
    }
    expect(() => readConfig({ PORT: 'oitenta' })).toThrow(/PORT/);
    expect(() => readConfig({ JWT_SECRET: 'curto' })).toThrow(/JWT_SECRET/);
  });
});
