import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, cuisines, faqs, operations, stores } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { nameKey } from '../resources/crud';

/** The demo logins printed at start and documented in the README. */
export const DEMO_ACCOUNTS = [
  { who: 'Administrador da plataforma', email: 'admin@painel.com.br', password: 'Painel@2026' },
  { who: 'Equipe do Cantina Bella', email: 'gerente@cantinabella.com.br', password: 'Cantina@2026' },
  { who: 'Equipe do Sabor do Sertão', email: 'gerente@sabordosertao.com.br', password: 'Sertao@2026' },
] as const;

const CUISINES = [
  'Italiana',
  'Nordestina',
  'Japonesa',
  'Hamburgueria',
  'Vegetariana',
  'Churrascaria',
  'Árabe',
];
const CITIES = ['São Paulo', 'Rio de Janeiro', 'Belo Horizonte', 'Recife', 'Curitiba'];
const FAQS = [
  {
    title: 'Como altero o cardápio do meu restaurante?',
    text: 'Em Produtos, escolha a categoria ou o produto e edite. As mudanças aparecem no aplicativo na hora.',
    category: 'MERCHANT' as const,
  },
  {
    title: 'Quando recebo os pagamentos feitos pelo aplicativo?',
    text: 'Os valores pagos pelo aplicativo são liberados em até 31 dias, conforme os termos de uso.',
    category: 'MERCHANT' as const,
  },
  {
    title: 'Como chamo o garçom pelo aplicativo?',
    text: 'Na comanda aberta, toque em "Chamar garçom". A equipe do restaurante recebe o aviso no salão.',
    category: 'CUSTOMER' as const,
  },
  {
    title: 'Como funciona o programa de fidelidade?',
    text: 'A cada consumo você acumula valor; ao atingir a meta do restaurante, ganha o desconto do programa.',
    category: 'CUSTOMER' as const,
  },
];

/** Seeds the demo into a new database, in one transaction (hashes computed first). */
export async function seedDemo(db: Db): Promise<void> {
  const [adminHash, cantinaHash, sertaoHash] = await Promise.all(
    DEMO_ACCOUNTS.map((a) => hashPassword(a.password)),
  );
  await db.transaction(async (tx) => {
    await tx.insert(cuisines).values(CUISINES.map((name) => ({ name, name_key: nameKey(name) })));
    await tx.insert(operations).values(CITIES.map((name) => ({ name, name_key: nameKey(name) })));
    await tx.insert(faqs).values(FAQS);
    const [cantina, sertao] = await tx
      .insert(stores)
      .values([
        { name: 'Cantina Bella', slug: 'cantinabella' },
        { name: 'Sabor do Sertão', slug: 'sabordosertao' },
      ])
      .returning({ id: stores.id });
    await tx.insert(accounts).values([
      {
        fullname: 'Administrador Painel',
        email: DEMO_ACCOUNTS[0].email,
        phone: '11987654321',
        password_hash: adminHash,
        role: 'ADMIN',
        permissions: { admin: 1 },
      },
      {
        fullname: 'Giulia Romano',
        email: DEMO_ACCOUNTS[1].email,
        phone: '11991234567',
        password_hash: cantinaHash,
        role: 'MANAGER',
        store_id: cantina!.id,
      },
      {
        fullname: 'Severino Araújo',
        email: DEMO_ACCOUNTS[2].email,
        phone: '81991234567',
        password_hash: sertaoHash,
        role: 'MANAGER',
        store_id: sertao!.id,
      },
    ]);
  });
}

export async function hasDemoAccounts(db: Db): Promise<boolean> {
  const found = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(sql`lower(${accounts.email}) = ${DEMO_ACCOUNTS[0].email}`);
  return found.length > 0;
}
