/**
 * Where the files a record points to (logos, photos, videos) may live. The address is shown by
 * every browser that opens the record, so it may only be one of this server's stored files or one
 * on an https address the deployment trusts (Firebase Storage's bucket, a CDN): never a script
 * (`javascript:`), inline data, or a stranger's host that would see who looks at it. Shared by the
 * web forms and the API, so both refuse the same addresses with the same words.
 */

export const FILE_URL_INVALID = 'Endereço de arquivo inválido: envie o arquivo pelo painel.';

/**
 * Where `POST /api/uploads` stores a file: `/uploads/<images|videos>/<store id|platform>/<name>`,
 * with one of the types it takes. The folder is written by nothing else, so a name of this shape
 * there is one of its files or nothing.
 */
const STORED =
  /^\/uploads\/(?:images|videos)\/(?:platform|\d+)\/[A-Za-z0-9_-][A-Za-z0-9._-]*\.(?:png|jpg|webp|mp4)$/;
/**
 * Files the server ships: the defaults (the OPDV import's placeholder) and the demo's pictures.
 * No segment starts with a dot, so none climbs out of the folder.
 */
const SHIPPED = /^\/uploads\/(?:defaults|demo)(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/;

let trusted: readonly string[] = [];

/** An https address as a prefix: normalized as a browser would, ending at a folder. */
export function filePrefix(address: string): string | null {
  if (!URL.canParse(address)) return null;
  const url = new URL(address);
  if (url.protocol !== 'https:' || url.username || url.password || url.search || url.hash) return null;
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

/**
 * Sets the https prefixes (`https://firebasestorage.googleapis.com/v0/b/<bucket>/o/`, a CDN's
 * origin) whose files records may point to, besides this server's. Configuration of the process:
 * the server sets it at start from its environment, the web app from its build's.
 */
export function trustFilePrefixes(prefixes: readonly string[]): void {
  trusted = prefixes.map((prefix) => {
    const normalized = filePrefix(prefix);
    if (!normalized) throw new Error(`Prefixo de arquivos inválido (use https://…): ${prefix}`);
    return normalized;
  });
}

/** The Firebase Storage prefix of a bucket, where the web app's uploads go when it is configured. */
export function firebaseFilePrefix(bucket: string): string {
  return `https://firebasestorage.googleapis.com/v0/b/${encodeURIComponent(bucket)}/o/`;
}

/** Whether a record may point to this address. */
export function isFileUrl(value: string): boolean {
  if (value.startsWith('/')) return STORED.test(value) || SHIPPED.test(value);
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  // The parsed form: `..` and its escapes are resolved before the prefix is compared.
  return trusted.some((prefix) => url.href.startsWith(prefix));
}
