import { describe, expect, it } from 'vitest';

import { maskCnpj, maskCpf, maskPhone } from '../../contract/lib/format';
import {
  BRAZILIAN_UFS,
  isValidCep,
  isValidCnpj,
  isValidCpf,
  isValidEmail,
  isValidPhone,
  isValidUf,
} from '../../contract/lib/validators';

describe('isValidCpf', () => {
  const valid = ['529.982.247-25', '111.444.777-35', '123.456.789-09', '935.411.347-80', '390.533.447-05'];

  it.each(valid)('accepts %s, masked and unmasked', (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
    expect(isValidCpf(cpf.replace(/\D/g, ''))).toBe(true);
  });

  it('accepts what maskCpf produces', () => {
    expect(isValidCpf(maskCpf('52998224725'))).toBe(true);
  });

  it.each([
    '529.982.247-26', // second check digit wrong
    '529.982.247-15', // first check digit wrong
    '123.456.789-00',
    '52998224752', // check digits swapped
  ])('refuses %s (invalid check digits)', (cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });

  it.each(['000.000.000-00', '111.111.111-11', '22222222222', '999.999.999-99'])(
    'refuses repeated digits %s, although their check digits compute',
    (cpf) => {
      expect(isValidCpf(cpf)).toBe(false);
    },
  );

  it.each(['', '529.982.247', '5299822472', '529982247255', 'abc.def.ghi-jk', '529.982.247-2a'])(
    'refuses malformed %j',
    (cpf) => {
      expect(isValidCpf(cpf)).toBe(false);
    },
  );

  it('refuses null and undefined', () => {
    expect(isValidCpf(null)).toBe(false);
    expect(isValidCpf(undefined)).toBe(false);
  });
});

describe('isValidCnpj', () => {
  const valid = [
    '11.222.333/0001-81',
    '12.345.678/0001-95',
    '33.000.167/0001-01', // Petrobras
    '00.000.000/0001-91', // Banco do Brasil
    '60.746.948/0001-12', // Bradesco
  ];

  it.each(valid)('accepts %s, masked and unmasked', (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(true);
    expect(isValidCnpj(cnpj.replace(/\D/g, ''))).toBe(true);
  });

  it('accepts what maskCnpj produces', () => {
    expect(isValidCnpj(maskCnpj('11222333000181'))).toBe(true);
  });

  it.each(['11.222.333/0001-82', '11.222.333/0001-91', '12.345.678/0001-90', '11222333000118'])(
    'refuses %s (invalid check digits)',
    (cnpj) => {
      expect(isValidCnpj(cnpj)).toBe(false);
    },
  );

  it.each(['00.000.000/0000-00', '11.111.111/1111-11', '99999999999999'])(
    'refuses repeated digits %s',
    (cnpj) => {
      expect(isValidCnpj(cnpj)).toBe(false);
    },
  );

  it.each(['', '11.222.333/0001', '1122233300018', '112223330001811', '52998224725'])(
    'refuses malformed %j',
    (cnpj) => {
      expect(isValidCnpj(cnpj)).toBe(false);
    },
  );

  it('refuses alphanumeric CNPJs, which the digits-only masks cannot hold', () => {
    expect(isValidCnpj('Q0.SLF.MBD/7VX4-39')).toBe(false);
  });

  it('refuses null and undefined', () => {
    expect(isValidCnpj(null)).toBe(false);
    expect(isValidCnpj(undefined)).toBe(false);
  });
});

describe('isValidPhone', () => {
  it.each([
    '(11) 98765-4321',
    '11987654321',
    '(11) 3333-4444',
    '1133334444',
    '(21) 2222-3333',
    '(99) 99123-4567',
    '(61) 3456-7890',
  ])('accepts %s', (phone) => {
    expect(isValidPhone(phone)).toBe(true);
  });

  it('accepts what maskPhone produces', () => {
    expect(isValidPhone(maskPhone('+55 11 98765-4321'))).toBe(true);
  });

  it.each(['(00) 98765-4321', '(01) 3333-4444', '(10) 98765-4321', '(20) 98765-4321', '(23) 3333-4444'])(
    'refuses %s (area code not assigned)',
    (phone) => {
      expect(isValidPhone(phone)).toBe(false);
    },
  );

  it.each(['', '11', '(11) 3333-444', '113333444', '119876543210', '+55 11 98765-4321'])(
    'refuses %j (not 10 or 11 digits)',
    (phone) => {
      expect(isValidPhone(phone)).toBe(false);
    },
  );

  it.each(['(11) 1333-4444', '(11) 0333-4444', '(11) 18765-4321', '(11) 70012-3456'])(
    'refuses %s (subscriber number outside the numbering plan)',
    (phone) => {
      expect(isValidPhone(phone)).toBe(false);
    },
  );

  it('refuses null and undefined', () => {
    expect(isValidPhone(null)).toBe(false);
    expect(isValidPhone(undefined)).toBe(false);
  });
});

describe('isValidCep', () => {
  it.each(['01310-100', '01310100', '20040-020', '01.310-100'])('accepts %s', (cep) => {
    expect(isValidCep(cep)).toBe(true);
  });

  it.each(['', '0131010', '013101000', '01310-10', 'abc01310100', '01310-10a'])('refuses %j', (cep) => {
    expect(isValidCep(cep)).toBe(false);
  });

  it('refuses null and undefined', () => {
    expect(isValidCep(null)).toBe(false);
    expect(isValidCep(undefined)).toBe(false);
  });
});

describe('BRAZILIAN_UFS and isValidUf', () => {
  it('lists the 26 states and the Distrito Federal once each', () => {
    expect(BRAZILIAN_UFS).toHaveLength(27);
    expect(new Set(BRAZILIAN_UFS).size).toBe(27);
    expect(BRAZILIAN_UFS).toContain('DF');
    for (const uf of BRAZILIAN_UFS) expect(uf).toMatch(/^[A-Z]{2}$/);
  });

  it.each([...BRAZILIAN_UFS])('accepts %s', (uf) => {
    expect(isValidUf(uf)).toBe(true);
  });

  it.each(['sp', 'Sp', ' SP', 'XX', 'BR', 'GB', '', 'SPA', null, undefined, 35])('refuses %j', (uf) => {
    expect(isValidUf(uf)).toBe(false);
  });
});

describe('isValidEmail', () => {
  it.each([
    'nome@restaurante.com.br',
    'maria.silva@example.com',
    'joao+reservas@sub.domain.org',
    'a_b-c@x-y.io',
    'CAIXA@EMPRESA.COM.BR',
  ])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    '',
    'nome',
    'nome@',
    '@restaurante.com',
    'nome@restaurante',
    'nome@@restaurante.com',
    'nome@rest@aurante.com',
    'nome @restaurante.com',
    ' nome@restaurante.com',
    'nome@restaurante.com ',
    'nome@restaurante..com',
    'nome@.restaurante.com',
    'nome@-restaurante.com',
    'nome@restaurante-.com',
    'nome@restaurante.c',
    'nome@restaurante.123',
    '.nome@restaurante.com',
    'nome.@restaurante.com',
    'no..me@restaurante.com',
    'nome<x>@restaurante.com',
  ])('refuses %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('refuses addresses longer than 254 characters', () => {
    const longLocal = 'a'.repeat(64);
    const domain = `${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(60)}.com`;
    expect(isValidEmail(`${longLocal}@${domain}`)).toBe(false);
    expect(isValidEmail(`${longLocal}@${'b'.repeat(60)}.com`)).toBe(true);
  });

  it('refuses null and undefined', () => {
    expect(isValidEmail(null)).toBe(false);
    expect(isValidEmail(undefined)).toBe(false);
  });
});
