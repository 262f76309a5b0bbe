/**
 * Sends ESC/POS bytes to a network receipt printer: raw TCP, port 9100 by default (the "JetDirect"
 * or "RAW" port every Ethernet receipt printer listens on). The protocol has no acknowledgement:
 * bytes handed to the network whole, the connection closed cleanly, is printed. What went wrong
 * decides what may be tried again: a printer that never answered got nothing (`unreachable`: try
 * again, or the fallback); a connection that broke once the bytes began to leave may have printed
 * part (`interrupted`: never sent again on its own).
 */
import net from 'node:net';
import { printerTarget } from './jobs';

export type SendResult = 'printed' | 'unreachable' | 'interrupted';

/** How long a printer may take to answer, and then to take the bytes. */
export const CONNECT_TIMEOUT_MS = 3_000;
export const SEND_TIMEOUT_MS = 10_000;

export function sendToPrinter(address: string, bytes: Uint8Array): Promise<SendResult> {
  const { host, port } = printerTarget(address);
  return new Promise((resolve) => {
    let connected = false;
    let settled = false;
    const socket = net.connect({ host, port });
    const done = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    let timer = setTimeout(() => done('unreachable'), CONNECT_TIMEOUT_MS);
    socket.on('connect', () => {
      connected = true;
      clearTimeout(timer);
      timer = setTimeout(() => done('interrupted'), SEND_TIMEOUT_MS);
      // 'finish': every byte handed to the network and our side closed.
      socket.end(Buffer.from(bytes), () => done('printed'));
    });
    socket.on('error', () => done(connected ? 'interrupted' : 'unreachable'));
    socket.on('close', () => done(connected ? 'interrupted' : 'unreachable'));
  });
}
