import { IconButton } from '@mui/material';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import {
  DataTable,
  DataTableClasses,
  useExpanded,
  useRecordContext,
  useResourceContext,
  type RaRecord,
} from 'react-admin';

type Label = (record: RaRecord, open: boolean) => string;

/** The row's own button for its panel: named after its record, reached with Tab. */
function ExpandToggle({ label }: { label: Label }) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const [open, toggle] = useExpanded(resource ?? '', record?.id ?? '');
  if (!record) return null;
  return (
    <IconButton
      size="small"
      aria-label={label(record, open)}
      // A fingertip's size: a tablet on its side shows the table.
      sx={{ width: 44, height: 44 }}
      aria-expanded={open}
      aria-controls={`${resource}-${record.id}-expand`}
      onClick={(event) => {
        // The row's own click toggles the panel too.
        event.stopPropagation();
        toggle();
      }}
    >
      {open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
    </IconButton>
  );
}

/** The first column of a list with `expandToggle`: each row's named button. */
export function toggleColumn(label: Label) {
  return (
    <DataTable.Col
      key="_expand"
      label=""
      disableSort
      padding="checkbox"
      render={() => <ExpandToggle label={label} />}
    />
  );
}

/** react-admin's own arrow, which screen readers never reach, gives way to the named button. */
export const withoutOwnArrow = {
  [`& .${DataTableClasses.expandHeader}, & .${DataTableClasses.expandIconCell}`]: { display: 'none' },
} as const;
