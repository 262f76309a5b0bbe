import { lazy } from 'react';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import type { ResourceProps } from 'react-admin';
import { promoCodes as definition } from './definition';

// Loaded when first opened, not with the login page.
const PromoCodeList = lazy(() => import('./PromoCodeList').then((m) => ({ default: m.PromoCodeList })));
const PromoCodeCreate = lazy(() => import('./PromoCodeCreate').then((m) => ({ default: m.PromoCodeCreate })));

/** Cupons: the platform's promo codes (spec 2.13); listed, added and switched on or off. */
export const promoCodes: ResourceProps = {
  name: definition.name,
  icon: LocalOfferIcon,
  options: { label: definition.label.many },
  list: PromoCodeList,
  create: PromoCodeCreate,
  recordRepresentation: 'code',
};
