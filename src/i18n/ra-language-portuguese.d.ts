// The package ships plain CommonJS without typings. Only the loose shape is declared: raPtBR is checked
// against TranslationMessages on its own, so these strings only fill in keys the package has and we lack.
declare module 'ra-language-portuguese' {
  import type { StringMap } from 'react-admin';

  const portugueseMessages: { ra: StringMap };
  export default portugueseMessages;
}
