import { TABLE_LINK_URL } from '../../config';
import { saveFile } from '../../dataProvider/saveFile';

/**
 * The tables' QR codes (restaurant spec 7, QR codes): the link each one opens, its image (SVG on
 * screen and in print, PNG to download) and the zip of a whole floor. The qrcode and jszip
 * libraries load on first use, never with the floor.
 */

/** What a table's code needs (spec 3, Table QR data). */
export interface TableQr {
  table_number: number;
  store_id: number;
}

/** The shared short link with the store (`s`) and the table's number (`t`) in its query. */
export function tableLink(storeId: number, tableNumber: number, base: string = TABLE_LINK_URL): string {
  const url = new URL(base);
  url.searchParams.set('s', String(storeId));
  url.searchParams.set('t', String(tableNumber));
  return url.toString();
}

/** The downloaded image of a table's code. */
export const qrFilename = (tableNumber: number) => `mesa-${tableNumber}.png`;

/** Width and height of the PNG, in pixels: sharp when printed up to about 8 cm. */
export const QR_IMAGE_SIZE = 512;
/** The blank margin around a code, in modules, that the QR standard asks for. */
const QUIET_ZONE = 4;
/** Level Q recovers a quarter of the code: printed cards on tables get stained and scratched. */
const ERROR_CORRECTION = 'Q';

const loadQrCode = () => import('qrcode');

/** The code as an SVG document, black on white with its quiet zone: crisp at any size. */
export async function qrSvg(text: string): Promise<string> {
  const QRCode = await loadQrCode();
  return QRCode.toString(text, {
    type: 'svg',
    errorCorrectionLevel: ERROR_CORRECTION,
    margin: QUIET_ZONE,
    color: { dark: '#000000', light: '#ffffff' },
  });
}

/**
 * The code as a PNG of QR_IMAGE_SIZE pixels, black on white, at least QUIET_ZONE modules of margin.
 * Encoded here rather than drawn on a canvas: the same bytes in every browser, in a worker and in
 * the tests (jsdom has no canvas), and a 1-bit image of a few kilobytes.
 */
export async function qrPng(text: string): Promise<Uint8Array<ArrayBuffer>> {
  const QRCode = await loadQrCode();
  const { modules } = QRCode.create(text, { errorCorrectionLevel: ERROR_CORRECTION });
  const size = QR_IMAGE_SIZE;
  const scale = Math.floor(size / (modules.size + 2 * QUIET_ZONE));
  const offset = Math.floor((size - modules.size * scale) / 2);
  // One bit a pixel, 1 white and 0 black; each row starts with its filter byte (0, none).
  const stride = 1 + Math.ceil(size / 8);
  const pixels = new Uint8Array(stride * size);
  for (let row = 0; row < modules.size; row++) {
    const line = new Uint8Array(stride).fill(0xff);
    line[0] = 0;
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      for (let x = offset + col * scale; x < offset + (col + 1) * scale; x++) {
        line[1 + (x >> 3)]! &= ~(0x80 >> (x & 7));
      }
    }
    for (let y = offset + row * scale; y < offset + (row + 1) * scale; y++) pixels.set(line, y * stride);
  }
  // The quiet zone's rows, above and below the code.
  const blank = new Uint8Array(stride).fill(0xff);
  blank[0] = 0;
  for (let y = 0; y < size; y++) {
    if (y < offset || y >= offset + modules.size * scale) pixels.set(blank, y * stride);
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, size);
  view.setUint32(4, size);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  return concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', await zlibDeflate(pixels)),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
}

export type Progress = (done: number, total: number) => void;

/**
 * A zip with one PNG per table (`mesa-7.png`…), in the order given. `onProgress` is told after
 * each image, up to the total, so that a large floor shows how far it is.
 */
export async function qrZip(tables: TableQr[], onProgress?: Progress): Promise<Blob> {
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  let lastPause = Date.now();
  for (const [index, table] of tables.entries()) {
    zip.file(qrFilename(table.table_number), await qrPng(tableLink(table.store_id, table.table_number)));
    onProgress?.(index + 1, tables.length);
    // Let the page draw its progress bar now and then, not after the last image.
    if (Date.now() - lastPause > 50) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      lastPause = Date.now();
    }
  }
  // PNGs are compressed already: stored as they are, the zip is built at once.
  return zip.generateAsync({ type: 'blob', mimeType: 'application/zip', compression: 'STORE' });
}

/** Downloads one table's code as `mesa-N.png`. */
export async function downloadTableQr(table: TableQr): Promise<void> {
  const png = await qrPng(tableLink(table.store_id, table.table_number));
  saveFile(new Blob([png], { type: 'image/png' }), qrFilename(table.table_number));
}

/** Downloads the codes of many tables as one zip. */
export async function downloadQrZip(tables: TableQr[], onProgress?: Progress): Promise<void> {
  saveFile(await qrZip(tables, onProgress), 'qrcodes-mesas.zip');
}

const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A PNG chunk: length, type, data and the CRC of type and data. */
function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) chunk[4 + i] = type.charCodeAt(i);
  chunk.set(data, 8);
  view.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  return chunk;
}

let crcTable: Uint32Array | undefined;

function crc32(bytes: Uint8Array): number {
  crcTable ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * The zlib stream of a PNG's pixels: the browser's own compressor where it has one, else stored
 * blocks (older tablets' Safari, before 16.4: a valid PNG, only larger).
 */
async function zlibDeflate(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  if (typeof CompressionStream === 'undefined') return zlibStored(bytes);
  const compressor = new CompressionStream('deflate');
  const writer = compressor.writable.getWriter();
  const reader = compressor.readable.getReader();
  const chunks: Uint8Array[] = [];
  const read = async () => {
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
  };
  await Promise.all([writer.write(bytes).then(() => writer.close()), read()]);
  return concat(chunks);
}

function zlibStored(bytes: Uint8Array): Uint8Array {
  const BLOCK = 0xffff;
  const blocks = Math.max(1, Math.ceil(bytes.length / BLOCK));
  const out = new Uint8Array(2 + blocks * 5 + bytes.length + 4);
  out[0] = 0x78; // deflate, 32 KB window
  out[1] = 0x01; // no preset dictionary, fastest; 0x7801 is a multiple of 31 as zlib requires
  let at = 2;
  for (let block = 0; block < blocks; block++) {
    const part = bytes.subarray(block * BLOCK, (block + 1) * BLOCK);
    out[at] = block === blocks - 1 ? 1 : 0; // final block flag, type 00 (stored)
    out[at + 1] = part.length & 0xff;
    out[at + 2] = part.length >>> 8;
    out[at + 3] = ~part.length & 0xff;
    out[at + 4] = (~part.length >>> 8) & 0xff;
    out.set(part, at + 5);
    at += 5 + part.length;
  }
  let a = 1;
  let b = 0;
  for (const byte of bytes) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  new DataView(out.buffer).setUint32(at, ((b << 16) | a) >>> 0);
  return out;
}
