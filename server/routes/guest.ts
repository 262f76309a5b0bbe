/**
 * The guest API behind the table's QR code (`/mesa`): no session, the table named by its code
 * (`s`, `t`, `k`), the phone by the `X-Painel-Device` header. The paths, words and limits are the
 * contract's (contract/resources/guest/paths.ts), the shapes its zod twin's (`./definition.ts`).
 *
 * Every refusal of a code is the same 403 ('Este QR code não vale mais…'), a malformed one too, so
 * a guess learns nothing; wrong codes are counted per address, and an address past the limit is
 * refused (429) whatever it sends. Orders and waiter calls are counted per phone and per table
 * before anything is done, outside the write's transaction, so a burst sent in parallel cannot all
 * read the same count. The ticket and the menu answer 304 to an unchanged `If-None-Match` from the
 * store's floor version alone, with no query: the page polls its ticket every two seconds.
 */
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEVICE_HEADER,
  GUEST_LIMITS,
  GUEST_MESSAGES,
  GUEST_PATHS,
  type TableCode,
} from '../../contract/resources/guest/paths';
import {
  deviceId,
  guestMenuAnswer,
  guestOrderInput,
  guestTabAnswer,
  guestWaiterInput,
  tableCode,
} from '../../contract/resources/guest/definition';
import { tabs } from '../../contract/resources/tabs/definition';
import { countAttempt } from '../auth/attempts';
import { attemptCounters } from '../db/schema';
import { inTransaction } from '../db/scope';
import { conflict, forbidden, HttpError, tooManyRequests } from '../http-errors';
import { recordAudit } from '../plugins/audit';
import {
  GUEST_ACTOR,
  countGuest,
  deviceHash,
  guestCallWaiter,
  guestGate,
  guestMenu,
  guestOrder,
  readGuestTab,
  type GuestPlace,
} from '../service/guest-orders';

const tags = ['Mesa (QR code)'];
const deviceHeaders = z.looseObject({
  [DEVICE_HEADER]: deviceId.describe('O aparelho do cliente: um id aleatório que a página guarda'),
});
const CODE_FIELDS = /^\/(s|t|k)(\/|$)/;

const guestRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const tagKey = app.tokens.deriveKey('guest-tag');

  const badCodesKey = (request: FastifyRequest) => `guest:code:${request.ip}`;

  /** Whether the caller's address has sent too many wrong codes in the current window. */
  async function guessing(request: FastifyRequest): Promise<boolean> {
    const { count, minutes } = GUEST_LIMITS.badCodesPerAddress;
    const [row] = await db
      .select({ count: attemptCounters.count })
      .from(attemptCounters)
      .where(
        and(
          eq(attemptCounters.key, badCodesKey(request)),
          sql`${attemptCounters.window_started_at} > now() - make_interval(mins => ${minutes})`,
        ),
      );
    return (row?.count ?? 0) >= count;
  }

  /** Counts a wrong code of the caller's address, and refuses it: 403, or 429 past the limit. */
  async function refuseCode(request: FastifyRequest): Promise<never> {
    const { count, minutes } = GUEST_LIMITS.badCodesPerAddress;
    const key = badCodesKey(request);
    const counted = await countAttempt(db, [key], minutes);
    if ((counted.get(key) ?? 0) > count) throw tooManyRequests(GUEST_MESSAGES.tooMany);
    throw forbidden(GUEST_MESSAGES.badCode);
  }

  /** The table the code names, for an address that is not guessing codes. */
  async function gate(request: FastifyRequest, code: TableCode): Promise<GuestPlace> {
    if (await guessing(request)) throw tooManyRequests(GUEST_MESSAGES.tooMany);
    try {
      return await guestGate(db, code);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 403) return refuseCode(request);
      throw error;
    }
  }

  /**
   * The routes validate with `attachValidation`: a malformed code is refused as a wrong one
   * (and counted), anything else malformed as usual (400 with the schema's message).
   */
  async function refuseInvalid(request: FastifyRequest): Promise<void> {
    const error = request.validationError as
      | (Error & { validation?: { instancePath?: string }[]; validationContext?: string })
      | undefined;
    if (!error) return;
    const aboutCode =
      error.validationContext !== 'headers' &&
      (error.validation ?? []).some((issue) => CODE_FIELDS.test(issue.instancePath ?? ''));
    if (aboutCode) await refuseCode(request);
    throw error;
  }

  /**
   * The validator of a GET: the store's floor version (moved by every write to its floor, its menu
   * and the store itself, the table's token included), with the code and the phone, signed with a
   * key of the server's so it cannot be made up. No query while the version is known.
   */
  async function tagOf(kind: string, code: TableCode, device = ''): Promise<string> {
    const version = await app.live.versionOf(code.s);
    const signed = crypto
      .createHmac('sha256', tagKey)
      .update(JSON.stringify([kind, code.s, code.t, code.k, device, version]))
      .digest('base64url')
      .slice(0, 32);
    return `W/"${kind}-${signed}"`;
  }

  const unchanged =
    (kind: string) =>
    async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      await refuseInvalid(request);
      const { s, t, k } = request.query as TableCode;
      const device = request.headers[DEVICE_HEADER];
      const tag = await tagOf(kind, { s, t, k }, typeof device === 'string' ? deviceHash(device) : '');
      void reply.header('etag', tag);
      if (request.headers['if-none-match'] === tag) return reply.code(304).send();
    };

  app.get(
    GUEST_PATHS.menu,
    {
      config: { access: 'public' },
      attachValidation: true,
      preHandler: unchanged('cardapio'),
      schema: {
        tags,
        summary: 'O cardápio da mesa do QR code: o restaurante, a mesa e o que o cliente pode pedir',
        operationId: 'getGuestMenu',
        errors: [403, 429],
        querystring: tableCode,
        response: { 200: guestMenuAnswer },
      },
    },
    async (request) => {
      const place = await gate(request, request.query);
      return { data: await db.transaction((tx) => guestMenu(tx, place)) };
    },
  );

  app.get(
    GUEST_PATHS.tab,
    {
      config: { access: 'public' },
      attachValidation: true,
      preHandler: unchanged('comanda'),
      schema: {
        tags,
        summary: 'A comanda deste aparelho na mesa do QR code (nunca a de outro cliente)',
        operationId: 'getGuestTab',
        errors: [403, 429],
        querystring: tableCode,
        headers: deviceHeaders,
        response: { 200: guestTabAnswer },
      },
    },
    async (request) => {
      const place = await gate(request, request.query);
      const who = { deviceHash: deviceHash(request.headers[DEVICE_HEADER]) };
      return { data: await readGuestTab(db, place, who) };
    },
  );

  app.post(
    GUEST_PATHS.orders,
    {
      // Counted before acting and outside the write: the order's transaction writes its own row.
      config: { access: 'public', audit: 'manual' },
      attachValidation: true,
      preHandler: refuseInvalid,
      schema: {
        tags,
        summary: 'Um pedido deste aparelho na mesa do QR code; abre a comanda de uma mesa livre',
        operationId: 'placeGuestOrder',
        errors: [403, 404, 409, 429],
        body: guestOrderInput,
        headers: deviceHeaders,
        response: { 201: guestTabAnswer },
      },
    },
    async (request, reply) => {
      const { s, t, k, name, items } = request.body;
      const code = { s, t, k };
      const place = await gate(request, code);
      const who = { deviceHash: deviceHash(request.headers[DEVICE_HEADER]) };
      await countGuest(db, [
        [`guest:order:device:${who.deviceHash}`, GUEST_LIMITS.ordersPerDevice],
        [`guest:order:table:${place.tableId}`, GUEST_LIMITS.ordersPerTable],
      ]);
      const ordered = await inTransaction(db, async (tx) => {
        const ordered = await guestOrder(tx, code, who, name, items);
        const count = ordered.itemIds.length;
        await recordAudit(tx, request, {
          actor: GUEST_ACTOR,
          action: 'qr-order',
          resource: tabs.name,
          recordId: ordered.orderId,
          storeId: ordered.place.storeId,
          summary: `Mesa ${ordered.place.tableNumber}: ${count} ${count === 1 ? 'item pedido' : 'itens pedidos'} por ${ordered.name}${
            ordered.held ? ', aguardando aprovação' : ''
          }`,
        });
        return ordered;
      });
      void reply.code(201);
      return { data: await readGuestTab(db, ordered.place, who) };
    },
  );

  app.post(
    GUEST_PATHS.waiter,
    {
      config: { access: 'public', audit: 'manual' },
      attachValidation: true,
      preHandler: refuseInvalid,
      schema: {
        tags,
        summary: 'Chama o garçom à mesa do QR code',
        operationId: 'callGuestWaiter',
        errors: [403, 409, 429],
        body: guestWaiterInput,
        headers: deviceHeaders,
        response: { 200: guestTabAnswer },
      },
    },
    async (request) => {
      const { s, t, k, name } = request.body;
      const code = { s, t, k };
      const place = await gate(request, code);
      const who = { deviceHash: deviceHash(request.headers[DEVICE_HEADER]) };
      await countGuest(db, [[`guest:waiter:device:${who.deviceHash}`, GUEST_LIMITS.waiterPerDevice]]);
      await inTransaction(db, async (tx) => {
        const called = await guestCallWaiter(tx, code, who, name);
        // Nothing to do: the call is on, and the floor shows it.
        if (called.already) throw conflict(GUEST_MESSAGES.waiterAlreadyCalled);
        await recordAudit(tx, request, {
          actor: GUEST_ACTOR,
          action: 'call-waiter',
          resource: tabs.name,
          recordId: called.orderId,
          storeId: called.place.storeId,
          summary: `Mesa ${called.place.tableNumber}: ${called.name} chamou o garçom pelo QR code`,
        });
      });
      return { data: await readGuestTab(db, place, who) };
    },
  );
};

export default guestRoutes;
