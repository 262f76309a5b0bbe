import { createContext, useContext } from 'react';
import type { DragEndEvent } from '@dnd-kit/core';
import type { RaRecord } from 'react-admin';
import type { ListOverrides } from './overrides';

/*
 * What a list reads of its drag order without loading it: the order's context and sizes. The
 * drag and drop itself (./dragOrder, with @dnd-kit) loads only with a list that is sortable
 * (./dragOrderLoader).
 */

export const SAVE_ORDER_LABEL = 'SALVAR ORDEM';
/** A sortable list asks for its whole in one page (the API's largest): an order covers every row. */
export const WHOLE_LIST = 1000;
/** A fingertip's size, for the grips. */
export const TOUCH = 44;

export type Sortable = NonNullable<ListOverrides['sortable']>;

export interface DragOrder {
  /** The rows in the order being made, until it is saved or dropped. */
  order: RaRecord[] | null;
  /** Every row is on the page, unfiltered, in the list's own order, and no save is under way. */
  draggable: boolean;
  /** The list holds more rows than its page: its order cannot be made here. */
  partial: boolean;
  /** A filter or a search holds: its rows are not the whole list. */
  filtered: boolean;
  saving: boolean;
  onDragEnd: (event: DragEndEvent) => void;
  save: () => Promise<void>;
  discard: () => void;
}

export const DragOrderContext = createContext<DragOrder | null>(null);

/** The order being made of a sortable list, for its table, its toolbar and its notice. */
export const useDragOrder = () => useContext(DragOrderContext);
