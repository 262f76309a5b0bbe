import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, Button, Grid, Stack } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Confirm,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useDelete,
  useNotify,
  useRecordContext,
} from 'react-admin';
import { zodValidate } from '../../lib/zodForm';
import {
  DELETE_FAILED,
  mediaProblem,
  stories,
  storyCreateInput,
  type Media,
} from '../../../contract/resources/stories/definition';

const checkFields = zodValidate(storyCreateInput);

/**
 * Every field at once, each message under its field: the media rule too, which the schema checks
 * only once the other fields are right.
 */
function validateStoryForm(values: Record<string, unknown>) {
  const errors = checkFields(values);
  const problem = mediaProblem(values as Media);
  if (problem && !errors[problem.field]) errors[problem.field] = problem.message;
  return errors;
}
import { MediaInput } from './MediaInput';
import { FeedhunterInput, ProductInput } from './pickers';

function StoryToolbar({ onDeleted }: { onDeleted?: (message: string) => void }) {
  const navigate = useNavigate();
  const record = useRecordContext();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [remove, { isPending }] = useDelete();
  const editing = Boolean(record?.id) && onDeleted !== undefined;

  const confirmDelete = () => {
    if (!record) return;
    remove(
      stories.name,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setConfirming(false);
          onDeleted?.(stories.messages.deleted);
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
    </Toolbar>
  );
}

/** Create and edit of a featured post: text and people on one side, the media on the other. */
export function StoryForm({ onDeleted }: { onDeleted?: (message: string) => void }) {
  return (
    <SimpleForm
      validate={validateStoryForm}
      toolbar={<StoryToolbar onDeleted={onDeleted} />}
      defaultValues={{ media_type: 'PHOTO', product_id: null }}
    >
      <Grid container spacing={3} sx={{ width: '100%' }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack sx={{ gap: 1 }}>
            <TextInput source="title" label="Título" fullWidth isRequired />
            <FeedhunterInput />
            <ProductInput />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <MediaInput />
        </Grid>
      </Grid>
    </SimpleForm>
  );
}
