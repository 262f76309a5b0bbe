import { useState } from 'react';
import { formatCents } from '../../contract/lib/format';
import type { GuestMenu } from '../../contract/resources/guest/paths';
import { isOrderable } from '../../contract/resources/orderEntry/rules';

export type GuestProduct = GuestMenu['products'][number];

function ProductRow({ product, onPick }: { product: GuestProduct; onPick: () => void }) {
  const orderable = isOrderable(product);
  return (
    <li>
      <button type="button" className="product" disabled={!orderable} onClick={onPick}>
        <span className="product-text">
          <strong>{product.name}</strong>
          {product.description ? <span className="muted small clamp">{product.description}</span> : null}
          <span className="price">
            {orderable ? formatCents(product.price) : `${formatCents(product.price)} · Indisponível`}
          </span>
        </span>
        {product.thumbnail ? (
          <img className="thumb" src={product.thumbnail} alt="" width={80} height={80} loading="lazy" />
        ) : null}
      </button>
    </li>
  );
}

/**
 * The menu by category: a chip per category with something to order ('Todos' first) and the
 * products with their pictures, a heading per category under 'Todos'. What cannot be had now is
 * shown, disabled, as on the waiter's order entry.
 */
export function MenuList({ menu, onPick }: { menu: GuestMenu; onPick: (product: GuestProduct) => void }) {
  const [category, setCategory] = useState<number | null>(null);
  const categories = menu.categories.filter((candidate) =>
    menu.products.some((product) => product.category_id === candidate.id && isOrderable(product)),
  );
  const sections = menu.categories
    .filter((candidate) => category === null || candidate.id === category)
    .map((candidate) => ({
      ...candidate,
      products: menu.products.filter((product) => product.category_id === candidate.id),
    }))
    .filter((section) => section.products.length > 0);

  return (
    <>
      <nav className="chips" aria-label="Categorias">
        {[{ id: null, name: 'Todos' }, ...categories].map((candidate) => (
          <button
            key={candidate.id ?? 'todos'}
            type="button"
            className="chip"
            aria-pressed={category === candidate.id}
            onClick={() => setCategory(candidate.id)}
          >
            {candidate.name}
          </button>
        ))}
      </nav>
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={`categoria-${section.id}`}>
          <h2 id={`categoria-${section.id}`} className="section-title">
            {section.name}
          </h2>
          <ul className="products">
            {section.products.map((product) => (
              <ProductRow key={product.id} product={product} onPick={() => onPick(product)} />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
