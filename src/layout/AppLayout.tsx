import type { ReactNode } from 'react';
import { AppBar, Layout, TitlePortal } from 'react-admin';
import { Typography } from '@mui/material';
import { OfflineGate } from '../offline/slot';
import { AppMenu } from './AppMenu';
import { StoreSwitcher } from './StoreSwitcher';

function PainelAppBar() {
  // No user menu: signing out goes through the side menu's Sair and its confirmation.
  return (
    <AppBar userMenu={false}>
      <TitlePortal />
      <StoreSwitcher />
      <Typography variant="subtitle2" sx={{ opacity: 0.7, display: { xs: 'none', sm: 'block' } }}>
        Painel
      </Typography>
    </AppBar>
  );
}

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Layout
      menu={AppMenu}
      appBar={PainelAppBar}
      // A flex item never shrinks below its content by default, and react-admin's root is
      // `min-width: fit-content`: one wide table would widen the whole page past a tablet's
      // screen. Let the root and the content shrink; long texts ellipsize, tables scroll.
      sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}
    >
      {/* Every staff screen says when the server is out of reach and what waits to be sent. */}
      <OfflineGate />
      {children}
    </Layout>
  );
}
