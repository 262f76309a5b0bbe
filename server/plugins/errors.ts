import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../http-errors';
import { pgConstraint, pgErrorCode } from '../db/client';

/**
 * One error shape for every failure: `{ "error": { "message": "…" } }` in Portuguese.
 * A 5xx never leaks its cause; the log keeps it, without the values a query carried.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const { status, message } = describe(error);
      // The logger's err serializer (forTheLog) keeps the values a query carried out of the line.
      if (status >= 500) request.log.error({ err: error }, 'erro não tratado');
      void reply.status(status).send({ error: { message } });
    });

    app.setNotFoundHandler((request, reply) => {
      void reply
        .status(404)
        .send({ error: { message: `Rota não encontrada: ${request.method} ${request.url.split('?')[0]}` } });
    });
  },
  { name: 'errors' },
);

/**
 * What the log keeps of an error (the logger's `err` serializer, for every line that logs one):
 * its kind, codes, message, stack and causes, and never the values a query carried. Drizzle
 * appends them to its message as `params: …` (new password hashes, e-mails, tokens), and a data
 * exception (SQLSTATE class 22) quotes the value it refused; both are cut from the message and
 * the stack alike. Other properties (drizzle's `params`, a driver's `parameters` or `detail`,
 * which shows the refused row) are left out.
 */
export function forTheLog(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'erro sem descrição', stack: '' };
  const { code, constraint, routine } = error as Error & Record<string, unknown>;
  const original = error.message;
  const paramsAt = original.indexOf('\nparams: ');
  let message = paramsAt < 0 ? original : `${original.slice(0, paramsAt)}\nparams: [omitidos]`;
  if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) {
    message = message.replace(/"[^"\n]*"/g, '"[omitido]"');
  }
  return {
    type: error.name,
    message,
    ...(code !== undefined ? { code } : {}),
    ...(constraint !== undefined ? { constraint } : {}),
    ...(routine !== undefined ? { routine } : {}),
    stack: stackWith(error.stack ?? '', original, message),
    ...(error.cause !== undefined && depth < 3 ? { cause: forTheLog(error.cause, depth + 1) } : {}),
  };
}

/** An error as the log keeps it (the shape Fastify asks of an `err` serializer). */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [property: string]: unknown;
}

/** The stack with its copy of the message replaced by the cleaned one; empty if that copy is not found. */
function stackWith(stack: string, original: string, message: string): string {
  if (original === message) return stack;
  const at = stack.indexOf(original);
  return at < 0 ? '' : stack.slice(0, at) + message + stack.slice(at + original.length);
}

/** Errors of the router, before any route runs (Fastify's frameworkErrors), in the one envelope. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const { status, message } = frameworkError(error);
  // These answers skip the app's hooks: the headers plugin's no-store is set here.
  void reply.status(status).header('cache-control', 'no-store').send({ error: { message } });
}

function frameworkError(error: FastifyError): { status: number; message: string } {
  switch (error.code) {
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 414, message: 'O endereço pedido é longo demais.' };
    case 'FST_ERR_BAD_URL':
      return { status: 400, message: 'O endereço pedido é inválido.' };
    default:
      return { status: 400, message: 'Requisição inválida.' };
  }
}

/**
 * Failures Node's HTTP parser answers before Fastify sees a request (Fastify's
 * clientErrorHandler): headers too large, a request too slow to arrive, a malformed request line.
 */
export function clientErrorHandler(error: Error, socket: Socket): void {
  if (!socket.writable || (error as NodeJS.ErrnoException).code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const { status, message } = clientError(error as NodeJS.ErrnoException);
  const body = JSON.stringify({ error: { message } });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}

function clientError(error: NodeJS.ErrnoException): { status: number; message: string } {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, message: 'Os cabeçalhos da requisição são grandes demais.' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: 'A requisição demorou demais para chegar.' };
    default:
      return { status: 400, message: 'Requisição inválida.' };
  }
}

function describe(error: FastifyError): { status: number; message: string } {
  if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const text = first?.message ?? 'Dados inválidos.';
    return { status: 400, message: field ? `${text} (campo ${field})` : text };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: 'O corpo da requisição não é um JSON válido.' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 400, message: 'O corpo da requisição é grande demais.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 400, message: 'Tipo de conteúdo não suportado.' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, message: 'Tamanho do corpo da requisição inválido.' };
  }
  const sqlState = pgErrorCode(error);
  if (sqlState === '23505') return { status: 409, message: 'Já existe um registro com esses dados.' };
  if (sqlState === '23503') {
    return { status: 409, message: 'Este registro está ligado a outros e não pode ser alterado assim.' };
  }
  // Data the database refuses (a check, a null, a number or a date out of range, text it cannot
  // store): the request's fault, not the server's, if a route's schema let it through.
  if (sqlState && (sqlState.startsWith('22') || sqlState === '23514' || sqlState === '23502')) {
    return {
      status: 400,
      message: `Dados inválidos${pgConstraint(error) ? ` (${pgConstraint(error)})` : ''}.`,
    };
  }
  if (error.statusCode === 429) {
    return { status: 429, message: 'Muitas requisições. Tente novamente em alguns minutos.' };
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, message: 'Requisição inválida.' };
  }
  return { status: 500, message: 'Ocorreu um erro inesperado. Tente novamente.' };
}
