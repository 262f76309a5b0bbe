import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  GlobalStyles,
  LinearProgress,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { BackLink } from '../../components/BackLink';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import { useGetOne, useListContext, useNotify, useRecordContext, type RaRecord } from 'react-admin';
import type { ResourceDefinition } from '../../../contract/define';
import { restaurants } from '../../../contract/resources/restaurants/definition';
import { tables, type Table } from '../../../contract/resources/floor/definition';
import { QrImage } from './QrImage';
import { printFrame } from '../../lib/printFrame';
import { GeneratedList } from '../../engine/GeneratedList';
import { defineScreens } from '../../engine/overrides';
import { NoTables, TOUCH } from './FloorFrame';
import { hallPaths } from './paths';
import { downloadQrZip, tableLink } from './qr';
import { QrDownloadButton } from './QrDownloadButton';
import { GuestApprovalSwitch } from './GuestApprovalSwitch';
import { RotateAllTokensButton, RotateTokenButton } from './TokenRotation';

const TITLE = 'QR codes das mesas';
/** The cards' grid, the sheet that is printed. */
const SHEET = `ul[aria-label="${TITLE}"]`;

/** The tables, listed for their codes: every one in one page, with no search or filter. */
const qrCodes: ResourceDefinition = {
  ...tables,
  fields: { number: tables.fields.number! },
  list: { perPage: tables.list.perPage, sort: tables.list.sort },
  screens: { audience: 'staff', titles: { list: TITLE } },
};

const QR_HINT = 'Aponte a câmera para ver o cardápio e pedir';

/**
 * On paper: only the cards, black on white whatever the theme, two columns by three rows on each
 * A4 sheet, never a card cut between two sheets; the app bar, the menu and the buttons stay on
 * screen.
 */
const printStyles = (
  <GlobalStyles
    styles={{
      '@page': { size: 'A4 portrait', margin: '10mm' },
      '@media print': {
        ...printFrame('.RaList-actions, .MuiCardActions-root, .qr-settings'),
        '.RaList-content': { background: '#fff !important', boxShadow: 'none !important' },
        [SHEET]: {
          display: 'grid !important',
          gridTemplateColumns: '1fr 1fr !important',
          // Three rows of 89 mm and their gaps fill the 277 mm of an A4 sheet within its margins.
          gridAutoRows: '89mm !important',
          gap: '4mm !important',
          padding: '0 !important',
        },
        [`${SHEET} > li > .MuiCard-root`]: {
          breakInside: 'avoid',
          pageBreakInside: 'avoid',
          height: '100%',
          boxSizing: 'border-box',
          justifyContent: 'center',
          padding: '4mm !important',
          background: '#fff !important',
          color: '#000 !important',
          boxShadow: 'none !important',
          border: '0.3mm dashed #999 !important',
          borderRadius: '3mm !important',
        },
        '.qr-card': { gap: '1.5mm !important', padding: '0 !important' },
        '.qr-card *': { color: '#000 !important' },
        '.qr-card .qr-store': { fontSize: '12pt !important' },
        '.qr-card .qr-table': { fontSize: '26pt !important' },
        '.qr-card .qr-hint': { fontSize: '10pt !important' },
        '.qr-card .qr-code': { width: '52mm !important', height: '52mm !important' },
      },
    }}
  />
);

/**
 * The name of the store a code opens: the staff's own (the store scope of the tables' list), read
 * once for all the cards (GET /api/stores/id/{id}, which staff may read for their own store).
 */
function useStoreName(storeId: number): string | undefined {
  const { data } = useGetOne<{ id: number; name: string }>(restaurants.name, { id: storeId });
  return data?.name;
}

/** One table's card: the store, the table in large type, its code and the hint. */
function QrCard({ table }: { table: Table }) {
  const storeName = useStoreName(table.store_id);
  return (
    <Box
      className="qr-card"
      sx={{
        p: 2,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1,
        textAlign: 'center',
      }}
    >
      <Typography
        className="qr-store"
        variant="body2"
        color="text.secondary"
        noWrap
        sx={{ maxWidth: '100%' }}
      >
        {storeName ?? '\u00a0'}
      </Typography>
      <Typography className="qr-table" component="h2" variant="h4" sx={{ fontWeight: 800, lineHeight: 1.1 }}>
        {`Mesa ${table.number}`}
      </Typography>
      <QrImage
        className="qr-code"
        text={tableLink(table.store_id, table.number, table.token)}
        alt={`QR code da mesa ${table.number}`}
        failed={
          <Alert severity="error" sx={{ height: '100%' }}>
            Não foi possível gerar o QR code.
          </Alert>
        }
        pending={<Skeleton variant="rectangular" width="100%" height="100%" aria-label="Gerando o QR code" />}
        sx={{ width: 200, height: 200, flexShrink: 0 }}
      />
      <Typography className="qr-hint" variant="body2">
        {QR_HINT}
      </Typography>
    </Box>
  );
}

/** The card's PNG download and, for managers, its new code; one above the other when both do not fit. */
function CardActions() {
  const table = useRecordContext<Table>()!;
  return (
    <Stack
      direction="row"
      sx={{ flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1, whiteSpace: 'normal' }}
    >
      <QrDownloadButton table={table} />
      <RotateTokenButton table={table} />
    </Stack>
  );
}

/** Above the cards: whether the tables' orders wait for the staff, for the store the codes are of. */
function QrHeader() {
  const { data: floor } = useListContext<Table>();
  return (
    <>
      {printStyles}
      <GuestApprovalSwitch storeId={floor?.[0]?.store_id} />
    </>
  );
}

/** VOLTAR to the floor; every code as a zip, with its progress; the cards printed. */
function QrActions() {
  const notify = useNotify();
  const { data: floor = [] } = useListContext<Table>();
  const [zipping, setZipping] = useState<{ done: number; total: number } | null>(null);
  const downloadAll = async () => {
    setZipping({ done: 0, total: floor.length });
    try {
      await downloadQrZip(
        floor.map((table) => ({ table_number: table.number, store_id: table.store_id, token: table.token })),
        (done, total) => setZipping({ done, total }),
      );
    } catch {
      notify('Não foi possível gerar o arquivo com os QR codes.', { type: 'error' });
    } finally {
      setZipping(null);
    }
  };
  return (
    <>
      <BackLink to={hallPaths.floor} sx={TOUCH}>
        VOLTAR
      </BackLink>
      <Button
        variant="outlined"
        startIcon={zipping ? <CircularProgress size={18} color="inherit" /> : <DownloadIcon />}
        disabled={zipping !== null || floor.length === 0}
        onClick={() => void downloadAll()}
        sx={TOUCH}
      >
        {zipping
          ? `Gerando ${Math.min(zipping.done + 1, zipping.total)} de ${zipping.total}…`
          : 'Baixar todos (.zip)'}
      </Button>
      <Button
        variant="contained"
        startIcon={<PrintIcon />}
        disabled={floor.length === 0}
        onClick={() => window.print()}
        sx={TOUCH}
      >
        Imprimir
      </Button>
      <RotateAllTokensButton floor={floor} />
      {zipping ? (
        <LinearProgress
          variant="determinate"
          value={(zipping.done / Math.max(zipping.total, 1)) * 100}
          aria-label="Gerando o arquivo .zip"
          aria-valuetext={`${zipping.done} de ${zipping.total} QR codes`}
          sx={{ flexBasis: '100%', height: 8, borderRadius: 4 }}
        />
      ) : null}
    </>
  );
}

const qrScreens = defineScreens({
  list: {
    header: <QrHeader />,
    actions: <QrActions />,
    create: false,
    exportButton: false,
    storeKey: false,
    empty: false,
    noRows: (
      <NoTables>Crie as mesas do salão para gerar os QR codes que os clientes leem para pedir.</NoTables>
    ),
    error: <Alert severity="error">Ocorreu um erro ao tentar carregar as informações dessa página</Alert>,
    pagination: <></>,
    cards: {
      render: (record: RaRecord) => <QrCard table={record as Table} />,
      only: true,
      name: (record) => `Mesa ${String(record.number)}`,
      opens: false,
    },
    rowActions: <CardActions />,
  },
});

/**
 * /hall/qrcodes: every table's QR code (restaurant spec 7, QR codes), the engine's list of the
 * tables as cards, to download one by one or all as a zip, and to print as cards to put on the
 * tables.
 */
export function QrCodesPage() {
  return <GeneratedList definition={qrCodes} overrides={qrScreens} />;
}
