import type { KeyboardEvent } from 'react';
import {
  DataTableBody,
  DataTableClasses,
  DataTableRow,
  type DataTableBodyProps,
  type DataTableRowProps,
} from 'react-admin';

/** Enter or Space on a focused row does what a click does (not on a switch or a button in it). */
export function openWithKeyboard(event: KeyboardEvent<HTMLTableRowElement>) {
  if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
  event.preventDefault();
  event.currentTarget.click();
}

/**
 * react-admin's rows open on a click only: a row that opens something is also reached with Tab
 * and opened from the keyboard.
 */
function OpenableRow(props: DataTableRowProps) {
  return <DataTableRow {...props} tabIndex={0} onKeyDown={openWithKeyboard} />;
}

export function OpenableBody(props: DataTableBodyProps) {
  return <DataTableBody {...props} row={OpenableRow} />;
}

// Where the keyboard is, seen at once in the dark theme.
export const focusRing = {
  outline: '2px solid',
  outlineColor: 'primary.main',
  outlineOffset: '-2px',
} as const;
export const focusedRow = { [`& .${DataTableClasses.row}:focus-visible`]: focusRing } as const;
