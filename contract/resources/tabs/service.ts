import { z } from 'zod';
import { reason } from '../../lib/fields';

/**
 * The service charge of one guest's bill ("tira os 10 %"): the tabs' `serviceCharge` call. Apart
 * from the tabs' definition, which every screen loads, as the held orders' words are.
 */
export const SERVICE_MESSAGES = {
  removed: 'Serviço retirado da comanda.',
  restored: 'Serviço cobrado de novo.',
  /** Taking the service off would leave the guest having paid more than they owe. */
  paidBeyond: 'Este cliente já pagou mais do que a comanda sem o serviço: remova um pagamento antes.',
} as const;

/**
 * The service charge of one guest's bill: taken off (`charged: false`) only with the reason, which
 * goes to the audit trail and stays on the ticket; charged again (`charged: true`) as the rate says.
 */
export const serviceChargeInput = z.discriminatedUnion(
  'charged',
  [z.strictObject({ charged: z.literal(false), reason }), z.strictObject({ charged: z.literal(true) })],
  { error: 'Informe se o serviço é cobrado (charged: true ou false).' },
);
