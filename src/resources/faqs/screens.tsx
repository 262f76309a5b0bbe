import { useCanAccess } from 'react-admin';
import { ToolbarLink } from '../generated/parts';
import { defineScreens } from '../overrides';
import { PRIVACY_PATH } from '../privacy';
import { faqs } from './definition';

/** The privacy text is edited from the FAQ (spec 2.12), by who may edit the FAQ. */
function PrivacyLink() {
  const { canAccess } = useCanAccess({ resource: faqs.name, action: 'edit' });
  return canAccess ? <ToolbarLink to={PRIVACY_PATH} label="TEXTO DE PRIVACIDADE" /> : null;
}

/** Dúvidas: the generated list and form, with the way to the privacy text. */
export default defineScreens({
  list: { actions: <PrivacyLink /> },
});
