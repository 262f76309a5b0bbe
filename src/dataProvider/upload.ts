import type { FirebaseStorage } from 'firebase/storage';
import { readSession } from '../lib/session';
import { API_URL, FIREBASE_CONFIG, REQUEST_TIMEOUT_MS, type FirebaseConfig } from '../config';
import { prepareImage, type AspectRatio } from '../lib/image';

export type UploadFolder = 'images' | 'videos';

export interface UploadOptions {
  folder: UploadFolder;
  /** Images only: crop to 1:1 or 4:5 (products); without it the image is only fitted. */
  ratio?: AspectRatio;
}

export const UPLOAD_FAILED = 'Não foi possível salvar a imagem!';
export const DELETE_FAILED = 'Ops! Ocorreu um erro, tente novamente.';

const VIDEO_MAX_BYTES = 50 * 1024 * 1024;
// A 50 MB video needs minutes on a restaurant's Wi-Fi; the 60 s of every other call would cut it.
const VIDEO_TIMEOUT_MS = 10 * 60_000;

/** Upload and removal failures: the spec's message, and what went wrong when it is known. */
export class UploadError extends Error {
  constructor(
    message: string,
    /** The reason in the user's words (the server's refusal, a file that is not an image). */
    readonly detail?: string,
    cause?: unknown,
  ) {
    super(message, { cause });
    this.name = 'UploadError';
  }
}

/** What a notice says of a failed upload: the spec's message, then the reason when there is one. */
export function uploadFailureText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return error instanceof UploadError && error.detail ? `${message} ${error.detail}` : message;
}

export interface Uploader {
  /** Stores a file and returns the URL to save in the record. */
  uploadFile(file: File, options: UploadOptions): Promise<string>;
  /** Removes a stored file; a URL that is not ours (an external image, say) is left alone. */
  deleteFile(url: string): Promise<void>;
}

export interface UploaderSettings {
  /** Firebase Storage when configured, else our API. */
  firebase: FirebaseConfig | null;
  apiUrl?: string;
  fetch?: typeof fetch;
  token?: () => string | undefined;
  prepare?: typeof prepareImage;
  now?: () => number;
}

const EXTENSIONS: Record<string, string> = {
  'image/webp': 'webp',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'video/mp4': 'mp4',
};

/** A storage-safe name: the original's, without accents or symbols, with the real type's extension. */
export function storedName(original: string, type: string): string {
  const dot = original.lastIndexOf('.');
  const base =
    (dot > 0 ? original.slice(0, dot) : original)
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'arquivo';
  const extension =
    EXTENSIONS[type] ??
    (dot > 0
      ? original
          .slice(dot + 1)
          .toLowerCase()
          .replace(/[^a-z0-9]/g, '')
      : '');
  return extension ? `${base}.${extension}` : base;
}

/** The first bytes of a file (FileReader: every browser has it, Blob.arrayBuffer is newer). */
function readHead(file: Blob, bytes: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(file.slice(0, bytes));
  });
}

/** What the server checks too, said before minutes of sending a video it would refuse. */
async function checkVideo(file: File): Promise<File> {
  if (file.size > VIDEO_MAX_BYTES) {
    throw new UploadError(UPLOAD_FAILED, 'Arquivo grande demais: o limite é 50 MB.');
  }
  const head = await readHead(file, 8);
  if (String.fromCharCode(...head.subarray(4, 8)) !== 'ftyp') {
    throw new UploadError(UPLOAD_FAILED, 'Arquivo inválido: envie um vídeo MP4.');
  }
  return file;
}

function isFirebaseUrl(url: string, config: FirebaseConfig): boolean {
  return (
    url.startsWith('gs://') ||
    url.startsWith('https://firebasestorage.googleapis.com/') ||
    url.startsWith(`https://storage.googleapis.com/${config.storageBucket}/`)
  );
}

export function createUploader(settings: UploaderSettings): Uploader {
  const {
    firebase,
    apiUrl = API_URL,
    token = () => readSession()?.token,
    prepare = prepareImage,
    now = Date.now,
  } = settings;
  const send = (url: string, init: RequestInit) => (settings.fetch ?? fetch)(url, init);

  // The SDK is loaded the first time it is needed, and only when Firebase is configured.
  let firebaseStorage:
    Promise<{ storage: FirebaseStorage; sdk: typeof import('firebase/storage') }> | undefined;
  function loadFirebase(config: FirebaseConfig) {
    firebaseStorage ??= Promise.all([import('firebase/app'), import('firebase/storage')]).then(
      ([app, sdk]) => {
        const firebaseApp = app.getApps()[0] ?? app.initializeApp(config);
        return { storage: sdk.getStorage(firebaseApp), sdk };
      },
      (error: unknown) => {
        firebaseStorage = undefined; // a chunk that failed to load may load on the next try
        throw error;
      },
    );
    return firebaseStorage;
  }

  async function call(path: string, init: RequestInit, timeout: number): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('Accept', 'application/json');
    const bearer = token();
    if (bearer) headers.set('Authorization', `Bearer ${bearer}`);
    return send(`${apiUrl}${path}`, { ...init, headers, signal: AbortSignal.timeout(timeout) });
  }

  async function toApi(folder: UploadFolder, name: string, body: Blob): Promise<string> {
    const form = new FormData();
    // The folder goes first, so that the server knows what it is receiving as the file arrives.
    form.append('folder', folder);
    form.append('file', body, name);
    let response: Response;
    try {
      response = await call(
        '/api/uploads',
        { method: 'POST', body: form },
        folder === 'videos' ? VIDEO_TIMEOUT_MS : REQUEST_TIMEOUT_MS,
      );
    } catch (error) {
      throw new UploadError(UPLOAD_FAILED, 'Não foi possível conectar ao servidor.', error);
    }
    const json = (await response.json().catch(() => undefined)) as
      { data?: { url?: unknown }; error?: { message?: unknown } } | undefined;
    if (!response.ok) {
      const message = json?.error?.message;
      throw new UploadError(UPLOAD_FAILED, typeof message === 'string' ? message : undefined);
    }
    const url = json?.data?.url;
    if (typeof url !== 'string' || !url) throw new UploadError(UPLOAD_FAILED);
    // Our server answers /uploads/…; from another origin (VITE_API_URL) that path needs its host.
    return url.startsWith('/') ? `${apiUrl}${url}` : url;
  }

  async function toFirebase(config: FirebaseConfig, folder: UploadFolder, name: string, body: Blob) {
    const { storage, sdk } = await loadFirebase(config);
    const target = sdk.ref(storage, `${folder}/${now()}-${name}`);
    await sdk.uploadBytes(target, body, {
      contentType: body.type || undefined,
      // Names are never reused, so a stored file never changes.
      cacheControl: 'public, max-age=31536000, immutable',
    });
    return sdk.getDownloadURL(target);
  }

  /** The path of one of our API's files, or null. */
  function apiPath(url: string): string | null {
    if (url.startsWith('/uploads/')) return url;
    if (apiUrl && url.startsWith(`${apiUrl}/uploads/`)) return url.slice(apiUrl.length);
    return null;
  }

  return {
    async uploadFile(file, { folder, ratio }) {
      try {
        let body: Blob;
        if (folder === 'images') {
          body = await prepare(file, { ratio }).catch((error: unknown) => {
            throw new UploadError(
              UPLOAD_FAILED,
              'Arquivo inválido: envie uma imagem PNG, JPEG ou WebP.',
              error,
            );
          });
        } else {
          body = await checkVideo(file);
        }
        const name = storedName(file.name, body.type);
        return firebase ? await toFirebase(firebase, folder, name, body) : await toApi(folder, name, body);
      } catch (error) {
        throw error instanceof UploadError ? error : new UploadError(UPLOAD_FAILED, undefined, error);
      }
    },

    async deleteFile(url) {
      try {
        const path = apiPath(url);
        if (path) {
          const response = await call(
            '/api/uploads',
            {
              method: 'DELETE',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ url: path }),
            },
            REQUEST_TIMEOUT_MS,
          );
          // 404: already gone, or not this store's to remove (an administrator's upload): either
          // way the record no longer points at it, which is all the caller asked for.
          if (!response.ok && response.status !== 404) throw new Error(`HTTP ${response.status}`);
        } else if (firebase && isFirebaseUrl(url, firebase)) {
          const { storage, sdk } = await loadFirebase(firebase);
          await sdk.deleteObject(sdk.ref(storage, url)).catch((error: { code?: string }) => {
            if (error.code !== 'storage/object-not-found') throw error;
          });
        }
      } catch (error) {
        throw new UploadError(DELETE_FAILED, undefined, error);
      }
    },
  };
}

export const { uploadFile, deleteFile } = createUploader({ firebase: FIREBASE_CONFIG });
