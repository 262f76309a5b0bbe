/**
 * The main banks and payment institutions of the Central Bank's list of participants of the
 * Brazilian payment system (COMPE code and name), shipped with the project: a store's bank account
 * is chosen from here, and its name is always the list's (the server fills it from the code).
 */
export interface Bank {
  code: string;
  name: string;
}

export const BANKS: readonly Bank[] = [
  { code: '001', name: 'Banco do Brasil S.A.' },
  { code: '003', name: 'Banco da Amazônia S.A.' },
  { code: '004', name: 'Banco do Nordeste do Brasil S.A.' },
  { code: '021', name: 'Banestes S.A. Banco do Estado do Espírito Santo' },
  { code: '025', name: 'Banco Alfa S.A.' },
  { code: '033', name: 'Banco Santander (Brasil) S.A.' },
  { code: '037', name: 'Banco do Estado do Pará S.A.' },
  { code: '041', name: 'Banco do Estado do Rio Grande do Sul S.A.' },
  { code: '047', name: 'Banco do Estado de Sergipe S.A.' },
  { code: '070', name: 'BRB - Banco de Brasília S.A.' },
  { code: '077', name: 'Banco Inter S.A.' },
  { code: '085', name: 'Cooperativa Central de Crédito - Ailos' },
  { code: '104', name: 'Caixa Econômica Federal' },
  { code: '121', name: 'Banco Agibank S.A.' },
  { code: '136', name: 'Unicred do Brasil' },
  { code: '197', name: 'Stone Instituição de Pagamento S.A.' },
  { code: '208', name: 'Banco BTG Pactual S.A.' },
  { code: '212', name: 'Banco Original S.A.' },
  { code: '218', name: 'Banco BS2 S.A.' },
  { code: '237', name: 'Banco Bradesco S.A.' },
  { code: '246', name: 'Banco ABC Brasil S.A.' },
  { code: '260', name: 'Nu Pagamentos S.A.' },
  { code: '290', name: 'PagSeguro Internet S.A. (PagBank)' },
  { code: '318', name: 'Banco BMG S.A.' },
  { code: '323', name: 'Mercado Pago Instituição de Pagamento Ltda.' },
  { code: '336', name: 'Banco C6 S.A.' },
  { code: '341', name: 'Itaú Unibanco S.A.' },
  { code: '348', name: 'Banco XP S.A.' },
  { code: '380', name: 'PicPay Instituição de Pagamento S.A.' },
  { code: '389', name: 'Banco Mercantil do Brasil S.A.' },
  { code: '403', name: 'Cora Sociedade de Crédito Direto S.A.' },
  { code: '422', name: 'Banco Safra S.A.' },
  { code: '623', name: 'Banco Pan S.A.' },
  { code: '633', name: 'Banco Rendimento S.A.' },
  { code: '655', name: 'Banco Votorantim S.A.' },
  { code: '707', name: 'Banco Daycoval S.A.' },
  { code: '745', name: 'Banco Citibank S.A.' },
  { code: '748', name: 'Banco Cooperativo Sicredi S.A.' },
  { code: '756', name: 'Banco Cooperativo Sicoob S.A.' },
];

const byCode = new Map(BANKS.map((bank) => [bank.code, bank]));

/** The bank of a code of the list, or undefined. */
export function bankOf(code: string | null | undefined): Bank | undefined {
  return code ? byCode.get(code) : undefined;
}

/** '341 · Itaú Unibanco S.A.', as the pickers and the list show a bank. */
export const bankLabel = (bank: Bank) => `${bank.code} · ${bank.name}`;
