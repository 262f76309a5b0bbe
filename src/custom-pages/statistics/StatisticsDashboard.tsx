import { usePermissions } from 'react-admin';
import { ADMIN } from '../../authProvider';
import { usePeriod } from './period';
import { PlatformStatistics } from './PlatformStatistics';
import { StoreStatistics } from './StoreStatistics';

/** Staff's statistics: their own store (the API knows which), over the period in the address. */
function OwnStoreStatistics() {
  const [period, choose] = usePeriod();
  return <StoreStatistics period={period} onPeriod={choose} />;
}

/** What /statistics shows: the platform to administrators, their store to staff. */
export function StatisticsDashboard() {
  const { permissions, isPending } = usePermissions<string>();
  if (isPending) return null;
  return permissions === ADMIN ? <PlatformStatistics /> : <OwnStoreStatistics />;
}
