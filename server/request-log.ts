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
      { method: request.method, url: redactUrl(request.url), status, ms: Math.round(ms * 10) / 10 },
      'requisição',
    );
  }
}

/** Query parameters that carry a secret: tokens, the password token's key, credentials. */
const SECRET_PARAMS = new Set(['token', 'access_token', 'key', 'password']);

/** A parameter's name as the server would read it: decoded, lower case, without `[…]`. */
function paramName(raw: string): string {
  let name = raw.replaceAll('+', ' ');
  try {
    name = decodeURIComponent(name);
  } catch {
    // A malformed escape is logged as it came; its name is compared as it is.
  }
  return name.trim().toLowerCase().replace(/\[.*$/, '');
}

/**
 * The URL as a log line may show it: the values of secret query parameters (a token a client put
 * in the address, `?access_token=…`, `?key=…`, anything named for an authorization) replaced. A
 * log reaches more people, and lives longer, than the token.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const pairs = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const raw = equals < 0 ? pair : pair.slice(0, equals);
      const name = paramName(raw);
      return SECRET_PARAMS.has(name) || name.includes('authorization') ? `${raw}=[omitido]` : pair;
    });
  return `${url.slice(0, at + 1)}${pairs.join('&')}`;
}
