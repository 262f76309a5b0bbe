import { z } from 'zod';
import { requiredText } from '../../lib/fields';
import { instant, maybeText, recordId } from '../../lib/records';
import {
  callPath,
  defineResource,
  type CallDefinition,
  type FieldDefinition,
  type RecordOf,
  type RowOf,
} from '../../define';

/**
 * The establishments' terms of use (restaurant spec 1 and 2, Política de uso at /usage-policies;
 * platform spec 9): one text for the whole platform, with a version, that the platform's
 * administrators write and each store accepts. Served by server/routes/usage-policy.ts: `read`,
 * `save` and `accept` are its calls, and its list is every store with the acceptance that counts.
 *
 * A store's acceptance that counts is the one of the current version when it has one, else its
 * latest. The version, not the text, is what a store accepts: a text corrected under the same
 * version keeps every acceptance of it; a new version asks every store to accept again.
 */

export const USAGE_POLICY_SAVED = 'Termos de uso atualizados com sucesso!';
export const USAGE_POLICY_ACCEPTED = 'Termos de uso aceitos. Obrigado!';
export const USAGE_POLICY_NOT_PUBLISHED = 'Os termos de uso ainda não foram publicados pela plataforma.';
export const USAGE_POLICY_CHANGED =
  'Os termos de uso foram atualizados enquanto você lia. Leia a nova versão antes de aceitar.';
export const USAGE_POLICY_MANAGERS_ACCEPT =
  'Os termos de uso são aceitos pelos gerentes do restaurante, não pela administração da plataforma.';
export const VERSION_MAX = 20;

/** What GET answers before the platform first publishes the terms. */
export const DEFAULT_USAGE_POLICY_TITLE = 'Termos de uso para estabelecimentos';

/**
 * `PATCH /api/usage-policy`: the whole text, its title and its version. The text is plain text:
 * blank lines separate paragraphs, a line that starts with '# ' is a section heading (see
 * `policyBlocks`); nothing in it is ever read as HTML.
 */
export const usagePolicyInput = z.strictObject({
  title: requiredText(200),
  version: requiredText(VERSION_MAX),
  text: requiredText(50_000),
});
export type UsagePolicyInput = z.infer<typeof usagePolicyInput>;

/** `POST /api/usage-policy/accept`: the version the reader was shown, which must still be the current one. */
export const acceptanceInput = z.strictObject({ version: requiredText(VERSION_MAX) });

/** Who accepted a version for the store, and when (null name: the account was removed since). */
export const storeAcceptance = z.object({
  version: z.string(),
  accepted_at: instant,
  account_name: maybeText,
});

/** The terms as staff read them and administrators edit them, with the caller's store's acceptance. */
export const usagePolicyRecord = z.object({
  title: z.string(),
  text: z.string(),
  /** null until the platform first publishes the terms. */
  version: maybeText,
  updated_at: instant.nullable(),
  /** The caller's store's acceptance that counts; always null for an administrator. */
  acceptance: storeAcceptance.nullable(),
});

/** Where a store stands with the current version (the acceptances list's Situação filter). */
export const acceptanceSituations = [
  { id: 'CURRENT', name: 'Versão atual aceita' },
  { id: 'OUTDATED', name: 'Aceitou versão anterior' },
  { id: 'PENDING', name: 'Nunca aceitou' },
] as const;
export type AcceptanceSituation = (typeof acceptanceSituations)[number]['id'];

/** A row of the acceptances list: a store (its id) and the acceptance that counts, if any. */
export const acceptanceRow = z.object({
  id: recordId,
  name: z.string(),
  version: maybeText,
  account_name: maybeText,
  accepted_at: instant.nullable(),
  situation: z.enum(['CURRENT', 'OUTDATED', 'PENDING']),
});

const ENDPOINT = '/api/usage-policy';

/** What the terms' screens call besides the list: read, publish, accept. */
const calls = {
  read: {
    method: 'GET',
    path: '',
    access: 'store',
    summary: 'Ler os termos de uso para estabelecimentos, com o aceite do restaurante de quem chama',
  },
  save: {
    method: 'PATCH',
    path: '',
    access: 'admin',
    summary: 'Publicar o texto e a versão dos termos de uso para estabelecimentos',
  },
  // Accepting binds the establishment: its managers do it (docs/ARCHITECTURE.md, "Roles inside a store").
  accept: {
    method: 'POST',
    path: '/accept',
    access: 'manager',
    summary: 'Aceitar a versão atual dos termos de uso em nome do restaurante (repetir não muda o aceite)',
  },
} as const satisfies Record<string, CallDefinition>;

export const usagePolicyPaths = {
  read: callPath({ endpoint: ENDPOINT }, calls.read),
  save: callPath({ endpoint: ENDPOINT }, calls.save),
  accept: callPath({ endpoint: ENDPOINT }, calls.accept),
};

/** The acceptances list's columns (and its CSV's), and its sort. */
export const acceptanceFields = {
  name: { label: 'Restaurante', kind: 'text', list: true },
  version: { label: 'Versão aceita', kind: 'text', list: true },
  account_name: { label: 'Aceito por', kind: 'text', list: true },
  accepted_at: { label: 'Aceito em', kind: 'datetime', list: true },
  situation: { label: 'Situação', kind: 'select', choices: acceptanceSituations, list: true },
  // The platform's order of the restaurants, as the Restaurantes screen lists them (indexed).
  list_order: { label: 'Ordem', kind: 'number', sortable: true },
} as const satisfies Record<string, FieldDefinition>;

/** The terms' own fields, as the administrators' form edits them (its version's input is its own). */
export const policyFields = {
  title: { label: 'Título', kind: 'text', form: true },
  text: { label: 'Texto', kind: 'textarea', form: true },
} as const satisfies Record<string, FieldDefinition>;

export const usagePolicy = defineResource({
  name: 'usagePolicy',
  endpoint: ENDPOINT,
  label: { one: 'Aceite dos termos de uso', many: 'Aceites dos termos de uso' },
  access: { list: 'admin' },
  calls,
  envelope: { list: 'data.results', one: 'data' },
  fields: { ...acceptanceFields, ...policyFields },
  input: usagePolicyInput,
  record: usagePolicyRecord,
  row: acceptanceRow,
  list: {
    perPage: 25,
    sort: { field: 'list_order', order: 'ASC' },
    search: ['name'],
    path: '/acceptances',
  },
  messages: {
    created: USAGE_POLICY_ACCEPTED,
    updated: USAGE_POLICY_SAVED,
    deleted: 'Aceite removido.',
  },
});

export type UsagePolicy = RecordOf<typeof usagePolicy>;
export type AcceptanceRow = RowOf<typeof usagePolicy>;

/** A piece of the text as it is shown and printed. */
export interface PolicyBlock {
  kind: 'heading' | 'paragraph';
  text: string;
}

/**
 * The text in blocks: paragraphs are separated by blank lines (a single line break stays inside
 * its paragraph), and a line that starts with '# ' is a heading of its own. The screen renders
 * each block as text, so whatever the text holds (markup included) is shown, never run.
 */
export function policyBlocks(text: string): PolicyBlock[] {
  const blocks: PolicyBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join('\n') });
    paragraph = [];
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    const heading = /^#\s+(.+)$/.exec(line.trimStart());
    if (heading) {
      flush();
      blocks.push({ kind: 'heading', text: heading[1]!.trim() });
    } else if (line.trim() === '') {
      flush();
    } else {
      paragraph.push(line.trim());
    }
  }
  flush();
  return blocks;
}
