import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import { resourceProps } from '../engine';
import { PRIVACY_PATH } from '../privacy';
import { faqs as definition } from './definition';

export const faqs = resourceProps(definition, {
  icon: QuestionAnswerIcon,
  createLabel: 'CRIAR NOVA PERGUNTA',
  links: [{ label: 'TEXTO DE PRIVACIDADE', to: PRIVACY_PATH, action: 'edit' }],
});

/** The paths the specification gives the FAQ screens. */
export const faqAliases = [
  { from: '/fac', to: '/faqs' },
  { from: '/fac/add', to: '/faqs/create' },
  { from: '/fac/details', to: '/faqs' },
];
