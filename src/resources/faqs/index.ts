import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import { resourceProps } from '../engine';
import { faqs as definition } from './definition';

export const faqs = resourceProps(definition, {
  icon: QuestionAnswerIcon,
  createLabel: 'CRIAR NOVA PERGUNTA',
});

/** The paths the specification gives the FAQ screens. */
export const faqAliases = [
  { from: '/fac', to: '/faqs' },
  { from: '/fac/add', to: '/faqs/create' },
  { from: '/fac/details', to: '/faqs' },
];
