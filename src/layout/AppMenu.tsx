import { Menu, usePermissions, useTranslate } from 'react-admin';
import { ADMIN } from '../authProvider';
import { useWorkPlace } from '../authProvider/workPlace';
import { LogoutMenuItem } from './LogoutMenuItem';
import { adminMenu, storeMenu } from './menus';

/** The side menu of the signed-in role, ending with Sair. */
export function AppMenu() {
  const { permissions } = usePermissions<string>();
  const { holds } = useWorkPlace();
  const translate = useTranslate();
  if (permissions === undefined) return null;
  // An area's entry shows only to the roles that hold its permission (the server refuses the rest).
  const entries = (permissions === ADMIN ? adminMenu : storeMenu).filter(
    (entry) => !entry.permission || holds(entry.permission),
  );
  return (
    <Menu>
      {entries.map((entry) => {
        const Icon = entry.icon;
        return entry.resource ? (
          <Menu.ResourceItem
            key={entry.to}
            name={entry.resource}
            primaryText={translate(entry.label)}
            leftIcon={<Icon />}
          />
        ) : (
          <Menu.Item key={entry.to} to={entry.to} primaryText={translate(entry.label)} leftIcon={<Icon />} />
        );
      })}
      <LogoutMenuItem />
    </Menu>
  );
}
