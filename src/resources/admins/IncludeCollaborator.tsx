import { Box } from '@mui/material';
import {
  AutocompleteInput,
  ReferenceInput,
  SaveButton,
  TextInput,
  Toolbar,
  type RaRecord,
} from 'react-admin';
import {
  admins,
  INCLUDED_MESSAGE,
  includeCollaboratorInput,
} from '../../../contract/resources/admins/definition';
import type { ResourceDefinition } from '../../../contract/define';
import { GeneratedCreate } from '../../engine/GeneratedForm';
import { defineScreens } from '../../engine/overrides';
import { SectionHeading } from './inputs';

/** The inclusion is the administrators' call `includeCollaborator`, with its own words. */
const inclusion: ResourceDefinition = {
  ...admins,
  screens: { titles: { create: 'Incluir colaborador' } },
  messages: { ...admins.messages, created: INCLUDED_MESSAGE },
};

const screens = defineScreens({
  form: {
    call: 'includeCollaborator',
    // After each inclusion the form is emptied for the next person.
    again: true,
    actions: false,
    maxWidth: 480,
    schema: includeCollaboratorInput,
    defaultValues: { email: '', store_id: null },
    header: (
      <Box sx={{ px: 2, pt: 2 }}>
        <SectionHeading section="Permissões" title="Incluir colaborador" />
      </Box>
    ),
    sections: [{ fields: ['email', 'store_id'] }],
    inputs: {
      email: (
        <TextInput
          source="email"
          label={admins.fields.email!.label}
          type="email"
          helperText="E-mail de uma conta existente"
        />
      ),
      store_id: (
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
      ),
    },
    toolbar: (
      <Toolbar>
        <SaveButton label="Incluir" alwaysEnable />
      </Toolbar>
    ),
  },
});

/**
 * /admins/include-collaborator: an existing account (by its e-mail) joins a restaurant's team.
 * The spec leaves this page as a placeholder; here it makes the call.
 */
export function IncludeCollaborator() {
  return <GeneratedCreate definition={inclusion} overrides={screens} />;
}
