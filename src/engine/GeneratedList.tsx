import {
  cloneElement,
  isValidElement,
  Suspense,
  use,
  useMemo,
  useState,
  type ReactElement,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { Box, Chip, Stack, useMediaQuery, type CardProps, type Theme } from '@mui/material';
import {
  DataTable,
  DataTableClasses,
  ListBase,
  ListView,
  Loading,
  Pagination,
  SearchInput,
  SelectInput,
  SimpleList,
  Title,
  TopToolbar,
  useCanAccess,
  useListContext,
  useNotify,
  type ListViewProps,
  type RaRecord,
} from 'react-admin';
import { fieldText, NUMERIC_KINDS } from '../lib/display';
import type { FieldDefinition, ResourceDefinition } from '../../contract/define';
import type { ListOverrides, RowClick, ScreenOverrides } from './overrides';
import { ExportButton } from '../components/ExportButton';
import { failureText } from '../dataProvider/httpClient';
import {
  ChooseStoreNotice,
  ChosenStorePicker,
  useChosenStore,
  type ChosenStore,
} from '../components/chosenStore';
import { StorePickerWhenNeeded } from '../components/LazyStorePicker';
import { useStoreChoices } from '../components/storeChoices';
import { focusedRow, focusRing, OpenableBody } from './openableRows';
import { CreateLink, LoadFailed, ScrollingCard } from './parts';
import { RecordCards } from './RecordCards';
import { useDragOrder, WHOLE_LIST } from './dragOrderContext';
import { dragOrderModule } from './dragOrderLoader';
import { toggleColumn, withoutOwnArrow } from './expandToggle';

/** The frame of a list without drag order: its column may shrink below its table's width. */
function PlainFrame({ children }: { children: ReactNode }) {
  return <Box sx={{ minWidth: 0 }}>{children}</Box>;
}

// Values stay on one line where a line break would only hurt reading (dates, amounts); headers may wrap.
const noWrap = () => ({ whiteSpace: 'nowrap' }) as const;

// A filter as tall as a finger needs: the lists are used on tablets too.
const fingertip = { '& .MuiInputBase-root': { minHeight: 44 } } as const;

/** The list's filters: the search, when the definition searches, and one select per choice field. */
function filtersOf(
  definition: ResourceDefinition,
  extra: readonly ReactElement[] = [],
  searchLabel?: string,
): ReactElement[] {
  const filters: ReactElement[] = [];
  if (definition.list.search?.length) {
    filters.push(
      <SearchInput
        key="q"
        source="q"
        alwaysOn
        placeholder={definition.screens?.searchPlaceholder ?? 'Buscar'}
        inputProps={searchLabel ? { 'aria-label': searchLabel } : undefined}
        sx={fingertip}
      />,
    );
  }
  for (const [source, field] of Object.entries(definition.fields)) {
    if (field.kind !== 'select' || !field.choices || field.filter === false) continue;
    // Always on: a tablet user sees every way to narrow the list without hunting for a menu.
    filters.push(
      <SelectInput
        key={source}
        source={source}
        label={field.label}
        choices={[...field.choices]}
        alwaysOn
        sx={fingertip}
      />,
    );
  }
  return [...filters, ...extra];
}

/** One column: the override's cell, or the value as its kind reads. */
function column(source: string, field: FieldDefinition, { cells, headers }: ListOverrides) {
  const override = cells?.[source];
  const numeric = NUMERIC_KINDS.has(field.kind);
  const common = {
    source,
    label: headers?.[source] ?? field.label,
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

/** `list.error` as the list shows it: the element given, or the engine's alert in its words. */
const errorOf = (error: ListOverrides['error']) =>
  error && typeof error === 'object' && !isValidElement(error) && 'retry' in error ? (
    <LoadFailed {...error} />
  ) : (
    error
  );

/** Events that stay with the row's own buttons: they never reach the row or the line that opens. */
const keep = (event: SyntheticEvent) => event.stopPropagation();

/** The row's own buttons (`rowActions`), in its record's context. */
function RowActions({ children }: { children: ReactElement }) {
  return (
    <Box
      component="span"
      onClick={keep}
      onKeyDown={keep}
      onKeyUp={keep}
      onMouseDown={keep}
      onTouchStart={keep}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, whiteSpace: 'nowrap', cursor: 'default' }}
    >
      {cloneElement(children)}
    </Box>
  );
}

/** The column of the row's own buttons, last. */
function actionsColumn(rowActions: ReactElement) {
  return (
    <DataTable.Col
      key="_actions"
      label="Ações"
      disableSort
      align="right"
      render={() => <RowActions>{rowActions}</RowActions>}
    />
  );
}

/**
 * A compact line with buttons of its own opens by its click handler, not as a link: a click on a
 * button inside a link would follow it.
 */
function lineClick(rowClick: RowClick): RowClick {
  if (typeof rowClick === 'function' || rowClick === false) return rowClick;
  return () => rowClick;
}

// Where the keyboard is, seen at once in the dark theme: a compact line (a row: `focusedRow`).
const focusedLine = { '& .MuiListItemButton-root.Mui-focusVisible': focusRing } as const;

function ListToolbar({
  definition,
  list,
  canCreate,
  storeFilter,
}: {
  definition: ResourceDefinition;
  list: ListOverrides;
  canCreate: boolean;
  storeFilter?: Record<string, unknown>;
}) {
  const order = useDragOrder();
  // An order is only ever made in a sortable list, whose drag order has loaded with it.
  const drag = order ? use(dragOrderModule()) : null;
  return (
    <TopToolbar
      // Buttons a fingertip's size: the lists are used on tablets too.
      sx={{
        flexWrap: 'wrap',
        flexShrink: 0,
        justifyContent: 'flex-end',
        gap: 1,
        '& .MuiButton-root': { minHeight: 44 },
      }}
    >
      {order?.order ? (
        // An order to save or drop comes first: nothing else leaves the screen meanwhile.
        drag && <drag.OrderButtons order={order} />
      ) : (
        <>
          {list.actions}
          {list.exportButton === false ? null : <ExportButton filter={storeFilter} />}
          {canCreate && list.create !== false ? (
            <CreateLink definition={definition} create={list.create} />
          ) : null}
        </>
      )}
    </TopToolbar>
  );
}

/**
 * The restaurant an administrator chooses for a store's list (the engine's picker, or the screen's
 * own `picker`, which staff see too), and what they read until then.
 */
function StoreChoice({
  store,
  notice,
  picker,
}: {
  store: ChosenStore;
  notice: string;
  picker?: (store: ChosenStore) => ReactElement;
}) {
  return (
    <>
      {picker?.(store) ??
        (store.admin ? (
          <Box sx={{ mt: 2, mb: 1 }}>
            <ChosenStorePicker store={store} />
          </Box>
        ) : null)}
      <ChooseStoreNotice store={store} message={notice} />
    </>
  );
}

/**
 * An administrator's restaurant filter of a list that shows every store's records until one is
 * chosen (`list.store.all`), and whose records these are. The choice is the list's `store_id`
 * filter, so the address keeps it and Exportar and the header follow it.
 */
function StoreFilter({
  store,
  all,
  scope,
}: {
  store: ChosenStore;
  all: string;
  scope: (name: string) => string;
}) {
  const { filterValues, setFilters } = useListContext();
  const { data: stores } = useStoreChoices();
  if (!store.admin) return null;
  const id = Number(filterValues.store_id);
  const chosen = Number.isSafeInteger(id) && id > 0 ? id : null;
  const name = chosen === null ? all : (stores?.find((row) => row.id === chosen)?.name ?? '…');
  const choose = (next: number | null) => {
    const { store_id: _dropped, ...others } = filterValues as Record<string, unknown>;
    setFilters(next === null ? others : { ...others, store_id: next }, {});
  };
  return (
    <Stack direction="row" sx={{ mt: 2, mb: 1, gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <StorePickerWhenNeeded value={chosen} onChange={choose} placeholder={all} />
      <Chip color="primary" variant="outlined" label={scope(name)} data-testid="list-scope" />
    </Stack>
  );
}

/** react-admin's list view, whose filters wait while an order is being made (`list.sortable`). */
function OrderedListView({
  filters,
  ...props
}: Omit<ListViewProps, 'filters'> & { filters?: ReactElement[] }) {
  const order = useDragOrder();
  const waiting = order?.order
    ? filters?.map((filter) =>
        cloneElement(filter as ReactElement<{ disabled?: boolean }>, { disabled: true }),
      )
    : filters;
  return <ListView {...props} filters={waiting} />;
}

/** With `list.failed`: a list that cannot be read says so in the server's 4xx words, or in these. */
function useFailureNotice(words: string | undefined) {
  const notify = useNotify();
  if (words === undefined) return undefined;
  return { onError: (error: unknown) => notify(failureText(error, words), { type: 'error' }) };
}

/**
 * The generated list, wherever it is shown: a sortable list waits here for its drag and drop the
 * first time (in the app the screen's loader has fetched it already, so nothing waits).
 */
export function GeneratedList(props: { definition: ResourceDefinition; overrides?: ScreenOverrides }) {
  return (
    <Suspense fallback={<Loading />}>
      <ListScreen {...props} />
    </Suspense>
  );
}

/**
 * The list generated from a definition: its `list` fields as columns (sortable where the server
 * sorts), its search and choice filters, Exportar (CSV of the whole filtered list), the create
 * button for who may create, and a row that opens the record for who may edit (or its `rowDialog`),
 * by a click or from the keyboard. On a tablet beside the menu, a list with `compact` lines shows
 * one line per record instead.
 */
function ListScreen({
  definition,
  overrides = {},
}: {
  definition: ResourceDefinition;
  overrides?: ScreenOverrides;
}) {
  const list = overrides.list ?? {};
  // A sortable list's drag and drop (@dnd-kit) arrives with it (the screen's loader fetched it
  // beside this code); another list never downloads it.
  const drag = list.sortable ? use(dragOrderModule()) : null;
  const Frame = drag ? drag.ListFrame : PlainFrame;
  // The definition says who may write (staff read the FAQ, only administrators write it).
  const { canAccess: canCreate = false } = useCanAccess({ resource: definition.name, action: 'create' });
  const { canAccess: canEdit = false } = useCanAccess({ resource: definition.name, action: 'edit' });
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('lg'));
  const belowCards = useMediaQuery<Theme>((theme) => theme.breakpoints.down(list.cards?.below ?? 'lg'));
  const asCards = belowCards || list.cards?.only === true;
  const editable = canEdit && definition.screens?.edit !== false;
  const rowActions = list.rowActionsFor === 'edit' && !canEdit ? undefined : list.rowActions;
  // The record whose dialog is open (`rowDialog`).
  const [opened, setOpened] = useState<RaRecord | null>(null);
  const { rowDialog } = list;
  const rowClick: RowClick | 'expand' = rowDialog
    ? (_id, _resource, record) => {
        setOpened(record);
        return false;
      }
    : (list.rowClick ?? (list.expand ? 'expand' : editable ? 'edit' : false));
  // A compact line has no panel to expand.
  const compactClick: RowClick = rowClick === 'expand' ? false : rowClick;
  const compactEnd =
    list.compact?.end || rowActions
      ? () => (
          <>
            {list.compact?.end}
            {rowActions ? <RowActions>{rowActions}</RowActions> : null}
          </>
        )
      : undefined;
  const fields = Object.entries(definition.fields).filter(
    ([source, field]) => field.list && !(narrow && list.wide?.includes(source)),
  );
  const title = definition.screens?.titles?.list ?? definition.label.many;
  // The card the table sits in, labelled by the list's title (one component per title: a new one
  // on every render would mount the table anew).
  const Content = useMemo(() => {
    const Card = (props: CardProps) => <ScrollingCard {...props} label={title} />;
    return Card;
  }, [title]);
  const store = useChosenStore();
  const failed = useFailureNotice(list.failed);
  // A store's list that an administrator must choose first, or that shows every store's until then.
  const chooseFirst = list.store && 'notice' in list.store ? list.store : undefined;
  const orAll = list.store && 'all' in list.store ? list.store : undefined;
  const storeFilter = chooseFirst && store.storeId !== null ? { store_id: store.storeId } : undefined;
  if (chooseFirst && store.waiting) {
    return (
      <>
        <Title title={title} />
        {store.loading ? null : (
          <StoreChoice store={store} notice={chooseFirst.notice} picker={chooseFirst.picker} />
        )}
      </>
    );
  }
  return (
    <ListBase
      // Another restaurant is another list.
      key={storeFilter?.store_id ?? 'own'}
      resource={definition.name}
      perPage={list.sortable ? WHOLE_LIST : definition.list.perPage}
      sort={definition.list.sort}
      filter={list.filter || storeFilter ? { ...list.filter, ...storeFilter } : undefined}
      filterDefaultValues={
        typeof list.filterDefaults === 'function' ? list.filterDefaults() : list.filterDefaults
      }
      queryOptions={failed}
      exporter={false}
      storeKey={list.storeKey}
      disableSyncWithLocation={typeof list.storeKey === 'string'}
      // As react-admin's List: the view below says when the network is away, inside its frame.
      offline={false}
    >
      {/* The screen's column may shrink below its table's width: the table scrolls in its card. */}
      <Frame sortable={list.sortable} sort={definition.list.sort}>
        {chooseFirst ? (
          <StoreChoice store={store} notice={chooseFirst.notice} picker={chooseFirst.picker} />
        ) : null}
        {orAll ? <StoreFilter store={store} all={orAll.all} scope={orAll.scope} /> : null}
        {list.header ? <Box sx={{ mt: 2 }}>{list.header}</Box> : null}
        <OrderedListView
          title={title}
          filters={list.filterBar ? undefined : filtersOf(definition, list.filters, list.searchLabel)}
          actions={
            <ListToolbar
              definition={definition}
              list={list}
              canCreate={canCreate}
              storeFilter={storeFilter}
            />
          }
          empty={list.empty}
          error={errorOf(list.error)}
          component={Content}
          // react-admin's list lets its card overflow ('inherit'): the table scrolls inside it instead.
          sx={{ '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflowX: 'auto' } }}
          // The spec fixes each list's page size (8 promo codes, 50 administrators…): no size to
          // choose; a sortable list is one page.
          pagination={list.pagination ?? (list.sortable ? false : <Pagination rowsPerPageOptions={[]} />)}
        >
          {list.filterBar}
          {drag && list.sortable ? <drag.PartialOrderNotice sortable={list.sortable} /> : null}
          {asCards && list.cards ? (
            <RecordCards
              render={list.cards.render}
              label={list.cards.label ?? title}
              name={list.cards.name}
              rowClick={list.cards.opens === false ? false : compactClick}
              rowActions={rowActions ? <RowActions>{rowActions}</RowActions> : undefined}
              noRows={list.noRows}
              expand={
                list.expand && list.expandToggle
                  ? { panel: list.expand, label: list.expandToggle }
                  : undefined
              }
            />
          ) : narrow && list.compact ? (
            <SimpleList
              rowClick={rowActions ? lineClick(compactClick) : compactClick}
              sx={focusedLine}
              primaryText={list.compact.primary}
              secondaryText={list.compact.secondary}
              tertiaryText={list.compact.tertiary}
              rightIcon={compactEnd}
              empty={list.noRows ? <>{list.noRows}</> : undefined}
            />
          ) : (
            <DataTable
              rowClick={rowClick}
              body={drag ? drag.tableBody(!!rowClick) : rowClick ? OpenableBody : undefined}
              // Rows and sortable headers a fingertip's size, for a tablet.
              sx={{
                ...focusedRow,
                // Not the panel's row under each row (react-admin keeps it, empty, while shut).
                [`& .MuiTableRow-root:not(.${DataTableClasses.expandRow})`]: { height: 44 },
                '& .MuiTableSortLabel-root': { minHeight: 44 },
                ...(list.expandToggle ? withoutOwnArrow : {}),
              }}
              bulkActionButtons={false}
              expand={list.expand}
              empty={list.noRows ? <>{list.noRows}</> : undefined}
            >
              {drag && list.sortable ? drag.gripColumn(list.sortable) : null}
              {list.expandToggle ? toggleColumn(list.expandToggle) : null}
              {fields.map(([source, field]) => column(source, field, list))}
              {rowActions ? actionsColumn(rowActions) : null}
            </DataTable>
          )}
          {rowDialog && opened ? rowDialog(opened, () => setOpened(null)) : null}
        </OrderedListView>
      </Frame>
    </ListBase>
  );
}
