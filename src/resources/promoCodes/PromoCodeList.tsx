import { Link } from 'react-router-dom';
import { Button, useMediaQuery, type Theme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  DataTable,
  FilterButton,
  List,
  Pagination,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  type RaRecord,
} from 'react-admin';
import { formatCents, formatDate } from '../../lib/format';
import { choiceLabel, RecordToggle } from '../engine';
import {
  ACTIVATED,
  DEACTIVATED,
  promoCodeFields as fields,
  promoCodes as definition,
  promoOrigins,
  promoTypes,
} from './definition';

export const ADD_PROMO_CODE_LABEL = 'ADICIONAR CUPOM';

interface PromoCode extends RaRecord {
  code: string;
  description: string;
  discount: number;
  max_discount: number;
  n_uses: number;
  n_available: number;
  origin: string | null;
  type: string | null;
  expires_at: string;
  active: boolean;
}

const percentFormatter = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });
const percent = (value: number) => `${percentFormatter.format(value)}%`;
const usage = (record: PromoCode) => `${record.n_uses} / ${record.n_available}`;
const origin = (record: PromoCode) => choiceLabel(fields.origin, record.origin);
const type = (record: PromoCode) => choiceLabel(fields.type, record.type);

// Values stay on one line; the headers may wrap.
const noWrap = () => ({ whiteSpace: 'nowrap' }) as const;

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Buscar por código ou descrição" />,
  <SelectInput key="origin" source="origin" label="Origem" choices={[...promoOrigins]} />,
  <SelectInput key="type" source="type" label="Tipo" choices={[...promoTypes]} />,
];

function ListActions() {
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1 }}>
      <FilterButton />
      <Button component={Link} to="/promoCodes/create" variant="contained" startIcon={<AddIcon />}>
        {ADD_PROMO_CODE_LABEL}
      </Button>
    </TopToolbar>
  );
}

const toggle = <RecordToggle source="active" label="Ativo" notices={{ on: ACTIVATED, off: DEACTIVATED }} />;

/** /promoCodes (spec 2.13): 8 a page (spec 9), each row with its active toggle (spec 4). */
export function PromoCodeList() {
  // Nine columns do not fit a tablet beside the menu: one line per code there.
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('lg'));
  return (
    <List
      resource={definition.name}
      title={definition.label.many}
      perPage={definition.list.perPage}
      sort={definition.list.sort}
      filters={filters}
      actions={<ListActions />}
      pagination={<Pagination rowsPerPageOptions={[]} />}
      exporter={false}
    >
      {small ? (
        <SimpleList<PromoCode>
          linkType={false}
          primaryText={(record) => `${record.code} · ${percent(record.discount)}`}
          secondaryText={(record) =>
            [
              record.description,
              `até ${formatCents(record.max_discount)}`,
              `usos ${usage(record)}`,
              origin(record),
              type(record),
            ].join(' · ')
          }
          tertiaryText={(record) => `Expira em ${formatDate(record.expires_at)}`}
          rightIcon={() => toggle}
        />
      ) : (
        <DataTable<PromoCode> rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="code" label={fields.code.label} />
          <DataTable.Col source="description" label={fields.description.label} disableSort />
          <DataTable.Col
            source="discount"
            label={fields.discount.label}
            cellSx={noWrap}
            render={(record) => percent(record.discount)}
          />
          <DataTable.Col
            source="max_discount"
            label={fields.max_discount.label}
            disableSort
            cellSx={noWrap}
            render={(record) => formatCents(record.max_discount)}
          />
          <DataTable.Col
            source="n_uses"
            label={fields.n_uses.label}
            disableSort
            cellSx={noWrap}
            render={usage}
          />
          <DataTable.Col source="origin" label={fields.origin.label} disableSort render={origin} />
          <DataTable.Col source="type" label={fields.type.label} disableSort render={type} />
          <DataTable.Col
            source="expires_at"
            label={fields.expires_at.label}
            cellSx={noWrap}
            render={(record) => formatDate(record.expires_at)}
          />
          <DataTable.Col source="active" label={fields.active.label}>
            {toggle}
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
