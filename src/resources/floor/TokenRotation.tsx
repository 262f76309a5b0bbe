import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Typography } from '@mui/material';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import { useCanAccess, useDataProvider, useNotify, usePermissions } from 'react-admin';
import type { PainelDataProvider } from '../../dataProvider';
import { ADMIN } from '../../authProvider';
import { tables, type Table } from '../../../contract/resources/floor/definition';
import { TOKEN_MESSAGES } from '../../../contract/resources/floor/guestCodes';
import { FloorConfirm } from './FloorDialogs';
import { TOUCH } from './FloorFrame';

/** Said when the server gives no reason of its own. */
const ROTATE_FAILED = 'Não foi possível trocar o QR code.';

/**
 * The store a call is about: staff's own (the API knows it, nothing is sent: undefined); an
 * administrator names the store of the tables shown (null while there is none to name).
 */
export function useStoreMeta(storeId: number | undefined) {
  const { permissions } = usePermissions<string>();
  if (permissions !== ADMIN) return undefined;
  return storeId === undefined ? null : { query: { store_id: storeId } };
}

/** Whether the signed-in role may rotate the tables' tokens (the calls' own access: managers). */
function useCanRotate(): boolean {
  const { canAccess = false } = useCanAccess({ resource: tables.name, action: 'rotateToken' });
  return canAccess;
}

/**
 * Runs a rotation: its notice (the answer's words) or the server's refusal, then the tables read
 * again, so that every code shown is drawn from its new token at once.
 */
function useRotation() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const rotate = async (call: () => Promise<string>) => {
    setBusy(true);
    try {
      notify(await call(), { type: 'success' });
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : ROTATE_FAILED, { type: 'error' });
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: [tables.name] });
    }
  };
  return { busy, rotate };
}

/**
 * 'Trocar código' on a table's card, for managers: after the confirmation, the table gets a new
 * token and the printed code stops working at once.
 */
export function RotateTokenButton({ table }: { table: Table }) {
  const dataProvider = useDataProvider<PainelDataProvider>();
  const canRotate = useCanRotate();
  const { busy, rotate } = useRotation();
  const meta = useStoreMeta(table.store_id);
  const [asking, setAsking] = useState(false);
  if (!canRotate) return null;
  const confirm = () => {
    setAsking(false);
    void rotate(async () => {
      await dataProvider.action(tables.name, {
        id: table.id,
        action: 'rotateToken',
        meta: meta ?? undefined,
      });
      return TOKEN_MESSAGES.rotated;
    });
  };
  return (
    <>
      <Button
        variant="outlined"
        color="warning"
        startIcon={<AutorenewIcon />}
        disabled={busy}
        onClick={() => setAsking(true)}
        // The visible label first, so that voice control finds it; the table, for a list of cards.
        aria-label={`${TOKEN_MESSAGES.rotate} da mesa ${table.number}`}
        sx={TOUCH}
      >
        {TOKEN_MESSAGES.rotate}
      </Button>
      <FloorConfirm
        open={asking}
        title={`Trocar o código da mesa ${table.number}?`}
        confirmLabel={TOKEN_MESSAGES.rotate}
        busy={busy}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      >
        <Typography>{TOKEN_MESSAGES.confirm}</Typography>
      </FloorConfirm>
    </>
  );
}

/** 'Trocar todos os códigos', for managers: every table of the store gets a new token at once. */
export function RotateAllTokensButton({ floor }: { floor: readonly Table[] }) {
  const dataProvider = useDataProvider<PainelDataProvider>();
  const canRotate = useCanRotate();
  const { busy, rotate } = useRotation();
  const meta = useStoreMeta(floor[0]?.store_id);
  const [asking, setAsking] = useState(false);
  if (!canRotate) return null;
  const confirm = () => {
    setAsking(false);
    void rotate(async () => {
      const { data } = await dataProvider.action(tables.name, {
        id: 0,
        action: 'rotateTokens',
        meta: meta ?? undefined,
      });
      return TOKEN_MESSAGES.rotatedAll((data as unknown as { rotated: number }).rotated);
    });
  };
  return (
    <>
      <Button
        variant="outlined"
        color="warning"
        startIcon={<AutorenewIcon />}
        disabled={busy || floor.length === 0}
        onClick={() => setAsking(true)}
        sx={TOUCH}
      >
        {TOKEN_MESSAGES.rotateAll}
      </Button>
      <FloorConfirm
        open={asking}
        title="Trocar os códigos de todas as mesas?"
        confirmLabel={TOKEN_MESSAGES.rotateAll}
        busy={busy}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      >
        <Typography>{TOKEN_MESSAGES.confirm}</Typography>
      </FloorConfirm>
    </>
  );
}
