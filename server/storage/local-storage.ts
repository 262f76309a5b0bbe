import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/client';
import { forgetFiles, forgetFolder } from './file-records';
import { detectFileType, SNIFF_BYTES, type FileType } from './file-types';

/**
 * Files arrive here first and reach their folder by one rename, so a file under a served path
 * is always complete. A leading dot keeps the folder out of GET /uploads/*.
 */
const INCOMING = '.incoming';

/** An arrival older than this belongs to a process that died mid-upload. */
const STALE_AFTER_MS = 60 * 60 * 1000;

/** The client's body failed (malformed, cut short, over a parser limit), not our disk. */
export class ClientBodyError extends Error {
  constructor(cause: unknown) {
    super('multipart body failed', { cause });
    this.name = 'ClientBodyError';
  }
}

/**
 * Iterates a source fed by the client, telling its failures apart from those of the loop body
 * (ours: the disk), which pass through unchanged.
 */
export async function* fromClient<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let finished = false;
  try {
    for (;;) {
      let next: IteratorResult<T>;
      try {
        next = await iterator.next();
      } catch (error) {
        finished = true;
        throw new ClientBodyError(error);
      }
      if (next.done) {
        finished = true;
        return;
      }
      yield next.value;
    }
  } finally {
    if (!finished) await iterator.return?.();
  }
}

/** A complete file waiting in INCOMING: it becomes visible on commit, or disappears on discard. */
export interface ReceivedFile {
  type: FileType;
  size: number;
  /** Moves the file to its path under the root (see `storedPath`). */
  commit(relative: string): Promise<void>;
  discard(): Promise<void>;
}

export type Reception =
  | { status: 'received'; file: ReceivedFile }
  | { status: 'empty' }
  | { status: 'invalid'; type: FileType | null }
  | { status: 'too-large'; type: FileType };

/**
 * How many bytes a file of this type may have, or null when this type is refused here.
 * Asked once, as soon as the file's first bytes have told its type.
 */
export type SizePolicy = (type: FileType) => number | null;

const posixPath = (relative: string) => relative.split(path.sep).join('/');

/** A new file's path under the root, never used before: `<folder>/<owner>/<timestamp>-<random>.<ext>`. */
export const storedPath = (folder: string, owner: string, type: FileType) =>
  path.posix.join(folder, owner, `${Date.now()}-${crypto.randomBytes(6).toString('hex')}.${type.extension}`);

/** Uploaded files on the local disk (`DATA_DIR/uploads`), served back by GET /uploads/*. */
export class LocalStorage {
  readonly root: string;
  private readonly incoming: string;

  /** Removals also forget the files' rows in `stored_files`, so that quotas count what is there. */
  constructor(
    root: string,
    private readonly db: Db,
  ) {
    this.root = path.resolve(root);
    this.incoming = path.join(this.root, INCOMING);
  }

  /** Creates the arrivals folder and clears what a crashed process left in it. */
  async open(now = Date.now()): Promise<void> {
    await fs.mkdir(this.incoming, { recursive: true });
    for (const name of await fs.readdir(this.incoming)) {
      const file = path.join(this.incoming, name);
      const stat = await fs.stat(file).catch(() => null);
      if (stat && now - stat.mtimeMs > STALE_AFTER_MS) await fs.rm(file, { force: true });
    }
  }

  /**
   * Reads a file from the client. Its type comes from its first bytes; nothing touches the disk
   * before they are known to be an accepted type, and a refused file is read to its end (the
   * parser caps it) and thrown away, so the client receives our answer instead of a reset.
   */
  async receive(source: AsyncIterable<Buffer>, policy: SizePolicy): Promise<Reception> {
    let head = Buffer.alloc(0);
    let accepted: { type: FileType; maxBytes: number } | undefined;
    let refusal: Reception | undefined;
    let size = 0;
    let temp: { file: string; handle: fs.FileHandle } | undefined;
    const drop = async () => {
      if (!temp) return;
      const { file, handle } = temp;
      temp = undefined;
      await handle.close().catch(() => {});
      await fs.rm(file, { force: true });
    };

    try {
      for await (const chunk of fromClient(source)) {
        size += chunk.length;
        if (refusal) continue;
        let data = chunk;
        if (!accepted) {
          head = Buffer.concat([head, chunk]);
          if (head.length < SNIFF_BYTES) continue;
          const type = detectFileType(head);
          const maxBytes = type && policy(type);
          if (!type || maxBytes === null || maxBytes === undefined) {
            refusal = { status: 'invalid', type };
            continue;
          }
          accepted = { type, maxBytes };
          data = head;
        }
        if (size > accepted.maxBytes) {
          refusal = { status: 'too-large', type: accepted.type };
          await drop();
          continue;
        }
        temp ??= await this.createTemp();
        await temp.handle.write(data);
      }
      if (refusal) return refusal;
      if (size === 0) return { status: 'empty' };
      if (!accepted || !temp) return { status: 'invalid', type: null }; // shorter than any accepted type
      // On disk before it becomes visible: a crash after the rename never leaves an empty file.
      await temp.handle.datasync();
      await temp.handle.close();
      return { status: 'received', file: this.received(temp.file, accepted.type, size) };
    } catch (error) {
      await drop();
      throw error;
    }
  }

  /** Removes a stored file by its path under the root, with its row; false when there is none. */
  async remove(relative: string): Promise<boolean> {
    const file = this.resolve(relative);
    if (!file) return false;
    const removed = await unlink(file);
    await forgetFiles(this.db, [posixPath(path.relative(this.root, file))]);
    return removed;
  }

  /**
   * Removes a stored file whose row is already gone (housekeeping); false when there is none, as
   * when another instance removed it first.
   */
  async removeForgotten(relative: string): Promise<boolean> {
    const file = this.resolve(relative);
    return file ? unlink(file) : false;
  }

  /** Removes a whole folder under the root (a removed store's files); false when there is none. */
  async removeFolder(relative: string): Promise<boolean> {
    const folder = path.resolve(this.root, relative);
    const inside = path.relative(this.root, folder);
    if (!inside || inside.startsWith('..') || path.isAbsolute(inside) || inside.startsWith(INCOMING)) {
      return false;
    }
    const existed = await fs.stat(folder).then(
      (stat) => stat.isDirectory(),
      () => false,
    );
    await fs.rm(folder, { recursive: true, force: true });
    await forgetFolder(this.db, posixPath(inside));
    return existed;
  }

  /** The absolute path of a stored file, or null when `relative` leads out of the stored files. */
  private resolve(relative: string): string | null {
    const file = path.resolve(this.root, relative);
    const inside = path.relative(this.root, file);
    return file.startsWith(this.root + path.sep) && !inside.startsWith(INCOMING) ? file : null;
  }

  private async createTemp() {
    const file = path.join(this.incoming, `${crypto.randomBytes(12).toString('hex')}.part`);
    return { file, handle: await fs.open(file, 'wx') };
  }

  private received(temp: string, type: FileType, size: number): ReceivedFile {
    return {
      type,
      size,
      commit: async (relative) => {
        try {
          await fs.mkdir(path.dirname(path.join(this.root, relative)), { recursive: true });
          await fs.rename(temp, path.join(this.root, relative));
        } catch (error) {
          await fs.rm(temp, { force: true });
          throw error;
        }
      },
      discard: () => fs.rm(temp, { force: true }),
    };
  }
}

/** Removes a file; false when it was not there. */
async function unlink(file: string): Promise<boolean> {
  try {
    await fs.unlink(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
