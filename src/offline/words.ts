/** What the screens say about the connection and the actions waiting for it, in one place. */
export const OFFLINE_WORDS = {
  /** The banner while offline: nothing waiting, one action, several. */
  offline: (pending: number) =>
    pending === 0
      ? 'Sem conexão'
      : `Sem conexão — ${pending} ${pending === 1 ? 'ação pendente' : 'ações pendentes'}`,
  /** The banner once the connection is back, while the queue is sent. */
  sending: (pending: number) => `Enviando ${pending} ${pending === 1 ? 'ação pendente' : 'ações pendentes'}…`,
  /** The banner's button to the refused actions. */
  refusedButton: (count: number) => (count === 1 ? '1 ação recusada' : `${count} ações recusadas`),
  refusedTitle: 'Ações recusadas pelo servidor',
  refusedIntro:
    'Estas ações foram feitas sem conexão e o servidor não as aceitou. Confira cada uma e faça de novo o que ainda for preciso.',
  dismiss: 'Dispensar',
  close: 'Fechar',
  /** An action that must not be done offline. */
  needsConnection: 'Sem conexão: esta ação precisa de internet.',
  /** An action kept to be sent once the connection is back. */
  queued: 'Sem conexão: a ação foi guardada e será enviada quando a conexão voltar.',
  /** What a screen shows when its data is older than it should be. */
  updatedAgo: (seconds: number) => `Atualizado há ${seconds} s`,
  /** A line of an order not yet on the server. */
  pendingSync: 'Aguardando envio',
} as const;
