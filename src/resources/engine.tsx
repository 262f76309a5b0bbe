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
  useGetRecordRepresentation,
  useNotify,
  useRecordContext,
  useRedirect,
  useResourceContext,
  useUpdate,
  type RaRecord,
  type ResourceProps,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { Button, Switch } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { z } from 'zod';
import { formatDate, formatDateTime } from '../lib/format';
import type { FieldDefinition, ResourceDefinition } from './define';

/**
 * Form-level validation from the definition's zod schema: the messages users see, each under the
 * input it concerns, nested sources included ('info.cnpj', 'links.0.title'). A message about a
 * list of plain values (images) goes to the list's input.
 */
export function zodValidate(schema: z.ZodObject) {
  const lenient = z.object(schema.shape); // forms also carry id, created_at…
  return (values: Record<string, unknown>) => {
    const result = lenient.safeParse(values);
    const errors: Record<string, unknown> = {};
    if (!result.success) {
      for (const issue of result.error.issues) placeError(errors, issue.path, issue.message);
    }
    return errors;
  };
}

/** Puts a message at its path in react-admin's nested error object; the first message wins. */
function placeError(errors: Record<string, unknown>, path: PropertyKey[], message: string) {
  const keys = [...path];
  while (typeof keys.at(-1) === 'number') keys.pop();
  let node: Record<PropertyKey, unknown> = errors;
  for (const [i, key] of keys.entries()) {
    if (i === keys.length - 1) {
      node[key] ??= message;
      return;
    }
    if (node[key] === undefined) node[key] = typeof keys[i + 1] === 'number' ? [] : {};
    const next = node[key];
    if (typeof next !== 'object' || next === null) return; // the parent already has a message
    // Rows before the one in error stay without errors ({}), not holes.
    if (Array.isArray(next)) for (let row = 0; row < Number(keys[i + 1]); row++) next[row] ??= {};
    node = next as Record<PropertyKey, unknown>;
  }
}

export function choiceLabel(field: FieldDefinition, value: unknown): string {
  const found = field.choices?.find((choice) => choice.id === value);
  return found?.name ?? field.otherChoice ?? (value == null ? '' : String(value));
}

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

export interface ToolbarLinkDefinition {
  label: string;
  to: string;
  action?: string;
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

export interface ScreenOptions {
  /** Label of the list's create button (the FAQ's reads CRIAR NOVA PERGUNTA). */
  createLabel?: string;
  /**
   * Other pages reached from the list's toolbar (the FAQ's privacy text), each shown only to who
   * may do its `action` on the resource (react-admin's action names; default 'list').
   */
  links?: readonly ToolbarLinkDefinition[];
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

/** The props spread into <Resource>: screens generated from the definition. */
export function resourceProps(
  definition: ResourceDefinition,
  options: ScreenOptions & { icon?: ResourceProps['icon'] } = {},
): Omit<ResourceProps, 'name'> & { name: string } {
  const { access } = definition;
  return {
    name: definition.name,
    icon: options.icon,
    options: { label: definition.label.many },
    list: access.list ? () => <GeneratedList definition={definition} options={options} /> : undefined,
    edit: access.update ? () => <GeneratedEdit definition={definition} /> : undefined,
    create: access.create ? () => <GeneratedCreate definition={definition} /> : undefined,
    recordRepresentation: Object.keys(definition.fields).find((f) => definition.fields[f]?.kind === 'text'),
  };
}

/**
 * A switch in a list row that PATCHes one boolean field of its record (`{ [source]: value }`)
 * and shows the notice for the new state; the list refreshes from the server's answer.
 */
export function RecordToggle({
  source,
  label,
  notices,
}: {
  source: string;
  /** Read by screen readers with the record's name: "Ativo BEMVINDO15". */
  label: string;
  notices: { on: string; off: string };
}) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const representation = useGetRecordRepresentation(resource);
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  if (!record || !resource) return null;
  const name = representation(record);
  return (
    <Switch
      checked={Boolean(record[source])}
      disabled={isPending}
      // A row may open its record on click; the switch only switches.
      onClick={(event) => event.stopPropagation()}
      onChange={(_, checked) =>
        update(
          resource,
          { id: record.id, data: { [source]: checked }, previousData: record },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => notify(checked ? notices.on : notices.off, { type: 'success' }),
            onError: (error) => notify((error as Error).message, { type: 'error' }),
          },
        )
      }
      slotProps={{ input: { 'aria-label': typeof name === 'string' ? `${label} ${name}` : label } }}
    />
  );
}

/**
 * The resources whose definition asks for generated screens (`screens`), ready for <Resource>:
 * administrators get them all, staff those marked `forStaff`.
 */
export function generatedResources(
  all: Readonly<Record<string, ResourceDefinition>>,
  isAdmin: boolean,
): (Omit<ResourceProps, 'name'> & { name: string })[] {
  return Object.values(all)
    .filter((definition) => definition.screens && (isAdmin || definition.screens.forStaff))
    .map((definition) => resourceProps(definition, { createLabel: definition.screens?.createLabel }));
}
