import { useWatch } from 'react-hook-form';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  BooleanInput,
  Create,
  DeleteButton,
  Edit,
  ListButton,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  TopToolbar,
  required,
  useNotify,
  useRecordContext,
  useRedirect,
} from 'react-admin';
import { zodValidate } from '../engine';
import {
  KITCHEN_NAME_REQUIRED,
  KITCHEN_OFF,
  KITCHEN_ON,
  kitchenFields,
  kitchens as definition,
  type Kitchen,
} from './definition';

// The form is checked with the API's own schema, so it shows the server's words.
const validate = zodValidate(definition.input);
// Marks the name as required (the asterisk); the schema above gives the message.
const nameRequired = required(KITCHEN_NAME_REQUIRED);

/** The available switch, labelled with its state as the spec names them (Ativo/Inativo). */
function AvailableInput() {
  const available = useWatch({ name: 'available' }) as boolean | undefined;
  return <BooleanInput source="available" label={available ? KITCHEN_ON : KITCHEN_OFF} helperText={false} />;
}

function KitchenFields() {
  return (
    <>
      <TextInput
        source="name"
        label={kitchenFields.name.label}
        validate={nameRequired}
        fullWidth
        autoComplete="off"
      />
      <AvailableInput />
    </>
  );
}

function BackToList() {
  return (
    <TopToolbar>
      <ListButton label={definition.label.many} icon={<ArrowBackIcon />} />
    </TopToolbar>
  );
}

/** What removing the kitchen does to the products routed to it (they stay, without a kitchen). */
export function removalWarning(products: number | undefined): string {
  const routed = !products
    ? ''
    : products === 1
      ? 'O produto encaminhado a ela ficará sem cozinha. '
      : `Os ${products} produtos encaminhados a ela ficarão sem cozinha. `;
  return `${routed}Esta ação não pode ser desfeita.`;
}

function RemoveButton() {
  const record = useRecordContext<Kitchen>();
  const notify = useNotify();
  const redirect = useRedirect();
  if (!record) return null;
  return (
    <DeleteButton
      label="Remover"
      mutationMode="pessimistic"
      confirmTitle={`Remover a cozinha ${record.name}?`}
      confirmContent={removalWarning(record.n_products)}
      mutationOptions={{
        // react-admin's own notice would replace the definition's text with its default.
        onSuccess: () => {
          notify(definition.messages.deleted, { type: 'success' });
          redirect('list', definition.name);
        },
      }}
    />
  );
}

const formSx = { maxWidth: 560 } as const;

/** /kitchens/create: name and the available switch (on by default, as the server creates it). */
export function KitchenCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      resource={definition.name}
      title="Nova cozinha"
      actions={<BackToList />}
      mutationOptions={{
        onSuccess: () => {
          notify(definition.messages.created, { type: 'success' });
          redirect('list', definition.name);
        },
      }}
    >
      <SimpleForm
        noValidate
        validate={validate}
        defaultValues={{ available: true }}
        sx={formSx}
        toolbar={
          <Toolbar>
            <SaveButton label="Salvar" alwaysEnable />
          </Toolbar>
        }
      >
        <KitchenFields />
      </SimpleForm>
    </Create>
  );
}

/** /kitchens/:id: rename, switch on or off, or remove (after a confirmation) a kitchen. */
export function KitchenEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      resource={definition.name}
      title="Editar cozinha"
      actions={<BackToList />}
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: () => {
          notify(definition.messages.updated, { type: 'success' });
          redirect('list', definition.name);
        },
      }}
    >
      <SimpleForm
        noValidate
        validate={validate}
        sx={formSx}
        toolbar={
          <Toolbar sx={{ justifyContent: 'space-between' }}>
            <RemoveButton />
            <SaveButton label="Salvar" alwaysEnable />
          </Toolbar>
        }
      >
        <KitchenFields />
      </SimpleForm>
    </Edit>
  );
}
