import { lazy } from 'react';
import {
  useGetRecordRepresentation,
  useNotify,
  useRecordContext,
  useResourceContext,
  useUpdate,
  type ResourceProps,
} from 'react-admin';
import { Switch } from '@mui/material';
import { z } from 'zod';
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

export interface ToolbarLinkDefinition {
  label: string;
  to: string;
  action?: string;
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

// The generated screens load when first opened, not with the login page.
const screens = () => import('./generated-screens');
const GeneratedList = lazy(() => screens().then((m) => ({ default: m.GeneratedList })));
const GeneratedEdit = lazy(() => screens().then((m) => ({ default: m.GeneratedEdit })));
const GeneratedCreate = lazy(() => screens().then((m) => ({ default: m.GeneratedCreate })));

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
