import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { FOCUS_RING } from './boardStyles';
import { allDayCounts } from './cards';
import type { OrderItem } from '../../../contract/resources/kitchenBoard/definition';

/** Whether an element's content is wider than itself, measured after each render and on resize. */
function useOverflowing<Element extends HTMLElement>() {
  const ref = useRef<Element | null>(null);
  const [overflowing, setOverflowing] = useState(false);
  const measure = useCallback(() => {
    const element = ref.current;
    if (element) setOverflowing(element.scrollWidth > element.clientWidth + 1);
  }, []);
  useLayoutEffect(measure);
  useEffect(() => {
    if (!ref.current || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [measure]);
  return { ref, overflowing };
}

/**
 * 'Todo o dia': how many of each product the station still has to make (waiting or in
 * preparation), the quantities summed, the most first — 'Risoto de cogumelos × 7' — so the cook
 * fires a batch rather than one plate at a time. One line, read with the board and as live as it;
 * when it is wider than the screen it scrolls sideways, and is then a region reached with Tab.
 */
export function AllDayCounts({ items }: { items: readonly OrderItem[] }) {
  const counts = allDayCounts(items);
  const { ref, overflowing } = useOverflowing<HTMLDivElement>();
  const labelId = useId();
  return (
    <Stack
      component="section"
      direction="row"
      aria-labelledby={labelId}
      sx={{ alignItems: 'center', gap: 1, mb: 1, minHeight: 40, minWidth: 0 }}
    >
      <Typography
        id={labelId}
        component="h2"
        sx={{ fontSize: '0.95rem', fontWeight: 800, whiteSpace: 'nowrap', color: 'text.secondary' }}
      >
        Todo o dia
      </Typography>
      {counts.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>Nada a preparar.</Typography>
      ) : (
        <Box
          ref={ref}
          {...(overflowing ? { tabIndex: 0, role: 'region', 'aria-label': 'Todo o dia' } : {})}
          sx={{ overflowX: 'auto', minWidth: 0, flex: 1, p: '3px', borderRadius: 1, ...FOCUS_RING }}
        >
          <Box
            component="ul"
            data-testid="all-day"
            sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', gap: 0.75, width: 'max-content' }}
          >
            {counts.map((count) => (
              <Box
                component="li"
                key={count.name}
                data-testid="all-day-count"
                sx={{
                  flexShrink: 0,
                  px: 1.25,
                  borderRadius: 16,
                  border: '1px solid rgba(255, 255, 255, 0.24)',
                  lineHeight: '30px',
                  fontWeight: 700,
                  whiteSpace: 'nowrap',
                }}
              >
                {count.name}{' '}
                <Box component="span" sx={{ fontWeight: 900, color: 'secondary.main' }}>
                  × {count.quantity}
                </Box>
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </Stack>
  );
}
