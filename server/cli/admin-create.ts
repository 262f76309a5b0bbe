/**
 * Creates a platform administrator on any database (production has no demo seed):
 *   npm run admin:create -- --email ana@empresa.com.br --name "Ana Souza" [--phone 11999998888]
 * The password is read from ADMIN_PASSWORD, or asked for; with neither, the account is created
 * without one and its owner sets it through "Primeiro acesso".
 */
import { parseArgs } from 'node:util';
import readline from 'node:readline/promises';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { openCommandDatabase } from './database';
import { accounts } from '../db/schema';
import { hashPassword, STRONG_PASSWORD } from '../auth/passwords';

const { values } = parseArgs({
  options: { email: { type: 'string' }, name: { type: 'string' }, phone: { type: 'string' } },
});

const input = z
  .object({
    email: z.string({ error: 'Informe --email' }).trim().toLowerCase().email('E-mail inválido'),
    name: z.string({ error: 'Informe --name' }).trim().min(1, 'Informe --name').max(100),
    phone: z
      .string()
      .transform((v) => v.replace(/\D/g, ''))
      .pipe(z.string().regex(/^\d{10,11}$/, 'Telefone inválido'))
      .optional(),
  })
  .safeParse(values);
if (!input.success) {
  console.error(input.error.issues.map((i) => i.message).join('\n'));
  process.exit(1);
}

async function askPassword(): Promise<string | undefined> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) return undefined;
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  const answer = await rl.question('Senha (Enter para definir depois no Primeiro acesso): ');
  rl.close();
  return answer || undefined;
}

const password = await askPassword();
if (password !== undefined && !STRONG_PASSWORD.test(password)) {
  console.error('A senha deve ter no mínimo 8 caracteres, com letra maiúscula, letra minúscula e número.');
  process.exit(1);
}

const database = await openCommandDatabase('pare o servidor, crie o administrador e inicie-o de novo.');
try {
  const { email, name, phone } = input.data;
  const exists = await database.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(sql`lower(${accounts.email}) = ${email}`);
  if (exists.length > 0) {
    console.error(`Já existe uma conta com o e-mail ${email}.`);
    process.exitCode = 1;
  } else {
    const password_hash = password ? await hashPassword(password) : null;
    // The platform's audit trail keeps it too, as any administrator added through the API.
    await database.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(accounts)
        .values({
          fullname: name,
          email,
          phone: phone ?? null,
          role: 'ADMIN',
          permissions: { admin: 1 },
          password_hash,
        })
        .returning({ id: accounts.id });
      await tx.execute(
        sql`select audit_append(null, null, 'Linha de comando (npm run admin:create)', false, null, null,
          'admins', ${String(created!.id)}, 'create', ${`Administrador ${name} criado`}, null)`,
      );
    });
    console.log(
      `Administrador ${name} <${email}> criado.` +
        (password ? '' : ' Ele define a senha em "Primeiro acesso", com o token enviado por e-mail.'),
    );
  }
} finally {
  await database.close();
}
