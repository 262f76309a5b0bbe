/**
 * What a resource's screens may add to what its definition generates: the engine's override
 * points. A resource that is "CRUD plus a few special cells" stays a definition plus an object
 * of this type, in its folder's `screens.tsx` (loaded with the screens, not with the login page).
 */
import type { ReactElement, ReactNode } from 'react';
import type { Identifier, RaRecord } from 'react-admin';

/** A row click: open the record's edit or show screen, a path of its own, or nothing. */
export type RowClick =
  'edit' | 'show' | false | ((id: Identifier, resource: string, record: RaRecord) => string | false);

/** A section of a form: a heading (optional) and the fields it holds, in order. */
export interface FormSection {
  title?: string;
  fields: readonly string[];
}

export interface ListOverrides {
  /**
   * A field's cell: an element rendered in the row's record context (a switch, a chip), or a
   * function of the record. The field's label heads the column; its `sortable` decides the sort.
   * The cell lines up at the start, as text, whatever the field's kind.
   */
  cells?: Readonly<Record<string, ReactElement | ((record: RaRecord) => ReactNode)>>;
  /**
   * Shown instead of the table when the list has no record at all (not when a filter finds none);
   * `false` keeps the list's frame (its header, toolbar and table) and says so with `noRows`.
   */
  empty?: ReactElement | false;
  /** In the table's place when the page has no row: a filter finds none, or `empty` is false. */
  noRows?: ReactNode;
  /**
   * The list is a store's. Staff see their own. An administrator, with `notice`, first chooses the
   * restaurant (remembered on this device, as every screen that needs one), reading `notice` until
   * then, and the list, its header and Exportar are that restaurant's (the bank accounts); with
   * `all`, sees every store's records at once, the restaurant an optional filter of the list
   * (`store_id`, kept in the address), and the screen says whose they are with `scope` ('Valores
   * de: Plataforma', the finance lists).
   */
  store?: { notice: string } | { all: string; scope: (name: string) => string };
  /** Above the list's toolbar, in its context: what follows its filters (the balance's cards). */
  header?: ReactNode;
  /** The create button's label and path, when the create screen is not react-admin's `/create`. */
  create?: { label: string; path: string };
  /**
   * The list's own remembered page, search and order, kept out of the address, where its resource
   * is listed elsewhere too (the team is the administrators' resource seen by one store).
   */
  storeKey?: string;
  /** Buttons of the list's toolbar, before the create button (a way back, a related page). */
  actions?: ReactNode;
  /**
   * What a row click opens; by default the edit screen, for who may edit (or the row's `expand`
   * panel, when the list has one).
   */
  rowClick?: RowClick | 'expand';
  /**
   * Buttons at the end of each row, in the record's context, under an "Ações" column; on a tablet
   * (with `compact`) at the end of the record's line. Their clicks and keys are theirs: they never
   * open the row.
   */
  rowActions?: ReactElement;
  /**
   * A panel under a row, in the record's context, shown and hidden by the row's arrow, or by a
   * click on the row (or Enter or Space on it) unless `rowClick` or `rowDialog` says otherwise.
   * Only the table has it: a compact line does not expand.
   */
  expand?: ReactElement;
  /**
   * A dialog about the row's record, opened by a click on the row or its compact line (or Enter or
   * Space on it) instead of a screen: the list renders what this returns while the record is open, and `close` ends it.
   * The returned element is the whole dialog, open (a `<Dialog open>`). `rowClick` is then unused.
   */
  rowDialog?: (record: RaRecord, close: () => void) => ReactNode;
  /** Filter inputs beyond the generated search and choice filters. */
  filters?: readonly ReactElement[];
  /**
   * Below the `lg` breakpoint (a tablet beside the menu) the list shows one line per record,
   * written by these functions, instead of the table.
   */
  compact?: {
    primary: (record: RaRecord) => ReactNode;
    secondary?: (record: RaRecord) => ReactNode;
    tertiary?: (record: RaRecord) => ReactNode;
    /** At the line's end, in the record's context (a switch). */
    end?: ReactElement;
  };
}

export interface FormOverrides {
  /** A field's input, instead of the one its kind generates (the element gets no props from the engine). */
  inputs?: Readonly<Record<string, ReactElement>>;
  /** The form in sections; by default one section with every `form` field. */
  sections?: readonly FormSection[];
  /** Values of a new record's form. */
  defaultValues?: Record<string, unknown>;
  /**
   * The form's values as they are sent: applied before validation (so each message is the
   * server's, under its input) and before saving.
   */
  transform?: (values: Record<string, unknown>) => Record<string, unknown>;
  /** The toolbar of the forms, instead of Remover / Salvar. */
  toolbar?: ReactElement;
  /** The removal confirmation of the edit form, from the record (what goes with it). */
  deleteConfirm?: (record: RaRecord) => { title: string; content: string };
  /** The form's largest width, in pixels. */
  maxWidth?: number;
}

export interface ScreenOverrides {
  list?: ListOverrides;
  form?: FormOverrides;
}

/** Declares a resource's overrides (typed; nothing else). */
export function defineScreens(overrides: ScreenOverrides): ScreenOverrides {
  return overrides;
}
