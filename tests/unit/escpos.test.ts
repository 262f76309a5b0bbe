import { describe, expect, it } from 'vitest';
import {
  kitchenTicketDocument,
  receiptDocument,
  type KitchenTicket,
} from '../../contract/resources/printing/documents';
import { escposOf } from '../../server/printing/escpos';
import { readEscpos } from '../../server/printing/stand-in';

/** Friday night, 20:41 in São Paulo: table 3 sends two pizzas and a calzone to the wood oven. */
const TICKET: KitchenTicket = {
  station: 'Forno a lenha',
  orderId: 812,
  tableNumber: 3,
  guest: 'Ana Souza',
  sentAt: '2026-11-27T23:41:00Z',
  items: [
    {
      id: 1,
      product_id: 5,
      name: 'Pizza margherita grande com borda recheada',
      status: 'PLACED',
      product_price: 6900,
      quantity: 1,
      complements: [{ name: 'Borda de catupiry', price: 900, quantity: 1 }],
      observations: 'sem manjericão',
    },
    {
      id: 2,
      product_id: 5,
      name: 'Pizza margherita grande com borda recheada',
      status: 'PLACED',
      product_price: 6900,
      quantity: 1,
      complements: [{ name: 'Borda de catupiry', price: 900, quantity: 1 }],
      observations: 'sem manjericão',
    },
    {
      id: 3,
      product_id: 7,
      name: 'Calzone de linguiça',
      status: 'PLACED',
      product_price: 5400,
      quantity: 2,
      complements: [{ name: 'Azeite trufado', price: 500, quantity: 2 }],
      observations: null,
    },
  ],
};

/** Bytes as a person can read them in a diff: printable ASCII as is, every other byte as <hex>. */
function dump(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) {
    if (byte === 0x0a) out += '<0a>\n';
    else if (byte >= 0x20 && byte < 0x7f && byte !== 0x3c) out += String.fromCharCode(byte);
    else out += `<${byte.toString(16).padStart(2, '0')}>`;
  }
  return out;
}

describe('ESC/POS of the print model', () => {
  it("pins the bytes of a station's kitchen ticket on 58 mm paper", async () => {
    const bytes = escposOf(kitchenTicketDocument(TICKET), 58);
    await expect(dump(bytes)).toMatchFileSnapshot('./escpos/kitchen-58mm.txt');
    // Initialized first, cut last.
    expect([...bytes.slice(0, 2)]).toEqual([0x1b, 0x40]);
    expect([...bytes.slice(-4)]).toEqual([0x1d, 0x56, 0x01, 0x0a]);
  });

  it('pins the bytes of a payment receipt on 80 mm paper', async () => {
    const receipt = receiptDocument({
      storeName: 'Cantina Bella',
      orderId: 812,
      tableNumber: 3,
      guest: 'Ana Souza',
      method: 'PIX',
      amount: 15_873,
      paidAt: '2026-11-28T01:12:00Z',
      left: 0,
    });
    await expect(dump(escposOf(receipt, 80))).toMatchFileSnapshot('./escpos/receipt-80mm.txt');
  });

  it('reads back as the kitchen reads it: accents, counts, complements and observations, within the paper', () => {
    for (const paper of [58, 80] as const) {
      const { text, cuts } = readEscpos(escposOf(kitchenTicketDocument(TICKET), paper));
      const lines = text.split('\n');
      expect(cuts).toBe(1);
      expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(paper === 58 ? 32 : 48);
      const flat = lines
        .map((line) => line.trim())
        .join(' ')
        .replace(/\s+/g, ' ');
      expect(flat).toContain('Forno a lenha');
      expect(flat).toMatch(/Mesa 3 #812/);
      expect(flat).toContain('Ana Souza');
      expect(flat).toMatch(/Enviado às 20:41/);
      // The two identical pizzas read as one line of two; the calzones keep their count.
      expect(flat).toContain('2× Pizza margherita grande com borda recheada');
      expect(flat).toContain('+ Borda de catupiry');
      expect(flat).toContain('Obs.: sem manjericão');
      expect(flat).toContain('2× Calzone de linguiça');
      expect(flat).toContain('+ 2× Azeite trufado');
      expect(flat).not.toContain('R$');
      expect(flat).not.toContain('?');
    }
  });

  it('marks a reprint at the top, so the kitchen does not cook it twice', () => {
    const { text } = readEscpos(escposOf(kitchenTicketDocument({ ...TICKET, reprint: true }), 80));
    expect(text.split('\n').slice(0, 3).join('\n')).toContain('*** REIMPRESSÃO ***');
  });
});
