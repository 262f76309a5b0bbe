import { describe, expect, it } from 'vitest';
import { brCode, crc16, pixKey, plainText, pixTxid } from '../../contract/resources/tabs/pix';
import { emvFields as fields } from './emv';

describe('the Pix BR Code', () => {
  it("closes the Banco Central Manual's own example with its CRC", () => {
    // Manual do BR Code, example of a static code (a random key, no amount): its CRC is 1D3D.
    const example =
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000' +
      '5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304';
    expect(crc16(example)).toBe('1D3D');
    // CRC-16/CCITT-FALSE's check value.
    expect(crc16('123456789')).toBe('29B1');
  });

  it("writes a guest's balance for the store's key, with a CRC over the rest", () => {
    const code = brCode({
      key: '12.345.678/0001-95',
      keyType: 'CNPJ',
      name: 'Cantina Bella Restaurante Italiano Ltda',
      city: 'São Paulo',
      amount: 12_345,
      txid: pixTxid(81, 204),
    });
    const read = fields(code);
    expect(read.get('00')).toBe('01');
    expect(fields(read.get('26')!)).toEqual(
      new Map([
        ['00', 'br.gov.bcb.pix'],
        ['01', '12345678000195'],
      ]),
    );
    expect(read.get('52')).toBe('0000');
    expect(read.get('53')).toBe('986');
    expect(read.get('54')).toBe('123.45');
    expect(read.get('58')).toBe('BR');
    expect(read.get('59')).toBe('Cantina Bella Restaurante');
    expect(read.get('60')).toBe('Sao Paulo');
    expect(fields(read.get('62')!).get('05')).toBe('PAINEL81C204');
    expect(code.slice(-8, -4)).toBe('6304');
    expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)));
    // One changed digit changes the CRC: a bank app refuses a code altered on the way.
    expect(crc16(code.slice(0, -4).replace('123.45', '923.45'))).not.toBe(code.slice(-4));
  });

  it('writes each kind of key as the Pix directory knows it', () => {
    expect(pixKey('123.456.789-09', 'CPF')).toBe('12345678909');
    expect(pixKey('+5511987654321', 'PHONE')).toBe('+5511987654321');
    expect(pixKey('(11) 98765-4321', 'PHONE')).toBe('+5511987654321');
    expect(pixKey(' Financeiro@Cantina.com.br ', 'EMAIL')).toBe('financeiro@cantina.com.br');
    expect(pixKey('123E4567-E12B-12D1-A456-426655440000', 'RANDOM')).toBe(
      '123e4567-e12b-12d1-a456-426655440000',
    );
  });

  it('keeps names and cities to plain letters within their limits, and refuses what cannot be paid', () => {
    expect(plainText('Sabor do Sertão — Açaí & Cia', 25)).toBe('Sabor do Sertao Acai & Ci');
    expect(plainText('Florianópolis', 15)).toBe('Florianopolis');
    const charge = { key: 'a@b.com', keyType: 'EMAIL', name: 'Loja', city: 'Recife' } as const;
    expect(() => brCode({ ...charge, amount: 0, txid: 'A1' })).toThrow();
    expect(() => brCode({ ...charge, amount: 100, txid: 'com espaço' })).toThrow();
    expect(fields(brCode({ ...charge, amount: 5, txid: 'A1' })).get('54')).toBe('0.05');
  });
});
