import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Box,
  Button,
  Chip,
  IconButton,
  InputAdornment,
  MenuItem,
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
import { useListContext, type RaRecord } from 'react-admin';
import { PersonLine } from '../../components/PersonLine';
import { fieldText } from '../../lib/display';
import {
  LOYALTY_MESSAGES,
  loyaltyPrograms,
  type LoyaltyCustomerRow,
} from '../../../contract/resources/loyalty/definition';
import { defineScreens } from '../../engine/overrides';
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
        setFilters(q ? { q } : {}, {}, false);
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

/** Above the customers: the search, and on a tablet beside the menu (below `lg`) the sort. */
function FilterBar() {
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('lg'));
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1.5, p: 2 }}>
      <SearchBar />
      {narrow ? <SortControl /> : null}
    </Stack>
  );
}

/** VER DETALHES: the program's figures and form. */
function DetailsLink() {
  return (
    <Button component={RouterLink} to={loyaltyScreens.details} variant="contained">
      {DETAILS_LABEL}
    </Button>
  );
}

const asRow = (record: RaRecord) => record as LoyaltyCustomerRow;
const text = (source: keyof typeof fields, record: RaRecord) =>
  fieldText(fields[source]!, record[source], record);

/** The customer: picture, name and @username. */
function Customer({ row }: { row: LoyaltyCustomerRow }) {
  const { customer } = row;
  return (
    <Box sx={{ minWidth: 180 }}>
      <PersonLine picture={customer.profile_picture} name={customer.fullname} username={customer.username} />
    </Box>
  );
}

/** Where the customer consumed last: Presencial or Delivery. */
function Origin({ record }: { record: RaRecord }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={record.order_type === 'DELIVERY' ? 'secondary' : 'default'}
      label={text('order_type', record)}
    />
  );
}

/** One figure of a customer's card: its label above, its value below. */
function CardFigure({ source, record }: { source: keyof typeof fields; record: RaRecord }) {
  return (
    <Box>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {fields[source]!.label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
        {text(source, record) || '—'}
      </Typography>
    </Box>
  );
}

/** A customer on a tablet beside the menu: who, where from, and the four figures of the columns. */
function CustomerCard({ record }: { record: RaRecord }) {
  return (
    <Box sx={{ px: 2, py: 1.5 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Customer row={asRow(record)} />
        </Box>
        <Origin record={record} />
      </Stack>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1.5, mt: 1, mb: 0 }}
      >
        <CardFigure source="current_consumption" record={record} />
        <CardFigure source="total_consumption" record={record} />
        <CardFigure source="n_uses" record={record} />
        <CardFigure source="created_at" record={record} />
      </Box>
    </Box>
  );
}

/** Where the table would be when a page has no customer: why, and what to do. */
function NoCustomers() {
  const { filterValues } = useListContext();
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

/**
 * Fidelidade (restaurant spec 2 "Loyalty program"): the store's customers with what each consumed
 * since their last redemption and in all, their redemptions and the last one's date, 8 a page,
 * the best customers first, the columns sorted as the server sorts; the customer-name search with
 * Buscar; VER DETALHES opens the program. On a tablet beside the menu (below `lg`), where six
 * columns do not fit, a card each, sorted with Ordenar por. Administrators first choose the
 * restaurant (remembered on this device).
 */
export default defineScreens({
  list: {
    store: { notice: LOYALTY_MESSAGES.chooseStore },
    filterBar: <FilterBar />,
    actions: <DetailsLink />,
    // With no customer yet, the search and VER DETALHES stay.
    empty: false,
    noRows: <NoCustomers />,
    cells: {
      customer: (record) => <Customer row={asRow(record)} />,
      order_type: (record) => <Origin record={record} />,
      // Never redeemed: no date.
      created_at: (record) => text('created_at', record) || '—',
    },
    cards: { render: (record) => <CustomerCard record={record} />, label: 'Clientes' },
  },
});
