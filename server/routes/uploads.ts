import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, forbidden, HttpError, notFound, tooManyRequests } from '../http-errors';
import { countAttempt } from '../auth/attempts';
import { forgetFiles, quotaMessage, recordUpload, UPLOAD_LIMITS } from '../storage/file-records';
import { ADMIN, callerOf } from '../plugins/access';
import { noteAudit, recordAudit } from '../plugins/audit';
import { inTransaction } from '../db/scope';
import { FOLDERS, INVALID_FILE, LARGEST_FILE, folderFor, isFolder, type Folder } from '../storage/folders';
import {
  ClientBodyError,
  fromClient,
  LocalStorage,
  storedPath,
  type Reception,
} from '../storage/local-storage';

const NO_FILE = 'Nenhum arquivo enviado.';
const ONE_FILE = 'Envie um arquivo por vez.';
const BAD_FOLDER = 'Pasta inválida: use images ou videos.';
const MALFORMED = 'Envio inválido: o arquivo não chegou completo.';
const NOT_FOUND = 'Arquivo não encontrado.';

/**
 * The parser's own limits, so that no body can fill memory or disk: one file, streamed, cut one
 * byte past the largest folder's limit (that byte tells "too large" from "exactly the limit"),
 * and a few small fields.
 */
const PARSER_LIMITS = {
  fileSize: LARGEST_FILE + 1,
  files: 1,
  fields: 4,
  fieldSize: 256,
  fieldNameSize: 64,
  parts: 5,
  headerPairs: 16,
};

/** A file we stored: `/uploads/<folder>/<store id or platform>/<timestamp>-<random>.<ext>`. */
const STORED_PATH = /^\/uploads\/((?:images|videos)\/(platform|\d+)\/\d+-[0-9a-f]+\.(?:png|jpg|webp|mp4))$/;

/** Where the file is (`/uploads/…`), as sent and as removed. */
const uploadAnswer = z.object({ data: z.object({ url: z.string() }) });
const tags = ['Arquivos'];
const deleteBody = z.strictObject({
  url: z
    .string({ error: 'Informe o endereço do arquivo.' })
    .min(1, 'Informe o endereço do arquivo.')
    .max(2000),
});

/**
 * Files of the API's own storage (used when Firebase Storage is not configured): upload, removal,
 * and serving them from `DATA_DIR/uploads`. Every stored file lies in the folder of the store that
 * sent it (`platform` for administrators), which is what removal checks.
 */
const uploadRoutes: FastifyPluginAsyncZod<{ dir: string }> = async (app, { dir }) => {
  const storage = new LocalStorage(dir, app.db);
  await storage.open();

  // Files, not API answers: kept out of the API reference.
  app.get('/uploads/*', { config: { access: 'public' }, schema: { hide: true } }, (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    // Names are unique and never reused, so browsers may keep them. @fastify/static refuses
    // paths that leave the root; dot paths (files still arriving) are not served.
    return reply.sendFile(file, dir, { maxAge: '30d', immutable: true, dotfiles: 'ignore' });
  });

  // The multipart parser is registered for the upload route alone.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: PARSER_LIMITS, throwFileSizeLimit: false });

    scope.post(
      '/api/uploads',
      {
        // The body streams in for as long as it takes: no transaction waits on it (its audit row is
        // written once the file is stored).
        config: { access: 'signed-in', audit: 'manual' },
        // A multipart body is read as a stream, part by part: it has no schema to validate.
        schema: {
          tags,
          summary: 'Enviar um arquivo (imagem PNG, JPEG ou WebP; vídeo MP4)',
          operationId: 'uploadFile',
          // Out of storage, or too many uploads in a short time.
          errors: [413, 429],
          description:
            'Corpo multipart/form-data: o arquivo no campo `file` e, se quiser, a pasta no campo ' +
            '`folder` (images, até 5 MB, ou videos, até 50 MB; sem ela, a pasta segue o tipo do ' +
            'arquivo). Um arquivo por vez.',
          response: { 201: uploadAnswer },
        },
      },
      async (request, reply) => {
        const owner = ownerFolder(request);
        const { accountId } = callerOf(request);
        if (!request.isMultipart()) throw badRequest(NO_FILE);
        // A rate per account, counted in the database (several instances share it), before the
        // body is read: every attempt counts, refused ones too.
        const rateKey = `upload:account:${accountId}`;
        const sent = await countAttempt(app.db, [rateKey], UPLOAD_LIMITS.windowMinutes);
        if ((sent.get(rateKey) ?? 0) > UPLOAD_LIMITS.uploadsPerWindow) {
          throw tooManyRequests('Muitos envios de arquivos. Tente novamente em alguns minutos.');
        }

        let folderField: unknown;
        let reception: Reception | undefined;
        try {
          for await (const part of fromClient(request.parts())) {
            if (part.type === 'field') {
              if (part.fieldname === 'folder') folderField = part.value;
              continue;
            }
            if (part.fieldname !== 'file') {
              part.file.resume(); // read past it; only `file` is a file we take
              continue;
            }
            reception = await storage.receive(part.file, (type) => {
              // The folder, when it came before the file, says which types it takes; otherwise
              // the type picks its folder, checked against the field once the form is read.
              const folder = isFolder(folderField) ? folderField : folderFor(type);
              return FOLDERS[folder].kind === type.kind ? FOLDERS[folder].maxBytes : null;
            });
          }
        } catch (error) {
          if (reception?.status === 'received') await reception.file.discard();
          if (!(error instanceof ClientBodyError)) throw error; // our disk, not the client's body
          // A file already refused keeps its refusal; the parser's own complaint comes after it.
          if (!reception || reception.status === 'received') throw badRequest(parserMessage(error));
        }

        if (!reception || reception.status === 'empty') throw badRequest(NO_FILE);
        let named: Folder | undefined;
        if (folderField !== undefined) {
          if (!isFolder(folderField)) {
            if (reception.status === 'received') await reception.file.discard();
            throw badRequest(BAD_FOLDER);
          }
          named = folderField;
        }
        if (reception.status === 'invalid') {
          throw badRequest(named ? FOLDERS[named].invalid : INVALID_FILE);
        }
        if (reception.status === 'too-large') {
          throw badRequest(FOLDERS[folderFor(reception.type)].tooLarge);
        }
        const { file } = reception;
        const folder = named ?? folderFor(file.type);
        if (FOLDERS[folder].kind !== file.type.kind) {
          await file.discard();
          throw badRequest(FOLDERS[folder].invalid);
        }
        // The quota is held on the exact size, once the file is read (a multipart body's length
        // is not its file's): the row is taken first, under the owner's lock, then the file is
        // moved in, so two uploads racing cannot pass the quota together.
        const stored = storedPath(folder, owner, file.type);
        const recorded = await recordUpload(app.db, {
          path: stored,
          owner,
          accountId,
          bytes: file.size,
        }).catch(async (error: unknown) => {
          await file.discard();
          throw error;
        });
        if (!recorded) {
          await file.discard();
          throw new HttpError(413, quotaMessage(owner));
        }
        await file.commit(stored).catch(async (error: unknown) => {
          await forgetFiles(app.db, [stored]);
          throw error;
        });
        request.log.info({ file: stored, bytes: file.size }, 'arquivo enviado');
        await inTransaction(app.db, (tx) =>
          recordAudit(tx, request, {
            action: 'upload',
            recordId: stored,
            storeId: owner === 'platform' ? null : Number(owner),
          }),
        );
        void reply.code(201);
        return { data: { url: `/uploads/${stored}` } };
      },
    );
  });

  app.delete(
    '/api/uploads',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Excluir um arquivo enviado (a equipe, só os do seu restaurante)',
        operationId: 'deleteFile',
        errors: [404],
        body: deleteBody,
        response: { 200: uploadAnswer },
      },
    },
    async (request) => {
      const owner = ownerFolder(request);
      const match = STORED_PATH.exec(pathOf(request.body.url));
      const relative = match?.[1];
      // Administrators remove any stored file; staff only their store's, and another store's
      // file answers as if it did not exist.
      if (!relative || (owner !== 'platform' && match[2] !== owner)) throw notFound(NOT_FOUND);
      if (!(await storage.remove(relative))) throw notFound(NOT_FOUND);
      noteAudit(request, {
        action: 'remove-upload',
        recordId: relative,
        storeId: owner === 'platform' ? null : Number(owner),
      });
      return { data: { url: request.body.url } };
    },
  );
};

/** The folder of the caller's files: their store's id, or `platform` for administrators. */
function ownerFolder(request: FastifyRequest): string {
  const caller = callerOf(request);
  if (caller.role === ADMIN) return 'platform';
  if (caller.storeId === null) throw forbidden('Sua conta não está vinculada a um restaurante.');
  return String(caller.storeId);
}

/** The path of a stored file's URL, relative (`/uploads/…`) or absolute (another API host). */
function pathOf(url: string): string {
  if (url.startsWith('/')) return url.split(/[?#]/, 1)[0] ?? '';
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.pathname : '';
  } catch {
    return '';
  }
}

function parserMessage(error: ClientBodyError): string {
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return code === 'FST_FILES_LIMIT' ? ONE_FILE : MALFORMED;
}

export default uploadRoutes;
