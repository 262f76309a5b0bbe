import { useCanAccess } from 'react-admin';
import { ToolbarLink } from '../../engine/parts';
import { defineScreens } from '../../engine/overrides';
import { PRIVACY_PATH } from '../privacy';
import { USAGE_POLICY_PATH } from '../usagePolicy';
import { faqs } from '../../../contract/resources/faqs/definition';

/** The privacy text (spec 2.12) and the terms of use are edited from the FAQ, by who may edit the FAQ. */
function LegalTextLinks() {
  const { canAccess } = useCanAccess({ resource: faqs.name, action: 'edit' });
  return canAccess ? (
    <>
      <ToolbarLink to={PRIVACY_PATH} label="TEXTO DE PRIVACIDADE" />
      {/* The establishments' terms of use (platform spec 9) are the platform's other legal text. */}
      <ToolbarLink to={USAGE_POLICY_PATH} label="TERMOS DE USO" />
    </>
  ) : null;
}

/** Dúvidas: the generated list and form, with the ways to the privacy text and the terms of use. */
export default defineScreens({
  list: { actions: <LegalTextLinks /> },
});
