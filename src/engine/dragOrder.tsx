import { createContext, useContext, useState, type ReactNode } from 'react';
import { DndContext, closestCenter, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Alert, Box, Button } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import {
  DataTable,
  DataTableBody,
  DataTableDataContext,
  DataTableRow,
  useDataProvider,
  useDataTableDataContext,
  useListContext,
  useNotify,
  useRecordContext,
  type DataTableBodyProps,
  type DataTableRowProps,
  type RaRecord,
  type SortPayload,
} from 'react-admin';
import { DragHandle, movedIds, useDragSensors, useSortableItem } from '../components/sortable';
import type { PainelDataProvider } from '../dataProvider';
import { openWithKeyboard } from './openableRows';
import {
  DragOrderContext,
  SAVE_ORDER_LABEL,
  TOUCH,
  useDragOrder,
  WHOLE_LIST,
  type DragOrder,
  type Sortable,
} from './dragOrderContext';

export { SAVE_ORDER_LABEL, WHOLE_LIST, useDragOrder };

/**
 * Holds a sortable list's order, in its list's context: a drop changes it on the screen only, and
 * `save` sends it whole with the definition's reorder call, then reads the list again.
 */
function DragOrderProvider({
  sortable,
  sort,
  children,
}: {
  sortable: Sortable;
  /** The list's own order: another one on screen is not the order that is saved. */
  sort: SortPayload;
  children: ReactNode;
}) {
  const { resource, data, total, filterValues, sort: shown, refetch } = useListContext();
  const notify = useNotify();
  const dataProvider = useDataProvider<PainelDataProvider>();
  const [order, setOrder] = useState<RaRecord[] | null>(null);
  const [saving, setSaving] = useState(false);
  const rows = order ?? data ?? [];
  const partial = total !== undefined && rows.length < total;
  const filtered = Object.keys(filterValues ?? {}).length > 0;
  const ownOrder = shown.field === sort.field && shown.order === sort.order;

  const onDragEnd = (event: DragEndEvent) => {
    const ids = movedIds(
      rows.map((row) => row.id),
      event,
    );
    if (!ids) return;
    const byId = new Map(rows.map((row) => [row.id, row]));
    const moved = ids.map((id) => byId.get(id)!);
    const refused = sortable.refuse?.(moved);
    if (refused) {
      notify(refused, { type: 'info' });
      return;
    }
    setOrder(moved);
  };

  const save = async () => {
    if (!order) return;
    setSaving(true);
    try {
      await dataProvider.reorder(resource, { ids: order.map((row) => row.id) });
      notify(sortable.saved, { type: 'success' });
      await refetch();
      setOrder(null);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const value: DragOrder = {
    order,
    draggable: !partial && !filtered && ownOrder && !saving,
    partial,
    filtered,
    saving,
    onDragEnd,
    save,
    discard: () => setOrder(null),
  };
  return <DragOrderContext.Provider value={value}>{children}</DragOrderContext.Provider>;
}

/** Descartar and SALVAR ORDEM, once the order changed: the toolbar's buttons meanwhile. */
export function OrderButtons({ order }: { order: DragOrder }) {
  return (
    <>
      <Button onClick={order.discard} disabled={order.saving}>
        Descartar
      </Button>
      <Button
        variant="contained"
        startIcon={<SaveIcon />}
        onClick={() => void order.save()}
        disabled={order.saving}
      >
        {SAVE_ORDER_LABEL}
      </Button>
    </>
  );
}

/**
 * What a list too long for one page reads instead of being reordered; and a filtered one, where
 * the list gives its words (`filtered`).
 */
export function PartialOrderNotice({ sortable }: { sortable: Sortable }) {
  const order = useDragOrder();
  const words = order?.partial
    ? (sortable.partial ??
      'A lista tem mais registros do que cabem nesta página: a ordem não pode ser alterada aqui.')
    : order?.filtered
      ? sortable.filtered
      : undefined;
  if (!words) return null;
  return (
    <Alert severity="info" sx={{ m: 2 }}>
      {words}
    </Alert>
  );
}

type Item = ReturnType<typeof useSortableItem>;
const ItemContext = createContext<Item | null>(null);

/** A row that moves with its grip; `openable` rows are reached with Tab and open with Enter or Space. */
function sortableRow(openable: boolean) {
  return function SortableRow(props: DataTableRowProps) {
    const record = useRecordContext();
    const order = useDragOrder();
    const item = useSortableItem(record!.id, !order?.draggable);
    return (
      <ItemContext.Provider value={item}>
        <DataTableRow
          {...props}
          ref={item.setNodeRef}
          style={item.style}
          {...(openable ? { tabIndex: 0, onKeyDown: openWithKeyboard } : {})}
        />
      </ItemContext.Provider>
    );
  };
}

/**
 * The table's body, its rows in the order being made: dragged by the pointer or moved from the
 * keyboard (Space, the arrows, Space). dnd-kit's announcements go to the page's body, not the
 * table's.
 */
function sortableBody(openable: boolean) {
  const Row = sortableRow(openable);
  return function SortableBody(props: DataTableBodyProps) {
    const data = useDataTableDataContext();
    const order = useDragOrder();
    const sensors = useDragSensors();
    const rows = order?.order ?? data ?? [];
    return (
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={order?.onDragEnd}
        accessibility={{ container: document.body }}
      >
        <SortableContext items={rows.map((row) => row.id)} strategy={verticalListSortingStrategy}>
          <DataTableDataContext.Provider value={rows}>
            <DataTableBody {...props} row={Row} />
          </DataTableDataContext.Provider>
        </SortableContext>
      </DndContext>
    );
  };
}

const bodies = { plain: sortableBody(false), openable: sortableBody(true) };

/** The body of a sortable list's table; rows that open something also open from the keyboard. */
export const tableBody = (openable: boolean) => (openable ? bodies.openable : bodies.plain);

/** Hidden on screen, read by screen readers (the grips' column). */
const visuallyHidden = {
  position: 'absolute',
  // Pixels: in sx a width of 1 would read 100 %.
  width: '1px',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const keep = (event: { stopPropagation: () => void }) => event.stopPropagation();

/** The row's grip, named after its record: a click on it never opens the row. */
function Grip({ name }: { name: string }) {
  const item = useContext(ItemContext);
  if (!item) return null;
  return (
    <Box component="span" onClick={keep} sx={{ display: 'inline-flex' }}>
      <DragHandle label={`Arrastar ${name}`} handle={item.handle} disabled={item.disabled} />
    </Box>
  );
}

/** The first column of a sortable list: each row's grip, a fingertip's size. */
export function gripColumn(sortable: Sortable) {
  return (
    <DataTable.Col
      key="_order"
      label={
        <Box component="span" sx={visuallyHidden}>
          Ordem
        </Box>
      }
      disableSort
      padding="checkbox"
      sx={{ '& .MuiIconButton-root': { width: TOUCH, height: TOUCH } }}
      render={(record: RaRecord) => <Grip name={sortable.name(record)} />}
    />
  );
}

/**
 * The list's frame (its column may shrink below its table's width: the table scrolls in its
 * card), which holds the order being made when the list is sortable.
 */
export function ListFrame({
  sortable,
  sort,
  children,
}: {
  sortable?: Sortable;
  sort: SortPayload;
  children: ReactNode;
}) {
  const frame = <Box sx={{ minWidth: 0 }}>{children}</Box>;
  return sortable ? (
    <DragOrderProvider sortable={sortable} sort={sort}>
      {frame}
    </DragOrderProvider>
  ) : (
    frame
  );
}
