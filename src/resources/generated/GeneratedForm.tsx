import { Fragment, type ReactElement } from 'react';
import { InputAdornment, Typography } from '@mui/material';
import {
  BooleanInput,
  Create,
  DateInput,
  Edit,
  NumberInput,
  SelectInput,
  SimpleForm,
  TextInput,
  required,
} from 'react-admin';
import type { z } from 'zod';
import { onlyDigits } from '../../../contract/lib/format';
import { requiredMessage, zodValidate } from '../../lib/zodForm';
import type { FieldDefinition, ResourceDefinition } from '../../../contract/define';
import type { FormOverrides, FormSection, ScreenOverrides } from '../overrides';
import { useResourceNotices } from '../useResourceNotices';
import { BackToList, FormToolbar } from './parts';

const numeric = { inputMode: 'numeric' as const, autoComplete: 'off' };

/** The input a field's kind generates, marked required (with the schema's own words) where the schema requires it. */
function inputOf(source: string, field: FieldDefinition, schema: z.ZodObject): ReactElement {
  const message = requiredMessage(schema, source);
  const common = {
    key: source,
    source,
    label: field.label,
    validate: message ? required(message) : undefined,
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
function sectionsOf(definition: ResourceDefinition, form: FormOverrides): readonly FormSection[] {
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

function FormBody({
  definition,
  form,
  schema,
  editing,
}: {
  definition: ResourceDefinition;
  form: FormOverrides;
  schema: z.ZodObject;
  editing: boolean;
}) {
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
          {section.fields.map((source) => {
            const field = definition.fields[source];
            if (!field)
              throw new Error(`${definition.name}: o formulário cita o campo ${source}, que não existe.`);
            const override = form.inputs?.[source];
            return override ? <Fragment key={source}>{override}</Fragment> : inputOf(source, field, schema);
          })}
        </Fragment>
      ))}
    </SimpleForm>
  );
}

/** The create screen generated from a definition: its form, the definition's notice, then the list. */
export function GeneratedCreate({
  definition,
  overrides = {},
}: {
  definition: ResourceDefinition;
  overrides?: ScreenOverrides;
}) {
  const notices = useResourceNotices(definition);
  const form = overrides.form ?? {};
  return (
    <Create
      resource={definition.name}
      title={definition.screens?.titles?.create ?? definition.label.one}
      actions={<BackToList definition={definition} />}
      transform={form.transform}
      mutationOptions={notices.created}
    >
      <FormBody definition={definition} form={form} schema={definition.input} editing={false} />
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
  const notices = useResourceNotices(definition);
  const form = overrides.form ?? {};
  return (
    <Edit
      resource={definition.name}
      title={definition.screens?.titles?.edit ?? definition.label.one}
      actions={<BackToList definition={definition} />}
      mutationMode="pessimistic"
      transform={form.transform}
      mutationOptions={notices.updated}
    >
      <FormBody definition={definition} form={form} schema={definition.input} editing />
    </Edit>
  );
}
