import { Route } from 'react-router-dom';
import EventSeatIcon from '@mui/icons-material/EventSeat';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../preload';
import { reservations as definition } from '../../../contract/resources/reservations/definition';
import { reservationPaths } from './paths';

export { reservationPaths };

// Loaded when first opened, or with the app on their path (a tablet's reload).
const ReservationList = lazyScreen(reservationPaths.list, () =>
  import('./ReservationList').then((m) => ({ default: m.ReservationList })),
);
const ReservationCreate = lazyScreen(reservationPaths.create, () =>
  import('./ReservationCreate').then((m) => ({ default: m.ReservationCreate })),
);
const ReservationHoursPage = lazyScreen(reservationPaths.hours, () =>
  import('./ReservationHoursPage').then((m) => ({ default: m.ReservationHoursPage })),
);

/**
 * Reservas: the list (/reserves), a new reservation (/reserves/create) and the reservation hours
 * (/reserves/opening-hours), saved on the store.
 */
export const reservationsResource: ResourceProps = {
  name: definition.name,
  icon: EventSeatIcon,
  options: { label: definition.label.many },
  list: ReservationList,
  create: ReservationCreate,
  children: [<Route key="hours" path="opening-hours" element={<ReservationHoursPage />} />],
};
