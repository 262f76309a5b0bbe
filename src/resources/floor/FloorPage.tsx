import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  Box,
  Button,
  Card,
  Drawer,
  LinearProgress,
  Stack,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import { useNow } from '../../components/clock';
import { useScrollRegion } from '../../components/scrollRegion';
import { usePolled } from '../../dataProvider/usePolled';
import { useOutbox } from '../../offline/instance';
import { notYetRead, overlayTables } from '../../offline/overlay';
import { OfflineBanner } from '../../offline/OfflineBanner';
import { StaleNotice } from '../../offline/StaleNotice';
import { tables, type Table } from '../../../contract/resources/floor/definition';
import { ReleaseAllDialog } from './FloorDialogs';
import { owedOf, useFloorActions, type UndoOffer } from './floorActions';
import { CreateTablesLink, FloorFrame, TOUCH } from './FloorFrame';
import { hallPaths } from './paths';
import { HELD_ORDER, IndicatorMark, INDICATORS, TableCard, type Indicator } from './TableCard';
import { TablePanel } from './TablePanel';
import { UndoNotice } from './UndoNotice';

/**
 * The floor reads its tables when the store's live stream says they changed; while the stream is
 * down it polls every second (restaurant spec 9), where an unchanged floor costs a 304.
 */
export const TABLES_POLL_MS = 1000;
const TABLES_QUERY = { page_size: 500, sort_field: 'number', sort_order: 'ASC' };

function Legend() {
  return (
    <Stack
      direction="row"
      component="ul"
      aria-label="Legenda"
      sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, m: 0, p: 0, listStyle: 'none' }}
    >
      <Stack component="li" direction="row" sx={{ alignItems: 'center', gap: 0.75 }}>
        <Box
          sx={{ width: 18, height: 18, borderRadius: 0.5, border: '2px dashed', borderColor: 'divider' }}
        />
        <Typography variant="body2">Livre</Typography>
      </Stack>
      <Stack component="li" direction="row" sx={{ alignItems: 'center', gap: 0.75 }}>
        <Box
          sx={{
            width: 18,
            height: 18,
            borderRadius: 0.5,
            bgcolor: 'rgba(255, 138, 61, 0.3)',
            border: '2px solid rgba(255, 138, 61, 0.6)',
          }}
        />
        <Typography variant="body2">Ocupada</Typography>
      </Stack>
      {(Object.keys(INDICATORS) as Indicator[]).map((indicator) => (
        <li key={indicator}>
          <IndicatorMark indicator={indicator} withLabel />
        </li>
      ))}
      <Stack component="li" direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
        <HELD_ORDER.Icon sx={{ color: HELD_ORDER.color, fontSize: 20 }} aria-hidden />
        <Typography variant="body2">{HELD_ORDER.label}</Typography>
      </Stack>
    </Stack>
  );
}

/**
 * Salão: the live floor a restaurant keeps open all night on a tablet. A grid of table cards with
 * the indicators of spec 4, the occupied count, the legend, and the selected table's tab in a side
 * panel (beside the grid on a wide screen, over it on a tablet). Tables and the open tab are read
 * again on the live stream's notices (or polled every second without it) with conditional
 * requests, so an unchanged floor costs a 304 and never flickers.
 */
export function FloorPage() {
  const { data, isPending, error, freshness, readStartedAt } = usePolled<{ results: Table[]; total: number }>(
    tables.endpoint,
    TABLES_QUERY,
    TABLES_POLL_MS,
    { topic: 'floor' },
  );
  const [selectedId, setSelectedId] = useState<number | null>(null);
  /** The table opened to resolve what its kitchen still holds ('Liberar todas' sends there). */
  const [kitchenOf, setKitchenOf] = useState<number | null>(null);
  const [releasingAll, setReleasingAll] = useState(false);
  const actions = useFloorActions();
  const now = useNow(30_000);
  const wide = useMediaQuery<Theme>((theme) => theme.breakpoints.up('lg'));

  // The floor as it will be once what waits in the outbox is sent (payments, orders).
  const { entries } = useOutbox();
  const floor = useMemo(
    () => overlayTables(data?.results ?? [], notYetRead(entries, readStartedAt)),
    [data, entries, readStartedAt],
  );
  const selected = floor.find((table) => table.id === selectedId) ?? null;
  const taken = floor.filter((table) => table.status === 'OCCUPIED' || table.order !== null);
  // 'Liberar todas' frees the tables that owe nothing and wait for nothing from the kitchen; the
  // others are settled, or finished, one by one.
  const owing = taken.filter((table) => owedOf(table) > 0).map((table) => ({ table, owed: owedOf(table) }));
  const cooking = taken.filter((table) => owedOf(table) === 0 && (table.order?.in_kitchen ?? 0) > 0);
  const free = taken.filter((table) => owedOf(table) === 0 && (table.order?.in_kitchen ?? 0) === 0);
  const select = (tableId: number | null, kitchen = false) => {
    setSelectedId(tableId);
    setKitchenOf(kitchen ? tableId : null);
  };
  const { dismissOffer } = actions;
  const undo = useCallback(
    (offer: UndoOffer) =>
      void offer.undo().then((ok) => {
        dismissOffer();
        if (ok) {
          setSelectedId(offer.backTo);
          setKitchenOf(null);
        }
      }),
    [dismissOffer],
  );
  // The undo of a move or a join: inside the table's drawer while it covers the floor on a tablet
  // (a modal: the notice must be where the finger and the keyboard can reach), else on the page.
  const notice = (
    <UndoNotice offer={actions.offer} busy={actions.busy} onUndo={undo} onClose={dismissOffer} />
  );
  const panel = selected ? (
    <TablePanel
      key={selected.id}
      table={selected}
      floor={floor}
      now={now}
      actions={actions}
      kitchen={kitchenOf === selected.id}
      onClose={() => select(null)}
      onSelect={select}
    />
  ) : null;

  const noticeInDrawer = !wide && panel !== null;
  // The panel scrolls beside the floor: reached by keyboard too. (In the drawer over it, the
  // drawer itself takes the focus when it opens, and the keys scroll it.)
  const panelScroll = useScrollRegion<HTMLDivElement>('Painel da mesa');

  return (
    <FloorFrame
      title="Salão"
      actions={
        <>
          <StaleNotice freshness={freshness} />
          <Button
            variant="outlined"
            startIcon={<LogoutIcon />}
            disabled={actions.busy || taken.length === 0}
            onClick={() => setReleasingAll(true)}
            sx={TOUCH}
          >
            Liberar todas
          </Button>
          <Button
            component={Link}
            to={hallPaths.qrCodes}
            variant="outlined"
            startIcon={<QrCode2Icon />}
            sx={TOUCH}
          >
            QR codes
          </Button>
          <CreateTablesLink />
        </>
      }
      loading={isPending}
      failed={Boolean(error) && !data}
      noTables={
        floor.length === 0
          ? 'Crie as mesas do salão para acompanhar as comandas e imprimir os QR codes.'
          : null
      }
    >
      <Card sx={{ p: 2, mb: 2 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 1 }}>
          <Typography id="floor-occupied" sx={{ fontWeight: 700 }}>
            Mesas ocupadas
          </Typography>
          <Typography sx={{ fontWeight: 700 }} data-testid="occupied-count">
            {taken.length} de {floor.length}
          </Typography>
        </Stack>
        <LinearProgress
          variant="determinate"
          value={(taken.length / floor.length) * 100}
          aria-labelledby="floor-occupied"
          aria-valuetext={`${taken.length} de ${floor.length} mesas ocupadas`}
          sx={{ height: 10, borderRadius: 5, mb: 1.5 }}
        />
        <Legend />
      </Card>
      <Stack direction="row" sx={{ gap: 2, alignItems: 'flex-start' }}>
        <Box
          role="list"
          aria-label="Mesas"
          sx={{
            flex: 1,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: 'repeat(auto-fill, minmax(132px, 1fr))',
          }}
        >
          {floor.map((table) => (
            <Box role="listitem" key={table.id}>
              <TableCard
                table={table}
                now={now}
                selected={table.id === selectedId}
                onSelect={() => select(table.id === selectedId ? null : table.id)}
              />
            </Box>
          ))}
        </Box>
        {wide && panel ? (
          <Card
            ref={panelScroll.ref}
            {...panelScroll.props}
            sx={{
              width: 420,
              flexShrink: 0,
              position: 'sticky',
              top: 64,
              maxHeight: 'calc(100vh - 80px)',
              overflowY: 'auto',
            }}
          >
            {panel}
          </Card>
        ) : null}
      </Stack>
      {!wide ? (
        <Drawer
          anchor="right"
          open={panel !== null}
          onClose={() => select(null)}
          slotProps={{ paper: { sx: { width: { xs: '100%', sm: 480 } } } }}
        >
          {/* The drawer covers the page, and so the layout's banner: it says it here too. */}
          {panel ? (
            <Box sx={{ px: 2, pt: 2, '&:empty': { display: 'none' } }}>
              <OfflineBanner />
            </Box>
          ) : null}
          {panel}
          {noticeInDrawer ? notice : null}
        </Drawer>
      ) : null}
      <ReleaseAllDialog
        open={releasingAll}
        free={free}
        owing={owing}
        cooking={cooking}
        busy={actions.busy}
        onConfirm={() =>
          void actions.releaseAll(free).then(() => {
            setReleasingAll(false);
            select(null);
          })
        }
        onSettle={(table) => {
          setReleasingAll(false);
          select(table.id);
        }}
        onKitchen={(table) => {
          setReleasingAll(false);
          select(table.id, true);
        }}
        onClose={() => setReleasingAll(false)}
      />
      {noticeInDrawer ? null : notice}
    </FloorFrame>
  );
}
