/**
 * The reference of `npm run bench:web`: a plain react-admin app as its documentation builds one
 * (MUI, ra-data-simple-rest, a Datagrid), listing the same customers 200 a page with the columns
 * and avatars the product's list shows. It sends the product's session token, which its server
 * checks (scripts/bench/web-reference.ts), so both sides do the same auth.
 */
import { createRoot } from 'react-dom/client';
import {
  Admin,
  BooleanField,
  Datagrid,
  DateField,
  FunctionField,
  List,
  Resource,
  TextField,
  fetchUtils,
  type RaRecord,
} from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';

const httpClient = (url: string, options: fetchUtils.Options = {}) => {
  const { token } = JSON.parse(localStorage.getItem('painel.session') ?? '{}') as { token?: string };
  return fetchUtils.fetchJson(url, { ...options, user: { authenticated: true, token: `Bearer ${token}` } });
};

const CustomerList = () => (
  <List perPage={200}>
    <Datagrid bulkActionButtons={false}>
      <FunctionField
        label="Foto"
        render={(record: RaRecord) =>
          record.profile_picture ? (
            <img src={String(record.profile_picture)} alt="" width={40} height={40} />
          ) : null
        }
      />
      <TextField source="fullname" label="Nome" />
      <TextField source="username" />
      <TextField source="email" label="E-mail" />
      <TextField source="cpf" label="CPF" />
      <TextField source="gender" label="Gênero" />
      <BooleanField source="feedhunter" label="FeedHunter" />
      <DateField source="created_at" label="Criado em" />
    </Datagrid>
  </List>
);

createRoot(document.getElementById('root')!).render(
  <Admin dataProvider={simpleRestProvider('/api', httpClient)} disableTelemetry>
    <Resource name="customers" list={CustomerList} />
  </Admin>,
);
