import { useState } from 'react';
import { FormControlLabel, Switch } from '@mui/material';
import { useDataProvider, useNotify } from 'react-admin';
import {
  CATEGORY_VISIBILITY_CHANGED,
  CATEGORY_VISIBILITY_ERROR,
} from '../../../contract/resources/categories/definition';
import {
  PRODUCT_VISIBILITY_CHANGED,
  PRODUCT_VISIBILITY_ERROR,
} from '../../../contract/resources/products/definition';

const NOTICES = {
  categories: { done: CATEGORY_VISIBILITY_CHANGED, failed: CATEGORY_VISIBILITY_ERROR },
  products: { done: PRODUCT_VISIBILITY_CHANGED, failed: PRODUCT_VISIBILITY_ERROR },
} as const;

/**
 * The available switch of a category or product row (restaurant spec 2 and 8): PATCHes
 * `{ available }` at once, shows the spec's notice, and tells the screen to read the menu again.
 * The switch moves when the server has answered, so what it shows is what the app shows.
 */
export function VisibilitySwitch({
  resource,
  id,
  name,
  available,
  onChanged,
}: {
  resource: keyof typeof NOTICES;
  id: number;
  name: string;
  available: boolean;
  onChanged: () => unknown;
}) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [pending, setPending] = useState<boolean | null>(null);
  const checked = pending ?? available;

  const change = async (next: boolean) => {
    setPending(next);
    try {
      await dataProvider.update(resource, { id, data: { available: next }, previousData: { id, available } });
      notify(NOTICES[resource].done, { type: 'success' });
      await onChanged();
    } catch {
      notify(NOTICES[resource].failed, { type: 'error' });
    } finally {
      setPending(null);
    }
  };

  return (
    <FormControlLabel
      onClick={(event) => event.stopPropagation()}
      control={
        <Switch
          size="small"
          checked={checked}
          disabled={pending !== null}
          onChange={(_, next) => void change(next)}
          slotProps={{ input: { 'aria-label': `${checked ? 'Ativo' : 'Inativo'}: ${name}` } }}
        />
      }
      label={checked ? 'Ativo' : 'Inativo'}
      sx={{ mr: 0, minWidth: 96, '& .MuiFormControlLabel-label': { fontSize: 14 } }}
    />
  );
}
