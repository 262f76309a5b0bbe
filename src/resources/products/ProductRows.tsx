import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DndContext, closestCenter } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Alert, Avatar, Box, Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import FastfoodIcon from '@mui/icons-material/Fastfood';
import { Confirm, useDataProvider, useNotify } from 'react-admin';
import { DragHandle, movedIds, useDragSensors, useSortableItem } from '../../components/sortable';
import { formatCents } from '../../../contract/lib/format';
import type { PainelDataProvider } from '../../dataProvider';
import { PRODUCT_DELETED, PRODUCT_ORDER_SAVED } from '../../../contract/resources/products/definition';
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
 * where asked, delete). Dragging a product reveals Salvar ordem, which sends the category's new
 * order; `onChanged` reads the products again after a change.
 */
export function ProductRows({
  products,
  onChanged,
  deletable = false,
}: {
  products: MenuProduct[];
  onChanged: () => unknown;
  deletable?: boolean;
}) {
  const sensors = useDragSensors();
  const dataProvider = useDataProvider<PainelDataProvider>();
  const notify = useNotify();
  const [order, setOrder] = useState<number[] | null>(null);
  const [removing, setRemoving] = useState<MenuProduct | null>(null);
  const [busy, setBusy] = useState(false);
  const byId = new Map(products.map((product) => [product.id, product]));
  const shown = order ? order.flatMap((id) => byId.get(id) ?? []) : products;
  const ids = shown.map((p) => p.id);

  /** Sends the order, or removes the product being removed, then reads the products again. */
  const run = async (write: () => Promise<unknown>, notice: string) => {
    setBusy(true);
    try {
      await write();
      await onChanged();
      setOrder(null);
      setRemoving(null);
      notify(notice, { type: 'success' });
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
      {order ? (
        <Alert
          severity="info"
          sx={{ mx: 2, mb: 1, alignItems: 'center' }}
          action={
            <Button
              variant="contained"
              startIcon={<SaveIcon />}
              onClick={() =>
                void run(() => dataProvider.reorder('products', { ids: order }), PRODUCT_ORDER_SAVED)
              }
              disabled={busy}
            >
              Salvar ordem
            </Button>
          }
        >
          A ordem dos produtos foi alterada.
        </Alert>
      ) : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={(event) => setOrder(movedIds(ids, event) ?? order)}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          {shown.map((product) => (
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
        onConfirm={() =>
          void run(
            () => dataProvider.delete('products', { id: removing!.id, previousData: removing! }),
            PRODUCT_DELETED,
          )
        }
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
