import type { ComponentType } from 'react';
import BarChartIcon from '@mui/icons-material/BarChart';
import StorefrontIcon from '@mui/icons-material/Storefront';
import RestaurantMenuIcon from '@mui/icons-material/RestaurantMenu';
import PeopleIcon from '@mui/icons-material/People';
import NotificationsIcon from '@mui/icons-material/Notifications';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import FastfoodIcon from '@mui/icons-material/Fastfood';
import TableRestaurantIcon from '@mui/icons-material/TableRestaurant';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SoupKitchenIcon from '@mui/icons-material/SoupKitchen';
import EventSeatIcon from '@mui/icons-material/EventSeat';
import SettingsIcon from '@mui/icons-material/Settings';
import LinkIcon from '@mui/icons-material/Link';
import PolicyIcon from '@mui/icons-material/Policy';
import RateReviewIcon from '@mui/icons-material/RateReview';
import DashboardIcon from '@mui/icons-material/Dashboard';
import LoyaltyIcon from '@mui/icons-material/Loyalty';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import IntegrationInstructionsIcon from '@mui/icons-material/IntegrationInstructions';
import HistoryIcon from '@mui/icons-material/History';
import PrintIcon from '@mui/icons-material/Print';
import type { Permission } from '../../contract/permissions';

export interface MenuEntry {
  /** Key under app.menu in the messages. */
  label: string;
  to: string;
  icon: ComponentType;
  /** When the entry is a registered resource, its name (react-admin checks access for it). */
  resource?: string;
  /** A screen of an area of the store: shown to the roles that hold its permission. */
  permission?: Permission;
}

/** Spec 2.2: the platform administrator's side menu, in this order. */
export const adminMenu: MenuEntry[] = [
  { label: 'app.menu.statistics', to: '/statistics', icon: BarChartIcon },
  // Not in the spec's menu: the finance dashboard (/financial) leads to the statement, the deposits and the bank accounts.
  { label: 'app.menu.financial', to: '/financial', icon: AccountBalanceWalletIcon },
  { label: 'app.menu.restaurants', to: '/restaurants', icon: StorefrontIcon, resource: 'restaurants' },
  { label: 'app.menu.cuisines', to: '/cousines', icon: RestaurantMenuIcon, resource: 'cousines' },
  { label: 'app.menu.customers', to: '/customers', icon: PeopleIcon, resource: 'customers' },
  {
    label: 'app.menu.notifications',
    to: '/notifications',
    icon: NotificationsIcon,
    resource: 'notifications',
  },
  { label: 'app.menu.admins', to: '/admins', icon: AdminPanelSettingsIcon, resource: 'admins' },
  { label: 'app.menu.faq', to: '/faqs', icon: HelpOutlineIcon, resource: 'faqs' },
  // Platform spec 2.15: a restaurant's point-of-sale integrations, for the restaurant chosen.
  { label: 'app.menu.integrations', to: '/integrations', icon: IntegrationInstructionsIcon },
  // Not in the spec's menu: the audit trail of the platform and of every restaurant.
  { label: 'app.menu.audit', to: '/audit-events', icon: HistoryIcon, resource: 'audit-events' },
];

/**
 * Spec 2.2: everyone else's (restaurant staff) side menu, in this order. An entry joins the menu
 * with the screen it leads to (Reservas, Configurações, Política de uso and Links de acesso come
 * with their screens): a menu entry never opens "Não encontrado" (tests/web/menus.test.tsx).
 * Salão, Pedidos (the kitchen board) and Comandas are not in the spec's menu, whose routes exist
 * with no way to reach them: they are the screens staff open most during service, right after the
 * statistics. Avaliações, Fidelidade and Mural, routes of the spec without an entry too, follow the
 * spec's own entries.
 */
export const storeMenu: MenuEntry[] = [
  { label: 'app.menu.statistics', to: '/statistics', icon: BarChartIcon, permission: 'statistics' },
  { label: 'app.menu.hall', to: '/hall', icon: TableRestaurantIcon, permission: 'floor' },
  { label: 'app.menu.orders', to: '/orders', icon: SoupKitchenIcon, permission: 'board' },
  // Not in the spec's menu: what the kitchens' printers printed, or did not, with 'Reimprimir'.
  { label: 'app.menu.printJobs', to: '/print-jobs', icon: PrintIcon, resource: 'print-jobs' },
  { label: 'app.menu.commands', to: '/commands', icon: ReceiptLongIcon, resource: 'commands' },
  { label: 'app.menu.reservations', to: '/reserves', icon: EventSeatIcon, resource: 'reserves' },
  { label: 'app.menu.products', to: '/products', icon: FastfoodIcon, permission: 'menu' },
  { label: 'app.menu.settings', to: '/settings', icon: SettingsIcon, permission: 'settings' },
  { label: 'app.menu.usagePolicies', to: '/usage-policies', icon: PolicyIcon },
  { label: 'app.menu.links', to: '/links', icon: LinkIcon, permission: 'settings' },
  { label: 'app.menu.reviews', to: '/reviews', icon: RateReviewIcon, resource: 'reviews' },
  { label: 'app.menu.loyalty', to: '/loyalty-programs', icon: LoyaltyIcon, resource: 'loyalty-programs' },
  { label: 'app.menu.wall', to: '/mural', icon: DashboardIcon, resource: 'mural' },
  // Not in the spec's menu: the store's finance dashboard, statement, deposits and bank accounts.
  { label: 'app.menu.financial', to: '/financial', icon: AccountBalanceWalletIcon, permission: 'finance' },
  // Not in the spec's menu: the store's point-of-sale integration (platform spec 2.15), which the menu import uses.
  {
    label: 'app.menu.integrations',
    to: '/integrations',
    icon: IntegrationInstructionsIcon,
    permission: 'integrations',
  },
  // Not in the spec's menu: the store's audit trail (who did what, when and why).
  { label: 'app.menu.audit', to: '/audit-events', icon: HistoryIcon, resource: 'audit-events' },
];

/** The first screen of the store's menu a role may open: where it lands after signing in. */
export function landingOf(holds: (permission: Permission) => boolean): string {
  return storeMenu.find((entry) => !entry.permission || holds(entry.permission))?.to ?? '/usage-policies';
}
