import fp from 'fastify-plugin';
import { lt, sql } from 'drizzle-orm';
import { removeStaleCounters } from '../auth/attempts';
import { idempotencyKeys, sessions, storeEvents } from '../db/schema';
import { IDEMPOTENCY_KEEP_HOURS } from './idempotency';
import { EVENTS_KEEP_MINUTES } from './live';
import { forgetOrphans, UPLOAD_LIMITS } from '../storage/file-records';
import { LocalStorage } from '../storage/local-storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** One round of housekeeping; the timer calls it, and tests call it directly. */
    housekeeping(): Promise<{ orphans: number }>;
  }
}

export interface HousekeepingOptions {
  uploadsDir: string;
  /** Minutes between rounds; 0 (tests) runs none by itself. */
  everyMinutes: number;
}

/**
 * Removes what nobody needs any more: stored files no record points to once their grace period
 * is over, sessions expired for a day, attempt counters whose window ended a day ago,
 * idempotency keys older than a day, and the live events older than the hour a reconnecting
 * stream may ask for (server/plugins/live.ts). Every step is an idempotent delete, so several
 * instances may run it at once: each orphan's row is deleted by one of them, which then removes
 * its file; a file already gone is fine. Rows go first because their delete is what checks, at that instant,
 * that no record shows the file: a crash in between may leave a file on disk, never a record
 * pointing to a removed file. Files the demo wrote have no row and are never its business.
 */
export default fp<HousekeepingOptions>(
  async (app, { uploadsDir, everyMinutes }) => {
    const storage = new LocalStorage(uploadsDir, app.db);

    async function removeOrphans(): Promise<number> {
      const paths = await forgetOrphans(app.db, UPLOAD_LIMITS.orphanGraceHours);
      for (const file of paths) {
        await storage.removeForgotten(file).catch((error: unknown) => {
          app.log.warn({ err: error, file }, 'arquivo sem uso não removido');
        });
      }
      return paths.length;
    }

    app.decorate('housekeeping', async () => {
      const orphans = await removeOrphans();
      await app.db.delete(sessions).where(lt(sessions.expires_at, sql`now() - interval '1 day'`));
      await removeStaleCounters(app.db, 24 * 60);
      await app.db
        .delete(idempotencyKeys)
        .where(
          lt(idempotencyKeys.created_at, sql`now() - make_interval(hours => ${IDEMPOTENCY_KEEP_HOURS})`),
        );
      await app.db
        .delete(storeEvents)
        .where(lt(storeEvents.created_at, sql`now() - make_interval(mins => ${EVENTS_KEEP_MINUTES})`));
      if (orphans > 0) app.log.info({ files: orphans }, 'arquivos sem uso removidos');
      return { orphans };
    });

    if (everyMinutes <= 0) return;
    // The next round is planned when one ends, so that a slow round never overlaps the next; closing
    // waits for the round under way, which needs the database still open.
    let timer: NodeJS.Timeout | undefined;
    let round: Promise<void> | undefined;
    let closing = false;
    const plan = () => {
      timer = setTimeout(() => {
        round = app
          .housekeeping()
          .then(
            () => {},
            (error: unknown) => app.log.warn({ err: error }, 'limpeza periódica falhou'),
          )
          .finally(() => {
            round = undefined;
            if (!closing) plan();
          });
      }, everyMinutes * 60_000);
      timer.unref();
    };
    app.addHook('onReady', async () => plan());
    app.addHook('onClose', async () => {
      closing = true;
      clearTimeout(timer);
      await round;
    });
  },
  { name: 'housekeeping', dependencies: ['database'] },
);
