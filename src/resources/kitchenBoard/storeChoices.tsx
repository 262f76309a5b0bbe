import { lazy, Suspense, type ComponentProps } from 'react';
import { Box } from '@mui/material';
import { useGetList } from 'react-admin';
import { restaurants, type StoreRow } from '../../../contract/resources/restaurants/definition';

/** Every restaurant by name, as the pickers offer them (one read, shared by whoever asks). */
export function useStoreChoices() {
  return useGetList<StoreRow>(restaurants.name, {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });
}

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
