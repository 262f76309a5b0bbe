import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Box,
  Button,
  Card,
  Chip,
  Divider,
  IconButton,
  InputAdornment,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import LoyaltyIcon from '@mui/icons-material/Loyalty';
import SearchIcon from '@mui/icons-material/Search';
import { DataTable, List, Pagination, Title, useListContext } from 'react-admin';
import { ExportFileButton } from '../../components/ExportButton';
import { PictureAvatar } from '../../components/PictureAvatar';
import { fieldText } from '../../lib/display';
import { ChooseStoreNotice, ChosenStorePicker, useChosenStore } from '../../components/chosenStore';
import {
  LOYALTY_MESSAGES,
  loyaltyPrograms,
  type LoyaltyCustomerRow,
} from '../../../contract/resources/loyalty/definition';
import { loyaltyScreens } from './paths';

export const DETAILS_LABEL = 'VER DETALHES';
export const SEARCH_LABEL = 'Buscar';

/** A fingertip's size, for a tablet's buttons and the columns' sort headers. */
const TOUCH = 44;
const { fields } = loyaltyPrograms;
const SORTABLE = Object.entries(fields).filter(([, field]) => field.sortable);

/** The customer-name search (spec 2): asked with Buscar, not as it is typed. */
function SearchBar() {
  const { filterValues, setFilters } = useListContext();
  const applied = typeof filterValues.q === 'string' ? filterValues.q : '';
  const [term, setTerm] = useState(applied);
  useEffect(() => setTerm(applied), [applied]);
  return (
    <Stack
      component="form"
      role="search"
      aria-label="Buscar clientes"
      direction="row"
      onSubmit={(event) => {
        event.preventDefault();
        const q = term.trim();
        setFilters(q ? { q } : {}, {});
      }}
      sx={{ gap: 1, alignItems: 'center', flex: '1 1 320px', maxWidth: 520 }}
    >
      <TextField
        label="Nome do cliente"
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        size="small"
        fullWidth
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
            sx: { minHeight: TOUCH },
          },
        }}
      />
      <Button type="submit" variant="contained" sx={{ minHeight: TOUCH, flexShrink: 0 }}>
        {SEARCH_LABEL}
      </Button>
    </Stack>
  );
}

/** The columns' sorts, where there are no column headers to touch (a tablet beside the menu). */
function SortControl() {
  const { sort, setSort } = useListContext();
  const descending = sort.order === 'DESC';
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
      <TextField
        select
        size="small"
        label="Ordenar por"
        value={sort.field}
        onChange={(event) => setSort({ field: event.target.value, order: sort.order })}
        sx={{ minWidth: 220 }}
        slotProps={{ input: { sx: { minHeight: TOUCH } } }}
      >
        {SORTABLE.map(([source, field]) => (
          <MenuItem key={source} value={source} sx={{ minHeight: TOUCH }}>
            {field.label}
          </MenuItem>
        ))}
      </TextField>
      <IconButton
        aria-label={descending ? 'Ordem decrescente' : 'Ordem crescente'}
        onClick={() => setSort({ field: sort.field, order: descending ? 'ASC' : 'DESC' })}
        sx={{ width: TOUCH, height: TOUCH }}
      >
        {descending ? <ArrowDownwardIcon /> : <ArrowUpwardIcon />}
      </IconButton>
    </Stack>
  );
}

/** Above the customers: the search, Exportar (the whole search, as CSV) and VER DETALHES. */
function Toolbar({ storeId, narrow }: { storeId: number | null; narrow: boolean }) {
  const { sort, filterValues, total } = useListContext();
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }}>
      <SearchBar />
      {narrow ? <SortControl /> : null}
      <Stack direction="row" sx={{ gap: 1, ml: { md: 'auto' }, flexWrap: 'wrap' }}>
        <ExportFileButton
          resource={loyaltyPrograms.name}
          sort={sort}
          filter={{ ...filterValues, ...(storeId === null ? {} : { store_id: storeId }) }}
          disabled={!total}
        />
        <Button
          component={RouterLink}
          to={loyaltyScreens.details}
          variant="contained"
          sx={{ minHeight: TOUCH }}
        >
          {DETAILS_LABEL}
        </Button>
      </Stack>
    </Stack>
  );
}

/** The customer: picture, name and @username. */
function CustomerCell({ row }: { row: LoyaltyCustomerRow }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, minWidth: 180 }}>
      <PictureAvatar src={row.customer.profile_picture} name={row.customer.fullname} size={36} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {row.customer.fullname}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          @{row.customer.username}
        </Typography>
      </Box>
    </Stack>
  );
}

const text = (source: keyof typeof fields) => (row: LoyaltyCustomerRow) =>
  fieldText(
    fields[source]!,
    row[source as keyof LoyaltyCustomerRow],
    row as unknown as Record<string, unknown>,
  );
const noWrap = () => ({ whiteSpace: 'nowrap' }) as const;

/** One figure of a customer's card: its label above, its value below. */
function CardFigure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
}

/** A card per customer: who, where from, and the four figures of the table's columns. */
function CustomerCards({ rows }: { rows: LoyaltyCustomerRow[] }) {
  return (
    <Stack
      component="ul"
      aria-label="Clientes"
      divider={<Divider component="li" aria-hidden />}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {rows.map((row) => (
        <Box component="li" key={row.id} sx={{ px: 2, py: 1.5 }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <CustomerCell row={row} />
            </Box>
            <Chip size="small" variant="outlined" label={text('order_type')(row)} />
          </Stack>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 1.5, mt: 1, mb: 0 }}
          >
            <CardFigure label={fields.current_consumption!.label} value={text('current_consumption')(row)} />
            <CardFigure label={fields.total_consumption!.label} value={text('total_consumption')(row)} />
            <CardFigure label={fields.n_uses!.label} value={text('n_uses')(row)} />
            <CardFigure label={fields.created_at!.label} value={text('created_at')(row) || '—'} />
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

/**
 * The customers: a table (spec 2) whose columns sort as the server does; on a tablet beside the
 * menu (below `lg`), where six columns do not fit, a card each, sorted with the toolbar's control.
 */
function Customers({ narrow }: { narrow: boolean }) {
  const { isPending, data, filterValues } = useListContext<LoyaltyCustomerRow>();
  if (isPending) {
    return (
      <Box sx={{ p: 2 }} aria-busy>
        <Skeleton height={56} />
        <Skeleton height={56} />
        <Skeleton height={56} />
      </Box>
    );
  }
  if (!data?.length) {
    return (
      <Stack sx={{ alignItems: 'center', textAlign: 'center', gap: 1, py: 6, px: 2 }}>
        <LoyaltyIcon sx={{ fontSize: 56, opacity: 0.5 }} aria-hidden />
        <Typography variant="h6" component="p">
          {LOYALTY_MESSAGES.empty}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {filterValues.q
            ? 'Confira o nome e toque em Buscar.'
            : 'Os clientes aparecem aqui depois da primeira comanda fechada no restaurante.'}
        </Typography>
      </Stack>
    );
  }
  if (narrow) return <CustomerCards rows={data} />;
  return (
    <DataTable
      rowClick={false}
      bulkActionButtons={false}
      sx={{
        '& .MuiTableSortLabel-root': { minHeight: TOUCH },
        '& .MuiTableCell-head': { lineHeight: 1.2 },
      }}
    >
      <DataTable.Col
        source="customer"
        label={fields.customer!.label}
        render={(row: LoyaltyCustomerRow) => <CustomerCell row={row} />}
      />
      <DataTable.Col
        source="order_type"
        label={fields.order_type!.label}
        render={(row: LoyaltyCustomerRow) => (
          <Chip
            size="small"
            variant="outlined"
            color={row.order_type === 'DELIVERY' ? 'secondary' : 'default'}
            label={text('order_type')(row)}
          />
        )}
      />
      <DataTable.Col
        source="current_consumption"
        label={fields.current_consumption!.label}
        align="right"
        render={text('current_consumption')}
        cellSx={noWrap}
      />
      <DataTable.Col
        source="total_consumption"
        label={fields.total_consumption!.label}
        align="right"
        render={text('total_consumption')}
        cellSx={noWrap}
      />
      <DataTable.Col source="n_uses" label={fields.n_uses!.label} align="right" render={text('n_uses')} />
      <DataTable.Col
        source="created_at"
        label={fields.created_at!.label}
        render={(row: LoyaltyCustomerRow) => text('created_at')(row) || '—'}
        cellSx={noWrap}
      />
    </DataTable>
  );
}

function Heading() {
  return (
    <Typography component="h1" variant="h5" sx={{ fontWeight: 800, my: 2 }}>
      Programa de fidelidade
    </Typography>
  );
}

/**
 * Fidelidade (restaurant spec 2 "Loyalty program"): the store's customers with what each consumed
 * since their last redemption and in all, their redemptions and the last one's date, 8 a page,
 * the best customers first; the customer-name search with Buscar; VER DETALHES opens the program.
 * Administrators first choose the restaurant (remembered on this device, as the kitchen board's).
 */
export function LoyaltyCustomers() {
  const store = useChosenStore();
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('lg'));
  if (store.loading) return null;
  return (
    <Box sx={{ pb: 4 }}>
      <Title title={loyaltyPrograms.label.many} />
      <Heading />
      <Stack direction="row" sx={{ mb: store.admin ? 2 : 0 }}>
        <ChosenStorePicker store={store} />
      </Stack>
      <ChooseStoreNotice store={store} message={LOYALTY_MESSAGES.chooseStore} />
      {store.waiting ? null : (
        <List
          resource={loyaltyPrograms.name}
          title={false}
          perPage={loyaltyPrograms.list.perPage}
          sort={loyaltyPrograms.list.sort}
          filter={store.storeId === null ? undefined : { store_id: store.storeId }}
          actions={false}
          empty={false}
          exporter={false}
          component="div"
          // The spec fixes the page size (8): no size to choose.
          pagination={<Pagination rowsPerPageOptions={[]} />}
        >
          <Toolbar storeId={store.storeId} narrow={narrow} />
          <Card>
            <Customers narrow={narrow} />
          </Card>
        </List>
      )}
    </Box>
  );
}
