import { useState } from 'react';
import { useNotify } from 'react-admin';
import { Button, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import StorefrontIcon from '@mui/icons-material/Storefront';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import CheckIcon from '@mui/icons-material/Check';
import { switchStore, useWorkPlace } from '../authProvider/workPlace';
import { TEAM_ROLES } from '../../contract/permissions';

const roleName = (role: string) => TEAM_ROLES.find((entry) => entry.id === role)?.name ?? role;

/**
 * The store the session works in, always in sight in the app bar; for someone who works in several
 * stores, the way to change store without signing out.
 */
export function StoreSwitcher() {
  const { current, places } = useWorkPlace();
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [switching, setSwitching] = useState(false);
  if (places.length === 0) return null;
  // Taken off the team of the session's store: the stores left to choose from.
  const label = current?.store_name
    ? `${current.store_name} · ${roleName(current.role)}`
    : 'Escolha o restaurante';
  if (current && places.length < 2) {
    return (
      <Typography
        variant="subtitle2"
        component="p"
        data-testid="current-store"
        sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mx: 1, minHeight: 44, whiteSpace: 'nowrap' }}
      >
        <StorefrontIcon fontSize="small" aria-hidden />
        {label}
      </Typography>
    );
  }
  const choose = async (storeId: number) => {
    setAnchor(null);
    if (storeId === current?.store_id) return;
    setSwitching(true);
    try {
      await switchStore(storeId);
    } catch (error) {
      setSwitching(false);
      notify((error as Error).message || 'Não foi possível trocar de restaurante.', { type: 'error' });
    }
  };
  return (
    <>
      <Button
        color="inherit"
        data-testid="current-store"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-label={`Restaurante: ${label}. Trocar de restaurante`}
        disabled={switching}
        startIcon={<StorefrontIcon />}
        endIcon={<ArrowDropDownIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ minHeight: 44, textTransform: 'none', whiteSpace: 'nowrap', mx: 1 }}
      >
        {switching ? 'Trocando de restaurante…' : label}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {places.map((place) => (
          <MenuItem
            key={place.store_id}
            selected={place.store_id === current?.store_id}
            onClick={() => void choose(place.store_id!)}
            sx={{ minHeight: 48, gap: 1 }}
          >
            <CheckIcon
              fontSize="small"
              aria-hidden
              sx={{ visibility: place.store_id === current?.store_id ? 'visible' : 'hidden' }}
            />
            <ListItemText primary={place.store_name} secondary={roleName(place.role)} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
