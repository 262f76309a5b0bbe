import SoupKitchenIcon from '@mui/icons-material/SoupKitchen';
import { resourceProps } from '../engine';
import { kitchens as definition } from './definition';

/** Cozinhas: where order items are routed (restaurant spec 2 "Kitchens"). */
export const kitchens = resourceProps(definition, { icon: SoupKitchenIcon, createLabel: 'NOVA COZINHA' });
