import { Box, Rating, Typography } from '@mui/material';
import { formatDateTime } from '../../../contract/lib/format';
import type { Review } from '../../../contract/resources/reviews/definition';

const oneDecimal = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A rating as it is said: '4,3' (one decimal, the Brazilian way). */
export const ratingText = (value: number) => oneDecimal.format(value);

/** What a screen reader says of a row of stars. */
export const starsLabel = (value: number) =>
  `${Number.isInteger(value) ? value : ratingText(value)} de 5 estrelas`;

/** A rating as stars, read by screen readers as 'N de 5 estrelas'. */
export function Stars({ value, size = 'small' }: { value: number; size?: 'small' | 'medium' | 'large' }) {
  return <Rating value={value} precision={0.1} readOnly size={size} getLabelText={starsLabel} />;
}

/** The customer's words, or that there are none (a rating without a text is common). */
export function ReviewText({ review }: { review: Pick<Review, 'text'> }) {
  return review.text ? (
    <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {review.text}
    </Typography>
  ) : (
    <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
      Sem comentário
    </Typography>
  );
}

/** The restaurant's answer under the review, with when and by whom. */
export function AnswerBlock({ review }: { review: Pick<Review, 'answer' | 'answered_at' | 'answered_by'> }) {
  if (!review.answer) return null;
  const by = review.answered_by ? ` · ${review.answered_by.name}` : '';
  return (
    <Box
      sx={{
        mt: 1,
        pl: 1.5,
        py: 0.5,
        borderLeft: 3,
        borderColor: 'primary.main',
        bgcolor: 'action.hover',
        borderRadius: 1,
      }}
    >
      <Typography variant="caption" color="text.secondary" component="p">
        Resposta do restaurante · {formatDateTime(review.answered_at)}
        {by}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {review.answer}
      </Typography>
    </Box>
  );
}
