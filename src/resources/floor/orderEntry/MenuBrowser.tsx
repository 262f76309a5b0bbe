import { useState } from 'react';
import { Box, ButtonBase, Chip, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { formatCents } from '../../../../contract/lib/format';
import { isOrderable } from '../../../../contract/resources/orderEntry/rules';
import type { OrderEntryMenu } from '../../../../contract/resources/orderEntry/input';

export type MenuEntry = OrderEntryMenu['products'][number];

/** Without accents or case: 'agua' finds 'Água'. */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** A product's tile: its name and price, the whole tile one button; 'Indisponível' and disabled when it cannot be ordered now. */
function ProductTile({ product, onPick }: { product: MenuEntry; onPick: () => void }) {
  const orderable = isOrderable(product);
  return (
    <ButtonBase
      onClick={onPick}
      disabled={!orderable}
      focusRipple
      sx={{
        minHeight: 72,
        p: 1.5,
        borderRadius: 2,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-start',
        justifyContent: 'space-between',
        textAlign: 'left',
        gap: 0.5,
        opacity: orderable ? 1 : 0.55,
        '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main' },
      }}
    >
      <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {product.name}
      </Typography>
      <Typography component="span" variant="body2" color="text.secondary">
        {orderable ? formatCents(product.price) : `${formatCents(product.price)} · Indisponível`}
      </Typography>
    </ButtonBase>
  );
}

const GRID = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(11rem, 1fr))',
  gap: 1.5,
} as const;

/**
 * The menu as the waiter browses it: a chip per category that has something to order ('Todos'
 * first), a search by name that ignores accents and case, and the products as tiles. Complements
 * sold only with another product are left out; what cannot be had now is shown, disabled.
 */
export function MenuBrowser({
  menu,
  onPick,
}: {
  menu: OrderEntryMenu;
  onPick: (product: MenuEntry) => void;
}) {
  const [category, setCategory] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const sold = menu.products.filter((product) => !product.complement_only);
  const categories = menu.categories.filter((candidate) =>
    sold.some((product) => product.category_id === candidate.id && isOrderable(product)),
  );
  const typed = folded(search.trim());
  const shown = sold.filter(
    (product) =>
      (category === null || product.category_id === category) &&
      (typed === '' || folded(product.name).includes(typed)),
  );
  // 'Todos' without a search reads as the menu does, a heading per category.
  const sections =
    category === null && typed === ''
      ? menu.categories
          .map((candidate) => ({
            name: candidate.name,
            products: shown.filter((product) => product.category_id === candidate.id),
          }))
          .filter((section) => section.products.length > 0)
      : [{ name: null, products: shown }];

  return (
    <Stack sx={{ gap: 2 }}>
      <TextField
        label="Buscar no cardápio"
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        fullWidth
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      <Stack direction="row" role="group" aria-label="Categorias" sx={{ gap: 1, flexWrap: 'wrap' }}>
        {[{ id: null, name: 'Todos' }, ...categories].map((candidate) => (
          <Chip
            key={candidate.id ?? 'todos'}
            label={candidate.name}
            clickable
            onClick={() => setCategory(candidate.id)}
            color={category === candidate.id ? 'primary' : 'default'}
            variant={category === candidate.id ? 'filled' : 'outlined'}
            aria-pressed={category === candidate.id}
            sx={{ height: 44, px: 1, fontSize: '0.95rem', flexShrink: 0 }}
          />
        ))}
      </Stack>
      {shown.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          Nenhum produto encontrado.
        </Typography>
      ) : (
        sections.map((section) => (
          <Box key={section.name ?? 'busca'} component="section" aria-label={section.name ?? undefined}>
            {section.name ? (
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
                {section.name}
              </Typography>
            ) : null}
            <Box sx={GRID}>
              {section.products.map((product) => (
                <ProductTile key={product.id} product={product} onPick={() => onPick(product)} />
              ))}
            </Box>
          </Box>
        ))
      )}
    </Stack>
  );
}
