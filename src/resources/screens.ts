import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SoupKitchenIcon from '@mui/icons-material/SoupKitchen';
import HistoryIcon from '@mui/icons-material/History';
import NotificationsIcon from '@mui/icons-material/Notifications';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import RateReviewIcon from '@mui/icons-material/RateReview';
import LoyaltyIcon from '@mui/icons-material/Loyalty';
import IntegrationInstructionsIcon from '@mui/icons-material/IntegrationInstructions';
import PrintIcon from '@mui/icons-material/Print';
import type { ResourceName } from '../../contract/definitions';
import type { ScreenModule } from '../engine/resources';
import { customerScreens } from './customers';
import { restaurantScreens } from './restaurants';
import { reviewRoutes } from './reviews';
import { loyaltyRoutes } from './loyalty';
import { reservationScreens } from './reservations';
import { productScreens } from './products';
import { CategoryMenu, categoryRoutes } from './categories';
import { complementGroupRoutes } from './complementGroups';

/**
 * The icon and the overrides of each resource whose screens are generated (its definition has
 * `screens`). A resource generated as it is (cuisines, cities) needs no entry.
 */
export const screenModules: Partial<Record<ResourceName, ScreenModule>> = {
  admins: { icon: AdminPanelSettingsIcon, overrides: () => import('./admins/overrides') },
  'audit-events': { icon: HistoryIcon, overrides: () => import('./audit/overrides') },
  commands: { icon: ReceiptLongIcon, overrides: () => import('./tabs/overrides') },
  customers: customerScreens,
  faqs: { icon: QuestionAnswerIcon, overrides: () => import('./faqs/overrides') },
  notifications: { icon: NotificationsIcon, overrides: () => import('./notifications/overrides') },
  stories: { overrides: () => import('./stories/overrides') },
  kitchens: { icon: SoupKitchenIcon, overrides: () => import('./kitchens/overrides') },
  // The menu: the categories' list at /products, the products' forms, the categories' and the
  // complement groups' screens beside them.
  products: {
    ...productScreens,
    list: CategoryMenu,
    routes: [...(productScreens.routes ?? []), ...categoryRoutes, ...complementGroupRoutes],
  },
  'print-jobs': { icon: PrintIcon, overrides: () => import('./printJobs/overrides') },
  promoCodes: { icon: LocalOfferIcon, overrides: () => import('./promoCodes/overrides') },
  reserves: reservationScreens,
  restaurants: restaurantScreens,
  reviews: { icon: RateReviewIcon, overrides: () => import('./reviews/overrides'), routes: reviewRoutes },
  'loyalty-programs': {
    icon: LoyaltyIcon,
    overrides: () => import('./loyalty/overrides'),
    routes: loyaltyRoutes,
    permission: 'loyalty',
  },
  integrations: {
    icon: IntegrationInstructionsIcon,
    overrides: () => import('./integrations/overrides'),
    permission: 'integrations',
  },
};
