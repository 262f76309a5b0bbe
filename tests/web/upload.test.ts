import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../src/lib/session';
import { API_URL, firebaseConfigFrom, type FirebaseConfig } from '../../src/config';
import {
  createUploader,
  deleteFile,
  storedName,
  uploadFile,
  UploadError,
  type UploaderSettings,
} from '../../src/dataProvider/upload';
import {
  imageGeometry,
  prepareImage,
  WEBP_QUALITY,
  type DecodedImage,
  type Geometry,
  type Graphics,
} from '../../src/lib/image';
import { makeToken } from './tokens';

// The Firebase SDK, as the uploader loads it: by dynamic import, only when configured.
const firebase = vi.hoisted(() => ({
  apps: [] as unknown[],
  initializeApp: vi.fn((options: unknown) => ({ name: '[DEFAULT]', options })),
  getStorage: vi.fn((app: unknown) => ({ app })),
  ref: vi.fn((_storage: unknown, path: string) => ({ fullPath: path })),
  uploadBytes: vi.fn(async () => ({})),
  getDownloadURL: vi.fn(
    async (ref: { fullPath: string }) =>
      `https://firebasestorage.googleapis.com/v0/b/painel.appspot.com/o/${encodeURIComponent(ref.fullPath)}?alt=media`,
  ),
  deleteObject: vi.fn(async () => {}),
}));
vi.mock('firebase/app', () => ({
  getApps: () => firebase.apps,
  initializeApp: (options: unknown) => {
    const app = firebase.initializeApp(options);
    firebase.apps.push(app);
    return app;
  },
}));
vi.mock('firebase/storage', () => ({
  getStorage: firebase.getStorage,
  ref: firebase.ref,
  uploadBytes: firebase.uploadBytes,
  getDownloadURL: firebase.getDownloadURL,
  deleteObject: firebase.deleteObject,
}));

const UPLOAD_FAILED = 'Não foi possível salvar a imagem!';
const DELETE_FAILED = 'Ops! Ocorreu um erro, tente novamente.';
const FIREBASE: FirebaseConfig = {
  apiKey: 'chave',
  storageBucket: 'painel.appspot.com',
  projectId: 'painel',
};

const photo = (name = 'Foto do Prato.JPG', type = 'image/jpeg') => new File(['jpeg bytes'], name, { type });
const webp = new Blob(['webp bytes'], { type: 'image/webp' });
const MP4_HEAD = '\0\0\0\x18ftypisom\0\0\x02\0isommp41';
const video = (content = `${MP4_HEAD}frames`, name = 'Promoção.mp4') =>
  new File([content], name, { type: 'video/mp4' });

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setup(overrides: Partial<UploaderSettings> = {}) {
  const fetch = vi.fn<typeof globalThis.fetch>(async () =>
    json(201, { data: { url: '/uploads/images/7/1-a.webp' } }),
  );
  const prepare = vi.fn(async () => webp);
  const uploader = createUploader({
    firebase: null,
    apiUrl: '',
    fetch,
    prepare,
    token: () => 'o-token',
    now: () => 1_767_225_600_000,
    ...overrides,
  });
  /** The one request sent: its URL, method, headers and body. */
  const sent = () => {
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    return { url, init: init!, headers: new Headers(init!.headers) };
  };
  return { uploader, fetch, prepare, sent };
}

async function rejection(promise: Promise<unknown>): Promise<UploadError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UploadError);
  return error as UploadError;
}

beforeEach(() => {
  firebase.apps.length = 0;
  vi.clearAllMocks();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('imageGeometry', () => {
  const geometry = (w: number, h: number, ratio?: 1 | 0.8, maxSize?: number): Geometry =>
    imageGeometry(w, h, { ratio, maxSize });

  it('crops the centre of the image to 1:1 and fits it in 1000×1000', () => {
    expect(geometry(4000, 3000, 1)).toEqual({
      sx: 500,
      sy: 0,
      sw: 3000,
      sh: 3000,
      width: 1000,
      height: 1000,
    });
    expect(geometry(3000, 4000, 1)).toEqual({
      sx: 0,
      sy: 500,
      sw: 3000,
      sh: 3000,
      width: 1000,
      height: 1000,
    });
  });

  it('crops to 4:5 (ratio 0.8) from landscape and portrait photos', () => {
    expect(geometry(4000, 3000, 0.8)).toEqual({
      sx: 800,
      sy: 0,
      sw: 2400,
      sh: 3000,
      width: 800,
      height: 1000,
    });
    expect(geometry(3000, 4000, 0.8)).toEqual({
      sx: 0,
      sy: 125,
      sw: 3000,
      sh: 3750,
      width: 800,
      height: 1000,
    });
    expect(geometry(1000, 1000, 0.8)).toEqual({
      sx: 100,
      sy: 0,
      sw: 800,
      sh: 1000,
      width: 800,
      height: 1000,
    });
  });

  it('without a ratio keeps the whole image and its aspect, fitted inside 1000×1000', () => {
    expect(geometry(4000, 3000)).toEqual({ sx: 0, sy: 0, sw: 4000, sh: 3000, width: 1000, height: 750 });
    expect(geometry(1200, 4800)).toEqual({ sx: 0, sy: 0, sw: 1200, sh: 4800, width: 250, height: 1000 });
  });

  it('never enlarges a small image', () => {
    expect(geometry(640, 480)).toEqual({ sx: 0, sy: 0, sw: 640, sh: 480, width: 640, height: 480 });
    expect(geometry(640, 480, 1)).toEqual({ sx: 80, sy: 0, sw: 480, sh: 480, width: 480, height: 480 });
  });

  it('takes another bound', () => {
    expect(geometry(4000, 3000, undefined, 200)).toMatchObject({ width: 200, height: 150 });
  });
});

describe('prepareImage', () => {
  function fakeBitmap(width: number, height: number): DecodedImage {
    return { width, height, close: vi.fn() };
  }
  const fakeContext = () => ({
    imageSmoothingEnabled: false,
    imageSmoothingQuality: 'low',
    drawImage: vi.fn(),
  });

  it('decodes with createImageBitmap and draws the crop on an OffscreenCanvas as webp', async () => {
    const bitmap = fakeBitmap(4000, 3000);
    const createImageBitmap = vi.fn(async () => bitmap);
    const context = fakeContext();
    const canvases: Array<{ width: number; height: number; options?: unknown }> = [];
    class FakeOffscreenCanvas {
      constructor(
        readonly width: number,
        readonly height: number,
      ) {
        canvases.push(this);
      }
      getContext() {
        return context;
      }
      async convertToBlob(options: unknown) {
        canvases.at(-1)!.options = options;
        return webp;
      }
    }
    vi.stubGlobal('createImageBitmap', createImageBitmap);
    vi.stubGlobal('OffscreenCanvas', FakeOffscreenCanvas);

    const source = photo();
    const result = await prepareImage(source, { ratio: 0.8 });

    expect(result).toBe(webp);
    expect(createImageBitmap).toHaveBeenCalledWith(source, { imageOrientation: 'from-image' });
    expect(canvases).toHaveLength(1);
    expect(canvases[0]).toMatchObject({
      width: 800,
      height: 1000,
      options: { type: 'image/webp', quality: WEBP_QUALITY },
    });
    expect(context.drawImage).toHaveBeenCalledWith(bitmap, 800, 0, 2400, 3000, 0, 0, 800, 1000);
    expect(context.imageSmoothingQuality).toBe('high');
    expect(bitmap.close).toHaveBeenCalled();
  });

  it('uses a <canvas> and toBlob where there is no OffscreenCanvas', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => fakeBitmap(2000, 1000)),
    );
    vi.stubGlobal('OffscreenCanvas', undefined);
    const context = fakeContext();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
      context as unknown as CanvasRenderingContext2D,
    );
    const toBlob = vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
      this: HTMLCanvasElement,
      callback,
    ) {
      expect([this.width, this.height]).toEqual([1000, 500]);
      callback(webp);
    });

    expect(await prepareImage(photo(), { quality: 0.5 })).toBe(webp);
    expect(context.drawImage).toHaveBeenCalledWith(expect.anything(), 0, 0, 2000, 1000, 0, 0, 1000, 500);
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/webp', 0.5);
  });

  it('rejects a file the browser cannot decode, and draws nothing', async () => {
    const graphics: Graphics = {
      decode: vi.fn(async () => {
        throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
      }),
      encode: vi.fn(),
    };
    await expect(prepareImage(photo('foto.png', 'image/png'), { graphics })).rejects.toThrow('decoded');
    expect(graphics.encode).not.toHaveBeenCalled();
  });
});

describe('uploadFile to our API', () => {
  it('converts an image and posts it with the folder and the bearer token, returning data.url', async () => {
    const { uploader, prepare, sent } = setup();

    const url = await uploader.uploadFile(photo(), { folder: 'images', ratio: 1 });

    expect(url).toBe('/uploads/images/7/1-a.webp');
    expect(prepare).toHaveBeenCalledWith(expect.any(File), { ratio: 1 });
    const { url: target, init, headers } = sent();
    expect(target).toBe('/api/uploads');
    expect(init.method).toBe('POST');
    expect(headers.get('Authorization')).toBe('Bearer o-token');
    expect(headers.get('Content-Type')).toBeNull(); // the browser sets the multipart boundary
    expect(init.signal).toBeInstanceOf(AbortSignal);
    const form = init.body as FormData;
    expect([...form.keys()]).toEqual(['folder', 'file']);
    expect(form.get('folder')).toBe('images');
    const file = form.get('file') as File;
    expect(file.name).toBe('Foto-do-Prato.webp');
    expect(file.type).toBe('image/webp');
  });

  it('sends a video as it is, to the videos folder', async () => {
    const { uploader, prepare, sent } = setup();
    await uploader.uploadFile(video(), { folder: 'videos' });
    expect(prepare).not.toHaveBeenCalled();
    const form = sent().init.body as FormData;
    expect(form.get('folder')).toBe('videos');
    expect((form.get('file') as File).name).toBe('Promocao.mp4');
  });

  it('puts the API host in front of the path when the API is on another origin', async () => {
    const { uploader, sent } = setup({ apiUrl: 'https://api.painel.com.br' });
    expect(await uploader.uploadFile(photo(), { folder: 'images' })).toBe(
      'https://api.painel.com.br/uploads/images/7/1-a.webp',
    );
    expect(sent().url).toBe('https://api.painel.com.br/api/uploads');
  });

  it("fails with the spec's message, keeping the server's reason", async () => {
    const { uploader, fetch } = setup();
    fetch.mockResolvedValueOnce(
      json(400, { error: { message: 'Arquivo inválido: envie uma imagem PNG, JPEG ou WebP.' } }),
    );
    const error = await rejection(uploader.uploadFile(photo(), { folder: 'images' }));
    expect(error.message).toBe(UPLOAD_FAILED);
    expect(error.detail).toBe('Arquivo inválido: envie uma imagem PNG, JPEG ou WebP.');
  });

  it('fails with the same message when the server cannot be reached or answers nonsense', async () => {
    const { uploader, fetch } = setup();
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect((await rejection(uploader.uploadFile(photo(), { folder: 'images' }))).message).toBe(UPLOAD_FAILED);
    fetch.mockResolvedValueOnce(new Response('<html>', { status: 502 }));
    expect((await rejection(uploader.uploadFile(photo(), { folder: 'images' }))).message).toBe(UPLOAD_FAILED);
    fetch.mockResolvedValueOnce(json(201, { data: {} }));
    expect((await rejection(uploader.uploadFile(photo(), { folder: 'images' }))).message).toBe(UPLOAD_FAILED);
  });

  it('refuses a renamed non-image before sending anything', async () => {
    const { uploader, fetch, prepare } = setup();
    prepare.mockRejectedValueOnce(
      new DOMException('The source image could not be decoded.', 'InvalidStateError'),
    );
    const error = await rejection(
      uploader.uploadFile(new File(['só texto'], 'foto.png', { type: 'image/png' }), { folder: 'images' }),
    );
    expect(error.message).toBe(UPLOAD_FAILED);
    expect(error.detail).toBe('Arquivo inválido: envie uma imagem PNG, JPEG ou WebP.');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses a video that is not an MP4, or is over 50 MB, before sending anything', async () => {
    const { uploader, fetch } = setup();
    const notMp4 = await rejection(
      uploader.uploadFile(video('só texto, nada de vídeo'), { folder: 'videos' }),
    );
    expect([notMp4.message, notMp4.detail]).toEqual([UPLOAD_FAILED, 'Arquivo inválido: envie um vídeo MP4.']);
    const big = video();
    Object.defineProperty(big, 'size', { value: 50 * 1024 * 1024 + 1 });
    const tooBig = await rejection(uploader.uploadFile(big, { folder: 'videos' }));
    expect([tooBig.message, tooBig.detail]).toEqual([
      UPLOAD_FAILED,
      'Arquivo grande demais: o limite é 50 MB.',
    ]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is wired to the session and the configured API by default', async () => {
    saveSession('gerente@cantinabella.com.br', makeToken({ role: 'MANAGER', store_id: 7 }));
    const fetch = vi.fn(async () => json(201, { data: { url: '/uploads/videos/7/1-a.mp4' } }));
    vi.stubGlobal('fetch', fetch);

    expect(await uploadFile(video(), { folder: 'videos' })).toBe(`${API_URL}/uploads/videos/7/1-a.mp4`);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${API_URL}/api/uploads`);
    expect(new Headers(init.headers).get('Authorization')).toMatch(/^Bearer ey/);
  });
});

describe('uploadFile to Firebase Storage', () => {
  it('is chosen when configured: images/<timestamp>-<name>, uploaded, download URL returned', async () => {
    const { uploader, fetch } = setup({ firebase: FIREBASE });

    const url = await uploader.uploadFile(photo(), { folder: 'images', ratio: 0.8 });

    expect(fetch).not.toHaveBeenCalled();
    expect(firebase.initializeApp).toHaveBeenCalledWith(FIREBASE);
    expect(firebase.ref).toHaveBeenCalledWith(expect.anything(), 'images/1767225600000-Foto-do-Prato.webp');
    expect(firebase.uploadBytes).toHaveBeenCalledWith(
      { fullPath: 'images/1767225600000-Foto-do-Prato.webp' },
      webp,
      expect.objectContaining({ contentType: 'image/webp' }),
    );
    expect(url).toBe(
      'https://firebasestorage.googleapis.com/v0/b/painel.appspot.com/o/images%2F1767225600000-Foto-do-Prato.webp?alt=media',
    );
  });

  it('puts videos in the videos folder, and starts the SDK once', async () => {
    const { uploader } = setup({ firebase: FIREBASE });
    await uploader.uploadFile(video(), { folder: 'videos' });
    await uploader.uploadFile(photo(), { folder: 'images' });
    expect(firebase.ref).toHaveBeenCalledWith(expect.anything(), 'videos/1767225600000-Promocao.mp4');
    expect(firebase.initializeApp).toHaveBeenCalledTimes(1);
    expect(firebase.getStorage).toHaveBeenCalledTimes(1);
  });

  it("fails with the spec's message when the upload fails", async () => {
    const { uploader } = setup({ firebase: FIREBASE });
    firebase.uploadBytes.mockRejectedValueOnce(
      Object.assign(new Error('denied'), { code: 'storage/unauthorized' }),
    );
    expect((await rejection(uploader.uploadFile(photo(), { folder: 'images' }))).message).toBe(UPLOAD_FAILED);
  });
});

describe('deleteFile', () => {
  it('asks our API to remove one of its files', async () => {
    const { uploader, fetch, sent } = setup();
    fetch.mockResolvedValueOnce(json(200, { data: { url: '/uploads/images/7/1-a.webp' } }));

    await uploader.deleteFile('/uploads/images/7/1-a.webp');

    const { url, init, headers } = sent();
    expect(url).toBe('/api/uploads');
    expect(init.method).toBe('DELETE');
    expect(headers.get('Authorization')).toBe('Bearer o-token');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({ url: '/uploads/images/7/1-a.webp' });
  });

  it('sends the path of a file saved with the API host in front', async () => {
    const { uploader, fetch, sent } = setup({ apiUrl: 'https://api.painel.com.br' });
    fetch.mockResolvedValueOnce(json(200, {}));
    await uploader.deleteFile('https://api.painel.com.br/uploads/images/7/1-a.webp');
    expect(sent().url).toBe('https://api.painel.com.br/api/uploads');
    expect(JSON.parse(sent().init.body as string)).toEqual({ url: '/uploads/images/7/1-a.webp' });
  });

  it('takes a 404 (gone, or not this store’s to remove) as done', async () => {
    const { uploader, fetch } = setup();
    fetch.mockResolvedValueOnce(json(404, { error: { message: 'Arquivo não encontrado.' } }));
    await expect(uploader.deleteFile('/uploads/images/8/1-a.webp')).resolves.toBeUndefined();
  });

  it("fails with the spec's message otherwise", async () => {
    const { uploader, fetch } = setup();
    fetch.mockResolvedValueOnce(
      json(500, { error: { message: 'Ocorreu um erro inesperado. Tente novamente.' } }),
    );
    expect((await rejection(uploader.deleteFile('/uploads/images/7/1-a.webp'))).message).toBe(DELETE_FAILED);
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect((await rejection(uploader.deleteFile('/uploads/images/7/1-a.webp'))).message).toBe(DELETE_FAILED);
  });

  it('leaves alone a URL that is not a stored file', async () => {
    const { uploader, fetch } = setup({ firebase: FIREBASE });
    await uploader.deleteFile('https://cdn.opdv.com.br/produtos/123.jpg');
    expect(fetch).not.toHaveBeenCalled();
    expect(firebase.deleteObject).not.toHaveBeenCalled();
  });

  it('removes a Firebase file from Firebase, and takes a missing one as done', async () => {
    const { uploader, fetch } = setup({ firebase: FIREBASE });
    const url =
      'https://firebasestorage.googleapis.com/v0/b/painel.appspot.com/o/images%2F1-a.webp?alt=media';
    await uploader.deleteFile(url);
    expect(firebase.ref).toHaveBeenCalledWith(expect.anything(), url);
    expect(firebase.deleteObject).toHaveBeenCalledWith({ fullPath: url });
    firebase.deleteObject.mockRejectedValueOnce(
      Object.assign(new Error('gone'), { code: 'storage/object-not-found' }),
    );
    await expect(uploader.deleteFile(url)).resolves.toBeUndefined();
    firebase.deleteObject.mockRejectedValueOnce(
      Object.assign(new Error('no'), { code: 'storage/unauthorized' }),
    );
    expect((await rejection(uploader.deleteFile(url))).message).toBe(DELETE_FAILED);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is wired to our API by default', async () => {
    const fetch = vi.fn(async () => json(200, {}));
    vi.stubGlobal('fetch', fetch);
    await deleteFile('/uploads/images/7/1-a.webp');
    expect(fetch).toHaveBeenCalledWith(
      `${API_URL}/api/uploads`,
      expect.objectContaining({ method: 'DELETE' }),
    );
  });
});

describe('storedName', () => {
  it('keeps a readable name, without accents or symbols, with the extension of the real type', () => {
    expect(storedName('Feijoada Completa (grande).HEIC.jpg', 'image/webp')).toBe(
      'Feijoada-Completa-grande-HEIC.webp',
    );
    expect(storedName('ção.png', 'image/png')).toBe('cao.png');
    expect(storedName('!!!.jpeg', 'image/webp')).toBe('arquivo.webp');
    expect(storedName('sem-extensao', '')).toBe('sem-extensao');
    expect(storedName('clip.MP4', 'application/octet-stream')).toBe('clip.mp4');
  });
});

describe('firebaseConfigFrom', () => {
  it('needs the API key and the bucket', () => {
    expect(firebaseConfigFrom({})).toBeNull();
    expect(firebaseConfigFrom({ VITE_FIREBASE_API_KEY: 'k' })).toBeNull();
    expect(firebaseConfigFrom({ VITE_FIREBASE_API_KEY: ' ', VITE_FIREBASE_STORAGE_BUCKET: 'b' })).toBeNull();
    expect(
      firebaseConfigFrom({
        VITE_FIREBASE_API_KEY: 'k',
        VITE_FIREBASE_STORAGE_BUCKET: 'painel.appspot.com',
        VITE_FIREBASE_PROJECT_ID: 'painel',
        VITE_FIREBASE_APP_ID: '',
        DEV: true,
      }),
    ).toEqual({ apiKey: 'k', storageBucket: 'painel.appspot.com', projectId: 'painel' });
  });
});
