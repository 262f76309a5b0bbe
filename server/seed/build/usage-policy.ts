import * as s from '../../db/schema';
import type { Demo, Row } from './state';
import { managersOf } from './accounts';

/** The version the demo publishes, and the one some stores accepted before it. */
export const DEMO_POLICY_VERSION = '1.0';
export const DEMO_POLICY_PREVIOUS_VERSION = '0.9';

/**
 * The establishments' terms of use (platform spec 9), with the figures the product fixes: payment
 * released within 31 days, 60 days' termination notice, confidentiality for 2 years, displays kept
 * at least 3 months, reimbursement within 10 days, incident notice within 24 hours, wi-fi of at
 * least 100 MB. Plain text: blank lines between paragraphs, '# ' before a heading.
 */
export const DEMO_USAGE_POLICY = {
  title: 'Termos de uso para estabelecimentos',
  text: [
    'Estes Termos de Uso regulam a participação do restaurante, bar ou outro estabelecimento (o "Estabelecimento") na plataforma Painel (a "Plataforma"), que conecta estabelecimentos, usuários do aplicativo e criadores de conteúdo (FeedHunters). Eles valem para o painel de gestão, o cardápio digital, os pedidos feitos pela mesa, as reservas e os pagamentos pelo aplicativo.',
    '# 1. Aceite',
    '1.1. O aceite é feito no próprio painel, em Política de uso, por um gerente do Estabelecimento, que declara ter poderes para representá-lo. A Plataforma registra quem aceitou, quando e qual versão.',
    '1.2. Cada nova versão destes Termos recebe um número próprio, é publicada nesta mesma tela e passa a valer para o Estabelecimento depois de aceita.',
    '# 2. Cadastro e responsabilidades do Estabelecimento',
    '2.1. O Estabelecimento mantém corretos e atualizados os seus dados cadastrais e bancários, o horário de funcionamento, o cardápio, os preços e as fotos dos produtos.',
    '2.2. O Estabelecimento responde pela qualidade, segurança, procedência e preparo dos produtos que vende, pelo atendimento prestado e pelo cumprimento da legislação sanitária, fiscal e de defesa do consumidor.',
    '2.3. Os acessos ao painel são pessoais e intransferíveis. Cada integrante da equipe usa a sua própria conta, e as contas de quem deixar a equipe são removidas pelo gerente.',
    '# 3. Pagamentos e repasses',
    '3.1. Os valores pagos pelos clientes por meio do aplicativo são recebidos pela Plataforma e repassados ao Estabelecimento, já descontadas as taxas contratadas, e ficam liberados para saque em até 31 dias contados da data de cada pagamento.',
    '3.2. Os repasses são feitos somente para a conta bancária cadastrada em nome do Estabelecimento. O extrato do painel mostra cada recebimento, taxa, estorno e transferência.',
    '3.3. Quando um pedido pago pelo aplicativo for cancelado, recusado ou não entregue por motivo atribuível ao Estabelecimento, o cliente é reembolsado em até 10 dias, e o valor correspondente é descontado dos repasses seguintes.',
    '# 4. Materiais de divulgação',
    '4.1. Os displays de mesa, adesivos e cartazes com os QR codes fornecidos pela Plataforma ficam expostos em local visível ao público por no mínimo 3 meses a partir da instalação, e são substituídos pelo Estabelecimento quando danificados.',
    '4.2. O Estabelecimento autoriza a Plataforma a exibir o seu nome, marca, fotos e cardápio no aplicativo e nas ações de divulgação da própria Plataforma.',
    '# 5. Infraestrutura',
    '5.1. O Estabelecimento mantém, durante todo o horário de funcionamento, conexão à internet por wi-fi com velocidade mínima de 100 MB (100 Mbps), suficiente para os pedidos pela mesa e para o painel aberto no salão e na cozinha.',
    '5.2. Os aparelhos usados com o painel (tablets, computadores e impressoras) são do Estabelecimento, que cuida da sua conservação e segurança.',
    '# 6. Dados pessoais e incidentes de segurança',
    '6.1. O Estabelecimento trata os dados dos clientes que receber por meio da Plataforma apenas para o atendimento, conforme a Lei Geral de Proteção de Dados (Lei nº 13.709/2018), e não os usa para outra finalidade nem os compartilha com terceiros.',
    '6.2. Qualquer incidente de segurança (acesso indevido a contas do painel, perda ou furto de aparelho conectado, vazamento de dados de clientes) é comunicado à Plataforma em até 24 horas depois que o Estabelecimento tomar conhecimento dele, pelo e-mail seguranca@painel.com.br.',
    '# 7. Confidencialidade',
    '7.1. As partes mantêm em sigilo as informações comerciais, financeiras e técnicas a que tiverem acesso em razão destes Termos, inclusive taxas negociadas e dados de clientes, durante a vigência e por 2 anos após o seu término.',
    '# 8. Vigência e encerramento',
    '8.1. Estes Termos vigoram por prazo indeterminado a partir do aceite.',
    '8.2. Qualquer das partes pode encerrar a relação sem justa causa, mediante aviso prévio por escrito de 60 dias. Os valores devidos até o encerramento são repassados nos prazos da cláusula 3.',
    '8.3. O descumprimento grave destes Termos, como fraude, venda de produtos ilícitos ou uso indevido de dados de clientes, permite o encerramento imediato, sem prejuízo das perdas e danos.',
    '# 9. Disposições gerais',
    '9.1. Correções de redação que não mudam direitos nem obrigações podem ser publicadas sem nova versão; qualquer outra mudança recebe uma nova versão e um novo aceite.',
    '9.2. Fica eleito o foro da comarca de São Paulo/SP para resolver questões decorrentes destes Termos, com renúncia a qualquer outro, por mais privilegiado que seja.',
  ].join('\n\n'),
};

/**
 * The published terms and the stores' acceptances: Sabor do Sertão accepted the previous version
 * and then the current one; Cantina Bella only the previous one, so its managers find the terms
 * waiting for them; of the other open stores, one in three accepted the current version, one in
 * three the previous one, and the rest never did. Each acceptance is its store's first manager's,
 * made after both the store and the account existed.
 */
export function buildUsagePolicy(demo: Pick<Demo, 'clock' | 'stores' | 'steps' | 'push'>): void {
  const published = demo.clock.at(-45, 10 * 60);
  demo.push(s.usagePolicyTexts, [
    { id: 1, ...DEMO_USAGE_POLICY, version: DEMO_POLICY_VERSION, updated_at: published },
  ]);

  const accounts = (demo.steps.find((step) => step.table === s.accounts)?.rows ?? []) as Row<
    typeof s.accounts
  >[];
  const rows: Row<typeof s.usagePolicyAcceptances>[] = [];
  const accept = (storeId: number, version: string, dayOffset: number, minutes: number) => {
    const [manager] = managersOf(demo, storeId, accounts);
    if (!manager) return;
    const at = new Date(
      Math.max(demo.clock.at(dayOffset, minutes).getTime(), manager.created_at!.getTime() + 3_600_000),
    );
    // A manager who joined after the current version came out never saw the previous one.
    if (version === DEMO_POLICY_PREVIOUS_VERSION && at >= published) return;
    rows.push({ id: rows.length + 1, store_id: storeId, account_id: manager.id!, version, accepted_at: at });
  };
  for (const store of demo.stores) {
    if (store.def.status !== 'OK') continue;
    const previous = -Math.min(store.def.partnerDays - 1, 200);
    if (store.index === 0) {
      accept(store.id, DEMO_POLICY_PREVIOUS_VERSION, previous, 11 * 60 + 20);
    } else if (store.index === 1) {
      accept(store.id, DEMO_POLICY_PREVIOUS_VERSION, previous, 16 * 60 + 5);
      accept(store.id, DEMO_POLICY_VERSION, -44, 9 * 60 + 40);
    } else if (store.index % 3 === 2) {
      accept(store.id, DEMO_POLICY_VERSION, -40 + store.index, 14 * 60 + store.index * 7);
    } else if (store.index % 3 === 0) {
      accept(store.id, DEMO_POLICY_PREVIOUS_VERSION, previous, 10 * 60 + store.index * 11);
    }
  }
  demo.push(s.usagePolicyAcceptances, rows);
}
