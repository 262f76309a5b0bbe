import { z } from 'zod';

/**
 * The pre-bill sent to a station's printer: the tabs' `printPreBill` call. Apart from the tabs'
 * definition, which every screen loads.
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
