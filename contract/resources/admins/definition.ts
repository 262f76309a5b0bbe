import { z } from 'zod';
import { maskPhone, onlyDigits } from '../../lib/format';
import { EMAIL_MESSAGE, PHONE_MESSAGE, REQUIRED } from '../../lib/fields';
import { isValidEmail, isValidPhone } from '../../lib/validators';
import { instant, maybeText, recordId } from '../../lib/records';
import { defineResource, type RecordOf } from '../../define';
import { TEAM_ROLE_IDS, TEAM_ROLES } from '../../permissions';

/**
 * Accounts that sign in to the back-office, for two audiences on the same paths: platform
 * administrators (platform-admin spec 2.11, 5 "Add administrator") and a restaurant's team
 * (restaurant spec "Team", 5 "Add collaborator"). Each audience has its own messages and
 * password length; the server picks the rules by the account being written.
 */

/** Every account's password has at least 8 characters; the spec's wording, with the product's minimum. */
export const PASSWORD_MIN = 8;
export const ADMIN_PASSWORD_MESSAGE = 'Você precisa informar uma senha de no mínimo 8 caracteres.';
export const COLLABORATOR_PASSWORD_MESSAGE = 'No mínimo 8 caracteres';
export const ADMIN_CONFIRMATION_MESSAGE = 'As senhas devem ser iguais';
export const COLLABORATOR_CONFIRMATION_MESSAGE = 'As senhas precisam ser iguais';
export const DUPLICATE_EMAIL = 'Já existe uma conta com esse e-mail.';
export const INCLUDED_MESSAGE = 'Colaboradores incluídos com sucesso!';
export const WRONG_OLD_PASSWORD = 'Senha atual incorreta.';
export const OLD_PASSWORD_NEEDED = 'Informe a senha atual.';

/** The messages of one audience's form. */
interface Rules {
  nameRequired: string;
  emailRequired: string;
  emailInvalid: string;
  phoneRequired: string;
  /** Spec 5 gives administrators the mobile pattern '(XX) XXXXX-XXXX' alone: 11 digits. */
  mobileOnly: boolean;
  passwordRequired: string;
  passwordShort: string;
  confirmation: string;
}

const adminRules: Rules = {
  nameRequired: REQUIRED,
  emailRequired: REQUIRED,
  emailInvalid: EMAIL_MESSAGE,
  phoneRequired: REQUIRED,
  mobileOnly: true,
  passwordRequired: ADMIN_PASSWORD_MESSAGE,
  passwordShort: ADMIN_PASSWORD_MESSAGE,
  confirmation: ADMIN_CONFIRMATION_MESSAGE,
};

const collaboratorRules: Rules = {
  nameRequired: 'Por favor preencher o nome.',
  emailRequired: 'E-mail obrigatório.',
  emailInvalid: 'E-mail incorreto.',
  phoneRequired: 'Telefone obrigatório',
  mobileOnly: false,
  passwordRequired: 'Senha obrigatória',
  passwordShort: COLLABORATOR_PASSWORD_MESSAGE,
  confirmation: COLLABORATOR_CONFIRMATION_MESSAGE,
};

/** A field left blank, or never filled (null), is a field not given. */
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const fullname = (rules: Rules) =>
  z
    .string({ error: rules.nameRequired })
    .trim()
    .min(1, rules.nameRequired)
    .max(100, 'Limite máximo de 100 caracteres.');

const emailField = (rules: Rules) =>
  z
    .string({ error: rules.emailRequired })
    .trim()
    .min(1, rules.emailRequired)
    .refine((value) => isValidEmail(value), rules.emailInvalid)
    .transform((value) => value.toLowerCase());

/** Typed with or without the mask '(XX) XXXXX-XXXX'; kept as its digits. */
const phoneField = (rules: Rules) =>
  z
    .string({ error: rules.phoneRequired })
    .trim()
    .min(1, rules.phoneRequired)
    .refine(
      (value) => isValidPhone(value) && (!rules.mobileOnly || onlyDigits(value).length === 11),
      PHONE_MESSAGE,
    )
    .transform(onlyDigits);

/** Passwords are taken as typed: no trimming. */
const passwordField = (rules: Rules) =>
  z
    .string({ error: rules.passwordRequired })
    .min(1, rules.passwordRequired)
    .min(PASSWORD_MIN, rules.passwordShort)
    .max(200, 'Limite máximo de 200 caracteres.');

/**
 * The permissions object an administrator's form sends, on adding and on saving alike: a single
 * flag set to 1 (spec 6; the finer model is not specified).
 */
export const ADMIN_PERMISSIONS = { admin: 1 };

/** Per-feature flags; adding an administrator sends `{ admin: 1 }` (spec 6). */
const permissions = z
  .record(z.string().trim().min(1).max(40), z.union([z.literal(0), z.literal(1)]), {
    error: 'Permissões inválidas.',
  })
  .refine((value) => Object.keys(value).length <= 50, 'Permissões demais.');

/** Where an administrator puts a new team member; staff always write into their own store. */
const storeId = z.coerce
  .number({ error: 'Restaurante inválido.' })
  .int('Restaurante inválido.')
  .positive('Restaurante inválido.');

/** Restaurant spec 9: the team's table shows 8 rows a page. */
export const TEAM_PAGE_SIZE = 8;

/** A team member's role (contract/permissions.ts says what each may do). */
export const teamRoles = TEAM_ROLES;
const teamRole = z.enum(TEAM_ROLE_IDS, {
  error: 'Função inválida: use MANAGER, WAITER, CASHIER, KITCHEN ou STAFF.',
});
/** Only a team has roles to choose; administrators are all alike. */
const teamShape = { role: teamRole.optional() };

function createInput<Extra extends z.ZodRawShape>(rules: Rules, extra: Extra) {
  return z.strictObject({
    ...extra,
    fullname: fullname(rules),
    email: emailField(rules),
    phone: phoneField(rules),
    password: passwordField(rules),
    permissions: permissions.optional(),
    store_id: storeId.optional(),
  });
}

/**
 * An update sends any of the profile fields; a new password is optional, and required when the
 * old one is given (spec 5).
 */
function updateInput<Extra extends z.ZodRawShape>(rules: Rules, extra: Extra) {
  return z
    .strictObject({
      ...extra,
      fullname: fullname(rules).optional(),
      email: emailField(rules).optional(),
      phone: phoneField(rules).optional(),
      permissions: permissions.optional(),
      password: z.preprocess(blankToUndefined, passwordField(rules).optional()),
      old_password: z.preprocess(blankToUndefined, z.string().max(200).optional()),
    })
    .superRefine((value: Record<string, unknown>, context) => {
      if (value.old_password !== undefined && value.password === undefined) {
        context.addIssue({ code: 'custom', path: ['password'], message: rules.passwordRequired });
      }
      if (Object.values(value).every((field) => field === undefined)) {
        context.addIssue({ code: 'custom', path: [], message: 'Informe ao menos um campo para alterar.' });
      }
    });
}

export const adminCreateInput = createInput(adminRules, {});
export const adminUpdateInput = updateInput(adminRules, {});
export const collaboratorCreateInput = createInput(collaboratorRules, teamShape);
export const collaboratorUpdateInput = updateInput(collaboratorRules, teamShape);

/** Always run, also while other fields are still empty: each field shows its message at once. */
const always = { when: () => true };

/** The forms add the confirmation, which is checked in the browser and never sent. */
function withConfirmation<Shape extends z.ZodRawShape>(shape: Shape, rules: Rules, required: boolean) {
  return z.object({ ...shape, password_confirmation: z.unknown().optional() }).refine(
    (value: Record<string, unknown>) => {
      const password = blankToUndefined(value.password);
      const confirmation = blankToUndefined(value.password_confirmation);
      return !(required || password !== undefined || confirmation !== undefined) || password === confirmation;
    },
    { path: ['password_confirmation'], message: rules.confirmation, ...always },
  );
}

/** Add administrator (/admins/add): name, phone, e-mail, password and its confirmation. */
export const adminCreateForm = withConfirmation(adminCreateInput.shape, adminRules, true);
/** Administrator detail: the profile, and optionally a new password with the old one. */
export const adminEditForm = withConfirmation(
  {
    fullname: fullname(adminRules),
    email: emailField(adminRules),
    phone: phoneField(adminRules),
    password: z.preprocess(blankToUndefined, passwordField(adminRules).optional()),
    old_password: z.preprocess(blankToUndefined, z.string().max(200).optional()),
  },
  adminRules,
  false,
).refine(
  (value: Record<string, unknown>) =>
    blankToUndefined(value.old_password) === undefined || blankToUndefined(value.password) !== undefined,
  { path: ['password'], message: adminRules.passwordRequired, ...always },
);
/** Add collaborator (restaurant spec 5), for the team screens. */
export const collaboratorCreateForm = withConfirmation(
  collaboratorCreateInput.shape,
  collaboratorRules,
  true,
);

/**
 * A team member's screen (restaurant spec "Team": edit or remove): the profile and the role, and
 * optionally a new password with its repetition (and the current one, for one's own: the screen
 * adds that rule, the server checks it).
 */
export const collaboratorEditForm = withConfirmation(
  {
    fullname: fullname(collaboratorRules),
    email: emailField(collaboratorRules),
    phone: phoneField(collaboratorRules),
    role: teamRole.optional(),
    password: z.preprocess(blankToUndefined, passwordField(collaboratorRules).optional()),
    old_password: z.preprocess(blankToUndefined, z.string().max(200).optional()),
  },
  collaboratorRules,
  false,
);

/**
 * Attaches an existing account to a store's team (/admins/include-collaborator), with a role there
 * (Colaborador unless said): an administrator names the store; a store's team adds to its own.
 */
export const includeCollaboratorInput = z.strictObject({
  email: emailField(adminRules),
  store_id: z.coerce
    .number({ error: 'Selecione o restaurante.' })
    .int('Selecione o restaurante.')
    .positive('Selecione o restaurante.')
    .optional(),
  role: teamRole.optional(),
});

export const admins = defineResource({
  name: 'admins',
  endpoint: '/api/admins',
  label: { one: 'Administrador', many: 'Permissões' },
  // Administrators manage administrators (and, naming a store, its team); a store's members whose
  // role holds "Equipe" manage their own team, which every member of it may read.
  access: { list: 'store', one: 'store', create: 'store:team', update: 'store:team', delete: 'store:team' },
  envelope: { list: 'data.results', one: 'data' },
  fields: {
    fullname: { label: 'Nome', kind: 'text', list: true, form: true, sortable: true },
    email: { label: 'E-mail', kind: 'text', list: true, form: true, sortable: true },
    // The export reads the phone as the list shows it: masked.
    phone: {
      label: 'Telefone',
      kind: 'text',
      list: true,
      form: true,
      text: (record) => maskPhone(record.phone as string | null),
    },
    created_at: { label: 'Criado em', kind: 'date', list: true, sortable: true },
  },
  // What the endpoint takes of either audience (a team member's role too): what the web client
  // sends of a form. The server reads each body with its audience's own schema above.
  input: createInput(adminRules, teamShape),
  updateInput: updateInput(adminRules, teamShape),
  // An account as answers carry it: never its password hash, lock or counters.
  record: z.object({
    id: recordId,
    fullname: z.string(),
    email: z.string(),
    phone: maybeText,
    role: z.string(),
    store_id: recordId.nullable(),
    permissions: z.record(z.string(), z.number()),
    status: z.enum(['ACTIVE', 'INACTIVE']),
    created_at: instant,
  }),
  calls: {
    includeCollaborator: {
      method: 'POST',
      path: '/include-collaborator',
      access: 'store:team',
      summary: 'Inclui uma conta existente na equipe de um restaurante, com uma função nele',
    },
  },
  list: { perPage: 50, sort: { field: 'fullname', order: 'ASC' }, search: ['fullname', 'email'] },
  // Generated screens, for administrators: the team's are the restaurant's own (src/resources/team).
  screens: {
    createLabel: 'ADICIONAR ADMINISTRADOR',
    searchPlaceholder: 'Buscar por nome ou e-mail',
    titles: { create: 'Adicionar administrador', edit: 'Administrador' },
  },
  messages: {
    created: 'Administrador adicionado com sucesso!',
    updated: 'Administrador atualizado com sucesso!',
    deleted: 'Administrador removido com sucesso!',
    duplicate: DUPLICATE_EMAIL,
    notFound: 'Conta não encontrada.',
  },
});

export type Member = RecordOf<typeof admins>;
