import type { ReactElement, ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, Card, CardActionArea, CardActions, Collapse, IconButton } from '@mui/material';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import {
  RecordContextProvider,
  useGetPathForRecordCallback,
  useExpanded,
  useListContext,
  useResourceContext,
  type RaRecord,
} from 'react-admin';
import type { RowClick } from './overrides';
import { focusRing } from './openableRows';

type Expand = { panel: ReactElement; label: (record: RaRecord, open: boolean) => string };

/**
 * A card that shows and hides its record's panel (`expand`) by its named button, as the row's does
 * (44 px, Tab reaches it); a tap anywhere on the card does it too. The button holds no text: a
 * button holding the card would be named apart from the words it shows, which screen-reader and
 * voice users read as a fault (axe's label-content-name-mismatch).
 */
function ExpandingCard({
  record,
  expand,
  children,
}: {
  record: RaRecord;
  expand: Expand;
  children: ReactNode;
}) {
  const resource = useResourceContext() ?? '';
  const [open, toggle] = useExpanded(resource, record.id);
  const panelId = `${resource}-${record.id}-card-expand`;
  return (
    <>
      <Box
        onClick={toggle}
        sx={{ display: 'flex', alignItems: 'flex-start', flexGrow: 1, cursor: 'pointer' }}
      >
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>{children}</Box>
        <IconButton
          aria-label={expand.label(record, open)}
          aria-expanded={open}
          aria-controls={panelId}
          sx={{ width: 44, height: 44, m: 0.5, flexShrink: 0, '&.Mui-focusVisible': focusRing }}
          onClick={(event) => {
            // The card's own tap toggles it too.
            event.stopPropagation();
            toggle();
          }}
        >
          {open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
        </IconButton>
      </Box>
      <Collapse in={open} id={panelId} unmountOnExit>
        {expand.panel}
      </Collapse>
    </>
  );
}

/**
 * The list's records as a grid of cards (`list.cards`): each card is what `render` makes of its
 * record, opened as a row would be (a click, or Enter or Space on it), or showing its `expand`
 * panel under it; the row's own buttons (`rowActions`) sit under it, outside what opens.
 */
export function RecordCards({
  render,
  label,
  name,
  rowClick,
  rowActions,
  noRows,
  expand,
}: {
  render: (record: RaRecord) => ReactNode;
  /** The grid's accessible name. */
  label: string;
  /** Each card's accessible name. */
  name?: (record: RaRecord) => string;
  rowClick: RowClick;
  rowActions?: ReactElement;
  noRows?: ReactNode;
  expand?: Expand;
}) {
  const { data, isPending } = useListContext();
  const resource = useResourceContext();
  const pathFor = useGetPathForRecordCallback();
  const navigate = useNavigate();
  if (isPending || !data) return null;
  if (data.length === 0) return noRows ? <Box sx={{ p: 2 }}>{noRows}</Box> : null;
  const open = async (record: RaRecord) => {
    const link = typeof rowClick === 'function' ? rowClick(record.id, resource ?? '', record) : rowClick;
    const path = await pathFor({ record, resource, link });
    if (path) navigate(path);
  };
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 2,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
      }}
    >
      {data.map((record: RaRecord) => (
        <Box component="li" key={record.id} aria-label={name?.(record)}>
          <RecordContextProvider value={record}>
            <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
              {expand ? (
                <ExpandingCard record={record} expand={expand}>
                  {render(record)}
                </ExpandingCard>
              ) : rowClick ? (
                <CardActionArea
                  onClick={() => void open(record)}
                  sx={{ flexGrow: 1, '&.Mui-focusVisible': focusRing }}
                >
                  {render(record)}
                </CardActionArea>
              ) : (
                <Box sx={{ flexGrow: 1 }}>{render(record)}</Box>
              )}
              {rowActions ? (
                <CardActions sx={{ justifyContent: 'flex-end' }}>{rowActions}</CardActions>
              ) : null}
            </Card>
          </RecordContextProvider>
        </Box>
      ))}
    </Box>
  );
}
