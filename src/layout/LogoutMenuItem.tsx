import { useState, type MouseEvent } from 'react';

import ExitToAppIcon from '@mui/icons-material/ExitToApp';
import { Confirm, Menu, useLogout, useTranslate } from 'react-admin';

/** Sair, behind the confirmation 'Tem certeza que deseja sair?' (spec 2.2). */
export function LogoutMenuItem() {
  const [open, setOpen] = useState(false);
  const logout = useLogout();
  const translate = useTranslate();
  return (
    <>
      <Menu.Item
        to="#"
        primaryText={translate('app.menu.logout')}
        leftIcon={<ExitToAppIcon />}
        onClick={(event: MouseEvent) => {
          event.preventDefault();
          setOpen(true);
        }}
      />
      <Confirm
        isOpen={open}
        title={translate('app.logout.confirm')}
        content=""
        confirm={translate('app.logout.yes')}
        cancel={translate('app.logout.cancel')}
        onConfirm={() => {
          setOpen(false);
          void logout();
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
