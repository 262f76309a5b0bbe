import { Stack } from '@mui/material';
import { SelectInput, type RaRecord } from 'react-admin';
import { PictureAvatar } from '../../components/PictureAvatar';
import {
  customers,
  feedhunterChoices,
  genderChoices,
} from '../../../contract/resources/customers/definition';
import { genderLabel } from '../../../contract/resources/customers/labels';
import { defineScreens } from '../../engine/overrides';

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

/**
 * Usuários (spec 2.9): the app's users at /customers/list, searched, filtered and paged on the
 * server, 200 a page, each opening its detail; a tablet beside the menu shows one line per user.
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
});
