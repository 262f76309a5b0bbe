/**
 * The resource engine's vocabulary. A definition is pure data + zod: the web client generates
 * its screens and dataProvider mapping from it, and the server registers its routes and
 * validation from it. Nothing here may import React or the database.
 */
import type { z } from 'zod';

/** Who may call an operation. `store`: staff of the record's store, or an administrator. */
export type Access = 'public' | 'signed-in' | 'admin' | 'store';

export type Operation = 'list' | 'one' | 'create' | 'update' | 'delete' | 'reorder';

/** Where the payload sits in the response body. */
export type Envelope = 'data' | 'data.results' | 'data.data';

export type FieldKind = 'id' | 'text' | 'textarea' | 'select' | 'date' | 'datetime' | 'boolean' | 'number';

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
  /** A column of the generated list. */
  list?: boolean;
  /** An input of the generated create and edit forms. */
  form?: boolean;
  /** The list can be sorted by this field (the server indexes it). */
  sortable?: boolean;
}

export interface ListDefinition {
  perPage: number;
  sort: { field: string; order: 'ASC' | 'DESC' };
  /** Fields searched by the `search` query parameter (accent- and case-insensitive). */
  search?: readonly string[];
}

export interface ResourceDefinition<Input extends z.ZodObject = z.ZodObject> {
  /** react-admin resource name, which is also its route. */
  name: string;
  /** API base path; records live at `${endpoint}/id/{id}`. */
  endpoint: string;
  label: { one: string; many: string };
  /** The operations the resource has, each with who may call it. */
  access: Partial<Record<Operation, Access>>;
  envelope: { list: Envelope; one: Envelope };
  fields: Record<string, FieldDefinition>;
  /** Body of a create; an update accepts any subset of it. Messages are the users'. */
  input: Input;
  /** Body of an update when it differs from a partial create (nested settings, admin-only fields). */
  updateInput?: z.ZodObject;
  list: ListDefinition;
  /** Records belong to a store: staff see only their own; a store_id they send is ignored. */
  storeScoped?: boolean;
  /**
   * The table, by its name in server/db/schema, that the generic CRUD routes serve: setting it is
   * all the server needs (server/resources/registry.ts registers every definition that has one).
   */
  table?: string;
  /**
   * Generated screens (list, create, edit) that the app registers by itself: no index.tsx and no
   * line in App.tsx. For platform administrators unless `forStaff` (then for everyone signed in).
   */
  screens?: { createLabel?: string; forStaff?: boolean };
  messages: {
    created: string;
    updated: string;
    deleted: string;
    /** Answer to a create or update that collides with a unique rule. */
    duplicate?: string;
  };
}

export function defineResource<Input extends z.ZodObject>(
  definition: ResourceDefinition<Input>,
): ResourceDefinition<Input> {
  return definition;
}

/** Path of one record, as every resource of the API spells it. */
export function recordPath(endpoint: string, id: string | number): string {
  return `${endpoint}/id/${encodeURIComponent(String(id))}`;
}
