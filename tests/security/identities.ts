import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { accounts } from '../../server/db/schema';
import { as, createAccount, createTestApp, demo, login, storeId, type TestApp } from '../server/helpers';

export type Call = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/** The six callers every route is tried with. */
export const IDENTITIES = [
  'anonymous',
  'disabled',
  'waiterA',
  'managerB',
  'managerA',
  'administrator',
] as const;
export type Identity = (typeof IDENTITIES)[number];

export interface SecurityApp extends TestApp {
  /** Store A is Cantina Bella, store B Sabor do Sertão. */
  storeA: number;
  storeB: number;
  /** A fresh session of each identity (the disabled account's was issued before it was disabled). */
  signIn(identity: Identity): Promise<Call>;
  close(): Promise<void>;
}

export const WAITER_A = { email: 'garcom@cantinabella.com.br', password: 'Garcom@2026' };
export const DISABLED = { email: 'desligado@cantinabella.com.br', password: 'Desligado@2026' };

/**
 * An app with the demo's logins, a waiter of store A and a disabled account of store A, and a
 * stand-in for the built web app so that its routes are registered and walked too.
 */
/** The walks' Pix provider: its webhook's secret signs the walk's webhook. */
export const WALK_PIX_PROVIDER = {
  url: 'http://127.0.0.1:9',
  webhookSecret: 'segredo-do-webhook-da-caminhada',
};

export async function createSecurityApp(): Promise<SecurityApp> {
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-web-'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Painel</title>');
  fs.writeFileSync(path.join(webRoot, 'mesa.html'), '<!doctype html><title>Cardápio</title>');
  fs.writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(webRoot, 'assets', '1'), 'console.log(1)');
  fs.writeFileSync(path.join(webRoot, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.writeFileSync(path.join(webRoot, 'manifest.webmanifest'), '{"name":"Painel"}');
  fs.mkdirSync(path.join(webRoot, 'icons'));
  fs.writeFileSync(path.join(webRoot, 'icons', 'painel-192.png'), 'png');
  // With a Pix provider, so that its webhook is a route the walks reach (nothing listens at its
  // address: a charge falls back to the static code).
  const t = await createTestApp({ webRoot, pixProvider: WALK_PIX_PROVIDER });
  const db = t.database.db;
  const storeA = await storeId(db, 'Cantina Bella');
  const storeB = await storeId(db, 'Sabor do Sertão');
  await createAccount(db, { ...WAITER_A, role: 'WAITER', store_id: storeA });
  const disabledId = await createAccount(db, { ...DISABLED, role: 'WAITER', store_id: storeA });
  const disabledToken = await login(t.app, DISABLED);
  await db.update(accounts).set({ status: 'INACTIVE' }).where(eq(accounts.id, disabledId));

  const credentials: Record<
    Exclude<Identity, 'anonymous' | 'disabled'>,
    { email: string; password: string }
  > = {
    waiterA: WAITER_A,
    managerA: demo.cantina,
    managerB: demo.sertao,
    administrator: demo.admin,
  };
  return {
    ...t,
    storeA,
    storeB,
    async signIn(identity) {
      if (identity === 'anonymous') return as(t.app, null);
      if (identity === 'disabled') return as(t.app, disabledToken);
      return as(t.app, await login(t.app, credentials[identity]));
    },
    async close() {
      await t.close();
      fs.rmSync(webRoot, { recursive: true, force: true });
    },
  };
}
