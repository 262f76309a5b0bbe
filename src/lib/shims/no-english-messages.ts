// react-admin's <Admin> builds an English i18nProvider as the default of a prop the app always
// sets (src/i18n): its English messages would travel with the login page and never be read.
export default {};
