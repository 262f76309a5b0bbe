import fp from 'fastify-plugin';
import { escposOf } from '../printing/escpos';
import { claimDue, failLapsed, markInterrupted, markPrinted, markUnreachable } from '../printing/jobs';
import { sendToPrinter } from '../printing/sender';

declare module 'fastify' {
  interface FastifyInstance {
    printing: {
      /** Sends the network jobs due now, one after the other; the timer calls it, tests too. */
      run(): Promise<{ printed: number; failed: number }>;
      /** A job was just made here: sends it without waiting for the next round. */
      wake(): void;
    };
  }
}

export interface PrintingOptions {
  /** Milliseconds between rounds; 0 (tests) runs none by itself. */
  everyMs: number;
}

/** How often the rounds also fail the jobs whose claim ran out. */
const SWEEP_MS = 5_000;

/**
 * The print sender (server/printing): every instance looks for network print jobs due, claims one
 * at a time (SKIP LOCKED: never two instances on one job), sends it, and marks it; the jobs of an
 * instance that stopped mid-send fail once their lease runs out. No state of its own beyond the
 * timer: the queue is the database's.
 */
export default fp<PrintingOptions>(
  async (app, { everyMs }) => {
    let swept = 0;
    const run = async () => {
      let printed = 0;
      let failed = 0;
      if (Date.now() - swept >= SWEEP_MS || everyMs <= 0) {
        failed += await failLapsed(app.db);
        swept = Date.now();
      }
      for (let job = await claimDue(app.db); job; job = await claimDue(app.db)) {
        const result = await sendToPrinter(job.printer!, escposOf(job.document, job.paper_width));
        if (result === 'printed') {
          if (await markPrinted(app.db, job, job.printer!)) printed += 1;
        } else if (result === 'interrupted') {
          await markInterrupted(app.db, job);
          failed += 1;
          app.log.warn({ job: job.id, printer: job.printer }, 'impressão interrompida');
        } else if ((await markUnreachable(app.db, job)) === 'failed') {
          failed += 1;
          app.log.warn({ job: job.id, printer: job.printer }, 'impressora não respondeu');
        }
      }
      return { printed, failed };
    };

    let timer: NodeJS.Timeout | undefined;
    let round: Promise<unknown> | undefined;
    let closing = false;
    let again = false;
    const plan = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (round) {
          again = true;
          return;
        }
        round = run()
          .catch((error: unknown) => app.log.warn({ err: error }, 'rodada de impressão falhou'))
          .finally(() => {
            round = undefined;
            if (!closing) plan(again ? 0 : everyMs);
            again = false;
          });
      }, ms);
      timer.unref();
    };
    app.decorate('printing', {
      run,
      wake: () => {
        if (everyMs > 0 && !closing) plan(0);
      },
    });
    if (everyMs <= 0) return;
    app.addHook('onReady', async () => plan(everyMs));
    app.addHook('onClose', async () => {
      closing = true;
      clearTimeout(timer);
      await round;
    });
  },
  { name: 'printing', dependencies: ['database'] },
);
