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
  if (sqlState === '23514' || sqlState === '23502' || sqlState === '22P02' || sqlState === '22003') {
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
