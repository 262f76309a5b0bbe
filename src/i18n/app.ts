/** The Painel's own strings, read as `app.<path>` (e.g. `translate('app.menu.logout')`). */
export const appMessages = {
  menu: {
    statistics: 'Estatísticas',
    restaurants: 'Restaurantes',
    cuisines: 'Cozinhas',
    customers: 'Usuários',
    notifications: 'Notificações',
    admins: 'Permissões',
    faq: 'Dúvidas',
    hall: 'Salão',
    orders: 'Pedidos',
    commands: 'Comandas',
    reservations: 'Reservas',
    products: 'Produtos',
    settings: 'Configurações',
    usagePolicies: 'Política de uso',
    links: 'Links de acesso',
    reviews: 'Avaliações',
    loyalty: 'Fidelidade',
    wall: 'Mural',
    financial: 'Financeiro',
    integrations: 'Integrações',
    audit: 'Histórico',
    printJobs: 'Impressões',
    logout: 'Sair',
  },
  logout: {
    confirm: 'Tem certeza que deseja sair?',
    yes: 'Sim',
    cancel: 'Cancelar',
  },
} as const;

export type AppMessages = typeof appMessages;
