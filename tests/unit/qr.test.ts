import { inflateSync } from 'node:zlib';
import JSZip from 'jszip';
import QRCode from 'qrcode';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QR_IMAGE_SIZE, qrPng, qrSvg, qrZip, tableLink } from '../../src/resources/floor/qr';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Bytes per pixel of an 8-bit PNG, by its colour type: grey, RGB, grey and alpha, RGBA. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

/** The Paeth predictor of the PNG standard. */
function paeth(left: number, up: number, upLeft: number) {
  const p = left + up - upLeft;
  const [a, b, c] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
  return a <= b && a <= c ? left : b <= c ? up : upLeft;
}

/** An 8-bit PNG read back, its rows unfiltered: its size and whether a pixel is black. */
function readPng(png: Uint8Array) {
  expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const chunks: { type: string; data: Uint8Array }[] = [];
  for (let at = 8; at < png.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    chunks.push({ type, data: png.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  expect(chunks[0]!.type).toBe('IHDR');
  expect(chunks.at(-1)!.type).toBe('IEND');
  const header = new DataView(chunks[0]!.data.buffer, chunks[0]!.data.byteOffset, 13);
  const width = header.getUint32(0);
  const height = header.getUint32(4);
  expect(header.getUint8(8)).toBe(8); // 8 bits a channel
  const bpp = CHANNELS[header.getUint8(9)]!;
  const packed = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  const stride = width * bpp;
  expect(packed.length).toBe((stride + 1) * height);
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = packed[y * (stride + 1)]!;
    for (let x = 0; x < stride; x++) {
      const raw = packed[y * (stride + 1) + 1 + x]!;
      const left = x >= bpp ? pixels[y * stride + x - bpp]! : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const upLeft = x >= bpp && y > 0 ? pixels[(y - 1) * stride + x - bpp]! : 0;
      const predicted = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter]!;
      pixels[y * stride + x] = (raw + predicted) & 0xff;
    }
  }
  return {
    width,
    height,
    // The first channel: grey, or red (the code is black on white).
    black: (x: number, y: number) => pixels[y * stride + x * bpp]! < 128,
  };
}

/** The code's modules as the PNG shows them, read at each module's centre, quiet zone included. */
function modulesOf(png: Uint8Array, size: number) {
  const image = readPng(png);
  // The library spreads the code and its quiet zone of 4 modules over the whole width.
  const scale = image.width / (size + 8);
  const at = (module: number) => Math.floor((4 + module + 0.5) * scale);
  return {
    image,
    matrix: Array.from({ length: size }, (_, row) =>
      Array.from({ length: size }, (_, col) => (image.black(at(col), at(row)) ? 1 : 0)),
    ),
  };
}

const matrixOf = (text: string) => {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'Q' });
  return {
    size: modules.size,
    matrix: Array.from({ length: modules.size }, (_, row) =>
      Array.from({ length: modules.size }, (_, col) => (modules.get(row, col) ? 1 : 0)),
    ),
  };
};

/** The page's origin: the default link is this product's guest page on it. */
const ORIGIN = 'https://painel.cantinabella.com.br';

beforeEach(() => {
  vi.stubGlobal('location', { origin: ORIGIN });
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** A table's secret token, as the tables' records carry it. */
const TOKEN = '3f9a1c27b54e4d8e9a0c6b1d2e7f8a90';
const BASE = 'https://painel.exemplo.com.br/mesa';

describe('tableLink', () => {
  it('is the base with the store as s, the table as t and its token as k', () => {
    expect(tableLink(12, 7, TOKEN, BASE)).toBe(`https://painel.exemplo.com.br/mesa?s=12&t=7&k=${TOKEN}`);
    expect(tableLink(3, 120, 'outro', BASE)).toBe('https://painel.exemplo.com.br/mesa?s=3&t=120&k=outro');
  });

  it('keeps a configured base, its path and its own query', () => {
    expect(tableLink(12, 7, TOKEN, 'https://m.exemplo.com.br/r/mesa?origem=qr')).toBe(
      `https://m.exemplo.com.br/r/mesa?origem=qr&s=12&t=7&k=${TOKEN}`,
    );
  });

  it("opens this product's guest page, /mesa on the page's origin, by default", () => {
    expect(tableLink(5, 9, TOKEN)).toBe(`${ORIGIN}/mesa?s=5&t=9&k=${TOKEN}`);
  });

  it("opens /mesa on the API's origin when the client talks to another server", async () => {
    vi.stubEnv('VITE_API_URL', 'https://api.exemplo.com/v1/');
    vi.resetModules();
    const { tableLink: ours } = await import('../../src/resources/floor/qr');
    expect(ours(5, 9, TOKEN)).toBe(`https://api.exemplo.com/mesa?s=5&t=9&k=${TOKEN}`);
  });

  it('reads its base from VITE_TABLE_LINK_URL, for a store whose own app takes the orders', async () => {
    vi.stubEnv('VITE_TABLE_LINK_URL', 'https://pedir.exemplo.com/t');
    vi.resetModules();
    const { tableLink: configured } = await import('../../src/resources/floor/qr');
    expect(configured(5, 9, TOKEN)).toBe(`https://pedir.exemplo.com/t?s=5&t=9&k=${TOKEN}`);
  });
});

describe('qrPng', () => {
  const link = tableLink(12, 7, TOKEN, BASE);

  it('is a square PNG of the configured size with exactly the code of the link', async () => {
    const expected = matrixOf(link);
    const { image, matrix } = modulesOf(await qrPng(link), expected.size);
    expect([image.width, image.height]).toEqual([QR_IMAGE_SIZE, QR_IMAGE_SIZE]);
    expect(matrix).toEqual(expected.matrix);
    // White around the code: the corners and the middle of each edge.
    for (const [x, y] of [
      [0, 0],
      [511, 0],
      [0, 511],
      [511, 511],
      [256, 2],
      [2, 256],
    ] as const) {
      expect(image.black(x, y)).toBe(false);
    }
  });

  it('differs from table to table', async () => {
    const [seven, eight] = await Promise.all([
      qrPng(tableLink(12, 7, TOKEN, BASE)),
      qrPng(tableLink(12, 8, TOKEN, BASE)),
    ]);
    expect(Buffer.from(seven).equals(Buffer.from(eight))).toBe(false);
  });
});

describe('qrSvg', () => {
  it('is an SVG document, black on white', async () => {
    const svg = await qrSvg(tableLink(12, 7, TOKEN, BASE));
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('#ffffff');
    expect(svg).toContain('#000000');
  });
});

describe('qrZip', () => {
  it('holds one PNG per table, named by its number, and tells its progress up to the total', async () => {
    const tables = [
      { table_number: 5, store_id: 12, token: TOKEN },
      { table_number: 6, store_id: 12, token: 'seis'.repeat(8) },
      { table_number: 10, store_id: 12, token: 'dez'.repeat(11) },
    ];
    const progress = vi.fn();

    const blob = await qrZip(tables, progress);

    expect(blob.type).toBe('application/zip');
    const zip = await JSZip.loadAsync(await blob.arrayBuffer());
    expect(Object.keys(zip.files)).toEqual(['mesa-5.png', 'mesa-6.png', 'mesa-10.png']);
    for (const table of tables) {
      const png = await zip.file(`mesa-${table.table_number}.png`)!.async('uint8array');
      // Each code is the table's link with its own token, on this product's guest page.
      const expected = matrixOf(`${ORIGIN}/mesa?s=12&t=${table.table_number}&k=${table.token}`);
      expect(modulesOf(png, expected.size).matrix).toEqual(expected.matrix);
    }
    expect(progress.mock.calls).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it('stores the PNGs without compressing them again', async () => {
    const png = await qrPng(tableLink(12, 5, TOKEN));
    const blob = await qrZip([{ table_number: 5, store_id: 12, token: TOKEN }]);
    const bytes = new Uint8Array(await blob.arrayBuffer());
    // Local file header: compression method at byte 8, 0 = stored; the PNG follows its name.
    expect(new DataView(bytes.buffer).getUint16(8, true)).toBe(0);
    expect(Buffer.from(bytes).indexOf(Buffer.from(png))).toBeGreaterThan(0);
  });

  it('is an empty zip for no tables, and tells no progress', async () => {
    const progress = vi.fn();
    const zip = await JSZip.loadAsync(await (await qrZip([], progress)).arrayBuffer());
    expect(Object.keys(zip.files)).toEqual([]);
    expect(progress).not.toHaveBeenCalled();
  });
});
