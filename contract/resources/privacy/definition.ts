import { z } from 'zod';
import { requiredText } from '../../lib/fields';

/**
 * The privacy text edited under Dúvidas (platform-admin spec 2.12): one text for the whole
 * platform. The spec's screen made no call; ours reads and saves it on the server.
 */
export const PRIVACY_ENDPOINT = '/api/privacy';
export const PRIVACY_SAVED = 'Texto alterado com sucesso!';

export interface PrivacyText {
  title: string;
  text: string;
  active: boolean;
  /** null until the text is first saved. */
  updated_at: string | null;
}

/** What GET answers before anyone has written the text. */
export const DEFAULT_PRIVACY_TEXT = {
  title: 'Política de Privacidade',
  text: '',
  active: false,
  updated_at: null,
} satisfies PrivacyText;

export const privacyInput = z.strictObject({
  title: requiredText(200),
  text: requiredText(50_000),
  // Left out, it keeps its value (true for a text saved for the first time).
  active: z.boolean({ error: 'Ativo deve ser verdadeiro ou falso.' }).optional(),
});

export type PrivacyInput = z.infer<typeof privacyInput>;
