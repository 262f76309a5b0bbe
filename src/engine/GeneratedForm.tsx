import {
  Fragment,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactElement,
  type ReactNode,
} from 'react';
import { Alert, Box, InputAdornment, Stack, Typography } from '@mui/material';
import {
  BooleanInput,
  Create,
  DateInput,
  Edit,
  type Identifier,
  Loading,
  NumberInput,
  type RaRecord,
  SelectInput,
  Show,
  SimpleForm,
  TextInput,
  Title,
  required,
  useAuthenticated,
  useCreatePath,
  useEditContext,
  useNotify,
  useRecordContext,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { onlyDigits } from '../../contract/lib/format';
import { fieldText } from '../lib/display';
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
import { BackToList, FormToolbar, ToolbarLink } from './parts';
import { useSubmissionKey } from '../dataProvider/useSubmissionKey';
import { ChooseStoreNotice, ChosenStorePicker, useChosenStore } from '../components/chosenStore';
import { MoneyInput } from './MoneyInput';

const numeric = { inputMode: 'numeric' as const, autoComplete: 'off' };

/** A field shown, not changed: its value as the lists read it (a date, a choice's name, the field's `text`). */
function ReadOnlyInput({ source, field }: { source: string; field: FieldDefinition }) {
  const record = useRecordContext();
  return (
    <TextInput
      source={source}
      label={field.label}
      readOnly
      fullWidth
      multiline={field.kind === 'textarea'}
      format={(value: unknown) => (record ? fieldText(field, value, record) : '')}
    />
  );
}

/** The input a field's kind generates, marked required (with the schema's own words) where the schema requires it. */
function inputOf(
  source: string,
  field: FieldDefinition,
  schema: z.ZodObject,
  readOnly: boolean,
  marked: boolean,
): ReactElement {
  if (readOnly) return <ReadOnlyInput source={source} field={field} />;
  const message = marked ? requiredMessage(schema, source) : undefined;
  const common = { source, label: field.label, validate: message ? required(message) : undefined };
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
    case 'money':
      return <MoneyInput {...common} fullWidth />;
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

/** `count` columns of equal width, however wide their inputs would like to be. */
const columns = (count: number) => `repeat(${count}, minmax(0, 1fr))`;

/**
 * Inputs side by side on a desk, one under the other on a phone; in columns of at least half the
 * width, so that a row of one lines up with the rows of two. A row of three or more keeps to two
 * columns until the desk (a tablet beside the menu has room for two image pickers, not three).
 */
function InputRow({ children }: { children: ReactElement[] }) {
  const count = Math.max(2, children.length);
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: columns(1), sm: columns(2), lg: columns(count) },
        columnGap: 2,
        width: '100%',
      }}
    >
      {children}
    </Box>
  );
}

const noSchema = () => undefined;

/** The schema a form's `useSchema` hook gives as it renders, if it has one. */
function useFormSchema(form: FormModeOverrides): z.ZodObject | undefined {
  const useSchema = form.useSchema ?? noSchema;
  return useSchema();
}

/** A save the server refused (`form.refused`): its words, and the input they concern. */
interface Refusal {
  words: string;
  field?: string;
}

/** The refused save's words under their input, and, where a notice of its own said it, above the buttons. */
function Refused({ refusal, shown }: { refusal: Refusal | null; shown: boolean }) {
  const { setError } = useFormContext();
  useEffect(() => {
    if (refusal?.field) setError(refusal.field, { type: 'server', message: refusal.words });
  }, [refusal, setError]);
  return refusal && shown ? (
    <Alert severity="error" sx={{ mb: 2, width: '100%' }}>
      {refusal.words}
    </Alert>
  ) : null;
}

/** `form.refused`: the notice of a refused save, and the refusal the form shows. */
function useRefusal(form: FormModeOverrides) {
  const notify = useNotify();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const { refused } = form;
  const onError = refused
    ? (error: unknown) => {
        const words = (error as Error).message;
        notify(refused.notice ?? words, { type: 'error' });
        setRefusal({ words, field: refused.fields?.[words] });
      }
    : undefined;
  return { refusal, onError };
}

/** What a store's form (`form.store`) names in its record's calls: the restaurant chosen. */
const storeMeta = (storeId: number | undefined) =>
  storeId === undefined ? undefined : { query: { store_id: storeId } };

function FormBody({
  definition,
  form,
  editing,
  shown = false,
  refusal = null,
  storeId,
}: {
  definition: ResourceDefinition;
  form: FormModeOverrides;
  editing: boolean;
  /** Every input only shown, and no toolbar: a record that is only read. */
  shown?: boolean;
  refusal?: Refusal | null;
  storeId?: number;
}) {
  const schema = useFormSchema(form) ?? form.schema ?? definition.input;
  const record = useRecordContext();
  const { values: valuesOf, transform } = form;
  const values = useMemo(() => (valuesOf && record ? valuesOf(record) : undefined), [valuesOf, record]);
  const readOnly = new Set(form.readOnly);
  /** A field's input: the override's, or the one its kind generates. */
  const input = (source: string) => {
    const override = form.inputs?.[source];
    if (override) return <Fragment key={source}>{override}</Fragment>;
    const field = definition.fields[source];
    if (!field) throw new Error(`${definition.name}: o formulário cita o campo ${source}, que não existe.`);
    return (
      <Fragment key={source}>
        {inputOf(source, field, schema, shown || readOnly.has(source), form.marked !== false)}
      </Fragment>
    );
  };
  return (
    <SimpleForm
      // The schema's messages, under each input, instead of the browser's own bubbles.
      noValidate
      validate={zodValidate(schema, transform && ((values) => transform(values, record)))}
      record={values}
      defaultValues={editing ? undefined : form.defaultValues}
      sx={form.maxWidth ? { maxWidth: form.maxWidth } : { maxWidth: 720 }}
      toolbar={
        shown
          ? false
          : (form.toolbar ?? (
              <FormToolbar definition={definition} editing={editing} form={form} meta={storeMeta(storeId)} />
            ))
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
      <Refused refusal={refusal} shown={Boolean(form.refused?.notice)} />
    </SimpleForm>
  );
}

/**
 * What a form sends: its values transformed, then as `sent` leaves them, a new store's record with
 * its store (`form.store`); with `idempotent`, each submission noted for its `Idempotency-Key`,
 * which the mutation's `meta` carries.
 */
function useSending({ transform, sent, idempotent }: FormModeOverrides, storeId?: number) {
  const submission = useSubmissionKey();
  if (!transform && !sent && !idempotent && storeId === undefined)
    return { transform: undefined, meta: undefined };
  return {
    transform: (values: Record<string, unknown>, options?: { previousData?: RaRecord }) => {
      const transformed = transform ? transform(values, options?.previousData) : values;
      const out = sent ? sent(transformed) : transformed;
      const payload = storeId === undefined ? out : { ...out, store_id: storeId };
      return idempotent ? submission.track(payload) : payload;
    },
    meta: idempotent ? submission.meta : undefined,
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

/**
 * What follows a record that cannot be read (another store's, one just removed): the server's
 * words (or the screen's), then the list the form belongs to (react-admin's own would open the
 * resource's); a single record's form (`form.single`), which has no list, stays.
 */
function useUnread(form: FormModeOverrides) {
  const notify = useNotify();
  const navigate = useNavigate();
  const { list, failed, single } = form;
  if (!list && !failed?.read && !single) return {};
  return {
    onError: (error: unknown) => {
      notify(wordsOf(failed?.read, error), { type: 'error' });
      if (list) navigate(list);
    },
  };
}

/** The screen's words for a read or a save that failed (`form.failed`), else the server's. */
const wordsOf = (words: string | ((error: unknown) => string) | undefined, error: unknown) =>
  typeof words === 'function' ? words(error) : (words ?? (error as Error).message);

/** Why a single record's form has no record (`single.useId`): the words, in the form's place, and what goes below them. */
function Unread({ words, form, told = false }: { words: string; form: FormModeOverrides; told?: boolean }) {
  const notify = useNotify();
  useEffect(() => {
    if (!told) notify(words, { type: 'error' });
  }, [told, words, notify]);
  return (
    <Box sx={{ p: 2 }}>
      <Alert severity="error">{words}</Alert>
      {form.failed?.below}
    </Box>
  );
}

/** A single record's read that failed (`single.useId`), in the form's place; its notice is the read's. */
function ReadFailed({ form }: { form: FormModeOverrides }) {
  const { error } = useEditContext();
  return <Unread words={wordsOf(form.failed?.read, error)} form={form} told />;
}

const noId = () => undefined;

/**
 * A single record at the id the screen gives (`single.useId`): loading while it is learned, why
 * there is none in its place, else the edit form of that record.
 */
function OwnRecordScreen(props: FormScreenProps) {
  const { definition, form, storeId } = props;
  const useId = form.single && 'useId' in form.single ? form.single.useId : noId;
  const id = useId(storeId);
  if (id === undefined) return <Loading />;
  if (typeof id !== 'object') return <EditScreen {...props} id={id} />;
  return (
    <>
      <Title title={form.title ?? definition.label.one} />
      {actionsOf(definition, form)}
      <Unread words={id.problem} form={form} />
    </>
  );
}

interface FormScreenProps {
  definition: ResourceDefinition;
  form: FormModeOverrides;
  /** The restaurant an administrator chose for a store's form (`form.store`). */
  storeId?: number;
  /** The record's id, where the screen gives it (`single.useId`). */
  id?: Identifier;
}

/**
 * A form screen; a store's (`form.store`): an administrator chooses the restaurant first, reading
 * the notice until then, and the form is the chosen restaurant's (another one chosen starts it
 * anew). Staff's is their own store's.
 */
function FormScreen({
  Screen,
  definition,
  form,
  mode,
}: FormScreenProps & { Screen: ComponentType<FormScreenProps>; mode: 'create' | 'edit' }) {
  const store = useChosenStore();
  const createPath = useCreatePath();
  if (!form.store) return <Screen definition={definition} form={form} />;
  if (store.loading) return <Loading />;
  const picker = (
    <Stack direction="row" sx={{ mt: 2, gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      {store.waiting ? (
        <ToolbarLink
          to={form.list ?? createPath({ resource: definition.name, type: 'list' })}
          label={definition.label.many}
          back
        />
      ) : null}
      <ChosenStorePicker store={store} />
    </Stack>
  );
  if (store.waiting)
    return (
      <>
        {/* The screen's title while there is no record to read it from. */}
        <Title
          title={
            typeof form.title === 'string'
              ? form.title
              : (definition.screens?.titles?.[mode] ?? definition.label.one)
          }
        />
        {picker}
        <Box sx={{ mt: 2 }}>
          <ChooseStoreNotice store={store} message={form.store.notice} />
        </Box>
      </>
    );
  return (
    <>
      {store.admin ? picker : null}
      <Screen
        key={store.storeId ?? 'own'}
        definition={definition}
        form={form}
        storeId={store.storeId ?? undefined}
      />
    </>
  );
}

/**
 * A mutation's `meta` with the submission's `Idempotency-Key` beside it, read when the call is made
 * (`useSubmissionKey`: a getter, which a spread would read now, before any submission).
 */
function withKey(
  meta: Record<string, unknown> | undefined,
  key: { readonly idempotencyKey?: string } | undefined,
): Record<string, unknown> | undefined {
  if (!key) return meta;
  return Object.defineProperty({ ...meta }, 'idempotencyKey', {
    get: () => key.idempotencyKey,
    enumerable: true,
  });
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
  return <FormScreen Screen={CreateScreen} definition={definition} form={form} mode="create" />;
}

function CreateScreen({ definition, form, storeId }: FormScreenProps) {
  const notices = useResourceNotices(definition, form.again ? false : (form.after ?? listAfter(form)));
  const { onSaved, dialog } = useSavedDialog(definition, form, definition.messages.created);
  const sending = useSending(form, storeId);
  const { refusal, onError } = useRefusal(form);
  // `again`: each save starts a new, empty form.
  const [round, setRound] = useState(0);
  const saved = afterSave(form, notices.created, onSaved);
  return (
    <Create
      resource={definition.name}
      title={form.title ?? definition.screens?.titles?.create ?? definition.label.one}
      actions={actionsOf(definition, form)}
      transform={sending.transform}
      mutationOptions={{
        onSuccess: (record: RaRecord) => {
          saved.onSuccess(record);
          if (form.again) setRound((n) => n + 1);
        },
        onError,
        meta: withKey(form.call ? { call: form.call } : undefined, sending.meta),
      }}
    >
      <Around form={form}>
        {form.header}
        <FormBody key={round} definition={definition} form={form} editing={false} refusal={refusal} />
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
  return <FormScreen Screen={EditScreen} definition={definition} form={form} mode="edit" />;
}

/** The id a single record's form gives react-admin: the record has none (`form.single`). */
const SINGLE_ID = 'single';

/** What a single record's form (`form.single`) names in its read and in its save: its calls. */
const singleMeta = (form: FormModeOverrides, call: 'read' | 'save', asked?: Record<string, unknown>) =>
  form.single && 'read' in form.single ? { ...asked, call: form.single[call] } : asked;

function EditScreen({ definition, form, storeId, id }: FormScreenProps) {
  const queryClient = useQueryClient();
  const notices = useResourceNotices(definition, form.after ?? (form.single ? false : listAfter(form)));
  const notify = useNotify();
  const { failed } = form;
  const { onSaved, dialog } = useSavedDialog(definition, form, definition.messages.updated);
  // A single record's store goes in its save's body (`form.single`), as a new record's does.
  const sending = useSending(form, form.single ? storeId : undefined);
  const unread = useUnread(form);
  const read = useRef<RaRecord | undefined>(undefined);
  const { refusal, onError } = useRefusal(form);
  // The screen's own words for a save that failed, else the refusal's (`form.refused`).
  const unsaved = failed?.save
    ? (error: unknown) => notify(wordsOf(failed.save, error), { type: 'error' })
    : onError;
  const meta = { ...form.meta, ...storeMeta(storeId) };
  const asked = Object.keys(meta).length > 0 ? meta : undefined;
  const single = form.single && 'read' in form.single ? form.single : undefined;
  const creating = () => Boolean(read.current && single?.created?.(read.current));
  const saved = () => afterSave(form, creating() ? notices.created : notices.updated, onSaved);
  // Who only reads still signs in first: react-admin's own check, left out for them, did both. A
  // single record's calls have their own access, not the resource's operations.
  const ownAccess = Boolean(form.readers || form.single);
  useAuthenticated({ enabled: ownAccess });
  return (
    <Edit
      resource={definition.name}
      title={form.title ?? definition.screens?.titles?.edit ?? definition.label.one}
      actions={actionsOf(definition, form)}
      id={id ?? (single ? SINGLE_ID : undefined)}
      mutationMode="pessimistic"
      transform={sending.transform}
      mutationOptions={{
        onSuccess: (record: RaRecord) => {
          saved().onSuccess(record);
          // The record is read again (its read and its save are two calls), and what the resource
          // lists with it (the stores' acceptances of the terms).
          if (single) void queryClient.invalidateQueries({ queryKey: [definition.name] });
        },
        ...(unsaved ? { onError: unsaved } : {}),
        meta: withKey(single ? singleMeta(form, 'save', form.meta) : asked, sending.meta),
      }}
      queryOptions={{
        ...unread,
        meta: singleMeta(form, 'read', asked),
        ...(single?.created
          ? {
              onSuccess: (record: RaRecord) => {
                read.current = record;
              },
            }
          : {}),
      }}
      disableAuthentication={ownAccess}
      error={id === undefined ? undefined : <ReadFailed form={form} />}
    >
      <Around form={form}>
        {form.header}
        <FormBody definition={definition} form={form} editing refusal={refusal} storeId={storeId} />
        {form.below}
        {dialog}
      </Around>
    </Edit>
  );
}

/**
 * One record without an id (`form.single`: the platform's terms of use, a store's loyalty
 * program), read and saved at the fixed paths of the definition's calls, or a record at the id
 * the screen gives (`single.useId`: the account's store): the edit form, its fields, sections,
 * inputs, schema and notices, staying on its page once saved.
 */
export function GeneratedSingle({
  definition,
  overrides = {},
}: {
  definition: ResourceDefinition;
  overrides?: ScreenOverrides;
}) {
  const form = formOverridesFor(overrides.form, 'edit');
  const own = Boolean(form.single && 'useId' in form.single);
  return (
    <FormScreen Screen={own ? OwnRecordScreen : EditScreen} definition={definition} form={form} mode="edit" />
  );
}

/**
 * The detail of a record that is only read (`screens.edit: 'show'`, a notification; a customer
 * as a review opens them): the edit form's sections, title, header, actions, what goes below and
 * what it reads beside the record, every generated input shown and none saved.
 */
export function GeneratedShow({
  definition,
  overrides = {},
}: {
  definition: ResourceDefinition;
  overrides?: ScreenOverrides;
}) {
  const form = formOverridesFor(overrides.form, 'edit');
  return (
    <Show
      resource={definition.name}
      title={form.title ?? definition.screens?.titles?.edit ?? definition.label.one}
      actions={actionsOf(definition, form)}
      queryOptions={{ ...useUnread(form), meta: form.meta }}
    >
      {form.header}
      <FormBody definition={definition} form={form} editing shown />
      {form.below}
    </Show>
  );
}
