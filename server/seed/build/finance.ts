import type { Demo } from './state';

/** Weekly transfers of the available balance, and their statement lines. */
export function buildFinance(demo: Pick<Demo, 'clock' | 'stores' | 'statementRows' | 'depositRows'>): void {
  let depositId = 0;
  const nowMs = demo.clock.now.getTime();
  // Statement ids in time order.
  for (const store of demo.stores) {
    const entries = demo.statementRows.filter((e) => e.store_id === store.id);
    let deposited = 0;
    let failedOnce = false;
    for (let day = -store.def.partnerDays; day <= 7; day++) {
      if (demo.clock.weekdayOf(day) !== 2) continue; // Tuesdays
      const date = demo.clock.date(day);
      const at = demo.clock.at(day, 9 * 60);
      const available =
        entries.reduce(
          (sum, e) => (e.available_on! <= date && e.created_at! <= at ? sum + e.amount : sum),
          0,
        ) - deposited;
      if (available < 10_000) continue;
      const future = at.getTime() > nowMs;
      const failed = !future && store.index === 4 && !failedOnce && day > -40;
      if (failed) failedOnce = true;
      const id = ++depositId;
      demo.depositRows.push({
        id,
        store_id: store.id,
        bank_account_id: store.defaultBankId,
        amount: available,
        status: future ? 'PENDING' : failed ? 'FAILED' : 'PAID',
        message: future
          ? 'Aguardando processamento'
          : failed
            ? 'Falha na transferência: conta de destino encerrada'
            : 'Depósito realizado',
        deposit_date: date,
        created_at: future ? demo.clock.ago(30) : at,
      });
      if (future) break;
      if (failed) continue;
      deposited += available;
      demo.statementRows.push({
        id: 0,
        store_id: store.id,
        payment_id: null,
        deposit_id: id,
        kind: 'DEPOSIT',
        amount: -available,
        description: `Transferência para ${store.def.bank.name}`,
        available_on: date,
        created_at: at,
      });
    }
  }
  demo.statementRows.sort(
    (a, b) => a.created_at!.getTime() - b.created_at!.getTime() || a.store_id - b.store_id,
  );
  demo.statementRows.forEach((row, i) => (row.id = i + 1));
}
