import { Box, Typography } from '@mui/material';
import {
  AutocompleteArrayInput,
  Create,
  ReferenceArrayInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useNotify,
  useRedirect,
  type RaRecord,
} from 'react-admin';
import { zodValidate } from '../../lib/zodForm';
import {
  CREATED_MESSAGE,
  notificationCreateInput,
  notifications as definition,
  RESTAURANT_PICKER_PAGE,
} from '../../../contract/resources/notifications/definition';
import { AgeInput, GendersInput } from './inputs';

const validate = zodValidate(notificationCreateInput);

function CreateToolbar() {
  return (
    <Toolbar>
      <SaveButton label="Enviar notificação" alwaysEnable />
    </Toolbar>
  );
}

/** /notifications/create (the spec's /notifications/new): who receives it is resolved on save. */
export function NotificationCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      resource={definition.name}
      title="Nova notificação"
      mutationOptions={{
        onSuccess: () => {
          notify(CREATED_MESSAGE, { type: 'success' });
          redirect('list', definition.name);
        },
      }}
    >
      <SimpleForm
        validate={validate}
        defaultValues={{ genders: [], stores: [], min_age: null, max_age: null }}
        toolbar={<CreateToolbar />}
        sx={{ maxWidth: 720 }}
      >
        <TextInput source="title" label="Título" fullWidth />
        <TextInput source="body" label="Descrição" multiline minRows={3} fullWidth />
        <GendersInput />
        <ReferenceArrayInput
          source="stores"
          reference="restaurants"
          perPage={RESTAURANT_PICKER_PAGE}
          sort={{ field: 'name', order: 'ASC' }}
        >
          <AutocompleteArrayInput
            label="Restaurantes"
            optionText={(record: RaRecord) => String(record.name ?? '')}
            noOptionsText="Nenhum restaurante encontrado"
            helperText="Sem restaurantes, a notificação vai para todos os usuários; com eles, para quem já fez check-in em algum."
            fullWidth
          />
        </ReferenceArrayInput>
        <Typography variant="subtitle2" sx={{ mt: 1 }}>
          Idade
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <AgeInput source="min_age" label="Idade mínima" />
          <AgeInput source="max_age" label="Idade máxima" />
        </Box>
      </SimpleForm>
    </Create>
  );
}
