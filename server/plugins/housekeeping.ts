import fp from 'fastify-plugin';
import { lt, sql } from 'drizzle-orm';
import { removeStaleCounters } from '../auth/attempts';
import { sessions } from '../db/schema';
import { orphanFiles, UPLOAD_LIMITS } from '../storage/file-records';
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
 * is over (with their rows), sessions expired for a day, and attempt counters whose window ended
 * a day ago. Every step is an idempotent delete, so several instances may run it at once.
 */
export default fp<HousekeepingOptions>(
  async (app, { uploadsDir, everyMinutes }) => {
    const storage = new LocalStorage(uploadsDir, app.db);

    app.decorate('housekeeping', async () => {
      const orphans = await orphanFiles(app.db, UPLOAD_LIMITS.orphanGraceHours);
      for (const file of orphans) await storage.remove(file);
      await app.db.delete(sessions).where(lt(sessions.expires_at, sql`now() - interval '1 day'`));
      await removeStaleCounters(app.db, 24 * 60);
      if (orphans.length > 0) app.log.info({ files: orphans.length }, 'arquivos sem uso removidos');
      return { orphans: orphans.length };
    });

    if (everyMinutes <= 0) return;
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        app
          .housekeeping()
          .catch((error: unknown) => app.log.warn({ err: error }, 'limpeza periódica falhou'));
      }, everyMinutes * 60_000);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'housekeeping', dependencies: ['database'] },
);
