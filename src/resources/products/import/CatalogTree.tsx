import { Box, Button, Card, Checkbox, Chip, Stack, Typography } from '@mui/material';
import AddLinkIcon from '@mui/icons-material/AddLink';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { formatCents } from '../../../../contract/lib/format';
import type { OpdvCategory, OpdvItem } from '../../../../contract/resources/integrations/definition';
import { itemsOf, priceInCents } from './catalog';

const TOUCH = { minHeight: 44 } as const;

export interface CatalogActions {
  /** Nothing may start while an import runs. */
  busy: boolean;
  selected: ReadonlySet<string>;
  onToggle: (item: OpdvItem) => void;
  onImportCategory: (category: OpdvCategory) => void;
  onLink: (item: OpdvItem) => void;
}

const priceText = (price: string) => {
  const cents = priceInCents(price);
  return cents === null ? price : formatCents(cents);
};

/** An OPDV item: chosen with its checkbox, linked with Vincular; an imported one says so. */
function ItemRow({ item, actions }: { item: OpdvItem; actions: CatalogActions }) {
  const imported = item.imported !== null;
  const checkboxId = `opdv-item-${item.code}`;
  return (
    <Stack
      component="li"
      direction="row"
      aria-label={item.name}
      sx={{
        alignItems: 'center',
        gap: 1,
        py: 0.5,
        pr: 1,
        listStyle: 'none',
        borderTop: 1,
        borderColor: 'divider',
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
      }}
    >
      <Checkbox
        id={checkboxId}
        checked={actions.selected.has(item.code)}
        onChange={() => actions.onToggle(item)}
        disabled={imported || actions.busy}
        slotProps={{ input: { 'aria-label': `Escolher ${item.name}` } }}
        sx={{ width: 44, height: 44 }}
      />
      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
        <Typography component="label" htmlFor={checkboxId} sx={{ fontWeight: 600, display: 'block' }}>
          {item.name}
        </Typography>
        {item.description.trim() ? (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {item.description}
          </Typography>
        ) : null}
        {item.imported && item.imported.name !== item.name ? (
          <Typography variant="caption" color="text.secondary">
            No cardápio: {item.imported.name}
          </Typography>
        ) : null}
      </Box>
      <Typography sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', ml: 'auto' }}>
        {priceText(item.price)}
      </Typography>
      {imported ? (
        <Chip icon={<CheckCircleIcon />} label="Importado" color="success" variant="outlined" size="small" />
      ) : (
        <Button
          variant="text"
          startIcon={<AddLinkIcon />}
          onClick={() => actions.onLink(item)}
          disabled={actions.busy}
          aria-label={`Vincular ${item.name}`}
          sx={TOUCH}
        >
          Vincular
        </Button>
      )}
    </Stack>
  );
}

/** A category of the OPDV with its items and sub-categories, and Importar categoria. */
function CategoryNode({
  category,
  depth,
  actions,
}: {
  category: OpdvCategory;
  depth: number;
  actions: CatalogActions;
}) {
  const items = itemsOf(category);
  const imported = items.filter((item) => item.imported !== null).length;
  const headingId = `opdv-category-${category.code}`;
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ pl: depth === 0 ? 0 : 2, mt: depth === 0 ? 0 : 1 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, p: 1, flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
          <Typography
            id={headingId}
            component={depth === 0 ? 'h2' : 'h3'}
            variant={depth === 0 ? 'h6' : 'subtitle1'}
            sx={{ fontWeight: 700 }}
          >
            {category.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {items.length === 1 ? '1 produto' : `${items.length} produtos`}
            {imported > 0 ? ` · ${imported} importado${imported === 1 ? '' : 's'}` : ''}
          </Typography>
        </Box>
        <Button
          variant="outlined"
          startIcon={<FileDownloadIcon />}
          onClick={() => actions.onImportCategory(category)}
          disabled={actions.busy || items.length === 0}
          aria-label={`Importar categoria ${category.name}`}
          sx={TOUCH}
        >
          Importar categoria
        </Button>
      </Stack>
      {category.items.length > 0 ? (
        <Box component="ul" aria-label={`Produtos de ${category.name}`} sx={{ p: 0, m: 0 }}>
          {category.items.map((item) => (
            <ItemRow key={item.code} item={item} actions={actions} />
          ))}
        </Box>
      ) : null}
      {category.categories.map((child) => (
        <CategoryNode key={child.code} category={child} depth={depth + 1} actions={actions} />
      ))}
    </Box>
  );
}

/** The OPDV's menu as a tree: one card per top-level category. */
export function CatalogTree({
  categories,
  actions,
}: {
  categories: OpdvCategory[];
  actions: CatalogActions;
}) {
  return (
    <Stack sx={{ gap: 2 }}>
      {categories.map((category) => (
        <Card key={category.code} sx={{ pb: 1 }}>
          <CategoryNode category={category} depth={0} actions={actions} />
        </Card>
      ))}
    </Stack>
  );
}
