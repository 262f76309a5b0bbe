import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { oncePerRun } from './once-per-run';
import { openDatabase } from '../../server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated, empty PostgreSQL database every test database of the run is created from. */
    pgTemplate: string;
    /** Where the run keeps the image files of the demos seeded into templates. */
    pgRunFolder: string;
  }
}

/** The URL of another database on the same server. */
export function databaseUrl(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/**
 * `npm run test:pg`: runs every migration once for the whole run into a template database; each
 * test database is a copy of it (`create database … template …`, tests/server/helpers.ts) instead
 * of a database migrated afresh. Drops the run's templates at its end.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (!url)
    throw new Error('npm run test:pg precisa de DATABASE_URL (um PostgreSQL onde criar bancos de teste).');
  // Once per run for both projects (`pg`, `pg:apart`): the demos seeded into templates are shared too.
  const { value, release } = await oncePerRun('pg-template', async () => {
    const template = `painel_template_${crypto.randomBytes(4).toString('hex')}`;
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-pg-run-'));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create database ${template}`);
    } finally {
      await admin.end();
    }
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl(url, template) });
    await database.close();
    return {
      value: { template, folder },
      undo: async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          const { rows } = await client.query<{ datname: string }>(
            'select datname from pg_database where starts_with(datname, $1)',
            [template],
          );
          for (const { datname } of rows)
            await client.query(`drop database if exists ${datname} with (force)`);
        } finally {
          await client.end();
          fs.rmSync(folder, { recursive: true, force: true });
        }
      },
    };
  });
  project.provide('pgTemplate', value.template);
  project.provide('pgRunFolder', value.folder);
  return release;
}
