import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { Form, SaveButton, TextInput, useNotify, useUpdate } from 'react-admin';
import { formatDateTime } from '../../../contract/lib/format';
import { zodValidate } from '../../lib/zodForm';
import {
  ANSWER_MAX,
  answerForm,
  REVIEW_MESSAGES,
  reviews,
  type Review,
} from '../../../contract/resources/reviews/definition';
import { SUMMARY_PATH } from './paths';
import { ReviewText, Stars } from './ReviewParts';

const TOUCH = 44;

function Counter() {
  const answer = (useWatch({ name: 'answer' }) as string | undefined) ?? '';
  const length = answer.trim().length;
  return (
    <Typography
      variant="caption"
      color={length > ANSWER_MAX ? 'error' : 'text.secondary'}
      sx={{ display: 'block', textAlign: 'right' }}
    >
      {length}/{ANSWER_MAX} caracteres
    </Typography>
  );
}

/**
 * The restaurant's public answer to a review: written (or rewritten) and published, or taken
 * down. The customer's review stays in sight while the answer is written.
 */
export function AnswerDialog({ review, onClose }: { review: Review; onClose: () => void }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [update, { isPending }] = useUpdate<Review>();
  const titleId = useId();
  const editing = review.answer !== null;

  const send = (answer: string, done: string) =>
    update(
      reviews.name,
      { id: review.id, data: { answer }, previousData: review },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(done, { type: 'success' });
          void queryClient.invalidateQueries({ queryKey: ['api', SUMMARY_PATH] });
          onClose();
        },
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      },
    );

  return (
    <Dialog open onClose={isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Form
        defaultValues={{ answer: review.answer ?? '' }}
        validate={zodValidate(answerForm)}
        // The message sits under the answer; a notice would hold back the one that follows it.
        disableInvalidFormNotification
        onSubmit={(values: Record<string, unknown>) =>
          send(String(values.answer).trim(), REVIEW_MESSAGES.answered)
        }
      >
        <DialogTitle id={titleId}>
          {editing ? 'Editar a resposta a' : 'Responder a'} {review.customer.name}
        </DialogTitle>
        <DialogContent>
          <Box component="section" aria-label="Avaliação do cliente" sx={{ mb: 2 }}>
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Stars value={review.rating} />
              <Typography variant="caption" color="text.secondary">
                {formatDateTime(review.created_at)}
              </Typography>
            </Stack>
            <ReviewText review={review} />
          </Box>
          <TextInput
            source="answer"
            label={reviews.fields.answer!.label}
            multiline
            minRows={4}
            fullWidth
            autoFocus
            helperText="A resposta aparece para o cliente, em nome do restaurante."
          />
          <Counter />
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
          {editing ? (
            <Button
              color="error"
              variant="outlined"
              disabled={isPending}
              onClick={() => send('', REVIEW_MESSAGES.answerRemoved)}
              sx={{ minHeight: TOUCH, mr: 'auto' }}
            >
              Remover resposta
            </Button>
          ) : null}
          <Button onClick={onClose} disabled={isPending} sx={{ minHeight: TOUCH }}>
            Cancelar
          </Button>
          <SaveButton
            label="Publicar resposta"
            icon={<SendIcon />}
            alwaysEnable
            disabled={isPending}
            sx={{ minHeight: TOUCH }}
          />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
