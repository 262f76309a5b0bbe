import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../http-errors';
import { pgConstraint, pgErrorCode } from '../db/client';

/**
 * One error shape for every failure: `{ "error": { "message": "…" } }` in Portuguese.
 * A 5xx never leaks its cause; the log keeps it.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const { status, message } = describe(error);
      if (status >= 500) request.log.error({ err: forTheLog(error) }, 'erro não tratado');
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
 * What the log keeps of an unexpected error: its kind, codes, message and stack, but never the
 * values a query carried (drizzle appends them as `params: …`: new password hashes, e-mails,
 * tokens), which stay out of the message, the stack and the causes alike.
 */
export function forTheLog(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: 'erro sem descrição' };
  const { code, constraint, routine } = error as Error & Record<string, unknown>;
  // A data exception (SQLSTATE class 22) quotes the value it refused.
  const quotesValues = typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
  const clean = (text: string | undefined) => {
    const withoutParams = text?.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/g, '\nparams: [omitidos]');
    return quotesValues ? withoutParams?.replace(/"[^"\n]*"/g, '"[omitido]"') : withoutParams;
  };
  return {
    type: error.name,
    message: clean(error.message),
    ...(code !== undefined ? { code } : {}),
    ...(constraint !== undefined ? { constraint } : {}),
    ...(routine !== undefined ? { routine } : {}),
    stack: clean(error.stack),
    ...(error.cause !== undefined && depth < 3 ? { cause: forTheLog(error.cause, depth + 1) } : {}),
  };
}

/** Errors of the router, before any route runs (Fastify's frameworkErrors), in the one envelope. */
export function frameworkError(error: FastifyError): { status: number; message: string } {
  switch (error.code) {
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 414, message: 'O endereço pedido é longo demais.' };
    case 'FST_ERR_BAD_URL':
      return { status: 400, message: 'O endereço pedido é inválido.' };
    default:
      return { status: 400, message: 'Requisição inválida.' };
  }
}

/** Failures Node's HTTP parser answers before Fastify sees a request (Fastify's clientErrorHandler). */
export function clientError(error: NodeJS.ErrnoException): { status: number; message: string } {
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
