import type { ReactElement, ReactNode } from 'react';
import {
  BooleanInput,
  Create,
  DataTable,
  DateInput,
  DeleteButton,
  Edit,
  List,
  NumberInput,
  SaveButton,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  TopToolbar,
  required,
  useCanAccess,
  useCreatePath,
  useNotify,
  useRedirect,
  type RaRecord,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { z } from 'zod';
import { formatDate, formatDateTime } from '../lib/format';
import type { FieldDefinition, ResourceDefinition } from './define';
import { choiceLabel, zodValidate, type ScreenOptions, type ToolbarLinkDefinition } from './engine';

/*
 * The screens generated from a definition: a DataTable list with search and choice filters, and
 * create and edit forms validated by the definition's schema. Loaded when first opened (see
 * resourceProps in engine.tsx), not with the login page.
 */

function renderValue(field: FieldDefinition, value: unknown): ReactNode {
  switch (field.kind) {
    case 'select':
      return choiceLabel(field, value);
    case 'date':
      return formatDate(value as string);
    case 'datetime':
      return formatDateTime(value as string);
    case 'boolean':
      return value ? 'Sim' : 'Não';
    default:
      return value == null ? '' : String(value);
  }
}

export function columns(definition: ResourceDefinition): ReactElement[] {
  return Object.entries(definition.fields)
    .filter(([, field]) => field.list)
    .map(([source, field]) => (
      <DataTable.Col
        key={source}
        source={source}
        label={field.label}
        disableSort={!field.sortable}
        render={(record: RaRecord) => renderValue(field, record[source])}
      />
    ));
}

export function inputs(definition: ResourceDefinition): ReactElement[] {
  const requiredKeys = new Set(
    Object.entries(definition.input.shape)
      .filter(([, schema]) => !(schema as z.ZodType).safeParse(undefined).success)
      .map(([key]) => key),
  );
  return Object.entries(definition.fields)
    .filter(([, field]) => field.form)
    .map(([source, field]) => {
      const common = {
        key: source,
        source,
        label: field.label,
        validate: requiredKeys.has(source) ? required('Campo obrigatório') : undefined,
      };
      switch (field.kind) {
        case 'select':
          return <SelectInput {...common} choices={[...(field.choices ?? [])]} />;
        case 'textarea':
          return <TextInput {...common} multiline minRows={4} fullWidth />;
        case 'boolean':
          return <BooleanInput {...common} />;
        case 'number':
          return <NumberInput {...common} />;
        case 'date':
          return <DateInput {...common} />;
        default:
          return <TextInput {...common} fullWidth />;
      }
    });
}

function filters(definition: ResourceDefinition): ReactElement[] {
  const list: ReactElement[] = [];
  if (definition.list.search?.length) {
    list.push(<SearchInput key="q" source="q" alwaysOn placeholder="Buscar" />);
  }
  for (const [source, field] of Object.entries(definition.fields)) {
    if (field.kind === 'select' && field.choices) {
      list.push(
        <SelectInput key={source} source={source} label={field.label} choices={[...field.choices]} />,
      );
    }
  }
  return list;
}

function ToolbarLink({ resource, link }: { resource: string; link: ToolbarLinkDefinition }) {
  const { canAccess } = useCanAccess({ resource, action: link.action ?? 'list' });
  if (!canAccess) return null;
  return (
    <Button component={Link} to={link.to} variant="outlined">
      {link.label}
    </Button>
  );
}

/**
 * The list's create button. react-admin's CreateButton turns into an unlabelled round button
 * below 900 px; the spec's labels (CRIAR NOVA PERGUNTA…) must stay readable on a tablet.
 */
function CreateLink({ definition, label }: { definition: ResourceDefinition; label: string }) {
  const createPath = useCreatePath();
  return (
    <Button
      component={Link}
      to={createPath({ resource: definition.name, type: 'create' })}
      variant="contained"
      startIcon={<AddIcon />}
    >
      {label}
    </Button>
  );
}

export function GeneratedList({
  definition,
  options,
}: {
  definition: ResourceDefinition;
  options?: ScreenOptions;
}) {
  // The definition says who may write (staff read the FAQ, only administrators write it).
  const { canAccess: canCreate = false } = useCanAccess({ resource: definition.name, action: 'create' });
  const { canAccess: canEdit = false } = useCanAccess({ resource: definition.name, action: 'edit' });
  return (
    <List
      resource={definition.name}
      title={definition.label.many}
      perPage={definition.list.perPage}
      sort={definition.list.sort}
      filters={filters(definition)}
      exporter={false}
      actions={
        canCreate || options?.links?.length ? (
          <TopToolbar sx={{ flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1 }}>
            {options?.links?.map((link) => (
              <ToolbarLink key={link.to} resource={definition.name} link={link} />
            ))}
            {canCreate ? (
              <CreateLink definition={definition} label={options?.createLabel ?? 'Criar'} />
            ) : null}
          </TopToolbar>
        ) : (
          false
        )
      }
    >
      <DataTable rowClick={canEdit ? 'edit' : false} bulkActionButtons={false}>
        {columns(definition)}
      </DataTable>
    </List>
  );
}

function EditToolbar({ definition }: { definition: ResourceDefinition }) {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      {definition.access.delete ? (
        <DeleteButton
          label="Remover"
          mutationMode="pessimistic"
          confirmTitle={`Remover ${definition.label.one.toLowerCase()}?`}
          confirmContent="Esta ação não pode ser desfeita."
          mutationOptions={{
            // react-admin's own notice would replace the spec's text with its default.
            onSuccess: () => {
              notify(definition.messages.deleted, { type: 'success' });
              redirect('list', definition.name);
            },
          }}
        />
      ) : (
        <span />
      )}
      <SaveButton label="Salvar" alwaysEnable />
    </Toolbar>
  );
}

export function GeneratedEdit({ definition }: { definition: ResourceDefinition }) {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      resource={definition.name}
      title={definition.label.one}
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: () => {
          notify(definition.messages.updated, { type: 'success' });
          redirect('list', definition.name);
        },
      }}
    >
      <SimpleForm validate={zodValidate(definition.input)} toolbar={<EditToolbar definition={definition} />}>
        {inputs(definition)}
      </SimpleForm>
    </Edit>
  );
}

export function GeneratedCreate({ definition }: { definition: ResourceDefinition }) {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      resource={definition.name}
      title={definition.label.one}
      mutationOptions={{
        onSuccess: () => {
          notify(definition.messages.created, { type: 'success' });
          redirect('list', definition.name);
        },
      }}
    >
      <SimpleForm
        validate={zodValidate(definition.input)}
        toolbar={
          <Toolbar>
            <SaveButton label="Salvar" alwaysEnable />
          </Toolbar>
        }
      >
        {inputs(definition)}
      </SimpleForm>
    </Create>
  );
}
