import { cloneElement, type ReactElement, type ReactNode } from 'react';
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
import type { ListOverrides, ScreenOverrides } from '../overrides';
import { ExportButton } from '../../components/ExportButton';
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
    key: source,
    source,
    label: field.label,
    disableSort: !field.sortable,
    align: numeric ? ('right' as const) : undefined,
    cellSx: numeric || field.kind === 'date' || field.kind === 'datetime' ? noWrap : undefined,
  };
  if (override && typeof override !== 'function')
    return <DataTable.Col {...common}>{cloneElement(override)}</DataTable.Col>;
  const render = override ?? ((record: RaRecord) => fieldText(field, record[source], record));
  return <DataTable.Col {...common} render={render} />;
}

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
 * button for who may create, and a row that opens the record for who may edit. On a tablet beside
 * the menu, a list with `compact` lines shows one line per record instead.
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
  const rowClick = list.rowClick ?? (editable ? 'edit' : false);
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
          linkType={typeof rowClick === 'function' ? false : rowClick}
          primaryText={list.compact.primary}
          secondaryText={list.compact.secondary}
          tertiaryText={list.compact.tertiary}
          rightIcon={list.compact.end ? () => list.compact!.end : undefined}
        />
      ) : (
        <DataTable rowClick={rowClick} bulkActionButtons={false}>
          {fields.map(([source, field]) => column(source, field, list.cells))}
        </DataTable>
      )}
    </List>
  );
}
