import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';

import { appMessages } from './app';
import { raPtBR } from './ptBR';

export { appMessages } from './app';
export { raPtBR } from './ptBR';

export const messages: TranslationMessages = { ...raPtBR, app: appMessages };

// The Painel is Portuguese only, so one locale and no async loading. Missing react-admin keys are
// caught at compile time by the typed messages; at run time, literal Portuguese strings passed as
// labels and notices are shown as they are, without a console warning each.
export const i18nProvider = polyglotI18nProvider(
  () => messages,
  'pt-br',
  [{ locale: 'pt-br', name: 'Português' }],
  { allowMissing: true },
);
