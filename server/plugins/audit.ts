import type { FastifyRequest } from 'fastify';

/**
 * What a route says of the write it makes, for its audit event: the action in the domain's words
 * (`settle`, `release`, `cancel-item`…), the record it concerns, the store, and the reason the
 * person gave. Anything left out is taken from the route (its resource, operation and id).
 */
export interface AuditNote {
  action?: string;
  resource?: string;
  recordId?: string | number;
  storeId?: number | null;
  /** Why, in the words of the person who did it (required for money and cancellations). */
  reason?: string;
  /** A short line in Portuguese that says what happened ('Mesa 4 liberada com R$ 12,00 em Pix'). */
  summary?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auditNote?: AuditNote;
  }
}

/** Adds to what the request's audit event will say (later calls win, field by field). */
export function noteAudit(request: FastifyRequest, note: AuditNote): void {
  request.auditNote = { ...request.auditNote, ...note };
}
