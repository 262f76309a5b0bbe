/** What a stored file is, told by its first bytes: never by its name or declared type. */
export interface FileType {
  kind: 'image' | 'video';
  extension: 'png' | 'jpg' | 'webp' | 'mp4';
}

/** Enough of a file's beginning to recognise every accepted type. */
export const SNIFF_BYTES = 16;

// MP4's `ftyp` box names a major brand; HEIC, AVIF, QuickTime and 3GP files carry the same box
// with brands of their own, so the box alone does not make a file an MP4.
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso7',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'M4V ',
  'M4VH',
  'M4VP',
  'dash',
  'mmp4',
  'MSNV',
  'XAVC',
]);

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

/** The type of a file from its first SNIFF_BYTES bytes, or null when it is none we accept. */
export function detectFileType(head: Uint8Array): FileType | null {
  if (head.length < SNIFF_BYTES) return null;
  // PNG: the 8-byte signature, then the IHDR chunk that must come first.
  if (
    head[0] === 0x89 &&
    ascii(head, 1, 4) === 'PNG' &&
    head[4] === 0x0d &&
    head[5] === 0x0a &&
    head[6] === 0x1a &&
    head[7] === 0x0a &&
    ascii(head, 12, 16) === 'IHDR'
  ) {
    return { kind: 'image', extension: 'png' };
  }
  // JPEG: start of image, then the marker of the first segment (0xC0 to 0xFE).
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff && head[3]! >= 0xc0 && head[3]! <= 0xfe) {
    return { kind: 'image', extension: 'jpg' };
  }
  // WebP: a RIFF container of form WEBP whose first chunk is lossy, lossless or extended.
  if (
    ascii(head, 0, 4) === 'RIFF' &&
    ascii(head, 8, 12) === 'WEBP' &&
    ['VP8 ', 'VP8L', 'VP8X'].includes(ascii(head, 12, 16))
  ) {
    return { kind: 'image', extension: 'webp' };
  }
  // MP4: an ISO media file opens with its `ftyp` box: size, type, major brand.
  const boxSize = new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(0);
  if (
    ascii(head, 4, 8) === 'ftyp' &&
    boxSize >= 16 &&
    boxSize % 4 === 0 &&
    MP4_BRANDS.has(ascii(head, 8, 12))
  ) {
    return { kind: 'video', extension: 'mp4' };
  }
  return null;
}
