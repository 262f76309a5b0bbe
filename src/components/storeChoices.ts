import { useGetList } from 'react-admin';
import { restaurants, type StoreRow } from '../../contract/resources/restaurants/definition';

/** Every restaurant by name, as the pickers offer them (one read, shared by whoever asks). */
export function useStoreChoices() {
  return useGetList<StoreRow>(restaurants.name, {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });
}
