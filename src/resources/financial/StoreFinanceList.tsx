import type { ReactNode } from 'react';
import { Box, Card, Skeleton, Stack, Typography } from '@mui/material';
import {
  DataTable,
  List,
  Pagination,
  Title,
  useListContext,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { fieldText, NUMERIC_KINDS } from '../../lib/display';
import { ChooseStoreNotice, ChosenStorePicker, useChosenStore } from '../../components/chosenStore';
import type { ResourceDefinition } from '../define';
import { focusedRow, OpenableBody } from '../generated/openableRows';
import { FINANCIAL_MESSAGES } from './definition';

/** A fingertip's size, for a tablet's controls. */
const TOUCH = 44;

/**
 * The frame of a store's finance list: its title, the restaurant an administrator chooses
 * (remembered on this device, as the kitchen board's) beside the page's own buttons, and the
 * list of that store, whose table scrolls on a tablet rather than the page.
 */
export function StoreFinanceList({
  definition,
  title,
  buttons,
  children,
}: {
  definition: ResourceDefinition;
  title: string;
  buttons?: ReactNode;
  children: (storeId: number | null) => ReactNode;
}) {
  const store = useChosenStore();
  if (store.loading) return null;
  return (
    <Box sx={{ pb: 4, minWidth: 0 }}>
      <Title title={title} />
      <Typography component="h1" variant="h5" sx={{ fontWeight: 800, my: 2 }}>
        {title}
      </Typography>
      <Stack
        direction="row"
        sx={{
          mb: store.admin || buttons ? 2 : 0,
          gap: 1,
          flexWrap: 'wrap',
          alignItems: 'center',
          '& .MuiButton-root': { minHeight: TOUCH },
        }}
      >
        <ChosenStorePicker store={store} />
        {buttons}
      </Stack>
      <ChooseStoreNotice store={store} message={FINANCIAL_MESSAGES.chooseStoreNotice} />
      {store.waiting ? null : (
        <List
          // A new restaurant starts at its own first page.
          key={store.storeId ?? 'own'}
          resource={definition.name}
          title={false}
          perPage={definition.list.perPage}
          sort={definition.list.sort}
          filter={store.storeId === null ? undefined : { store_id: store.storeId }}
          actions={false}
          empty={false}
          exporter={false}
          component="div"
          // The list's column may shrink below its table's width: the table scrolls instead.
          sx={{ '& .RaList-main': { minWidth: 0 } }}
          // The page size is the definition's (the spec's 8 for the statement): no size to choose.
          pagination={<Pagination rowsPerPageOptions={[]} />}
        >
          {children(store.storeId)}
        </List>
      )}
    </Box>
  );
}

export interface DefinitionRowsProps {
  definition: ResourceDefinition;
  /** Shown instead of the table when the store has nothing to list. */
  empty: ReactNode;
  /** A field's cell of its own, instead of its value as its kind reads. */
  cells?: Readonly<Record<string, (record: RaRecord) => ReactNode>>;
  rowClick?: (id: Identifier) => string;
}

/** The list's table: a column per listed field of the definition, worded and aligned by its kind. */
export function DefinitionRows({ definition, empty, cells = {}, rowClick }: DefinitionRowsProps) {
  const { isPending, data } = useListContext();
  if (isPending)
    return (
      <Box sx={{ p: 2 }} aria-busy>
        <Skeleton height={48} />
        <Skeleton height={48} />
        <Skeleton height={48} />
      </Box>
    );
  if (!data?.length)
    return typeof empty === 'string' ? (
      <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary">
        {empty}
      </Typography>
    ) : (
      empty
    );
  const columns = Object.entries(definition.fields).filter(([, field]) => field.list);
  return (
    <DataTable
      rowClick={rowClick ?? false}
      // A row that opens its record is reached with Tab and opened with Enter, as the engine's lists.
      body={rowClick ? OpenableBody : undefined}
      bulkActionButtons={false}
      sx={{
        ...focusedRow,
        '& .MuiTableSortLabel-root': { minHeight: TOUCH },
        '& .MuiTableRow-root': { height: TOUCH },
      }}
    >
      {columns.map(([source, field]) => (
        <DataTable.Col
          key={source}
          source={source}
          label={field.label}
          disableSort={!field.sortable}
          align={NUMERIC_KINDS.has(field.kind) ? 'right' : 'left'}
          cellSx={() =>
            NUMERIC_KINDS.has(field.kind) || field.kind.startsWith('date') ? { whiteSpace: 'nowrap' } : {}
          }
          render={(record: RaRecord) =>
            cells[source]?.(record) ?? (fieldText(field, record[source], record) || '—')
          }
        />
      ))}
    </DataTable>
  );
}

/**
 * The card a finance table sits in. On a tablet beside the menu the columns may not fit: the
 * table scrolls inside it, and the card is reached with Tab so the keyboard scrolls it too.
 */
export function TableCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Card tabIndex={0} role="region" aria-label={label} sx={{ overflowX: 'auto' }}>
      {children}
    </Card>
  );
}
