import RestaurantMenuIcon from '@mui/icons-material/RestaurantMenu';
import { resourceProps } from '../engine';
import { cousines as definition } from './definition';

export const cousines = resourceProps(definition, { icon: RestaurantMenuIcon, createLabel: 'NOVA COZINHA' });

export const cousineAliases = [
  { from: '/cousines/new', to: '/cousines/create' },
  { from: '/cousines/details', to: '/cousines' },
];
