import * as s from '../../db/schema';
import type { Demo, Row } from './state';
import { managersOf } from './accounts';

/** What a restaurant writes back, by the rating it answers (5 to 1). */
const ANSWERS: Record<number, readonly string[]> = {
  5: [
    'Que alegria ler isso! Obrigado pela visita, esperamos você de novo em breve.',
    'Muito obrigado pelo carinho! A equipe ficou feliz com o seu comentário.',
    'Obrigado pela avaliação! Volte sempre, a casa é sua.',
  ],
  4: [
    'Obrigado pela visita e pelo retorno! Vamos trabalhar para chegar às cinco estrelas.',
    'Ficamos felizes que gostou! Sua observação já foi passada para a cozinha.',
  ],
  3: [
    'Obrigado pelo comentário. Já conversamos com a equipe sobre o que aconteceu e esperamos recebê-lo de novo.',
    'Agradecemos a sinceridade. Vamos melhorar o tempo de atendimento nos horários de pico.',
  ],
  2: [
    'Sentimos muito pela experiência. Gostaríamos de entender melhor o que houve: fale com a gerência pelo WhatsApp.',
    'Pedimos desculpas pela demora. Reforçamos a equipe do salão para que não se repita.',
  ],
  1: [
    'Lamentamos muito. Não é o padrão da casa; a gerência vai entrar em contato para conversar.',
    'Pedimos sinceras desculpas. Revimos o ocorrido com toda a equipe.',
  ],
};

/** Reviews of the last two days wait for an answer, as a restaurant's newest do. */
const FRESH_MS = 2 * 86_400_000;

/**
 * At the two demo stores, about half of the reviews that say something, older than two days, carry
 * the restaurant's answer, written by one of the store's managers within a day and a half.
 */
export function buildReviewAnswers(
  demo: Pick<Demo, 'clock' | 'rng' | 'stores' | 'steps' | 'reviewRows'>,
): void {
  const rng = demo.rng.fork('review-answers');
  const nowMs = demo.clock.now.getTime();
  const accountRows = (demo.steps.find((step) => step.table === s.accounts)?.rows ?? []) as Row<
    typeof s.accounts
  >[];
  // Every row names the same columns (one multi-row statement per table).
  for (const review of demo.reviewRows)
    Object.assign(review, { answer: null, answered_at: null, answered_by: null });
  for (const store of demo.stores.slice(0, 2)) {
    const managers = managersOf(demo, store.id, accountRows);
    if (managers.length === 0) continue;
    for (const review of demo.reviewRows) {
      if (review.store_id !== store.id || !review.text) continue;
      const written = review.created_at!.getTime();
      if (written > nowMs - FRESH_MS || !rng.chance(0.5)) continue;
      review.answer = rng.pick(ANSWERS[review.rating]!);
      review.answered_at = new Date(written + rng.float(0.5, 36) * 3_600_000);
      review.answered_by = rng.pick(managers).id!;
    }
  }
}
