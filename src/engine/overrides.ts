/**
 * What a resource's screens may add to what its definition generates: the engine's override
 * points. A resource that is "CRUD plus a few special cells" stays a definition plus an object
 * of this type, in its folder's `overrides.tsx` (loaded with the screens, not with the login page).
 */
import type { ComponentType, ReactElement, ReactNode } from 'react';
import type { Identifier, RaRecord } from 'react-admin';
import type { z } from 'zod';
import type { After } from '../resources/useResourceNotices';
import type { ChosenStore } from '../components/chosenStore';

/** A row click: open the record's edit or show screen, a path of its own, or nothing. */
export type RowClick =
  'edit' | 'show' | false | ((id: Identifier, resource: string, record: RaRecord) => string | false);

/**
 * A section of a form: a heading (optional) and the inputs it holds, in order. An entry is a
 * field's input, or a row of inputs side by side on a desk (one under the other on a phone), each
 * at most half the width: a row of one lines up with the rows of two. A place in a row may be a
 * column of inputs, one under the other (a post's texts beside its media).
 */
export interface FormSection {
  title?: string;
  fields: readonly (string | readonly (string | readonly string[])[])[];
}

export interface ListOverrides {
  /**
   * A field's cell: an element rendered in the row's record context (a switch, a chip), or a
   * function of the record. The field's label heads the column; its `sortable` decides the sort.
   * The cell lines up at the start, as text, whatever the field's kind.
   */
  cells?: Readonly<Record<string, ReactElement | ((record: RaRecord) => ReactNode)>>;
  /**
   * A column's heading instead of its field's label, where the table names it otherwise (the
   * posts' Post column holds the image and the title); the CSV keeps the field's label.
   */
  headers?: Readonly<Record<string, ReactNode>>;
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
   * de: Plataforma', the finance lists). `picker` is the screen's own way of choosing, in the
   * engine's picker's place and shown to staff too (a filter bar whose Aplicar applies the
   * restaurant with the other filters, the reviews'): made from the list's `ChosenStore`, whose
   * `choose` it calls, and rendered outside the list's context until a restaurant is chosen.
   */
  store?:
    | { notice: string; picker?: (store: ChosenStore) => ReactElement }
    | { all: string; scope: (name: string) => string };
  /** Above the list's toolbar, in its context: what follows its filters (the balance's cards). */
  header?: ReactNode;
  /**
   * The create button's label and path, when the create screen is not react-admin's `/create`;
   * `false`: no create button (a list whose records are created from another page).
   */
  create?: { label: string; path: string } | false;
  /** The search box's accessible name, where it says more than its placeholder. */
  searchLabel?: string;
  /**
   * The list's own remembered page, search and order, kept out of the address, where its resource
   * is listed elsewhere too (the team is the administrators' resource seen by one store), or whose
   * address must stay the screen's own (the posts' /stories); `false`
   * remembers nothing once the list is left (the address still keeps them while it is open).
   */
  storeKey?: string | false;
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
  /** Who gets `rowActions` and their column: by default everyone; `'edit'`, only who may edit. */
  rowActionsFor?: 'edit';
  /**
   * A panel under a row, in the record's context, shown and hidden by the row's arrow, or by a
   * click on the row (or Enter or Space on it) unless `rowClick` or `rowDialog` says otherwise.
   * The table has it, and the cards with `expandToggle`: a compact line does not expand.
   */
  expand?: ReactElement;
  /**
   * The name of the row's own button that shows and hides its `expand` panel ('Mostrar produtos
   * de Adicionais'), first in the row and reached with Tab, instead of react-admin's arrow.
   */
  expandToggle?: (record: RaRecord, open: boolean) => string;
  /** `false`: no Exportar in the toolbar (a list the spec gives none). */
  exportButton?: false;
  /**
   * In the table's place when the list cannot be read: an element, or a message and the words of
   * the button that reads the list again (the engine's alert).
   */
  error?: ReactNode | { message: string; retry: string };
  /**
   * A dialog about the row's record, opened by a click on the row or its compact line (or Enter or
   * Space on it) instead of a screen: the list renders what this returns while the record is open, and `close` ends it.
   * The returned element is the whole dialog, open (a `<Dialog open>`). `rowClick` is then unused.
   */
  rowDialog?: (record: RaRecord, close: () => void) => ReactNode;
  /**
   * Rows put in order by hand: a grip first in each row (named 'Arrastar ' and the record's
   * `name`) moves it by dragging, or from the keyboard (Space, the arrows, Space); the list asks
   * for its whole in one page, and once the order changed the toolbar holds Descartar and SALVAR
   * ORDEM, which sends it with the definition's reorder call (`PATCH {endpoint}/reorder`) and
   * shows `saved`. A move that `refuse` answers goes back and shows its words. Rows are moved only
   * in the list's own order, unfiltered, all on the page (`partial` says so otherwise; `filtered`,
   * when given, while a filter or search holds). While an order waits, the filters are disabled.
   * The table only: no cards nor compact lines.
   */
  sortable?: {
    name: (record: RaRecord) => string;
    saved: string;
    refuse?: (records: RaRecord[]) => string | undefined;
    partial?: string;
    filtered?: string;
  };
  /**
   * Fields whose columns only a desk shows (from the `lg` breakpoint): on a tablet beside the
   * menu another cell says them (the posts' title cell, their date and views).
   */
  wide?: readonly string[];
  /**
   * Sent with every read of the list, never shown nor changed by the user (react-admin's permanent
   * `filter`): the menu's categories read with their products (`include: 'products'`).
   */
  filter?: Readonly<Record<string, unknown>>;
  /** Filter inputs beyond the generated search and choice filters. */
  filters?: readonly ReactElement[];
  /**
   * The filters' values when the list opens (react-admin's `filterDefaultValues`): a choice the
   * user may change, unlike a permanent filter (the approvals' statuses not active yet); a
   * function, for values of the moment it opens (today's reservations on a tablet left on for days).
   */
  filterDefaults?: Readonly<Record<string, unknown>> | (() => Record<string, unknown>);
  /**
   * What a list that cannot be read says, in a notice, where the server's answer gives no words of
   * its own (a 5xx, no network): the spec's 'Erro ao buscar reservas'. The server's 4xx words win.
   */
  failed?: string;
  /**
   * Instead of the generated filters (and `filters`): an element in the list's context at the top
   * of its card, which sets the list's filters itself (a form applied by its Aplicar button).
   */
  filterBar?: ReactElement;
  /**
   * Under the table instead of the numbered pages, in the list's context: where the API answers no
   * total (a full page means there may be another).
   */
  pagination?: ReactElement;
  /**
   * Below a breakpoint (`lg` by default), a grid of cards instead of the table (and of the compact
   * lines): each card is what `render` makes of its record, opened as its row would be (a click,
   * Enter or Space), with `rowActions` under it. `label` names the grid (the list's title by
   * default); `opens: false` leaves the opening to a link of the card's own (the review's author).
   * A list with `expand` and `expandToggle` opens a card's panel under it instead (the card is its
   * toggle, named so).
   * `only`: cards at every width, no table (the tables' QR codes, the integrations); `name`, each
   * card's own accessible name ('Mesa 7').
   */
  cards?: {
    render: (record: RaRecord) => ReactNode;
    below?: 'sm' | 'md' | 'lg' | 'xl';
    label?: string;
    opens?: false;
    only?: true;
    name?: (record: RaRecord) => string;
  };
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

/** What a form may change of what its definition generates, for both forms or for one of them. */
export interface FormModeOverrides {
  /**
   * A field's input, instead of the one its kind generates (the element gets no props from the
   * engine). A section may also name an input here that is no field of the record (a password's
   * confirmation): it is the form's alone.
   */
  inputs?: Readonly<Record<string, ReactElement>>;
  /** The form in sections; by default one section with every `form` field. */
  sections?: readonly FormSection[];
  /** Fields whose generated input is shown but cannot be changed (a CNPJ once the store exists). */
  readOnly?: readonly string[];
  /**
   * The schema the form's values are checked with, instead of the definition's `input` (one that
   * also checks what is never sent: a password's confirmation). Its messages go under the inputs;
   * a field it requires gets the asterisk.
   */
  schema?: z.ZodObject;
  /**
   * The form's values built from the record read, where they differ from it (the hours as groups
   * of days); `transform` builds what is sent back from them.
   */
  values?: (record: RaRecord) => Record<string, unknown>;
  /** Values of a new record's form; a function, for values of the moment it opens (today). */
  defaultValues?: Record<string, unknown> | (() => Record<string, unknown>);
  /**
   * The form's schema as it renders, where it depends on what the screen reads (a reservation's
   * time against the store's hours): a hook, called by the form, whose schema replaces `schema`.
   */
  useSchema?: () => z.ZodObject;
  /**
   * Each submission carries an `Idempotency-Key` (`useSubmissionKey`): the same values sent again,
   * a retry or a second tap, keep the key, so a server route that opts in writes once.
   */
  idempotent?: true;
  /**
   * The form's values as they are sent: applied before validation (so each message is the
   * server's, under its input) and before saving; an edit form's with the record read beside them.
   */
  transform?: (values: Record<string, unknown>, record?: RaRecord) => Record<string, unknown>;
  /**
   * What is dropped or reshaped only on the way out, after the check (a blank new password, the
   * confirmation): applied after `transform`, to the values sent, never to those checked.
   */
  sent?: (values: Record<string, unknown>) => Record<string, unknown>;
  /** After a save succeeded, with the API's answer, before the notice and the list (a new session). */
  saved?: (record: RaRecord) => void;
  /** The toolbar of the forms, instead of Remover / Salvar. */
  toolbar?: ReactElement;
  /**
   * The generated toolbar's own words: `remove` and `save` name its buttons (Excluir, Adicionar),
   * `saveIcon` the save's icon; `cancel` adds Cancelar, first, which returns to the page the form
   * was opened from (or to its list, when it was opened straight from a link).
   */
  buttons?: { cancel?: true; remove?: string; save?: string; saveIcon?: ReactElement };
  /**
   * The removal confirmation of the edit form, from the record (what goes with it), and the label
   * of its confirming button where it is not Confirmar.
   */
  deleteConfirm?: (record: RaRecord) => { title: string; content: string; confirm?: string };
  /** The form's largest width, in pixels. */
  maxWidth?: number;
  /** Above the form, in the record's context (the restaurant's logo and figures). */
  header?: ReactNode;
  /**
   * Where the form goes once saved: the list (default), a path of its own, or nowhere; with
   * `back`, the page it was opened from (the path when it was opened straight from a link).
   */
  after?: After;
  /** A create form that stays once saved, emptied for the next (people included one after another). */
  again?: true;
  /**
   * The definition's call (`calls`) a create form's save sends instead of a new record's create
   * (an existing account included in a team): its method and path, the same body.
   */
  call?: string;
  /**
   * `false`: no input is marked required (no asterisk, no check of its own); the form's schema
   * alone says what is missing, on Salvar (the restaurant's long forms, whose labels the spec gives bare).
   */
  marked?: false;
  /**
   * The path of the list the form belongs to, where it is not the resource's own screen (the
   * categories' is the menu, /products): the way back, where a save returns, and where an edit
   * whose record cannot be read returns with the server's words.
   */
  list?: string;
  /** Above the form instead of the way back to the list; `false`: nothing (its toolbar has Cancelar). */
  actions?: ReactElement | false;
  /** Under the form, in the record's context (a category's products, on its edit screen). */
  below?: ReactElement;
  /**
   * Around the form and its header, inside the screen: a context its inputs and toolbar share, or
   * a save of its own (react-admin's `SaveContextProvider`) instead of the one create or update
   * (the tables, created one by one with their progress).
   */
  around?: ComponentType<{ children: ReactNode }>;
  /** The screen's title instead of the definition's (an element may read the record). */
  title?: string | ReactElement;
  /**
   * After a save, the definition's message in a dialog whose OK returns to the previous page (or
   * to the list), instead of a notice and the list (the complement groups').
   */
  savedDialog?: boolean;
  /**
   * What the edit form's (or the detail's) read and its save both ask for beside the record
   * (react-admin's `meta`; `{ include: 'stats' }`: a customer's visits and last ticket). The save's
   * answer replaces the record read, so both must ask alike for what was read to stay on screen.
   */
  meta?: { include: string };
  /**
   * The screen's own words when the edit form's record cannot be read or saved, instead of the
   * server's (the customer's detail: spec 8's fixed messages); a function chooses them by the
   * error. `below`: under the words of a record that cannot be read, where a single record's
   * form (`single.useId`) shows them in its place (the links' SALVAR, that says so again).
   */
  failed?: { read?: string | Failure; save?: string | Failure; below?: ReactElement };
  /**
   * The form is a store's record. Staff write their own; an administrator first chooses the
   * restaurant (the one remembered on this device, as every screen that needs one), reading
   * `notice` until then, and the form names it as `store_id`: in the body of a new record, in the
   * query of the record's read, save and removal (an API that scopes a record by it, the team's).
   */
  store?: { notice: string };
  /**
   * A save the server refuses: its words go under the input they concern too (`fields`: the words,
   * and the input's source); with `notice`, the notice says that instead, and the server's words
   * are shown in the form, above its buttons.
   */
  refused?: { fields?: Readonly<Record<string, string>>; notice?: string };
  /**
   * One record without an id, read and saved at a fixed path (`GeneratedSingle`): the names of the
   * definition's calls that read it (GET) and save it (PATCH or POST, the whole form; a store's, with
   * `store`, names it in the body, as a new record does). The form stays once saved, and the record
   * and the resource's lists are read again. `created`: whether the record as read is still to be
   * made by this save (a store's first loyalty program), which then says the definition's `created`.
   * With `useId` instead, the record at the id the screen gives (the settings: the account's store).
   */
  single?: SingleRecord;
  /**
   * The edit screen opens also for who may read the record but not change it (react-admin's asks
   * for the edit access); what they see is the overrides' to say (the team's members, read-only).
   */
  readers?: true;
}

/** The words of a read or a save that failed, from its error. */
export type Failure = (error: unknown) => string;

/**
 * A single record (`form.single`): at a fixed path, read and saved by the definition's calls; or
 * the resource's own record at the id the screen gives (`useId`, a hook given the restaurant an
 * administrator chose with `store`: the account's own store), read and saved as any record, that
 * answers the id, `undefined` while it is learned, or the words of why there is none, which the
 * form says and shows in its place, as a read that fails.
 */
export type SingleRecord =
  | { read: string; save: string; created?: (record: RaRecord) => boolean }
  | { useId: (storeId?: number) => Identifier | undefined | { problem: string } };

/**
 * The forms' overrides: those common to both, and what the create form (`create`) or the edit
 * form (`edit`) sets apart. A form's own overrides win over the common ones; its `inputs` are
 * added to the common inputs, any other key replaces the common one (its `sections`, its `schema`).
 */
export interface FormOverrides extends FormModeOverrides {
  create?: FormModeOverrides;
  edit?: FormModeOverrides;
}

export interface ScreenOverrides {
  list?: ListOverrides;
  form?: FormOverrides;
}

/** Declares a resource's overrides (typed; nothing else). */
export function defineScreens(overrides: ScreenOverrides): ScreenOverrides {
  return overrides;
}

/** The overrides of one form: its own merged over the common ones. */
export function formOverridesFor(form: FormOverrides = {}, mode: 'create' | 'edit'): FormModeOverrides {
  const { create, edit, ...common } = form;
  const own = (mode === 'create' ? create : edit) ?? {};
  const inputs = common.inputs || own.inputs ? { ...common.inputs, ...own.inputs } : undefined;
  return { ...common, ...own, inputs };
}
