import LocationCityIcon from '@mui/icons-material/LocationCity';
import { resourceProps } from '../engine';
import { operations as definition } from './definition';

export const operations = resourceProps(definition, { icon: LocationCityIcon, createLabel: 'NOVA CIDADE' });
