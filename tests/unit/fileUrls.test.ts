import { afterEach, describe, expect, it } from 'vitest';
import { clearableFileUrl, fileUrl, optionalFileUrl, requiredFileUrl } from '../../contract/lib/fields';
import {
  FILE_URL_INVALID,
  filePrefix,
  firebaseFilePrefix,
  isFileUrl,
  trustFilePrefixes,
} from '../../contract/lib/fileUrls';

afterEach(() => trustFilePrefixes([]));

const FIREBASE =
  'https://firebasestorage.googleapis.com/v0/b/painel.appspot.com/o/images%2F1-logo.webp?alt=media&token=abc';

describe('the addresses a record may point to for a file', () => {
  it.each([
    '/uploads/images/platform/1700000000000-a1b2c3.webp',
    '/uploads/images/12/1700000000000-a1b2c3.png',
    '/uploads/videos/12/1700000000000-a1b2c3.mp4',
    '/uploads/images/2/foto_do-prato.jpg',
    '/uploads/defaults/opdv-placeholder.png',
    '/uploads/demo/stores/cantina-bella.svg',
  ])('takes this server’s file %s', (url) => {
    expect(isFileUrl(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'vbscript:msgbox(1)',
    'blob:https://painel.com.br/1',
    'https://atacante.example/logo.png',
    'http://atacante.example/uploads/images/platform/1-a.webp',
    '//atacante.example/uploads/images/platform/1-a.webp',
    '/\\atacante.example/x.png',
    '/api/account',
    '/uploads/images/platform/../../api/account',
    '/uploads/images/platform/%2e%2e/x.png',
    '/uploads/images/platform/.hidden.png',
    '/uploads/images/platform/1-a.svg',
    '/uploads/images/platform/1-a.webp?x=1',
    '/uploads/images/1-a.webp',
    '/uploads/outros/platform/1-a.webp',
    '/uploads/demo/../jwt-secret',
    '/uploads/demo',
    FIREBASE,
  ])('refuses %s', (url) => {
    expect(isFileUrl(url)).toBe(false);
  });

  it('takes https files under a trusted prefix only, compared once the address is resolved', () => {
    trustFilePrefixes([firebaseFilePrefix('painel.appspot.com'), 'https://cdn.painel.com.br']);
    expect(isFileUrl(FIREBASE)).toBe(true);
    expect(isFileUrl('https://cdn.painel.com.br/logos/1.webp')).toBe(true);
    for (const url of [
      'http://cdn.painel.com.br/logos/1.webp',
      'https://cdn.painel.com.br.atacante.example/1.webp',
      'https://cdn.painel.com.br@atacante.example/1.webp',
      'https://user:senha@cdn.painel.com.br/1.webp',
      'https://firebasestorage.googleapis.com/v0/b/outro.appspot.com/o/x.webp',
      'https://firebasestorage.googleapis.com/v0/b/painel.appspot.com/o/../../outro/o/x.webp',
      'https://firebasestorage.googleapis.com/v0/b/painel.appspot.com/o/%2e%2e/%2e%2e/outro/o/x.webp',
    ]) {
      expect(isFileUrl(url), url).toBe(false);
    }
  });

  it('reads a prefix as a folder of an https address, and refuses anything else', () => {
    expect(filePrefix('https://cdn.painel.com.br')).toBe('https://cdn.painel.com.br/');
    expect(filePrefix('https://CDN.painel.com.br/arquivos')).toBe('https://cdn.painel.com.br/arquivos/');
    for (const prefix of [
      'http://cdn.painel.com.br',
      'cdn.painel.com.br',
      'https://a.b/?x=1',
      'https://u:p@a.b/',
    ]) {
      expect(filePrefix(prefix), prefix).toBeNull();
    }
    expect(() => trustFilePrefixes(['http://cdn.painel.com.br'])).toThrow(/https/);
  });
});

describe('the zod blocks every file field is built from', () => {
  const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues[0]?.message;

  it('answer any other address with the same Portuguese message, in the forms as on the API', () => {
    for (const schema of [fileUrl, requiredFileUrl('Envie a imagem.'), optionalFileUrl, clearableFileUrl]) {
      expect(message(schema.safeParse('javascript:alert(1)'))).toBe(FILE_URL_INVALID);
      expect(message(schema.safeParse('https://atacante.example/a.png'))).toBe(FILE_URL_INVALID);
    }
    expect(message(fileUrl.safeParse(42))).toBe(FILE_URL_INVALID);
  });

  it('tell a missing file from a wrong one, and keep blank as absent or cleared as each field means', () => {
    expect(message(requiredFileUrl('Envie a imagem.').safeParse('  '))).toBe('Envie a imagem.');
    expect(optionalFileUrl.parse('')).toBeUndefined();
    expect(optionalFileUrl.parse(null)).toBeUndefined();
    expect(clearableFileUrl.parse('')).toBeNull();
    expect(clearableFileUrl.parse(undefined)).toBeUndefined();
    expect(fileUrl.parse(' /uploads/defaults/opdv-placeholder.png ')).toBe(
      '/uploads/defaults/opdv-placeholder.png',
    );
  });
});
