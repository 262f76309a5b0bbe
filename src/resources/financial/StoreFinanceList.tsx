import type { ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { List, Pagination, Title } from 'react-admin';
import { ChooseStoreNotice, ChosenStorePicker, useChosenStore } from '../../components/chosenStore';
import type { ResourceDefinition } from '../define';
import { FINANCIAL_MESSAGES } from './definition';

/** A fingertip's size, for a tablet's controls. */
const TOUCH = 44;

/**
 * The frame of a store's finance list: its title, the restaurant an administrator chooses
 * (remembered on this device, as the kitchen board's) beside the page's own buttons, and the
 * list of that store, whose table scrolls on a tablet rather than the page.
 */
export function StoreFinanceList({
  definition,
  title,
  buttons,
  children,
}: {
  definition: ResourceDefinition;
  title: string;
  buttons?: ReactNode;
  children: (storeId: number | null) => ReactNode;
}) {
  const store = useChosenStore();
  if (store.loading) return null;
  return (
    <Box sx={{ pb: 4, minWidth: 0 }}>
      <Title title={title} />
      <Typography component="h1" variant="h5" sx={{ fontWeight: 800, my: 2 }}>
        {title}
      </Typography>
      <Stack
        direction="row"
        sx={{
          mb: store.admin || buttons ? 2 : 0,
          gap: 1,
          flexWrap: 'wrap',
          alignItems: 'center',
          '& .MuiButton-root': { minHeight: TOUCH },
        }}
      >
        <ChosenStorePicker store={store} />
        {buttons}
      </Stack>
      <ChooseStoreNotice store={store} message={FINANCIAL_MESSAGES.chooseStoreNotice} />
      {store.waiting ? null : (
        <List
          // A new restaurant starts at its own first page.
          key={store.storeId ?? 'own'}
          resource={definition.name}
          title={false}
          perPage={definition.list.perPage}
          sort={definition.list.sort}
          filter={store.storeId === null ? undefined : { store_id: store.storeId }}
          actions={false}
          empty={false}
          exporter={false}
          component="div"
          // The list's column may shrink below its table's width: the table scrolls instead.
          sx={{ '& .RaList-main': { minWidth: 0 } }}
          // The page size is the definition's (the spec's 8 for the statement): no size to choose.
          pagination={<Pagination rowsPerPageOptions={[]} />}
        >
          {children(store.storeId)}
        </List>
      )}
    </Box>
  );
}
