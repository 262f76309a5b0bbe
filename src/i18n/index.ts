import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';

import { appMessages } from './app';
import { raPtBR } from './ptBR';

export { appMessages } from './app';
export { raPtBR } from './ptBR';

export const messages: TranslationMessages = { ...raPtBR, app: appMessages };

// The Painel is Portuguese only, so one locale and no async loading. allowMissing stays false so
// that a typo in a key shows up as the raw key (and a polyglot warning) instead of silently passing.
export const i18nProvider = polyglotI18nProvider(
  () => messages,
  'pt-br',
  [{ locale: 'pt-br', name: 'Português' }],
  { allowMissing: false },
);
