import { lazy, Suspense, type ComponentProps } from 'react';
import { Box } from '@mui/material';

const LazyPicker = lazy(() => import('./StorePicker').then((m) => ({ default: m.StorePicker })));

/**
 * The restaurant picker, its code (MUI's Autocomplete) fetched the first time an administrator
 * sees one: staff, and lists without a restaurant to choose, never download it. Until it has
 * arrived, its place is kept.
 */
export function StorePickerWhenNeeded(props: ComponentProps<typeof LazyPicker>) {
  return (
    <Suspense fallback={<Box sx={{ width: 280, height: 56 }} />}>
      <LazyPicker {...props} />
    </Suspense>
  );
}
