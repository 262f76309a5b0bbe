/**
 * The staff's decisions on guest orders from the table's QR code that wait for approval (the tabs'
 * `approveHeld` and `rejectHeld` calls). Apart from the tabs' definition, which every screen loads.
 */
import { z } from 'zod';
import { reason } from '../../lib/fields';
import { recordId } from '../../lib/records';

/** `POST /api/orders/id/:id/held/approve`: guest orders from the QR code the staff send to the kitchen. */
export const heldDecisionInput = z.strictObject({
  item_ids: z
    .array(recordId, { error: 'Informe os itens.' })
    .min(1, 'Informe os itens.')
    .max(50, 'Itens demais de uma vez.')
    .describe('Itens aguardando aprovação nesta comanda'),
});

/** `POST /api/orders/id/:id/held/reject`: and those they refuse, with why. */
export const heldRejectionInput = heldDecisionInput.extend({ reason });
