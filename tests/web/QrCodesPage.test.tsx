import { screen, waitFor, within } from '@testing-library/react';
import JSZip from 'jszip';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { saveFile } from '../../src/dataProvider/saveFile';
import { QrCodesPage } from '../../src/resources/floor/QrCodesPage';
import { renderScreen } from './renderScreen';

vi.mock('../../src/dataProvider/saveFile', () => ({ saveFile: vi.fn() }));

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const tableRecord = (id: number, number: number) => ({
  id,
  store_id: 2,
  number,
  name: `Mesa ${number}`,
  status: 'AVAILABLE',
  order_id: null,
  order: null,
  created_at: '2026-03-01T12:00:00.000Z',
});

function setup(numbers: number[] = [1, 2, 7]) {
  const http = vi.fn<HttpClient>(async (path) => {
    if (path === '/api/tables') {
      return {
        data: { results: numbers.map((number, i) => tableRecord(i + 1, number)), total: numbers.length },
      };
    }
    if (path === '/api/stores/id/2') return { data: { id: 2, name: 'Cantina Bella' } };
    throw new Error(`Chamada inesperada: ${path}`);
  });
  const view = renderScreen(
    '/hall/qrcodes',
    { '/hall/qrcodes': <QrCodesPage />, '/hall': <p>Salão</p>, '/hall/create': <p>Criar mesas</p> },
    http,
    { history: ['/hall'] },
  );
  return { ...view, http };
}

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
    // Each code is the table's own: the SVGs differ.
    expect(new Set(images.map((image) => image.getAttribute('src'))).size).toBe(3);

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
    for (const name of Object.keys(zip.files)) {
      const png = await zip.file(name)!.async('uint8array');
      expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
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
    expect([...(await bytesOf(blob)).subarray(0, 8)]).toEqual(PNG_SIGNATURE);
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
});
