import { forwardRef, useCallback, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Card, type CardProps } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Button as ActionButton,
  Confirm,
  SaveButton,
  Toolbar,
  TopToolbar,
  useCanAccess,
  useCreatePath,
  useDelete,
  useListContext,
  useNotify,
  useRecordContext,
} from 'react-admin';
import { useScrollRegion } from '../components/scrollRegion';
import type { ResourceDefinition } from '../../contract/define';
import type { FormModeOverrides, FormOverrides } from './overrides';
import { useResourceNotices, type After } from '../resources/useResourceNotices';
import type { Query } from '../dataProvider/httpClient';

/*
 * The pieces the generated screens are made of, for override modules to reuse (an empty state
 * with the create button, a toolbar with the way back).
 */

/**
 * The list's create button, with the definition's label. react-admin's CreateButton turns into an
 * unlabelled round button below 900 px; the spec's labels (NOVA COZINHA…) must stay readable on a
 * tablet.
 */
export function CreateLink({
  definition,
  create,
}: {
  definition: Pick<ResourceDefinition, 'name' | 'screens'>;
  /** Its own label and path, where the create screen is not react-admin's `/create`. */
  create?: { label: string; path: string };
}) {
  const createPath = useCreatePath();
  return (
    <Button
      component={Link}
      to={create?.path ?? createPath({ resource: definition.name, type: 'create' })}
      variant="contained"
      startIcon={<AddIcon />}
    >
      {create?.label ?? definition.screens?.createLabel ?? 'Criar'}
    </Button>
  );
}

/** A link to another page, as a toolbar button (Cozinhas' way back to the products). */
export function ToolbarLink({
  to,
  label,
  back = false,
  icon,
}: {
  to: string;
  label: string;
  back?: boolean;
  /** Its icon, where it is not the way back's arrow. */
  icon?: ReactNode;
}) {
  return (
    <Button component={Link} to={to} variant="outlined" startIcon={back ? <ArrowBackIcon /> : icon}>
      {label}
    </Button>
  );
}

/** The forms' way back to the list, above the form. */
export function BackToList({
  definition,
  to,
}: {
  definition: Pick<ResourceDefinition, 'name' | 'label'>;
  /** The list's path, where it is not the resource's own screen. */
  to?: string;
}) {
  const createPath = useCreatePath();
  return (
    <TopToolbar>
      <ToolbarLink
        to={to ?? createPath({ resource: definition.name, type: 'list' })}
        label={definition.label.many}
        back
      />
    </TopToolbar>
  );
}

/** What a form's removal needs beyond the record: where it returns, and the query of its call. */
interface Removal {
  /** Where the form goes once the record is removed: its list by default. */
  after?: After;
  /** The dataProvider's `meta` of the call (`query`: the restaurant an administrator works on). */
  meta?: { query: Query };
}

/**
 * Remover (or its own label), with its confirmation (the definition's, or the record's own
 * words), then the list (or `after`).
 */
export function RemoveButton({
  definition,
  confirm,
  label = 'Remover',
  after,
  meta,
}: Removal & {
  definition: ResourceDefinition;
  confirm?: FormOverrides['deleteConfirm'];
  label?: string;
  after?: After;
}) {
  const record = useRecordContext();
  const notices = useResourceNotices(definition, after);
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete();
  if (!record) return null;
  const words = confirm?.(record) ?? {
    title: `Remover ${definition.label.one.toLowerCase()}?`,
    content: 'Esta ação não pode ser desfeita.',
  };
  const removeRecord = () =>
    remove(
      definition.name,
      { id: record.id, previousData: record, meta },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notices.deleted.onSuccess();
        },
        onError: (error) => {
          setOpen(false);
          notify((error as Error).message, { type: 'error' });
        },
      },
    );
  return (
    <>
      <ActionButton label={label} color="error" onClick={() => setOpen(true)} disabled={isPending}>
        <DeleteIcon />
      </ActionButton>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={words.title}
        content={words.content}
        confirm={words.confirm}
        onConfirm={removeRecord}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/**
 * The generated forms' toolbar: Remover (on an existing record, for who may delete) and Salvar,
 * under the form's own names (`buttons`); with `buttons.cancel`, Cancelar first, back to the page
 * the form was opened from (or to its list, when it was opened straight from a link).
 */
export function FormToolbar({
  definition,
  editing,
  form,
  meta,
}: Pick<Removal, 'meta'> & {
  definition: ResourceDefinition;
  editing: boolean;
  form: FormModeOverrides;
}) {
  const { canAccess: canDelete = false } = useCanAccess({ resource: definition.name, action: 'delete' });
  const createPath = useCreatePath();
  const navigate = useNavigate();
  const opened = useLocation().key === 'default';
  const { buttons = {}, list = createPath({ resource: definition.name, type: 'list' }) } = form;
  const removable = editing && canDelete && Boolean(definition.access.delete);
  // A removal returns to the form's list where it names one (the menu's forms), else to the path a
  // save goes to, else to the resource's list: never back to the record it removed.
  const removed: After =
    form.list !== undefined
      ? { path: form.list }
      : typeof form.after === 'object' && !form.after.back
        ? form.after
        : 'list';
  const remove = removable ? (
    <RemoveButton
      definition={definition}
      confirm={form.deleteConfirm}
      label={buttons.remove}
      after={removed}
      meta={meta}
    />
  ) : null;
  const save = <SaveButton label={buttons.save ?? 'Salvar'} icon={buttons.saveIcon} alwaysEnable />;
  if (!buttons.cancel) {
    return (
      <Toolbar sx={{ justifyContent: removable ? 'space-between' : 'flex-start' }}>
        {remove}
        {save}
      </Toolbar>
    );
  }
  return (
    <Toolbar sx={{ gap: 1 }}>
      <Button onClick={() => (opened ? navigate(list) : navigate(-1))}>Cancelar</Button>
      <Box sx={{ flex: 1 }} />
      {remove}
      {save}
    </Toolbar>
  );
}

/**
 * The card a list's table sits in. Where its columns do not fit (a tablet beside the menu) the
 * table scrolls inside the card, not the page; the card is then a labelled region reached with
 * Tab, so the keyboard scrolls it too. A table that fits adds no tab stop.
 */
export const ScrollingCard = forwardRef<HTMLDivElement, CardProps & { label: string }>(function ScrollingCard(
  { label, ...props },
  ref,
) {
  const region = useScrollRegion<HTMLDivElement>(label);
  const { ref: regionRef } = region;
  const setRef = useCallback(
    (node: HTMLDivElement | null) => {
      regionRef(node);
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref, regionRef],
  );
  return <Card ref={setRef} {...props} {...region.props} />;
});

/** A list that cannot be read (`list.error` in words): its message, and the button that reads it again. */
export function LoadFailed({ message, retry }: { message: string; retry: string }) {
  const { refetch } = useListContext();
  return (
    <Alert
      severity="error"
      sx={{ m: 2 }}
      action={
        <Button color="inherit" size="small" onClick={() => void refetch()}>
          {retry}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
