import { Fragment, useState, type ReactElement, type ReactNode } from 'react';
import { Box, InputAdornment, Typography } from '@mui/material';
import {
  BooleanInput,
  Create,
  DateInput,
  Edit,
  NumberInput,
  type RaRecord,
  SelectInput,
  SimpleForm,
  TextInput,
  required,
  useCreatePath,
  useNotify,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { onlyDigits } from '../../contract/lib/format';
import { requiredMessage, zodValidate } from '../lib/zodForm';
import type { FieldDefinition, ResourceDefinition } from '../../contract/define';
import { SuccessDialog } from '../components/SuccessDialog';
import {
  formOverridesFor,
  type FormModeOverrides,
  type FormSection,
  type ScreenOverrides,
} from './overrides';
import { useResourceNotices, type After } from '../resources/useResourceNotices';
import { BackToList, FormToolbar } from './parts';

const numeric = { inputMode: 'numeric' as const, autoComplete: 'off' };

/** The input a field's kind generates, marked required (with the schema's own words) where the schema requires it. */
function inputOf(
  source: string,
  field: FieldDefinition,
  schema: z.ZodObject,
  readOnly: boolean,
  marked: boolean,
): ReactElement {
  const message = marked ? requiredMessage(schema, source) : undefined;
  const common = {
    source,
    label: field.label,
    validate: message && !readOnly ? required(message) : undefined,
    readOnly: readOnly || undefined,
  };
  switch (field.kind) {
    case 'select':
      // A choice left empty is the definition's "all" (promo codes' Todas), or nothing chosen yet.
      return (
        <SelectInput {...common} choices={[...(field.choices ?? [])]} emptyText={field.otherChoice ?? ''} />
      );
    case 'textarea':
      return <TextInput {...common} multiline minRows={4} fullWidth />;
    case 'boolean':
      return <BooleanInput {...common} />;
    case 'number':
      return <NumberInput {...common} />;
    case 'percent':
      return (
        <TextInput
          {...common}
          parse={onlyDigits}
          inputProps={numeric}
          InputProps={{ endAdornment: <InputAdornment position="end">%</InputAdornment> }}
        />
      );
    case 'date':
      return <DateInput {...common} />;
    default:
      return <TextInput {...common} fullWidth autoComplete="off" />;
  }
}

/** The form's sections: the overrides', or one with every `form` field of the definition. */
function sectionsOf(definition: ResourceDefinition, form: FormModeOverrides): readonly FormSection[] {
  return (
    form.sections ?? [
      {
        fields: Object.entries(definition.fields)
          .filter(([, field]) => field.form)
          .map(([name]) => name),
      },
    ]
  );
}

/**
 * Inputs side by side on a desk, one under the other on a phone; in columns of at least half the
 * width, so that a row of one lines up with the rows of two.
 */
function InputRow({ children }: { children: ReactElement[] }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: `repeat(${Math.max(2, children.length)}, 1fr)` },
        columnGap: 2,
        width: '100%',
      }}
    >
      {children}
    </Box>
  );
}

function FormBody({
  definition,
  form,
  editing,
}: {
  definition: ResourceDefinition;
  form: FormModeOverrides;
  editing: boolean;
}) {
  const schema = form.schema ?? definition.input;
  const readOnly = new Set(form.readOnly);
  /** A field's input: the override's, or the one its kind generates. */
  const input = (source: string) => {
    const override = form.inputs?.[source];
    if (override) return <Fragment key={source}>{override}</Fragment>;
    const field = definition.fields[source];
    if (!field) throw new Error(`${definition.name}: o formulário cita o campo ${source}, que não existe.`);
    return (
      <Fragment key={source}>
        {inputOf(source, field, schema, readOnly.has(source), form.marked !== false)}
      </Fragment>
    );
  };
  return (
    <SimpleForm
      // The schema's messages, under each input, instead of the browser's own bubbles.
      noValidate
      validate={zodValidate(schema, form.transform)}
      defaultValues={editing ? undefined : form.defaultValues}
      sx={form.maxWidth ? { maxWidth: form.maxWidth } : { maxWidth: 720 }}
      toolbar={
        form.toolbar ?? <FormToolbar definition={definition} editing={editing} confirm={form.deleteConfirm} />
      }
    >
      {sectionsOf(definition, form).map((section, index) => (
        <Fragment key={section.title ?? index}>
          {section.title ? (
            <Typography variant="h6" component="h2" sx={{ mt: index ? 2 : 0, mb: 1 }}>
              {section.title}
            </Typography>
          ) : null}
          {section.fields.map((entry) =>
            typeof entry === 'string' ? (
              input(entry)
            ) : (
              <InputRow key={entry.flat().join()}>
                {entry.map((place) =>
                  typeof place === 'string' ? (
                    input(place)
                  ) : (
                    <Box key={place.join()} sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
                      {place.map(input)}
                    </Box>
                  ),
                )}
              </InputRow>
            ),
          )}
        </Fragment>
      ))}
    </SimpleForm>
  );
}

/** What a form sends: its values transformed, then as `sent` leaves them. */
function sending({ transform, sent }: FormModeOverrides) {
  if (!transform && !sent) return undefined;
  return (values: Record<string, unknown>) => {
    const transformed = transform ? transform(values) : values;
    return sent ? sent(transformed) : transformed;
  };
}

/** The form's `saved`, then the definition's notice and the list. */
function afterSave(
  { saved }: FormModeOverrides,
  notice: { onSuccess: () => void },
  dialog: ((record: RaRecord) => void) | null = null,
) {
  if (dialog) return { onSuccess: dialog };
  if (!saved) return notice;
  return {
    onSuccess: (record: RaRecord) => {
      saved(record);
      notice.onSuccess();
    },
  };
}

/**
 * With `savedDialog`, the success message in a dialog whose OK returns to the previous page (or
 * to the list): what the save's callback sets, and the dialog.
 */
function useSavedDialog(definition: ResourceDefinition, form: FormModeOverrides, message: string) {
  const [done, setDone] = useState<string | null>(null);
  const createPath = useCreatePath();
  if (!form.savedDialog) return { onSaved: null, dialog: null };
  const list = form.list ?? createPath({ resource: definition.name, type: 'list' });
  return {
    onSaved: (record: RaRecord) => {
      form.saved?.(record);
      setDone(message);
    },
    dialog: <SuccessDialog message={done} fallback={list} />,
  };
}

/** The form inside its `around`, when it has one. */
function Around({ form, children }: { form: FormModeOverrides; children: ReactNode }) {
  return form.around ? <form.around>{children}</form.around> : <>{children}</>;
}

/** Where a save returns: the form's own list, or the resource's. */
const listAfter = (form: FormModeOverrides): After => (form.list ? { path: form.list } : 'list');

/** Above the form: the override's, or the way back to the list. */
function actionsOf(definition: ResourceDefinition, form: FormModeOverrides) {
  return form.actions ?? <BackToList definition={definition} to={form.list} />;
}

/** The create screen generated from a definition: its form, the definition's notice, then the list. */
export function GeneratedCreate({
  definition,
  overrides = {},
}: {
  definition: ResourceDefinition;
  overrides?: ScreenOverrides;
}) {
  const form = formOverridesFor(overrides.form, 'create');
  const notices = useResourceNotices(definition, form.after ?? listAfter(form));
  const { onSaved, dialog } = useSavedDialog(definition, form, definition.messages.created);
  return (
    <Create
      resource={definition.name}
      title={form.title ?? definition.screens?.titles?.create ?? definition.label.one}
      actions={actionsOf(definition, form)}
      transform={sending(form)}
      mutationOptions={afterSave(form, notices.created, onSaved)}
    >
      <Around form={form}>
        {form.header}
        <FormBody definition={definition} form={form} editing={false} />
        {dialog}
      </Around>
    </Create>
  );
}

/** The edit screen generated from a definition: its form, Remover, the definition's notices. */
export function GeneratedEdit({
  definition,
  overrides = {},
}: {
  definition: ResourceDefinition;
  overrides?: ScreenOverrides;
}) {
  const form = formOverridesFor(overrides.form, 'edit');
  const notices = useResourceNotices(definition, form.after ?? listAfter(form));
  const notify = useNotify();
  const navigate = useNavigate();
  const { list } = form;
  const { onSaved, dialog } = useSavedDialog(definition, form, definition.messages.updated);
  // A record that cannot be read (another store's, one just removed): the server's words, then
  // the list the form belongs to (react-admin's own would open the resource's).
  const unread = list
    ? {
        onError: (error: unknown) => {
          notify((error as Error).message, { type: 'error' });
          navigate(list);
        },
      }
    : undefined;
  return (
    <Edit
      resource={definition.name}
      title={form.title ?? definition.screens?.titles?.edit ?? definition.label.one}
      actions={actionsOf(definition, form)}
      mutationMode="pessimistic"
      transform={sending(form)}
      mutationOptions={afterSave(form, notices.updated, onSaved)}
      queryOptions={unread}
    >
      <Around form={form}>
        {form.header}
        <FormBody definition={definition} form={form} editing />
        {form.below}
        {dialog}
      </Around>
    </Edit>
  );
}
