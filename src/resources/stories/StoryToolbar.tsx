import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, Button } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { Confirm, SaveButton, Toolbar, useDelete, useNotify, useRecordContext } from 'react-admin';
import { SuccessDialog } from '../../components/SuccessDialog';
import { DELETE_FAILED, stories } from '../../../contract/resources/stories/definition';

/**
 * The post's toolbar: EXCLUIR (on the edit form, after a confirmation, its message in the success
 * modal), CANCELAR back to the previous page, and CRIAR or SALVAR.
 */
export function StoryToolbar({ editing = false }: { editing?: boolean }) {
  const navigate = useNavigate();
  const record = useRecordContext();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [deleted, setDeleted] = useState<string | null>(null);
  const [remove, { isPending }] = useDelete();

  const confirmDelete = () => {
    if (!record) return;
    remove(
      stories.name,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setConfirming(false);
          setDeleted(stories.messages.deleted);
        },
        onError: () => {
          setConfirming(false);
          notify(DELETE_FAILED, { type: 'error' });
        },
      },
    );
  };

  return (
    <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
      {editing ? (
        <Button
          color="error"
          startIcon={<DeleteIcon />}
          onClick={() => setConfirming(true)}
          disabled={isPending}
        >
          EXCLUIR
        </Button>
      ) : null}
      <Box sx={{ flex: 1 }} />
      <Button onClick={() => navigate(-1)}>CANCELAR</Button>
      <SaveButton label={editing ? 'SALVAR' : 'CRIAR'} alwaysEnable />
      {editing ? (
        <>
          <Confirm
            isOpen={confirming}
            loading={isPending}
            title="Excluir post?"
            content={`O post "${String(record?.title ?? '')}" deixará de aparecer no app. Esta ação não pode ser desfeita.`}
            confirm="Excluir"
            cancel="Cancelar"
            onClose={() => setConfirming(false)}
            onConfirm={confirmDelete}
          />
          <SuccessDialog message={deleted} fallback="/stories" />
        </>
      ) : null}
    </Toolbar>
  );
}
