import { Route } from 'react-router-dom';
import EventSeatIcon from '@mui/icons-material/EventSeat';
import type { ScreenModule } from '../../engine/resources';
import { lazyScreen } from '../preload';
import { reservationPaths } from './paths';

// Loaded when first opened, or with the app on its path (a tablet's reload).
const ReservationHoursPage = lazyScreen(reservationPaths.hours, () =>
  import('./ReservationHoursPage').then((m) => ({ default: m.ReservationHoursPage })),
);

/**
 * Reservas: the generated list (/reserves) and new reservation (/reserves/create), with
 * ./overrides.tsx, and the reservation hours (/reserves/opening-hours), saved on the store.
 */
export const reservationScreens: ScreenModule = {
  icon: EventSeatIcon,
  overrides: () => import('./overrides'),
  routes: [<Route key="hours" path="opening-hours" element={<ReservationHoursPage />} />],
};
