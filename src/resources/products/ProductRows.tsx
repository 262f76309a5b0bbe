import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DndContext, closestCenter } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Avatar, Box, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import FastfoodIcon from '@mui/icons-material/Fastfood';
import { Confirm, useDataProvider, useNotify } from 'react-admin';
import { DragHandle, movedIds, useDragSensors, useSortableItem } from '../../components/sortable';
import { formatCents } from '../../../contract/lib/format';
import { PRODUCT_DELETED } from '../../../contract/resources/products/definition';
import { menuPaths } from './paths';
import type { MenuProduct } from './menuTypes';
import { VisibilitySwitch } from './VisibilitySwitch';

interface RowProps {
  product: MenuProduct;
  onChanged: () => unknown;
  onDelete?: (product: MenuProduct) => void;
}

function ProductRow({ product, onChanged, onDelete }: RowProps) {
  const { setNodeRef, style, handle } = useSortableItem(product.id);
  return (
    <Stack
      ref={setNodeRef}
      style={style}
      direction="row"
      data-testid="product-row"
      sx={{
        alignItems: 'center',
        gap: 1.5,
        py: 0.75,
        px: 1,
        borderTop: '1px solid',
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <DragHandle label={`Arrastar ${product.name}`} handle={handle} />
      <Avatar variant="rounded" src={product.thumbnail ?? undefined} alt="" sx={{ width: 40, height: 40 }}>
        <FastfoodIcon fontSize="small" />
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography noWrap>{product.name}</Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {formatCents(product.price)} · Código {product.external_code}
          {product.complement_only ? ' · Complemento' : ''}
        </Typography>
      </Box>
      <VisibilitySwitch
        resource="products"
        id={product.id}
        name={product.name}
        available={product.available}
        onChanged={onChanged}
      />
      <Tooltip title="Editar produto">
        <IconButton
          component={Link}
          to={menuPaths.productEdit(product.id)}
          aria-label={`Editar ${product.name}`}
        >
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {onDelete ? (
        <Tooltip title="Excluir produto">
          <IconButton onClick={() => onDelete(product)} aria-label={`Excluir ${product.name}`}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
    </Stack>
  );
}

/**
 * A category's products in their order, each with its visibility switch and edit link (and,
 * where asked, delete). Dragging a product hands the new order up; the screen saves it.
 */
export function ProductRows({
  products,
  onReorder,
  onChanged,
  deletable = false,
}: {
  products: MenuProduct[];
  onReorder: (ids: number[]) => void;
  onChanged: () => unknown;
  deletable?: boolean;
}) {
  const sensors = useDragSensors();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [removing, setRemoving] = useState<MenuProduct | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = products.map((p) => p.id);

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await dataProvider.delete('products', { id: removing.id, previousData: removing });
      notify(PRODUCT_DELETED, { type: 'success' });
      setRemoving(null);
      await onChanged();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  if (products.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ px: 2, py: 1.5 }}>
        Nenhum produto nesta categoria.
      </Typography>
    );
  }
  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={(event) => {
          const moved = movedIds(ids, event);
          if (moved) onReorder(moved);
        }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          {products.map((product) => (
            <ProductRow
              key={product.id}
              product={product}
              onChanged={onChanged}
              onDelete={deletable ? setRemoving : undefined}
            />
          ))}
        </SortableContext>
      </DndContext>
      <Confirm
        isOpen={removing !== null}
        loading={busy}
        title="Excluir produto"
        content={`Tem certeza que deseja excluir o produto ${removing?.name ?? ''}?`}
        confirm="Excluir"
        cancel="Cancelar"
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}

/** The products of `products` in the order of `ids` (ids missing from the list are skipped). */
export function inOrder<T extends { id: number }>(items: T[], ids: number[] | undefined): T[] {
  if (!ids) return items;
  const byId = new Map(items.map((item) => [item.id, item]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
