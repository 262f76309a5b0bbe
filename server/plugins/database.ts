import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client';
import { scoped } from '../db/scope';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database, or the transaction a write's handler runs in (server/db/scope.ts). */
    db: Db;
    database: Database;
  }
}

/** Hands the opened database to the routes; whoever opened it closes it. */
export default fp<{ database: Database }>(
  async (app, { database }) => {
    app.decorate('database', database);
    app.decorate('db', scoped(database.db));
  },
  { name: 'database' },
);
