import { ptBR } from '@mui/material/locale';
import { deepmerge } from '@mui/utils';
import { defaultDarkTheme, type RaThemeOptions } from 'react-admin';

/**
 * The product's dark theme (spec 1), with the brand's warm accent, and MUI's own Brazilian
 * Portuguese for what react-admin does not translate (the pagination arrows' names, the
 * autocomplete's Abrir / Limpar / Sem opções).
 */
export const theme: RaThemeOptions = deepmerge(deepmerge(defaultDarkTheme, ptBR), {
  palette: {
    mode: 'dark',
    // `dark` is a hovered button's background: MUI's own (30 % darker, #b2602a) left its black
    // text under the 4.5:1 contrast readers need; this one keeps 6.5:1.
    primary: { main: '#ff8a3d', dark: '#e0701f' },
    secondary: { main: '#ffc46b' },
    // MUI's dark red (#f44336) read 2.7:1 as the forms' Remover; this one keeps 5:1 there and on
    // the cards, and its filled buttons take dark text.
    error: { main: '#ff6b5e' },
    background: { default: '#121212', paper: '#1c1c1e' },
  },
  shape: { borderRadius: 10 },
  typography: { fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif' },
  components: {
    // The app bar's spinner, shown while anything loads (the live screens read again often): a
    // progress bar must say what it is to a screen reader. Its props reach the spinner.
    RaLoadingIndicator: { defaultProps: { 'aria-label': 'Carregando' } },
    // The forms' toolbar (Cancelar, Remover, Salvar): react-admin's dark grey (#424242) left the
    // orange and red text buttons under 4.5:1; this one keeps them above 5:1.
    RaToolbar: { styleOverrides: { root: { backgroundColor: '#2a2a2d' } } },
  },
});
