import { Stack } from '@mui/material';
import { BooleanInput, SaveButton, SelectInput, Toolbar, type RaRecord } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { PictureAvatar } from '../../components/PictureAvatar';
import {
  CUSTOMER_LOAD_FAILED,
  customers,
  FEEDHUNTER_UPDATE_FAILED,
  feedhunterChoices,
  genderChoices,
} from '../../../contract/resources/customers/definition';
import { genderLabel } from '../../../contract/resources/customers/labels';
import { defineScreens } from '../../engine/overrides';
import { CustomerHeading, CustomerName, CustomerStats, customerPath, fullNameInput } from './parts';

const { fields } = customers;

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

/** The switch, named by what it says of the customer; saved only by ATUALIZAR. */
function FeedHunterInput() {
  const on = useWatch({ name: 'feedhunter' }) as boolean | undefined;
  return (
    <BooleanInput source="feedhunter" label={on ? 'É FeedHunter' : 'Não é FeedHunter'} helperText={false} />
  );
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
      fullname: fullNameInput,
      feedhunter: <FeedHunterInput />,
    },
    toolbar: (
      <Toolbar>
        <SaveButton label="ATUALIZAR" />
      </Toolbar>
    ),
    after: false,
    below: <CustomerStats store />,
  },
});
