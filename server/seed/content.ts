/** Platform texts of the demo: cuisines, cities, FAQ, privacy, promo codes, notifications, wall posts. */

export const CUISINES = [
  'Italiana',
  'Nordestina',
  'Japonesa',
  'Hamburgueria',
  'Vegetariana',
  'Churrascaria',
  'Árabe',
];
/** Added by the full demo only (the accounts-only demo keeps the seven above). */
export const MORE_CUISINES = ['Mineira', 'Frutos do Mar', 'Pizzaria'];

export const CITIES = ['São Paulo', 'Rio de Janeiro', 'Belo Horizonte', 'Recife', 'Curitiba'];

export interface FaqDef {
  title: string;
  text: string;
  category: 'MERCHANT' | 'CUSTOMER';
}

export const FAQS: FaqDef[] = [
  {
    title: 'Como altero o cardápio do meu restaurante?',
    text: 'Em Produtos, escolha a categoria ou o produto e edite. As mudanças aparecem no aplicativo na hora.',
    category: 'MERCHANT',
  },
  {
    title: 'Quando recebo os pagamentos feitos pelo aplicativo?',
    text: 'Os valores pagos pelo aplicativo são liberados em até 31 dias, conforme os termos de uso.',
    category: 'MERCHANT',
  },
  {
    title: 'Como chamo o garçom pelo aplicativo?',
    text: 'Na comanda aberta, toque em "Chamar garçom". A equipe do restaurante recebe o aviso no salão.',
    category: 'CUSTOMER',
  },
  {
    title: 'Como funciona o programa de fidelidade?',
    text: 'A cada consumo você acumula valor; ao atingir a meta do restaurante, ganha o desconto do programa.',
    category: 'CUSTOMER',
  },
];

/** More questions, in the full demo. (Keep "garçom" out of them: a test counts that search.) */
export const MORE_FAQS: FaqDef[] = [
  {
    title: 'Como cadastro as mesas e gero os QR Codes?',
    text: 'Em Salão, toque em Criar mesas, informe a quantidade e o número inicial. Cada mesa ganha um QR Code para imprimir e colar.',
    category: 'MERCHANT',
  },
  {
    title: 'Como separo os pedidos entre as cozinhas?',
    text: 'Cadastre as cozinhas (por exemplo, Cozinha, Bar e Sobremesas) e escolha a cozinha de cada produto. Cada tela de pedidos mostra só os seus itens.',
    category: 'MERCHANT',
  },
  {
    title: 'Posso importar o cardápio do meu sistema de PDV?',
    text: 'Sim. Com a integração OPDV ativa, use Importar produtos: escolha categorias inteiras ou produtos um a um e vincule aos que já existem.',
    category: 'MERCHANT',
  },
  {
    title: 'Quais taxas a plataforma cobra?',
    text: 'Um percentual sobre cada pagamento, diferente para pagamentos no aplicativo e na mesa, definido no contrato. As taxas aparecem no extrato.',
    category: 'MERCHANT',
  },
  {
    title: 'Como confirmo ou recuso uma reserva?',
    text: 'Em Reservas, abra a reserva e use Confirmar ou Cancelar. O cliente é avisado pelo aplicativo.',
    category: 'MERCHANT',
  },
  {
    title: 'Como faço uma reserva?',
    text: 'Na página do restaurante, toque em Reservar, escolha o dia, o horário e o número de pessoas. Você recebe a confirmação pelo aplicativo.',
    category: 'CUSTOMER',
  },
  {
    title: 'Posso dividir a conta com meus amigos?',
    text: 'Sim. Cada pessoa que entra na mesa pelo QR Code tem a sua comanda e paga só o que pediu, pelo aplicativo ou na mesa.',
    category: 'CUSTOMER',
  },
  {
    title: 'Como uso um código promocional?',
    text: 'Antes de pagar, toque em Cupom e digite o código. O desconto aparece na sua comanda se o código estiver válido.',
    category: 'CUSTOMER',
  },
  {
    title: 'Meu pagamento foi recusado. E agora?',
    text: 'Confira os dados do cartão ou tente pagar com Pix. Se o valor foi cobrado, o estorno acontece automaticamente em até 7 dias úteis.',
    category: 'CUSTOMER',
  },
  {
    title: 'O que é um FeedHunter?',
    text: 'FeedHunters são clientes que publicam fotos e vídeos dos pratos. As melhores publicações aparecem em destaque no aplicativo.',
    category: 'CUSTOMER',
  },
];

export const PRIVACY = {
  title: 'Política de Privacidade',
  text: [
    'Esta política explica como o Painel coleta, usa e protege os dados pessoais de clientes e estabelecimentos, conforme a Lei Geral de Proteção de Dados (Lei nº 13.709/2018).',
    '1. Dados coletados: nome, e-mail, telefone, CPF, data de nascimento e gênero informados no cadastro; pedidos, pagamentos, check-ins e avaliações feitos pelo aplicativo.',
    '2. Finalidade: identificar o cliente na mesa, processar pagamentos, calcular benefícios de fidelidade, enviar notificações autorizadas e gerar estatísticas agregadas para os restaurantes.',
    '3. Compartilhamento: os restaurantes recebem apenas os dados necessários ao atendimento. Dados de pagamento são tratados por instituições de pagamento autorizadas.',
    '4. Direitos do titular: acesso, correção, portabilidade e exclusão dos dados podem ser solicitados a qualquer momento pelo aplicativo ou pelo e-mail privacidade@painel.com.br.',
    '5. Retenção: os dados são mantidos enquanto a conta estiver ativa e pelo prazo exigido pela legislação fiscal.',
  ].join('\n\n'),
};

export interface PromoDef {
  code: string;
  description: string;
  discount: number;
  /** Largest discount of one use, in percent (spec 3: an integer shown as % off). */
  maxDiscount: number;
  available: number;
  origin: 'INDOOR' | 'DELIVERY' | null;
  type: 'FIRST_USE' | 'NORMAL' | null;
  /** Days from today: created, and expires (negative: in the past). */
  createdDay: number;
  expiresDay: number;
  active: boolean;
  /** Share of eligible tickets that use it. */
  use: number;
}

export const PROMOS: PromoDef[] = [
  {
    code: 'BEMVINDO15',
    description: '15% na primeira comanda pelo app',
    discount: 15,
    maxDiscount: 20,
    available: 5000,
    origin: null,
    type: 'FIRST_USE',
    createdDay: -200,
    expiresDay: 165,
    active: true,
    use: 0.25,
  },
  {
    code: 'SEXTOU20',
    description: '20% às sextas-feiras no salão',
    discount: 20,
    maxDiscount: 20,
    available: 1500,
    origin: 'INDOOR',
    type: 'NORMAL',
    createdDay: -45,
    expiresDay: 45,
    active: true,
    use: 0.03,
  },
  {
    code: 'DELIVERY10',
    description: '10% nos pedidos de delivery',
    discount: 10,
    maxDiscount: 15,
    available: 2000,
    origin: 'DELIVERY',
    type: 'NORMAL',
    createdDay: -120,
    expiresDay: 60,
    active: true,
    use: 0.08,
  },
  {
    code: 'FEEDHUNTER25',
    description: 'Convite dos FeedHunters: 25% off',
    discount: 25,
    maxDiscount: 30,
    available: 300,
    origin: null,
    type: null,
    createdDay: -30,
    expiresDay: 30,
    active: true,
    use: 0.01,
  },
  {
    code: 'CARNAVAL30',
    description: 'Carnaval: 30% no salão',
    discount: 30,
    maxDiscount: 30,
    available: 800,
    origin: 'INDOOR',
    type: 'NORMAL',
    createdDay: -150,
    expiresDay: -70,
    active: false,
    use: 0.02,
  },
  {
    code: 'PIXDAY',
    description: '5% pagando com Pix',
    discount: 5,
    maxDiscount: 10,
    available: 1000,
    origin: null,
    type: 'NORMAL',
    createdDay: -80,
    expiresDay: 100,
    active: false,
    use: 0,
  },
  {
    code: 'ANIVERSARIO',
    description: 'Aniversário do app: 12% em tudo',
    discount: 12.5,
    maxDiscount: 15,
    available: 500,
    origin: null,
    type: null,
    createdDay: -75,
    expiresDay: -55,
    active: true,
    use: 0.03,
  },
];

export interface NotificationDef {
  title: string;
  body: string;
  genders: ('M' | 'F' | 'O')[];
  /** Store indexes in STORES. */
  stores: number[];
  minAge: number | null;
  maxAge: number | null;
  day: number;
  minute: number;
  cancelled?: boolean;
}

export const NOTIFICATIONS: NotificationDef[] = [
  {
    title: 'Bem-vindo ao Painel!',
    body: 'Peça pela mesa, divida a conta e pague pelo app. Use BEMVINDO15 na primeira comanda.',
    genders: [],
    stores: [],
    minAge: null,
    maxAge: null,
    day: -62,
    minute: 11 * 60,
  },
  {
    title: 'Sextou com 20% off',
    body: 'Hoje é dia de SEXTOU20: 20% de desconto no salão dos restaurantes parceiros.',
    genders: [],
    stores: [],
    minAge: 18,
    maxAge: 45,
    day: -20,
    minute: 17 * 60,
  },
  {
    title: 'Noite italiana na Cantina Bella',
    body: 'Música ao vivo e massas frescas nesta sexta. Reserve sua mesa pelo app!',
    genders: [],
    stores: [0],
    minAge: null,
    maxAge: null,
    day: -12,
    minute: 16 * 60 + 30,
  },
  {
    title: 'Forró e carne de sol',
    body: 'O Sabor do Sertão preparou um cardápio especial de São João. Vem arrastar o pé!',
    genders: [],
    stores: [1],
    minAge: 25,
    maxAge: 60,
    day: -9,
    minute: 18 * 60,
  },
  {
    title: 'Dia das Mães',
    body: 'Leve sua mãe para almoçar e ganhe a sobremesa nos restaurantes participantes.',
    genders: ['F', 'M'],
    stores: [0, 1, 5],
    minAge: 18,
    maxAge: 50,
    day: -5,
    minute: 10 * 60,
  },
  {
    title: 'Promoção encerrada',
    body: 'Esta campanha foi enviada por engano e desativada.',
    genders: ['F'],
    stores: [2],
    minAge: 18,
    maxAge: 35,
    day: -3,
    minute: 15 * 60,
    cancelled: true,
  },
  {
    title: 'Seu fim de semana começa aqui',
    body: 'Descubra os restaurantes mais bem avaliados perto de você.',
    genders: ['M', 'F', 'O'],
    stores: [],
    minAge: 18,
    maxAge: null,
    day: -1,
    minute: 12 * 60,
  },
];

export interface WallDef {
  title: string;
  body: string;
  image: boolean;
}

export const WALL_POSTS: Record<string, WallDef[]> = {
  cantinabella: [
    {
      title: 'Música ao vivo sexta e sábado',
      body: 'A partir das 20h, o trio Bella Napoli toca clássicos italianos. Reserve pelo app.',
      image: true,
    },
    {
      title: 'Novo: Ravioli de búfala',
      body: 'Massa fresca recheada com mozarela de búfala, ao molho de tomate fresco. Só esta semana com taça de vinho por R$ 20.',
      image: true,
    },
    {
      title: 'Programa de fidelidade',
      body: 'A cada R$ 500 consumidos, 10% de desconto na próxima visita.',
      image: false,
    },
    { title: 'Horário de feriado', body: 'No feriado abriremos das 12h às 17h.', image: false },
    { title: 'Festival de Nhoque', body: 'Todo dia 29, nhoque da fortuna em dobro.', image: true },
  ],
  sabordosertao: [
    {
      title: 'Forró pé de serra',
      body: 'Toda sexta, a partir das 19h, forró ao vivo com o Trio Asa Branca.',
      image: true,
    },
    {
      title: 'São João no Sertão',
      body: 'Cardápio junino com canjica, pamonha e milho assado durante todo o mês.',
      image: true,
    },
    {
      title: 'Fidelidade Sabor do Sertão',
      body: 'Juntou R$ 300? Ganhe 15% de desconto na próxima comanda.',
      image: false,
    },
    {
      title: 'Estacionamento conveniado',
      body: 'Apresente a comanda paga e ganhe 2 horas no estacionamento da esquina.',
      image: false,
    },
  ],
  sushikaze: [
    {
      title: 'Rodízio às terças',
      body: 'Terça é dia de rodízio completo com temakis liberados.',
      image: true,
    },
  ],
  burgerlab: [
    { title: 'Burger do mês', body: 'Smash de costela com queijo canastra. Só em maio!', image: true },
    { title: 'Delivery grátis', body: 'Entrega grátis no Batel para pedidos acima de R$ 80.', image: false },
  ],
  fornoantico: [
    {
      title: 'Massa de 48 horas',
      body: 'Nossa massa fermenta por 48 horas: mais leve e saborosa.',
      image: true,
    },
  ],
  trembaoboteco: [{ title: 'Roda de samba', body: 'Sábado tem samba a partir das 16h.', image: false }],
};

export const STORY_TITLES = [
  '{product} do {store}: vale cada garfada',
  'Provei o {product} e não me arrependi',
  'Achado em {city}: {product}',
  '{store} acertou em cheio no {product}',
  'Fim de semana pede {product}',
  'O melhor {product} de {city}?',
];

/** Team members of the demo stores (the demo manager of the two first stores comes from DEMO_ACCOUNTS). */
export const TEAM_ROLES = ['WAITER', 'WAITER', 'CASHIER', 'KITCHEN'] as const;
