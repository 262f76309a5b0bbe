import { forwardRef, useCallback, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Card, type CardProps } from '@mui/material';
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
  useNotify,
  useRecordContext,
} from 'react-admin';
import { useScrollRegion } from '../components/scrollRegion';
import type { ResourceDefinition } from '../../contract/define';
import type { FormOverrides } from './overrides';
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

/** Remover, with its confirmation (the definition's, or the record's own words), then the list. */
export function RemoveButton({
  definition,
  confirm,
  after,
  meta,
}: Removal & {
  definition: ResourceDefinition;
  confirm?: FormOverrides['deleteConfirm'];
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
      <ActionButton label="Remover" color="error" onClick={() => setOpen(true)} disabled={isPending}>
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

/** The generated forms' toolbar: Remover (on an existing record, for who may delete) and Salvar. */
export function FormToolbar({
  definition,
  editing,
  confirm,
  after,
  meta,
}: Removal & {
  definition: ResourceDefinition;
  editing: boolean;
  confirm?: FormOverrides['deleteConfirm'];
}) {
  const { canAccess: canDelete = false } = useCanAccess({ resource: definition.name, action: 'delete' });
  const removable = editing && canDelete && Boolean(definition.access.delete);
  return (
    <Toolbar sx={{ justifyContent: removable ? 'space-between' : 'flex-start' }}>
      {removable ? (
        <RemoveButton definition={definition} confirm={confirm} after={after} meta={meta} />
      ) : null}
      <SaveButton label="Salvar" alwaysEnable />
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
