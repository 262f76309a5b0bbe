import { tableLinkUrl } from '../../config';
import { guestLink } from '../../../contract/resources/guest/paths';
import { saveFile } from '../../dataProvider/saveFile';

/**
 * The tables' QR codes (restaurant spec 7, QR codes): the link each one opens, its image (SVG on
 * screen and in print, PNG to download) and the zip of a whole floor. The qrcode and jszip
 * libraries load on first use, never with the floor.
 */

/** What a table's code needs (spec 3, Table QR data), with the table's current token. */
export interface TableQr {
  table_number: number;
  store_id: number;
  token: string;
}

/**
 * The link a table's code opens: the guest page (or the store's own app) with the store (`s`), the
 * table's number (`t`) and its secret token (`k`) in its query. A rotated token makes a new link.
 */
export function tableLink(
  storeId: number,
  tableNumber: number,
  token: string,
  base: string = tableLinkUrl(),
): string {
  return guestLink(base, { s: storeId, t: tableNumber, k: token });
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
 * The code as a PNG of QR_IMAGE_SIZE pixels, black on white, with its quiet zone: drawn by the
 * qrcode library (on a canvas in the browser, by its PNG encoder elsewhere).
 */
export async function qrPng(text: string): Promise<Uint8Array<ArrayBuffer>> {
  const QRCode = await loadQrCode();
  const url = await QRCode.toDataURL(text, {
    type: 'image/png',
    width: QR_IMAGE_SIZE,
    errorCorrectionLevel: ERROR_CORRECTION,
    margin: QUIET_ZONE,
    color: { dark: '#000000', light: '#ffffff' },
  });
  return Uint8Array.from(atob(url.slice(url.indexOf(',') + 1)), (char) => char.charCodeAt(0));
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
    zip.file(
      qrFilename(table.table_number),
      await qrPng(tableLink(table.store_id, table.table_number, table.token)),
    );
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
  const png = await qrPng(tableLink(table.store_id, table.table_number, table.token));
  saveFile(new Blob([png], { type: 'image/png' }), qrFilename(table.table_number));
}

/** Downloads the codes of many tables as one zip. */
export async function downloadQrZip(tables: TableQr[], onProgress?: Progress): Promise<void> {
  saveFile(await qrZip(tables, onProgress), 'qrcodes-mesas.zip');
}
