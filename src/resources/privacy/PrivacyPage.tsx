import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BooleanInput, Form, Loading, SaveButton, TextInput, Title, useNotify } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { httpClient } from '../../dataProvider/httpClient';
import { useApi } from '../../dataProvider/useApi';
import { zodValidate } from '../../lib/zodForm';
import {
  PRIVACY_ENDPOINT,
  PRIVACY_SAVED,
  privacyInput,
  type PrivacyInput,
  type PrivacyText,
} from '../../../contract/resources/privacy/definition';

const validate = zodValidate(privacyInput);

/** /fac/privacy (spec 2.12): the platform's privacy text, under Dúvidas. */
export function PrivacyPage() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const current = useApi<PrivacyText>(PRIVACY_ENDPOINT);
  const save = useMutation({
    mutationFn: async (values: PrivacyInput) =>
      ((await httpClient(PRIVACY_ENDPOINT, { method: 'PATCH', body: values })) as { data: PrivacyText }).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(['api', PRIVACY_ENDPOINT, undefined], saved);
      notify(PRIVACY_SAVED, { type: 'success' });
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Texto de privacidade" />
      <Card>
        <CardContent>
          <Typography variant="overline" color="text.secondary" component="p">
            Dúvidas
          </Typography>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Texto de privacidade
          </Typography>
          {current.isPending ? (
            <Loading />
          ) : current.isError ? (
            <Typography color="error">{current.error.message}</Typography>
          ) : (
            <Form
              noValidate
              validate={validate}
              record={current.data}
              onSubmit={(values: FieldValues) =>
                save.mutate({
                  title: values.title as string,
                  text: values.text as string,
                  active: Boolean(values.active),
                })
              }
            >
              <Box sx={{ display: 'flex', flexDirection: 'column', maxWidth: 900 }}>
                <TextInput source="title" label="Título" />
                <TextInput source="text" label="Texto" multiline minRows={8} />
                <BooleanInput source="active" label="Ativo" />
                <SaveButton
                  label="Salvar"
                  alwaysEnable
                  disabled={save.isPending}
                  sx={{ alignSelf: 'flex-start' }}
                />
              </Box>
            </Form>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
