import { z } from 'zod';
import { recordId } from '../../lib/records';
import type { pixKeyTypeChoices } from '../financial/definition';

/**
 * Pix at the table: the BR Code ("copia e cola", and the QR code drawn from it) of a guest's
 * balance, for the store's own Pix key. Built as the Banco Central's "Manual do BR Code" lays it
 * out on EMV QRCPS-MPM: fields of an id, a two-digit length and a value, the Pix account under id
 * 26 (`br.gov.bcb.pix` and the key), the amount, the receiver's name and city, a reference (`txid`)
 * under 62, and a CRC-16/CCITT-FALSE of everything before it closing the code under 63.
 *
 * A static code (no payment provider): the guest's bank app pays the amount shown to the key, and
 * the staff confirm it by hand with 'Dar baixa'. Pure: the server answers it, the tests check it.
 */

/** CPF, CNPJ, EMAIL, PHONE or RANDOM, as a bank account keeps it (Financeiro). */
export type PixKeyType = (typeof pixKeyTypeChoices)[number]['id'];

/** What the code carries. `amount` in centavos; `txid`: letters and digits, up to 25. */
export interface PixCharge {
  key: string;
  keyType: PixKeyType;
  name: string;
  city: string;
  amount: number;
  txid: string;
}

/** The Manual's limits: the receiver's name up to 25 characters, the city up to 15. */
const NAME_MAX = 25;
const CITY_MAX = 15;
const TXID = /^[A-Za-z0-9]{1,25}$/;

/** One EMV field: its id, its value's length in two digits, its value. */
function field(id: string, value: string): string {
  if (value.length > 99) throw new Error(`Campo ${id} do BR Code longo demais (${value.length})`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, start 0xFFFF) of the code's bytes, as four hex digits. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(payload)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * Plain letters for the name and city: bank apps show them, and some read only ASCII ('São Paulo'
 * is 'Sao Paulo'), cut to the field's limit.
 */
export function plainText(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .,&'/-]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/**
 * The key as the Pix directory knows it: CPF and CNPJ by their digits, a phone with +55 and its
 * digits, an e-mail in lower case, a random key (a UUID) in lower case.
 */
export function pixKey(key: string, type: PixKeyType): string {
  const trimmed = key.trim();
  switch (type) {
    case 'CPF':
    case 'CNPJ':
      return trimmed.replace(/\D/g, '');
    case 'PHONE': {
      const digits = trimmed.replace(/\D/g, '');
      return `+${digits.startsWith('55') && digits.length > 11 ? digits : `55${digits}`}`;
    }
    case 'EMAIL':
    case 'RANDOM':
      return trimmed.toLowerCase();
  }
}

/** The BR Code of a charge: what the QR code draws and what "Pix copia e cola" pastes. */
export function brCode(charge: PixCharge): string {
  if (!TXID.test(charge.txid)) throw new Error(`txid inválido: ${charge.txid}`);
  if (!Number.isSafeInteger(charge.amount) || charge.amount <= 0) throw new Error('Valor do Pix inválido');
  const account = field('00', 'br.gov.bcb.pix') + field('01', pixKey(charge.key, charge.keyType));
  const body =
    field('00', '01') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    field('54', (charge.amount / 100).toFixed(2)) +
    field('58', 'BR') +
    field('59', plainText(charge.name, NAME_MAX) || 'RECEBEDOR') +
    field('60', plainText(charge.city, CITY_MAX) || 'BRASIL') +
    field('62', field('05', charge.txid)) +
    '6304';
  return body + crc16(body);
}

/** A guest's reference in the code, so that the store's statement names the tab it paid. */
export const pixTxid = (orderId: number, ticketId: number) => `PAINEL${orderId}C${ticketId}`;

/** A share's reference in the code (a share of a split bill, `S`, where a guest's is `C`). */
export const sharePixTxid = (orderId: number, shareId: number) => `PAINEL${orderId}S${shareId}`;

/**
 * The answer of the tabs' `pixCode` call, the code for a guest's balance (`ticket_id`), and of
 * `sharePix`, for a share of the split bill (`share_id`).
 */
export const pixCodeAnswer = z.object({
  data: z.object({
    order_id: recordId,
    ticket_id: recordId.nullable(),
    share_id: recordId.nullable(),
    amount: z.number().int(),
    code: z.string(),
    key: z.string(),
    key_type: z.string(),
    txid: z.string(),
    /**
     * A dynamic charge at the store's Pix provider, booked by its webhook when the guest pays;
     * false: a static code, confirmed by hand with 'Dar baixa'.
     */
    dynamic: z.boolean(),
  }),
});
export type PixCode = z.infer<typeof pixCodeAnswer>['data'];

export const NO_PIX_KEY =
  'O restaurante não tem chave Pix: cadastre uma chave em uma conta bancária (Financeiro) para receber por Pix.';
