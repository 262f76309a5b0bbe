import { useState } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useGetList } from 'react-admin';
import type { Kitchen } from '../../../../contract/resources/kitchens/definition';
import { PRE_BILL_MESSAGES } from '../../../../contract/resources/printing/prebill';
import { PAPER_WIDTHS, type PaperWidth } from './PreBill';

/** The paper this tablet's printer takes, as last chosen here. */
const PAPER_KEY = 'painel.paper-width';
/** Where this tablet last printed: 'tablet', or a station's id. */
const TARGET_KEY = 'painel.pre-bill-printer';
const TABLET = 'tablet';

const savedWidth = (): PaperWidth => (localStorage.getItem(PAPER_KEY) === '58' ? 58 : 80);

/**
 * Where a document prints: this tablet (from the browser, on the paper chosen here) or a station's
 * network printer (a bar's, the cashier's, through the print queue, on the station's paper) — as
 * this tablet last chose. `enabled`: while the question is open (the stations are read then).
 */
export function usePrintTarget(enabled: boolean) {
  const [target, setTarget] = useState(() => localStorage.getItem(TARGET_KEY) ?? TABLET);
  const [width, setWidth] = useState<PaperWidth>(savedWidth);
  const { data: kitchens = [] } = useGetList<Kitchen>(
    'kitchens',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } },
    { enabled },
  );
  const printers = kitchens.filter((kitchen) => kitchen.printer !== null);
  const station = printers.find((kitchen) => String(kitchen.id) === target) ?? null;
  return {
    printers,
    /** The station chosen; null: this tablet. */
    station,
    target: station ? target : TABLET,
    setTarget,
    width,
    setWidth,
    /** Keeps the choice for the next print on this tablet. */
    remember: () => {
      localStorage.setItem(TARGET_KEY, station ? String(station.id) : TABLET);
      if (!station) localStorage.setItem(PAPER_KEY, String(width));
    },
  };
}

/** 'Imprimir em' (when the store has a station with a printer) and, for this tablet, 'Papel'. */
export function PrintTargetFields({ choice }: { choice: ReturnType<typeof usePrintTarget> }) {
  return (
    <>
      {choice.printers.length > 0 ? (
        <TextField
          select
          label="Imprimir em"
          value={choice.target}
          onChange={(event) => choice.setTarget(event.target.value)}
          fullWidth
          sx={{ mt: 2 }}
        >
          <MenuItem value={TABLET} sx={{ minHeight: 48 }}>
            {PRE_BILL_MESSAGES.thisTablet}
          </MenuItem>
          {choice.printers.map((kitchen) => (
            <MenuItem key={kitchen.id} value={String(kitchen.id)} sx={{ minHeight: 48 }}>
              Impressora de {kitchen.name}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      {choice.station ? null : (
        <TextField
          select
          label="Papel"
          value={choice.width}
          onChange={(event) => choice.setWidth(Number(event.target.value) as PaperWidth)}
          fullWidth
          sx={{ mt: 2 }}
        >
          {PAPER_WIDTHS.map((paper) => (
            <MenuItem key={paper} value={paper} sx={{ minHeight: 48 }}>
              {paper} mm
            </MenuItem>
          ))}
        </TextField>
      )}
    </>
  );
}
