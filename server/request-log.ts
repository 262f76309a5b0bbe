import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** A request slower than this is logged whatever it was. */
export const SLOW_MS = 1000;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Fastify's own request lines, replaced by one line per request that may matter in an incident —
 * every write (who changed what, when: the line carries the request id that the write's own lines
 * carry too), every refusal and error, and every slow request — at `info`. A successful read,
 * nearly all of a restaurant's traffic (the floor and the board poll), is logged at `debug`
 * (LOG_LEVEL=debug shows it): Fastify's two lines for each poll of each tablet cost 14–18 % of
 * what a read costs. Errors keep their own lines (plugins/errors.ts).
 */
export class RequestLog extends LogController {
  constructor() {
    super({ disableRequestLogging: false });
  }

  override incomingRequest(): void {}

  override requestCompleted(
    _error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    const level = status >= 400 || ms >= SLOW_MS || !READS.has(request.method) ? 'info' : 'debug';
    // pino's: a line that would not be written is not even built.
    if ((reply.log as { isLevelEnabled?(level: string): boolean }).isLevelEnabled?.(level) === false) return;
    reply.log[level](
      { method: request.method, url: request.url, status, ms: Math.round(ms * 10) / 10 },
      'requisição',
    );
  }
}
