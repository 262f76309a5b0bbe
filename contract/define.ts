/**
 * The resource engine's vocabulary. A definition is pure data + zod: the web client generates
 * its screens and dataProvider mapping from it, and the server registers its routes, validation,
 * serialization, OpenAPI entry and CSV export from it. Nothing here may import React or the database.
 */
import type { z } from 'zod';

import type { Permission } from './permissions';

/**
 * Who may call an operation. `store`: the team of the record's store, or an administrator;
 * `store:<permission>`: those of the team whose role holds the permission (contract/permissions.ts),
 * or an administrator; `manager`: the store's managers, or an administrator.
 */
export type Access = 'public' | 'signed-in' | 'admin' | 'store' | `store:${Permission}` | 'manager';

/** The permission a `store:<permission>` access asks for, or null for any other access. */
export function permissionOf(access: Access): Permission | null {
  return access.startsWith('store:') ? (access.slice('store:'.length) as Permission) : null;
}

/** Whether an access limits a route to a store's team (with or without a permission) or its managers. */
export function isStoreAccess(access: Access): boolean {
  return access === 'store' || access === 'manager' || access.startsWith('store:');
}

export type Operation = 'list' | 'one' | 'create' | 'update' | 'delete' | 'reorder';

/** Where the payload sits in the response body. */
export type Envelope = 'data' | 'data.results' | 'data.data';

export type FieldKind =
  | 'id'
  | 'text'
  | 'textarea'
  | 'select'
  | 'date'
  | 'datetime'
  | 'boolean'
  | 'number'
  /** Integer cents, shown as reais ('R$ 1.234,56'; '1.234,56' in a CSV). */
  | 'money'
  /** A percentage ('15' reads '15%'). */
  | 'percent';

export interface Choice {
  id: string;
  name: string;
}

export interface FieldDefinition {
  label: string;
  kind: FieldKind;
  choices?: readonly Choice[];
  /** Label shown for a value that matches no choice (the FAQ shows "Usuário" for anything not MERCHANT). */
  otherChoice?: string;
  /**
   * How the field reads as text, when its kind alone does not say (a list of genders, uses out of
   * the available ones): the generated list's cell and the CSV export both use it.
   */
  text?: (record: Record<string, unknown>) => string;
  /** A column of the generated list (and of its CSV export). */
  list?: boolean;
  /** An input of the generated create and edit forms. */
  form?: boolean;
  /** The list can be sorted by this field (the server indexes it and refuses any other sort). */
  sortable?: boolean;
  /** A select field is an equality filter of the list unless this is false. */
  filter?: boolean;
  /** Exported in the CSV although it is not a column (true), or kept out of it although it is (false). */
  export?: boolean;
}

export interface ListDefinition {
  perPage: number;
  sort: { field: string; order: 'ASC' | 'DESC' };
  /** Fields searched by the `search` query parameter (accent- and case-insensitive). */
  search?: readonly string[];
  /**
   * How pages are asked for: `page` & `page_size` (default), or `offset` & `limit` (the featured
   * posts of the spec).
   */
  paging?: 'page' | 'offset';
  /** Where the list lives after the endpoint, when not at the endpoint itself (the tabs' '/search'). */
  path?: string;
}

/**
 * A call of a resource beyond its CRUD operations (approve, cancel, a picker's list): where it
 * lives and who may make it. The server registers it from here; the OpenAPI document lists it.
 */
export interface CallDefinition {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** After the endpoint ('/id/:id/approve', '/simplelist'), or a whole path ('/api/feedhunters'). */
  path: string;
  access: Access;
  /** One line for the API reference, in Portuguese. */
  summary: string;
}

/** What the generated screens need beyond the fields: who gets them, and the words of their buttons. */
export interface ScreenDefinition {
  /** Who gets the screens: administrators (default), restaurant staff, or both. */
  audience?: 'admin' | 'staff' | 'everyone';
  /** Label of the list's create button (the FAQ's reads CRIAR NOVA PERGUNTA). */
  createLabel?: string;
  /**
   * An edit screen (default: for a resource that has updates); false where the list's switches are
   * the only change; 'show' where a record is only read (a notification, never edited): the edit
   * form's layout, every input shown and none saved.
   */
  edit?: boolean | 'show';
  /** Page titles; the labels by default. */
  titles?: { list?: string; create?: string; edit?: string };
  searchPlaceholder?: string;
}

export interface ResourceDefinition<
  Input extends z.ZodObject = z.ZodObject,
  Record extends z.ZodObject = z.ZodObject,
  Row extends z.ZodObject = z.ZodObject,
> {
  /** react-admin resource name, which is also its route. */
  name: string;
  /** API base path; records live at `${endpoint}/id/{id}`. */
  endpoint: string;
  label: { one: string; many: string };
  /**
   * The resource in English, as the API reference's operation ids name it (`getCuisine`,
   * `listCuisines`), where its endpoint does not read so (the legacy `/api/cousines`); by default
   * the endpoint's own words.
   */
  noun?: { one: string; many: string };
  /** The operations the resource has, each with who may call it. */
  access: Partial<{ [operation in Operation]: Access }>;
  /** Calls beyond the operations, by name (the dataProvider's `action` finds them here). */
  calls?: { readonly [name: string]: CallDefinition };
  envelope: { list: Envelope; one: Envelope };
  fields: { [field: string]: FieldDefinition };
  /** Body of a create; an update accepts any subset of it. Messages are the users'. */
  input: Input;
  /** Body of an update when it differs from a partial create (nested settings, admin-only fields). */
  updateInput?: z.ZodObject;
  /**
   * One record as the API answers it: the server serializes answers with it (a column it does not
   * name never leaves the server), the OpenAPI document shows it, and the client's types are
   * inferred from it (`RecordOf`).
   */
  record: Record;
  /** A list row, where it differs from the record (lighter, or with joined names). */
  row?: Row;
  list: ListDefinition;
  /** Records belong to a store: staff see only their own; a store_id they send is ignored. */
  storeScoped?: boolean;
  /**
   * The table, by its name in server/db/schema, that the generic CRUD routes serve: setting it is
   * all the server needs (server/resources/registry.ts registers every definition that has one).
   */
  table?: string;
  /**
   * Generated screens (list, create, edit) that the app registers by itself, with the overrides
   * the resource's folder adds (src/resources/screens.ts).
   */
  screens?: ScreenDefinition;
  messages: {
    created: string;
    updated: string;
    deleted: string;
    /** Answer to a create or update that collides with a unique rule. */
    duplicate?: string;
    /** Answer when the record does not exist, or belongs to another store. */
    notFound?: string;
  };
}

export function defineResource<
  Input extends z.ZodObject,
  Record extends z.ZodObject,
  Row extends z.ZodObject = Record,
>(definition: ResourceDefinition<Input, Record, Row>): ResourceDefinition<Input, Record, Row> {
  return definition;
}

/**
 * A store's resource with the usual header: its records are one store's (`storeScoped`: staff
 * read and write their own, an administrator names the store), the whole team reads them (`list`,
 * `one`), those whose role holds `permission` write them (`create`, `update`, `delete`, and
 * `reorder` when asked), administrators always; the API's usual envelopes; and its screens, if
 * it has any, are the store's team's (`audience: 'staff'` unless they say otherwise). The input
 * and the record still name `store_id` (`storeIdField`, `recordId`).
 */
export function storeResource<
  Input extends z.ZodObject,
  Record extends z.ZodObject,
  Row extends z.ZodObject = Record,
>({
  permission,
  reorder = false,
  ...definition
}: Omit<ResourceDefinition<Input, Record, Row>, 'access' | 'envelope' | 'storeScoped'> & {
  permission: Permission;
  /** The list has a drag order its writers save (`PATCH {endpoint}/reorder`). */
  reorder?: boolean;
}): ResourceDefinition<Input, Record, Row> {
  const write = `store:${permission}` as const;
  return {
    ...definition,
    access: {
      list: 'store',
      one: 'store',
      create: write,
      update: write,
      delete: write,
      ...(reorder ? { reorder: write } : {}),
    },
    envelope: { list: 'data.results', one: 'data' },
    storeScoped: true,
    ...(definition.screens ? { screens: { audience: 'staff', ...definition.screens } } : {}),
  };
}

/** A record as the client receives it (JSON: dates as ISO strings). */
export type RecordOf<D extends ResourceDefinition> = z.input<D['record']>;

/** A list row as the client receives it. */
export type RowOf<D extends ResourceDefinition> = z.input<NonNullable<D['row']>>;

/** Path of one record, as every resource of the API spells it. */
export function recordPath(endpoint: string, id: string | number): string {
  return `${endpoint}/id/${encodeURIComponent(String(id))}`;
}

/** Path of a resource's list: its endpoint, or the path its list names after it. */
export function listPath(definition: Pick<ResourceDefinition, 'endpoint' | 'list'>): string {
  return `${definition.endpoint}${definition.list.path ?? ''}`;
}

/** The whole path of a call: its own when it names one, else after the endpoint. */
export function callPath(definition: Pick<ResourceDefinition, 'endpoint'>, call: CallDefinition): string {
  return call.path.startsWith('/api/') ? call.path : `${definition.endpoint}${call.path}`;
}

/** The label of a choice value; the definition's `otherChoice` for a value that matches none. */
export function choiceLabel(field: FieldDefinition, value: unknown): string {
  const found = field.choices?.find((choice) => choice.id === value);
  return found?.name ?? field.otherChoice ?? (value == null ? '' : String(value));
}

/** The fields a list shows, which its CSV export carries too (plus those marked for export). */
export function exportedFields(definition: Pick<ResourceDefinition, 'fields'>): [string, FieldDefinition][] {
  return Object.entries(definition.fields).filter(([, field]) => field.export ?? field.list ?? false);
}
