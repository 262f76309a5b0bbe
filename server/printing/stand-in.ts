/**
 * The local receipt printer: a stand-in for the restaurant's network printers, as the local OPDV
 * stands in for the point of sale. It listens where a printer does (TCP 9100), takes what a
 * connection sends as one print, reads its ESC/POS back into text (`readEscpos`), and keeps the
 * last prints — in memory for the tests, and as files in a folder for a person to read
 * (`impressora/0001.txt` beside the raw `.bin`). `npm start` runs it for the demo
 * (scripts/start.ts); the demo's kitchens print to it.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import CodepageEncoder, { type Codepage } from '@point-of-sale/codepage-encoder';

/** The code pages ESC t selects (Epson's numbering, as server/printing/escpos.ts writes it). */
const CODEPAGES: Record<number, Codepage> = {
  0: 'cp437',
  2: 'cp850',
  3: 'cp860',
  16: 'windows1252',
  19: 'cp858',
};

/** Characters a receipt may hold past ASCII: Latin-1's, the box drawing of rules, a few signs. */
const CANDIDATES = [
  ...Array.from({ length: 0x100 - 0xa0 }, (_, i) => String.fromCharCode(0xa0 + i)),
  ...Array.from({ length: 0x80 }, (_, i) => String.fromCharCode(0x2500 + i)),
  '€',
  '•',
  '–',
  '—',
  '‘',
  '’',
  '“',
  '”',
];

const tables = new Map<number, Map<number, string>>();
/** Byte → character of code page `number`, built from the encoder's own tables. */
function tableOf(number: number): Map<number, string> {
  let table = tables.get(number);
  if (table) return table;
  table = new Map();
  const name = CODEPAGES[number] ?? 'cp437';
  for (const char of CANDIDATES) {
    const [byte] = CodepageEncoder.encode(char, name);
    if (byte !== undefined && byte >= 0x80 && !table.has(byte)) table.set(byte, char);
  }
  tables.set(number, table);
  return table;
}

/** How many bytes each command takes after its first two (ESC x, GS x, FS x). */
const ARGUMENTS: Record<string, number> = {
  '1b40': 0, // ESC @ initialize
  '1b74': 1, // ESC t code page
  '1b45': 1, // ESC E bold
  '1b4d': 1, // ESC M font
  '1b61': 1, // ESC a alignment
  '1b64': 1, // ESC d feed lines
  '1b4a': 1, // ESC J feed dots
  '1b2d': 1, // ESC - underline
  '1b21': 1, // ESC ! print mode
  '1b7b': 1, // ESC { upside down
  '1d21': 1, // GS ! size
  '1d42': 1, // GS B reverse
  '1c2e': 0, // FS . leave kanji
};

/** The text of ESC/POS bytes: the characters printed, line by line, without the commands. */
export function readEscpos(bytes: Uint8Array): { text: string; cuts: number } {
  let codepage = 0;
  let text = '';
  let cuts = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (byte === 0x1b || byte === 0x1d || byte === 0x1c) {
      const command = `${byte.toString(16)}${(bytes[i + 1] ?? 0).toString(16).padStart(2, '0')}`;
      if (command === '1b74') codepage = bytes[i + 2] ?? 0;
      if (command === '1d56') {
        // GS V m: a cut; m 65/66 take a feed count after it.
        cuts += 1;
        i += (bytes[i + 2] ?? 0) >= 65 ? 3 : 2;
        continue;
      }
      i += 1 + (ARGUMENTS[command] ?? 0);
      continue;
    }
    if (byte === 0x0a) text += '\n';
    else if (byte >= 0x20 && byte < 0x7f) text += String.fromCharCode(byte);
    else if (byte >= 0x80) text += tableOf(codepage).get(byte) ?? '?';
  }
  return { text, cuts };
}

/** One print the stand-in received. */
export interface ReceivedPrint {
  n: number;
  at: Date;
  bytes: Buffer;
  text: string;
  cuts: number;
}

export interface PrinterStandIn {
  /** 'host:port', as a kitchen's printer setting names it. */
  address: string;
  port: number;
  /** The prints received, oldest first (the last `keep`). */
  received: ReceivedPrint[];
  /** Resolves once `count` prints in all have come (the tests' way to wait for a print). */
  waitFor(count: number): Promise<ReceivedPrint[]>;
  /** Stops answering: connections are refused, as a printer switched off. */
  close(): Promise<void>;
}

export interface PrinterStandInOptions {
  port?: number;
  host?: string;
  /** Where each print is written (NNNN.txt and NNNN.bin); none: memory only. */
  dir?: string;
  /** How many prints are kept in memory. */
  keep?: number;
  onPrint?: (print: ReceivedPrint) => void;
}

export async function startPrinterStandIn(options: PrinterStandInOptions = {}): Promise<PrinterStandIn> {
  const host = options.host ?? '127.0.0.1';
  const keep = options.keep ?? 200;
  const received: ReceivedPrint[] = [];
  let count = 0;
  const waiting: { count: number; resolve: (prints: ReceivedPrint[]) => void }[] = [];
  if (options.dir) fs.mkdirSync(options.dir, { recursive: true });

  const server = net.createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('end', () => {
      socket.end();
      const bytes = Buffer.concat(chunks);
      if (bytes.length === 0) return;
      count += 1;
      const print: ReceivedPrint = { n: count, at: new Date(), bytes, ...readEscpos(bytes) };
      received.push(print);
      if (received.length > keep) received.shift();
      if (options.dir) {
        const name = path.join(options.dir, String(count).padStart(4, '0'));
        fs.writeFileSync(`${name}.bin`, bytes);
        fs.writeFileSync(`${name}.txt`, print.text);
      }
      options.onPrint?.(print);
      for (const wait of waiting.splice(0)) {
        if (count >= wait.count) wait.resolve([...received]);
        else waiting.push(wait);
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  return {
    address: `${host}:${port}`,
    port,
    received,
    waitFor: (wanted) =>
      count >= wanted
        ? Promise.resolve([...received])
        : new Promise((resolve) => waiting.push({ count: wanted, resolve })),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
