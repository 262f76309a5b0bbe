import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SoupKitchenIcon from '@mui/icons-material/SoupKitchen';
import HistoryIcon from '@mui/icons-material/History';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import type { ResourceName } from '../../contract/definitions';
import type { ScreenModule } from './engine';

/**
 * The icon and the overrides of each resource whose screens are generated (its definition has
 * `screens`). A resource generated as it is (cuisines, cities) needs no entry.
 */
export const screenModules: Partial<Record<ResourceName, ScreenModule>> = {
  admins: { icon: AdminPanelSettingsIcon, overrides: () => import('./admins/screens') },
  'audit-events': { icon: HistoryIcon, overrides: () => import('./audit/screens') },
  commands: { icon: ReceiptLongIcon, overrides: () => import('./commands/screens') },
  faqs: { icon: QuestionAnswerIcon, overrides: () => import('./faqs/screens') },
  kitchens: { icon: SoupKitchenIcon, overrides: () => import('./kitchens/screens') },
  promoCodes: { icon: LocalOfferIcon, overrides: () => import('./promoCodes/screens') },
};
