import { Stack } from '@mui/material';
import {
  BooleanInput,
  SaveButton,
  SelectInput,
  TextInput,
  Toolbar,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { PersonLine } from '../../components/PersonLine';
import { PictureAvatar } from '../../components/PictureAvatar';
import {
  CUSTOMER_LOAD_FAILED,
  customers,
  FEEDHUNTER_UPDATE_FAILED,
  feedhunterChoices,
  genderChoices,
  type CustomerDetail,
} from '../../../contract/resources/customers/definition';
import { genderLabel } from '../../../contract/resources/customers/labels';
import { defineScreens } from '../../engine/overrides';
import { CustomerStats } from './CustomerStats';

const { fields } = customers;

export const customerPath = (id: RaRecord['id']) => `/customers/list/details/${id}`;

/** The name after the customer's photo (or its initial). */
function nameCell(record: RaRecord) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <PictureAvatar src={record.profile_picture} name={record.fullname} size={32} />
      <span>{record.fullname}</span>
    </Stack>
  );
}

/** The gender and FeedHunter filters, "Todos" until one is chosen. */
const choiceFilter = (source: 'gender' | 'feedhunter', choices: readonly { id: string; name: string }[]) => (
  <SelectInput
    key={source}
    source={source}
    label={fields[source]!.label}
    alwaysOn
    choices={[...choices]}
    emptyText="Todos"
    sx={{ minWidth: 160 }}
  />
);

const useCustomer = () => useRecordContext<CustomerDetail>();

/** The screen's title: the customer's name. */
function CustomerName() {
  return <>{useCustomer()?.fullname ?? customers.label.one}</>;
}

/** The customer's picture, name and @username, above the detail. */
function CustomerHeading() {
  const customer = useCustomer();
  if (!customer) return null;
  return (
    <Stack sx={{ py: 2 }}>
      <PersonLine
        picture={customer.profile_picture}
        name={customer.fullname}
        username={customer.username}
        size={80}
        heading=""
      />
    </Stack>
  );
}

/** The switch, named by what it says of the customer; saved only by ATUALIZAR. */
function FeedHunterInput() {
  const on = useWatch({ name: 'feedhunter' }) as boolean | undefined;
  return (
    <BooleanInput source="feedhunter" label={on ? 'É FeedHunter' : 'Não é FeedHunter'} helperText={false} />
  );
}

/** Visits and the last ticket, at every store, under the detail. */
function Stats() {
  const stats = useCustomer()?.stats;
  return stats ? <CustomerStats stats={stats} store /> : null;
}

/**
 * Usuários (spec 2.9): the app's users at /customers/list, searched, filtered and paged on the
 * server, 200 a page, each opening its detail; a tablet beside the menu shows one line per user.
 * The detail (/customers/list/details/:id) shows the personal data read-only, the FeedHunter switch
 * that ATUALIZAR saves, and the stats, read and saved with `include=stats` so that a save keeps them.
 */
export default defineScreens({
  list: {
    cells: {
      fullname: nameCell,
      // Only F and M have a name; anything else a dash.
      gender: (record) => genderLabel(record.gender as string | null),
    },
    filters: [choiceFilter('gender', genderChoices), choiceFilter('feedhunter', feedhunterChoices)],
    rowClick: (id) => customerPath(id),
    compact: {
      primary: (record) => String(record.fullname),
      secondary: (record) => [record.username, record.email].join(' · '),
      tertiary: (record) => (record.feedhunter ? 'FeedHunter' : ''),
    },
  },
  form: {
    title: <CustomerName />,
    header: <CustomerHeading />,
    list: '/customers/list',
    meta: { include: 'stats' },
    failed: { read: CUSTOMER_LOAD_FAILED, save: FEEDHUNTER_UPDATE_FAILED },
    sections: [
      {
        fields: [
          ['fullname', 'username'],
          ['email', 'phone'],
          ['cpf', 'gender'],
          ['birthdate', 'age'],
          ['status', 'created_at'],
        ],
      },
      { title: 'FeedHunter', fields: ['feedhunter'] },
    ],
    readOnly: ['username', 'email', 'phone', 'cpf', 'gender', 'birthdate', 'age', 'status', 'created_at'],
    inputs: {
      // The list's column is "Nome"; the detail names it in full.
      fullname: <TextInput source="fullname" label="Nome completo" readOnly fullWidth />,
      feedhunter: <FeedHunterInput />,
    },
    toolbar: (
      <Toolbar>
        <SaveButton label="ATUALIZAR" />
      </Toolbar>
    ),
    after: false,
    below: <Stats />,
  },
});
