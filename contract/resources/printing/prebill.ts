import { z } from 'zod';

/**
 * The pre-bill and a payment's receipt sent to a station's printer: the tabs' `printPreBill` and
 * `printReceipt` calls. Apart from the tabs' definition, which every screen loads.
 */
export const preBillPrintInput = z.strictObject({
  /** Into how many equal parts the balance is split (1: not split), as 'Dividir por' says. */
  shares: z
    .int({ error: 'Informe em quantas partes dividir (de 1 a 20).' })
    .min(1, 'Informe em quantas partes dividir (de 1 a 20).')
    .max(20, 'Informe em quantas partes dividir (de 1 a 20).'),
  /** The station whose printer prints it. */
  kitchen_id: z.int({ error: 'Escolha a impressora.' }).positive('Escolha a impressora.'),
});

export const PRE_BILL_MESSAGES = {
  sent: (station: string) => `Conferência enviada para a impressora de ${station}.`,
  noStation: 'Cozinha não encontrada.',
  thisTablet: 'Este tablet',
} as const;

/** A payment's receipt ("comprovante") on a station's printer. */
export const receiptPrintInput = z.strictObject({
  kitchen_id: preBillPrintInput.shape.kitchen_id,
});

export const RECEIPT_MESSAGES = {
  sent: (station: string) => `Comprovante enviado para a impressora de ${station}.`,
  cancelled: 'Este pagamento foi removido: não tem comprovante.',
} as const;
