import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { DndContext, closestCenter } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  Collapse,
  IconButton,
  LinearProgress,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CategoryIcon from '@mui/icons-material/Category';
import EditIcon from '@mui/icons-material/Edit';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ExtensionIcon from '@mui/icons-material/Extension';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import SaveIcon from '@mui/icons-material/Save';
import SoupKitchenIcon from '@mui/icons-material/SoupKitchen';
import { Title, useDataProvider, useGetList, useNotify } from 'react-admin';
import type { PainelDataProvider } from '../../dataProvider';
import { DragHandle, movedIds, useDragSensors, useSortableItem } from '../../components/sortable';
import {
  CATEGORY_ORDER_SAVED,
  categories as categoriesDefinition,
  categoryDisplays,
} from '../../../contract/resources/categories/definition';
import { products as productsDefinition } from '../../../contract/resources/products/definition';
import type { MenuCategory } from './menuTypes';
import { menuPaths } from './paths';
import { inOrder, ProductRows } from './ProductRows';
import { VisibilitySwitch } from './VisibilitySwitch';

export const LOAD_FAILED = 'Ocorreu um erro ao tentar carregar as informações dessa página';

const displayLabel = (display: string) => categoryDisplays.find((d) => d.id === display)?.name ?? display;

/** Every category of the store with its products, in the app's order: one call. */
export function useMenu() {
  return useGetList<MenuCategory>(categoriesDefinition.name, {
    pagination: { page: 1, perPage: categoriesDefinition.list.perPage },
    sort: categoriesDefinition.list.sort,
    filter: { include: 'products' },
  });
}

function CategoryRow({
  category,
  expanded,
  onToggle,
  productOrder,
  onReorderProducts,
  onChanged,
}: {
  category: MenuCategory;
  expanded: boolean;
  onToggle: () => void;
  productOrder: number[] | undefined;
  onReorderProducts: (ids: number[]) => void;
  onChanged: () => unknown;
}) {
  const { setNodeRef, style, handle } = useSortableItem(category.id);
  const products = inOrder(category.products, productOrder);
  const count = category.products.length;
  return (
    <Card ref={setNodeRef} style={style} sx={{ mb: 1.5 }} data-testid="category-row">
      <Stack
        direction="row"
        onClick={onToggle}
        sx={{ alignItems: 'center', gap: 1.5, p: 1, cursor: 'pointer' }}
      >
        <DragHandle label={`Arrastar ${category.name}`} handle={handle} />
        <Avatar variant="rounded" src={category.image ?? undefined} alt="" sx={{ width: 48, height: 48 }}>
          <CategoryIcon />
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" noWrap sx={{ fontWeight: 600 }}>
            {category.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {count === 1 ? '1 produto' : `${count} produtos`} · {displayLabel(category.display)}
          </Typography>
        </Box>
        <VisibilitySwitch
          resource="categories"
          id={category.id}
          name={category.name}
          available={category.available}
          onChanged={onChanged}
        />
        <Tooltip title="Editar categoria">
          <IconButton
            component={Link}
            to={menuPaths.categoryEdit(category.id)}
            onClick={(event) => event.stopPropagation()}
            aria-label={`Editar categoria ${category.name}`}
          >
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <IconButton
          aria-label={`${expanded ? 'Recolher' : 'Expandir'} ${category.name}`}
          aria-expanded={expanded}
          onClick={(event) => {
            event.stopPropagation();
            onToggle();
          }}
        >
          <ExpandMoreIcon sx={{ transform: expanded ? 'rotate(180deg)' : 'none', transition: '0.2s' }} />
        </IconButton>
      </Stack>
      <Collapse in={expanded} unmountOnExit>
        <ProductRows products={products} onReorder={onReorderProducts} onChanged={onChanged} />
        <Box sx={{ px: 1, py: 1, borderTop: '1px solid', borderColor: 'divider' }}>
          <Button
            size="small"
            startIcon={<AddIcon />}
            component={Link}
            to={`${menuPaths.productCreate}?category_id=${category.id}`}
          >
            Novo produto nesta categoria
          </Button>
        </Box>
      </Collapse>
    </Card>
  );
}

/**
 * Produtos (restaurant spec 2, "Categories screen"): the store's categories in the app's order,
 * each expanding to its products. Dragging categories, or products inside a category, reveals
 * Salvar ordem; the available switches call the server at once.
 */
export function CategoriesScreen() {
  const notify = useNotify();
  const dataProvider = useDataProvider<PainelDataProvider>();
  const { data, isPending, error, refetch } = useMenu();
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const [categoryOrder, setCategoryOrder] = useState<number[] | null>(null);
  const [productOrders, setProductOrders] = useState<Record<number, number[]>>({});
  const [saving, setSaving] = useState(false);
  const sensors = useDragSensors();

  const categories = useMemo(() => inOrder(data ?? [], categoryOrder ?? undefined), [data, categoryOrder]);
  const ids = categories.map((c) => c.id);
  const changed = categoryOrder !== null || Object.keys(productOrders).length > 0;

  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const discard = () => {
    setCategoryOrder(null);
    setProductOrders({});
  };

  const saveOrder = async () => {
    setSaving(true);
    try {
      if (categoryOrder) await dataProvider.reorder(categoriesDefinition.name, { ids: categoryOrder });
      const productIds = Object.values(productOrders).flat();
      if (productIds.length > 0) await dataProvider.reorder(productsDefinition.name, { ids: productIds });
      await refetch();
      discard();
      notify(CATEGORY_ORDER_SAVED, { type: 'success' });
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ py: 2 }}>
      <Title title="Produtos" />
      <Stack direction="row" sx={{ mb: 2, gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="h6" sx={{ flex: '1 1 auto', mr: 2 }}>
          Categorias
        </Typography>
        <Button variant="outlined" startIcon={<FileDownloadIcon />} component={Link} to={menuPaths.imports}>
          Importar produtos
        </Button>
        <Button variant="outlined" startIcon={<ExtensionIcon />} component={Link} to={menuPaths.complements}>
          Complementos
        </Button>
        <Button variant="outlined" startIcon={<SoupKitchenIcon />} component={Link} to={menuPaths.kitchens}>
          Cozinhas
        </Button>
        <Button variant="outlined" startIcon={<AddIcon />} component={Link} to={menuPaths.categoryCreate}>
          Nova categoria
        </Button>
        <Button variant="contained" startIcon={<AddIcon />} component={Link} to={menuPaths.productCreate}>
          Novo produto
        </Button>
      </Stack>
      {changed ? (
        <Alert
          severity="info"
          sx={{ mb: 2, alignItems: 'center' }}
          action={
            <Stack direction="row" sx={{ gap: 1 }}>
              <Button color="inherit" onClick={discard} disabled={saving}>
                Descartar
              </Button>
              <Button
                variant="contained"
                startIcon={<SaveIcon />}
                onClick={() => void saveOrder()}
                disabled={saving}
              >
                Salvar ordem
              </Button>
            </Stack>
          }
        >
          A ordem foi alterada.
        </Alert>
      ) : null}
      {isPending ? <LinearProgress sx={{ mb: 2 }} /> : null}
      {error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void refetch()}>
              Tentar novamente
            </Button>
          }
        >
          {LOAD_FAILED}
        </Alert>
      ) : null}
      {!isPending && !error && categories.length === 0 ? (
        <Card sx={{ p: 3, textAlign: 'center' }}>
          <Typography sx={{ mb: 2 }}>O cardápio ainda não tem categorias.</Typography>
          <Button variant="contained" startIcon={<AddIcon />} component={Link} to={menuPaths.categoryCreate}>
            Nova categoria
          </Button>
        </Card>
      ) : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={(event) => {
          const moved = movedIds(ids, event);
          if (moved) setCategoryOrder(moved);
        }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          {categories.map((category) => (
            <CategoryRow
              key={category.id}
              category={category}
              expanded={expanded.has(category.id)}
              onToggle={() => toggle(category.id)}
              productOrder={productOrders[category.id]}
              onReorderProducts={(order) =>
                setProductOrders((current) => ({ ...current, [category.id]: order }))
              }
              onChanged={refetch}
            />
          ))}
        </SortableContext>
      </DndContext>
    </Box>
  );
}
