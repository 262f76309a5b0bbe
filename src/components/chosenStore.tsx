import { useCallback } from 'react';
import { Alert } from '@mui/material';
import { usePermissions } from 'react-admin';
import { ADMIN } from '../authProvider';
import { useDeviceSetting } from './deviceSetting';
import { StorePickerWhenNeeded } from './LazyStorePicker';

/** The restaurant an administrator works on, remembered on the device (the kitchen board's too). */
export const CHOSEN_STORE_KEY = 'painel.board.store';

/**
 * Whose wall or team a screen shows. Staff's is their own store (the API knows it: nothing is
 * sent). An administrator chooses the restaurant with the kitchen board's picker, and the choice
 * is the board's: one restaurant remembered per device for every screen that needs one.
 * `storeId` is null for staff, and for an administrator until one is chosen.
 */
export function useChosenStore() {
  const { permissions, isPending } = usePermissions<string>();
  const admin = permissions === ADMIN;
  const [chosen, remember] = useDeviceSetting(CHOSEN_STORE_KEY, '');
  const id = Number(chosen);
  const storeId = admin && Number.isSafeInteger(id) && id > 0 ? id : null;
  const choose = useCallback(
    (next: number | null) => remember(next === null ? '' : String(next)),
    [remember],
  );
  return {
    loading: isPending,
    admin,
    storeId,
    choose,
    /** An administrator who has not chosen yet: the screen waits for the choice. */
    waiting: isPending || (admin && storeId === null),
  };
}

export type ChosenStore = ReturnType<typeof useChosenStore>;

/** The administrator's picker; nothing for staff. */
export function ChosenStorePicker({ store }: { store: ChosenStore }) {
  return store.admin ? <StorePickerWhenNeeded value={store.storeId} onChange={store.choose} /> : null;
}

/** What an administrator reads before choosing a restaurant (`message`); nothing otherwise. */
export function ChooseStoreNotice({ store, message }: { store: ChosenStore; message: string }) {
  return store.admin && store.storeId === null ? (
    <Alert severity="info" sx={{ mb: 2 }}>
      {message}
    </Alert>
  ) : null;
}
