import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useScrollRegion } from '../../src/components/scrollRegion';

/** A box of 100 px whose content is `content` px high (jsdom lays nothing out: the sizes are set). */
function Box({ content }: { content: number }) {
  const region = useScrollRegion<HTMLDivElement>('Detalhes');
  const ref = (node: HTMLDivElement | null) => {
    if (node) {
      Object.defineProperty(node, 'clientHeight', { configurable: true, value: 100 });
      Object.defineProperty(node, 'scrollHeight', { configurable: true, value: content });
      Object.defineProperty(node, 'clientWidth', { configurable: true, value: 300 });
      Object.defineProperty(node, 'scrollWidth', { configurable: true, value: 300 });
    }
    region.ref(node);
  };
  return (
    <div ref={ref} data-testid="box" {...region.props}>
      texto
    </div>
  );
}

describe('useScrollRegion', () => {
  it('makes a box whose content overflows a labelled region in the tab order', () => {
    render(<Box content={400} />);
    const region = screen.getByRole('region', { name: 'Detalhes' });
    expect(region).toHaveAttribute('tabindex', '0');
  });

  it('adds no tab stop to a box whose content fits', () => {
    render(<Box content={100} />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.getByTestId('box')).not.toHaveAttribute('tabindex');
  });
});
