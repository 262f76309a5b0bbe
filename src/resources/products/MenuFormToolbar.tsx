import { useNavigate } from 'react-router-dom';
import { Box, Button } from '@mui/material';
import { DeleteButton, SaveButton, Toolbar, useNotify } from 'react-admin';
import { menuPaths } from './paths';

/**
 * Cancelar, Excluir (on an existing record, after a confirmation) and Salvar: the toolbar of the
 * category and product forms. A removal shows the spec's notice and returns to the menu.
 */
export function MenuFormToolbar({
  onCancel,
  deletion,
}: {
  onCancel: () => void;
  /** Only when editing: the confirmation's texts and the notice of spec 8. */
  deletion?: { title: string; content: string; notice: string };
}) {
  const notify = useNotify();
  const navigate = useNavigate();
  return (
    <Toolbar sx={{ gap: 1 }}>
      <Button onClick={onCancel}>Cancelar</Button>
      <Box sx={{ flex: 1 }} />
      {deletion ? (
        <DeleteButton
          label="Excluir"
          mutationMode="pessimistic"
          confirmTitle={deletion.title}
          confirmContent={deletion.content}
          mutationOptions={{
            // react-admin's own notice would replace the spec's text with its default.
            onSuccess: () => {
              notify(deletion.notice, { type: 'success' });
              navigate(menuPaths.categories);
            },
          }}
        />
      ) : null}
      <SaveButton label="Salvar" alwaysEnable />
    </Toolbar>
  );
}

/**
 * The edit screens' load: another store's record, or one just removed, shows the server's message
 * and returns to the menu.
 */
export function useMenuRecordQueryOptions() {
  const notify = useNotify();
  const navigate = useNavigate();
  return {
    onError: (error: unknown) => {
      notify((error as Error).message, { type: 'error' });
      navigate(menuPaths.categories);
    },
  };
}
