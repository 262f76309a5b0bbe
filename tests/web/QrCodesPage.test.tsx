import { screen, waitFor, within } from '@testing-library/react';
import JSZip from 'jszip';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { saveFile } from '../../src/dataProvider/saveFile';
import { QrCodesPage } from '../../src/resources/floor/QrCodesPage';
import { qrPng, qrSvg } from '../../src/resources/floor/qr';
import { canAccessResource } from '../../src/authProvider';
import { definitions } from '../../contract/definitions';
import { DEFAULT_PERMISSIONS } from '../../contract/permissions';
import { TOKEN_MESSAGES } from '../../contract/resources/floor/guestCodes';
import { renderScreen } from './renderScreen';

vi.mock('../../src/dataProvider/saveFile', () => ({ saveFile: vi.fn() }));

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Each table's secret token, as the tables' records carry it; a rotation gives a new one. */
const tokenOf = (number: number, round = 1) => `${'t'.repeat(round)}oken${number}`.padEnd(32, '0');

const tableRecord = (id: number, number: number, token = tokenOf(number)) => ({
  id,
  store_id: 2,
  number,
  name: `Mesa ${number}`,
  status: 'AVAILABLE',
  order_id: null,
  order: null,
  token,
  created_at: '2026-03-01T12:00:00.000Z',
});

/** The link table `number`'s code carries: this product's guest page, with the table's token. */
const linkOf = (number: number, token = tokenOf(number)) =>
  `${location.origin}/mesa?s=2&t=${number}&k=${token}`;

/** The image a card shows for a link, as QrImage draws it. */
const svgOf = async (link: string) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(await qrSvg(link))}`;

/** What a waiter holds by default: the floor, but neither the managers' calls nor Configurações. */
const asWaiter = ({ resource, action }: { resource?: string; action: string }) =>
  canAccessResource(definitions, 'WAITER', resource ?? '', action, DEFAULT_PERMISSIONS.WAITER);

/**
 * The QR codes page over a fake API that holds the tables (their tokens change when rotated) and
 * the store's 'Aprovar pedidos da mesa'.
 */
function setup(
  numbers: number[] = [1, 2, 7],
  { approval = false, canAccess }: { approval?: boolean; canAccess?: typeof asWaiter } = {},
) {
  let tables = numbers.map((number, i) => tableRecord(i + 1, number));
  const settings = { approval };
  const http = vi.fn<HttpClient>(async (path, request) => {
    if (path === '/api/tables') return { data: { results: tables, total: tables.length } };
    if (path === '/api/stores/id/2') return { data: { id: 2, name: 'Cantina Bella' } };
    if (path === '/api/tables/guest-settings' && request?.method === 'GET') return { data: settings };
    if (path === '/api/tables/guest-settings' && request?.method === 'PUT') {
      settings.approval = (request.body as { approval: boolean }).approval;
      return { data: settings };
    }
    if (path === '/api/tables/tokens' && request?.method === 'POST') {
      tables = tables.map((table) => ({ ...table, token: tokenOf(table.number, 2) }));
      return { data: { rotated: tables.length } };
    }
    const one = /^\/api\/tables\/id\/(\d+)\/token$/.exec(path);
    if (one && request?.method === 'POST') {
      tables = tables.map((table) =>
        table.id === Number(one[1]) ? { ...table, token: tokenOf(table.number, 2) } : table,
      );
      return { data: tables.find((table) => table.id === Number(one[1])) };
    }
    throw new Error(`Chamada inesperada: ${request?.method ?? 'GET'} ${path}`);
  });
  const view = renderScreen(
    '/hall/qrcodes',
    { '/hall/qrcodes': <QrCodesPage />, '/hall': <p>Salão</p>, '/hall/create': <p>Criar mesas</p> },
    http,
    { history: ['/hall'], canAccess },
  );
  return { ...view, http, settings };
}

const imageOf = (number: number) => screen.getByRole('img', { name: `QR code da mesa ${number}` });

/** A Blob's bytes, read the way jsdom can. */
const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });

afterEach(() => {
  vi.mocked(saveFile).mockReset();
  vi.restoreAllMocks();
});

describe('QR codes of the tables (/hall/qrcodes)', () => {
  it("shows each table's card with its QR code, the store and the hint", async () => {
    const { http } = setup();

    await waitFor(() => expect(screen.getAllByRole('img', { name: /^QR code da mesa/ })).toHaveLength(3));
    const images = screen.getAllByRole('img', { name: /^QR code da mesa/ });
    expect(images.map((image) => image.getAttribute('alt'))).toEqual([
      'QR code da mesa 1',
      'QR code da mesa 2',
      'QR code da mesa 7',
    ]);
    for (const image of images) expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    // Each code is the table's own link to the guest page, with its token.
    for (const number of [1, 2, 7]) {
      expect(imageOf(number).getAttribute('src')).toBe(await svgOf(linkOf(number)));
    }

    const card = screen.getByRole('listitem', { name: 'Mesa 7' });
    expect(within(card).getByRole('heading', { name: 'Mesa 7' })).toBeInTheDocument();
    expect(await within(card).findByText('Cantina Bella')).toBeInTheDocument();
    expect(within(card).getByText('Aponte a câmera para ver o cardápio e pedir')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Baixar QR code da mesa 7' })).toBeInTheDocument();

    expect(http).toHaveBeenCalledWith('/api/tables', {
      query: { page: 1, page_size: 500, sort_field: 'number', sort_order: 'ASC', search: undefined },
    });
    // One read of the store for all the cards.
    expect(http.mock.calls.filter(([path]) => path === '/api/stores/id/2')).toHaveLength(1);
  });

  it('downloads every code in one zip, one PNG per table number', async () => {
    const { user } = setup();
    await screen.findAllByRole('img', { name: /^QR code da mesa/ });

    await user.click(screen.getByRole('button', { name: 'Baixar todos (.zip)' }));

    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    const [blob, filename] = vi.mocked(saveFile).mock.calls[0]!;
    expect(filename).toBe('qrcodes-mesas.zip');
    const zip = await JSZip.loadAsync(await bytesOf(blob));
    expect(Object.keys(zip.files)).toEqual(['mesa-1.png', 'mesa-2.png', 'mesa-7.png']);
    for (const number of [1, 2, 7]) {
      const png = await zip.file(`mesa-${number}.png`)!.async('uint8array');
      expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
      expect(Buffer.from(png).equals(Buffer.from(await qrPng(linkOf(number))))).toBe(true);
    }
    // Ready for the next download.
    expect(await screen.findByRole('button', { name: 'Baixar todos (.zip)' })).toBeEnabled();
  });

  it("downloads one table's code as mesa-N.png", async () => {
    const { user } = setup();
    const card = await screen.findByRole('listitem', { name: 'Mesa 2' });

    await user.click(within(card).getByRole('button', { name: 'Baixar QR code da mesa 2' }));

    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    const [blob, filename] = vi.mocked(saveFile).mock.calls[0]!;
    expect(filename).toBe('mesa-2.png');
    expect(blob.type).toBe('image/png');
    const png = await bytesOf(blob);
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(Buffer.from(png).equals(Buffer.from(await qrPng(linkOf(2))))).toBe(true);
  });

  it('prints the page', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user } = setup();
    await screen.findAllByRole('listitem');

    await user.click(screen.getByRole('button', { name: 'Imprimir' }));

    expect(print).toHaveBeenCalledTimes(1);
  });

  it('goes back to the floor with VOLTAR', async () => {
    const { user, location } = setup();
    await user.click(await screen.findByRole('link', { name: 'VOLTAR' }));
    await waitFor(() => expect(location()?.pathname).toBe('/hall'));
  });

  it('offers to create tables when the store has none, with nothing to download or print', async () => {
    const { user, location } = setup([]);

    expect(await screen.findByText('Nenhuma mesa cadastrada.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Baixar todos (.zip)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeDisabled();

    await user.click(screen.getByRole('link', { name: 'Criar mesas' }));
    await waitFor(() => expect(location()?.pathname).toBe('/hall/create'));
  });

  it('gives one table a new code after the confirmation, and draws it from the new token', async () => {
    const { user, http } = setup();
    await waitFor(() => expect(screen.getAllByRole('img', { name: /^QR code da mesa/ })).toHaveLength(3));
    const before = imageOf(1).getAttribute('src');
    const card = screen.getByRole('listitem', { name: 'Mesa 7' });

    await user.click(within(card).getByRole('button', { name: 'Trocar código da mesa 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trocar o código da mesa 7?' });
    expect(within(dialog).getByText(TOKEN_MESSAGES.confirm)).toBeInTheDocument();
    expect(http).not.toHaveBeenCalledWith('/api/tables/id/3/token', expect.anything());
    await user.click(within(dialog).getByRole('button', { name: 'Trocar código' }));

    expect(await screen.findByText('QR code trocado. Imprima o novo.')).toBeInTheDocument();
    expect(http).toHaveBeenCalledWith('/api/tables/id/3/token', { method: 'POST', body: {} });
    const rotated = await svgOf(linkOf(7, tokenOf(7, 2)));
    await waitFor(() => expect(imageOf(7).getAttribute('src')).toBe(rotated));
    // The other tables keep theirs.
    expect(imageOf(1).getAttribute('src')).toBe(before);
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { user, http } = setup();
    const card = await screen.findByRole('listitem', { name: 'Mesa 2' });
    await user.click(within(card).getByRole('button', { name: 'Trocar código da mesa 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trocar o código da mesa 2?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(http.mock.calls.filter(([path]) => path.endsWith('/token'))).toEqual([]);
  });

  it("gives every table a new code with 'Trocar todos os códigos', after the confirmation", async () => {
    const { user, http } = setup();
    await waitFor(() => expect(screen.getAllByRole('img', { name: /^QR code da mesa/ })).toHaveLength(3));

    await user.click(screen.getByRole('button', { name: 'Trocar todos os códigos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trocar os códigos de todas as mesas?' });
    expect(within(dialog).getByText(TOKEN_MESSAGES.confirm)).toBeInTheDocument();
    expect(http).not.toHaveBeenCalledWith('/api/tables/tokens', expect.anything());
    await user.click(within(dialog).getByRole('button', { name: 'Trocar todos os códigos' }));

    expect(await screen.findByText('3 QR codes trocados. Imprima os novos.')).toBeInTheDocument();
    expect(http).toHaveBeenCalledWith('/api/tables/tokens', { method: 'POST', body: {} });
    for (const number of [1, 2, 7]) {
      const rotated = await svgOf(linkOf(number, tokenOf(number, 2)));
      await waitFor(() => expect(imageOf(number).getAttribute('src')).toBe(rotated));
    }
  });

  it("reads 'Aprovar pedidos da mesa' and switches it for who may change the settings", async () => {
    const { user, http, settings } = setup([1], { approval: true });
    const approval = await screen.findByRole('switch', { name: 'Aprovar pedidos da mesa' });
    await waitFor(() => expect(approval).toBeChecked());
    expect(approval).toBeEnabled();
    expect(approval).toHaveAccessibleDescription(
      'Os pedidos feitos pelo QR code da mesa só vão para a cozinha depois que a equipe aprovar.',
    );
    expect(http).toHaveBeenCalledWith('/api/tables/guest-settings', { method: 'GET' });

    await user.click(approval);

    expect(await screen.findByText('Configuração salva.')).toBeInTheDocument();
    expect(http).toHaveBeenCalledWith('/api/tables/guest-settings', {
      method: 'PUT',
      body: { approval: false },
    });
    expect(settings.approval).toBe(false);
    expect(approval).not.toBeChecked();
  });

  it('leaves a waiter the codes to print, without changing them or the approval', async () => {
    setup([1, 2], { approval: true, canAccess: asWaiter });
    const approval = await screen.findByRole('switch', { name: 'Aprovar pedidos da mesa' });
    // Read, as it is, but not switched.
    await waitFor(() => expect(approval).toBeChecked());
    expect(approval).toBeDisabled();
    expect(approval).toHaveAccessibleDescription(
      'Os pedidos feitos pelo QR code da mesa só vão para a cozinha depois que a equipe aprovar. Só quem tem a permissão Configurações pode mudar esta opção.',
    );
    const card = await screen.findByRole('listitem', { name: 'Mesa 2' });
    expect(within(card).getByRole('button', { name: 'Baixar QR code da mesa 2' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /^Trocar código/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Trocar todos os códigos' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeEnabled();
  });
});
