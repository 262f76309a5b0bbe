import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  AutocompleteInput,
  Form,
  ReferenceInput,
  SaveButton,
  TextInput,
  Title,
  useNotify,
  type RaRecord,
} from 'react-admin';
import { useFormContext, type FieldValues } from 'react-hook-form';
import { Box, Card, CardContent } from '@mui/material';
import { httpClient } from '../../dataProvider/httpClient';
import { INCLUDED_MESSAGE, includeCollaboratorInput } from '../../../contract/resources/admins/definition';
import { zodValidate } from '../../lib/zodForm';
import { SectionHeading } from './inputs';

const validate = zodValidate(includeCollaboratorInput);

interface IncludeValues {
  email: string;
  store_id: number;
}

const EMPTY = { email: '', store_id: null };

/** After each inclusion the form is emptied for the next person. */
function ResetAfter({ inclusions }: { inclusions: number }) {
  const { reset } = useFormContext();
  useEffect(() => {
    if (inclusions > 0) reset(EMPTY);
  }, [inclusions, reset]);
  return null;
}

/**
 * /admins/include-collaborator: an existing account (by its e-mail) joins a restaurant's team.
 * The spec leaves this page as a placeholder; here it makes the call.
 */
export function IncludeCollaborator() {
  const notify = useNotify();
  const [inclusions, setInclusions] = useState(0);
  const include = useMutation({
    mutationFn: (values: IncludeValues) =>
      httpClient('/api/admins/include-collaborator', {
        method: 'POST',
        body: { email: values.email, store_id: values.store_id },
      }),
    onSuccess: () => {
      notify(INCLUDED_MESSAGE, { type: 'success' });
      setInclusions((n) => n + 1);
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Incluir colaborador" />
      <Card>
        <CardContent>
          <Form
            noValidate
            validate={validate}
            onSubmit={(values: FieldValues) => include.mutate(values as IncludeValues)}
            defaultValues={EMPTY}
          >
            <ResetAfter inclusions={inclusions} />
            <SectionHeading section="Permissões" title="Incluir colaborador" />
            <Box sx={{ display: 'flex', flexDirection: 'column', maxWidth: 480 }}>
              <TextInput
                source="email"
                label="E-mail"
                type="email"
                helperText="E-mail de uma conta existente"
              />
              <ReferenceInput
                source="store_id"
                reference="restaurants"
                perPage={40}
                sort={{ field: 'name', order: 'ASC' }}
              >
                <AutocompleteInput
                  label="Restaurante"
                  optionText={(record: RaRecord) => String(record.name ?? '')}
                  noOptionsText="Nenhum restaurante encontrado"
                />
              </ReferenceInput>
              <SaveButton
                label="Incluir"
                alwaysEnable
                disabled={include.isPending}
                sx={{ alignSelf: 'flex-start' }}
              />
            </Box>
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
}
