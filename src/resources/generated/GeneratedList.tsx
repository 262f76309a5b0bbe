import { cloneElement, useState, type ReactElement, type ReactNode } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import {
  DataTable,
  List,
  Pagination,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useCanAccess,
  type RaRecord,
} from 'react-admin';
import { fieldText, NUMERIC_KINDS } from '../../lib/display';
import type { FieldDefinition, ResourceDefinition } from '../define';
import type { ListOverrides, RowClick, ScreenOverrides } from '../overrides';
import { ExportButton } from '../../components/ExportButton';
import { focusedRow, focusRing, OpenableBody } from './openableRows';
import { CreateLink } from './parts';

// Values stay on one line where a line break would only hurt reading (dates, amounts); headers may wrap.
const noWrap = () => ({ whiteSpace: 'nowrap' }) as const;

/** The list's filters: the search, when the definition searches, and one select per choice field. */
function filtersOf(definition: ResourceDefinition, extra: readonly ReactElement[] = []): ReactElement[] {
  const filters: ReactElement[] = [];
  if (definition.list.search?.length) {
    filters.push(
      <SearchInput
        key="q"
        source="q"
        alwaysOn
        placeholder={definition.screens?.searchPlaceholder ?? 'Buscar'}
      />,
    );
  }
  for (const [source, field] of Object.entries(definition.fields)) {
    if (field.kind !== 'select' || !field.choices || field.filter === false) continue;
    // Always on: a tablet user sees every way to narrow the list without hunting for a menu.
    filters.push(
      <SelectInput key={source} source={source} label={field.label} choices={[...field.choices]} alwaysOn />,
    );
  }
  return [...filters, ...extra];
}

/** One column: the override's cell, or the value as its kind reads. */
function column(source: string, field: FieldDefinition, cells: ListOverrides['cells']) {
  const override = cells?.[source];
  const numeric = NUMERIC_KINDS.has(field.kind);
  const common = {
    source,
    label: field.label,
    disableSort: !field.sortable,
    // Numbers line up on the right; a cell of its own ('Mesa 7', a chip) reads as text.
    align: numeric && !override ? ('right' as const) : undefined,
    cellSx: numeric || field.kind === 'date' || field.kind === 'datetime' ? noWrap : undefined,
  };
  if (override && typeof override !== 'function')
    return (
      <DataTable.Col key={source} {...common}>
        {cloneElement(override)}
      </DataTable.Col>
    );
  const render = override ?? ((record: RaRecord) => fieldText(field, record[source], record));
  return <DataTable.Col key={source} {...common} render={render} />;
}

// Where the keyboard is, seen at once in the dark theme: a compact line (a row: `focusedRow`).
const focusedLine = { '& .MuiListItemButton-root.Mui-focusVisible': focusRing } as const;

function ListToolbar({
  definition,
  actions,
  canCreate,
}: {
  definition: ResourceDefinition;
  actions?: ReactNode;
  canCreate: boolean;
}) {
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', flexShrink: 0, justifyContent: 'flex-end', gap: 1 }}>
      {actions}
      <ExportButton />
      {canCreate ? <CreateLink definition={definition} /> : null}
    </TopToolbar>
  );
}

/**
 * The list generated from a definition: its `list` fields as columns (sortable where the server
 * sorts), its search and choice filters, Exportar (CSV of the whole filtered list), the create
 * button for who may create, and a row that opens the record for who may edit (or its `rowDialog`),
 * by a click or from the keyboard. On a tablet beside the menu, a list with `compact` lines shows
 * one line per record instead.
 */
export function GeneratedList({
  definition,
  overrides = {},
}: {
  definition: ResourceDefinition;
  overrides?: ScreenOverrides;
}) {
  const list = overrides.list ?? {};
  // The definition says who may write (staff read the FAQ, only administrators write it).
  const { canAccess: canCreate = false } = useCanAccess({ resource: definition.name, action: 'create' });
  const { canAccess: canEdit = false } = useCanAccess({ resource: definition.name, action: 'edit' });
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('lg'));
  const editable = canEdit && definition.screens?.edit !== false;
  // The record whose dialog is open (`rowDialog`).
  const [opened, setOpened] = useState<RaRecord | null>(null);
  const { rowDialog } = list;
  const rowClick: RowClick = rowDialog
    ? (_id, _resource, record) => {
        setOpened(record);
        return false;
      }
    : (list.rowClick ?? (editable ? 'edit' : false));
  const fields = Object.entries(definition.fields).filter(([, field]) => field.list);
  return (
    <List
      resource={definition.name}
      title={definition.screens?.titles?.list ?? definition.label.many}
      perPage={definition.list.perPage}
      sort={definition.list.sort}
      filters={filtersOf(definition, list.filters)}
      actions={<ListToolbar definition={definition} actions={list.actions} canCreate={canCreate} />}
      empty={list.empty}
      exporter={false}
      // The spec fixes each list's page size (8 promo codes, 50 administrators…): no size to choose.
      pagination={<Pagination rowsPerPageOptions={[]} />}
    >
      {narrow && list.compact ? (
        <SimpleList
          rowClick={rowClick}
          sx={focusedLine}
          primaryText={list.compact.primary}
          secondaryText={list.compact.secondary}
          tertiaryText={list.compact.tertiary}
          rightIcon={list.compact.end ? () => list.compact!.end : undefined}
        />
      ) : (
        <DataTable
          rowClick={rowClick}
          body={rowClick ? OpenableBody : undefined}
          sx={focusedRow}
          bulkActionButtons={false}
        >
          {fields.map(([source, field]) => column(source, field, list.cells))}
        </DataTable>
      )}
      {rowDialog && opened ? rowDialog(opened, () => setOpened(null)) : null}
    </List>
  );
}
