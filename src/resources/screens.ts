import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SoupKitchenIcon from '@mui/icons-material/SoupKitchen';
import HistoryIcon from '@mui/icons-material/History';
import NotificationsIcon from '@mui/icons-material/Notifications';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import RateReviewIcon from '@mui/icons-material/RateReview';
import LoyaltyIcon from '@mui/icons-material/Loyalty';
import type { ResourceName } from '../../contract/definitions';
import type { ScreenModule } from '../engine/resources';
import { NotificationCreate, NotificationDetails } from './notifications';
import { customerScreens } from './customers';
import { restaurantScreens } from './restaurants';
import { reviewRoutes } from './reviews';
import { loyaltyRoutes } from './loyalty';
import { StoryCreate, StoryEdit } from './stories';

/**
 * The icon and the overrides of each resource whose screens are generated (its definition has
 * `screens`). A resource generated as it is (cuisines, cities) needs no entry.
 */
export const screenModules: Partial<Record<ResourceName, ScreenModule>> = {
  admins: { icon: AdminPanelSettingsIcon, overrides: () => import('./admins/screens') },
  'audit-events': { icon: HistoryIcon, overrides: () => import('./audit/screens') },
  commands: { icon: ReceiptLongIcon, overrides: () => import('./tabs/screens') },
  customers: customerScreens,
  faqs: { icon: QuestionAnswerIcon, overrides: () => import('./faqs/screens') },
  notifications: {
    icon: NotificationsIcon,
    overrides: () => import('./notifications/screens'),
    create: NotificationCreate,
    edit: NotificationDetails,
  },
  stories: { overrides: () => import('./stories/screens'), create: StoryCreate, edit: StoryEdit },
  kitchens: { icon: SoupKitchenIcon, overrides: () => import('./kitchens/screens') },
  promoCodes: { icon: LocalOfferIcon, overrides: () => import('./promoCodes/screens') },
  restaurants: restaurantScreens,
  reviews: { icon: RateReviewIcon, overrides: () => import('./reviews/screens'), routes: reviewRoutes },
  'loyalty-programs': {
    icon: LoyaltyIcon,
    overrides: () => import('./loyalty/screens'),
    routes: loyaltyRoutes,
    permission: 'loyalty',
  },
};
