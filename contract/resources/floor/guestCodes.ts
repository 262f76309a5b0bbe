/**
 * The table QR codes' tokens and how guest orders from them reach the kitchen: the QR codes page's
 * words and the guest settings' calls (tables' `rotateToken`, `rotateTokens`, `guestSettings`,
 * `saveGuestSettings`). Apart from the tables' definition, which every screen loads, so that only
 * the QR codes page and the server carry them.
 */
import { z } from 'zod';
import { storeIdField } from '../../lib/fields';

/** The table QR codes' words (the QR codes page). */
export const TOKEN_MESSAGES = {
  rotate: 'Trocar código',
  rotateAll: 'Trocar todos os códigos',
  confirm: 'O QR code impresso deixa de funcionar na hora. Imprima o novo.',
  rotated: 'QR code trocado. Imprima o novo.',
  rotatedAll: (count: number) =>
    count === 1 ? '1 QR code trocado. Imprima o novo.' : `${count} QR codes trocados. Imprima os novos.`,
} as const;

/** `GET`/`PUT /api/tables/guest-settings`: how guest orders from the QR code reach the kitchen. */
export const guestSettingsInput = z.strictObject({
  approval: z.boolean({ error: 'Informe se os pedidos da mesa precisam de aprovação (true ou false).' }),
  /** An administrator names the store (staff change their own, whatever it says). */
  store_id: storeIdField,
});
/** `GET /api/tables/guest-settings` and `POST /api/tables/tokens`: an administrator names the store. */
export const storeQuery = z.strictObject({ store_id: storeIdField });
export const guestSettingsAnswer = z.object({ data: z.object({ approval: z.boolean() }) });
export const GUEST_SETTINGS_LABEL = 'Aprovar pedidos da mesa';
export const GUEST_SETTINGS_HELP =
  'Os pedidos feitos pelo QR code da mesa só vão para a cozinha depois que a equipe aprovar.';
export const GUEST_SETTINGS_SAVED = 'Configuração salva.';
