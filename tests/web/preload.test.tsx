import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen, preloadScreenOf } from '../../src/resources/preload';

const screenOf = (text: string) => ({ default: () => <p>{text}</p> });

describe('screens preloaded with the app', () => {
  it('starts loading the screen of the path the app opens on, once, and renders it from that load', async () => {
    const load = vi.fn(async () => screenOf('Lista de teste'));
    const List = lazyScreen('/teste-lista', load);
    const other = vi.fn(async () => screenOf('Outra'));
    lazyScreen(['/teste-lista/:id', '/teste-lista/create'], other);

    preloadScreenOf('/teste-lista?filter=%7B%7D');
    expect(load).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();

    render(
      <Suspense fallback={null}>
        <List />
      </Suspense>,
    );
    expect(await screen.findByText('Lista de teste')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);

    preloadScreenOf('/teste-lista/42');
    expect(other).toHaveBeenCalledTimes(1);
    preloadScreenOf('/teste-lista/42/show');
    preloadScreenOf('/nada');
    expect(other).toHaveBeenCalledTimes(1);
  });

  it('prefers a path named segment for segment over one with :id in its place, as the router does', () => {
    const edit = vi.fn(async () => screenOf('Edição'));
    const list = vi.fn(async () => screenOf('Lista'));
    lazyScreen('/teste-clientes/:id', edit);
    lazyScreen('/teste-clientes/list', list);

    preloadScreenOf('/teste-clientes/list');
    expect(list).toHaveBeenCalledTimes(1);
    expect(edit).not.toHaveBeenCalled();

    preloadScreenOf('/teste-clientes/7');
    expect(edit).toHaveBeenCalledTimes(1);
  });

  it('tries a failed load again instead of remembering the failure', async () => {
    const load = vi
      .fn<() => Promise<{ default: () => React.JSX.Element }>>()
      .mockRejectedValueOnce(new Error('rede caiu'))
      .mockResolvedValue(screenOf('Carregou'));
    const Page = lazyScreen('/teste-falha', load);
    preloadScreenOf('/teste-falha');
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    render(
      <Suspense fallback={null}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByText('Carregou')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
