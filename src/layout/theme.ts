import { ptBR } from '@mui/material/locale';
import { deepmerge } from '@mui/utils';
import { defaultDarkTheme, type RaThemeOptions } from 'react-admin';

/**
 * The keyboard's focus: a 2 px white outline, 2 px away from the control. Against the dark
 * surfaces it reads 18.7:1 (page, #121212), 17:1 (paper, #1c1c1e) and no less than 10:1 on the
 * raised papers of menus, drawers and dialogs (their white overlay: #373739, #3d3d3f, #414143); the
 * gap keeps it apart from a filled orange button. MUI showed focus only as a slight shade.
 */
const FOCUS_COLOR = '#ffffff';
const focusOutline = { outline: `2px solid ${FOCUS_COLOR}`, outlineOffset: 2 } as const;
/** Inside the control, for those drawn edge to edge in a list or a card that clips what overflows. */
const focusInset = { outline: `2px solid ${FOCUS_COLOR}`, outlineOffset: -2 } as const;
const FOCUSED = '&.Mui-focusVisible';

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
    // Every control the keyboard reaches shows where it is: buttons, icon buttons, tabs, menu and
    // list items, cards that are buttons (all ButtonBase), checkboxes, radios and switches, chips,
    // and the filled and standard inputs and selects (react-admin's), whose only sign was an
    // underline; an outlined input's own 2 px orange border (7:1) is its ring.
    MuiButtonBase: { styleOverrides: { root: { [FOCUSED]: focusOutline } } },
    MuiFilledInput: { styleOverrides: { root: { '&.Mui-focused': focusOutline } } },
    MuiInput: { styleOverrides: { root: { '&.Mui-focused': focusOutline } } },
    // A box that scrolls is a region in the tab order while it overflows (useScrollRegion).
    MuiCssBaseline: {
      styleOverrides: {
        '[role="region"][tabindex="0"]:focus-visible': focusInset,
        // Who asks the system for less motion (WCAG 2.3.3) gets none: dialogs, menus and drawers
        // appear at once, ripples and pulses do not play, and a spinner stands still (still
        // saying that something loads). Transitions last 0 s, which is none at all (a tiny
        // duration would start one on every change, the focus ring's included, that ends a frame
        // later); animations end at once but still start, as the inputs' autofill check needs.
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0s !important',
            transitionDelay: '0s !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
    MuiListItemButton: { styleOverrides: { root: { [FOCUSED]: focusInset } } },
    MuiMenuItem: { styleOverrides: { root: { [FOCUSED]: focusInset } } },
    MuiCardActionArea: { styleOverrides: { root: { [FOCUSED]: focusInset } } },
    MuiChip: { styleOverrides: { root: { [FOCUSED]: focusOutline } } },
    // A switch's round button sits in a box that clips it: the ring goes round its track.
    MuiSwitch: {
      styleOverrides: {
        switchBase: { [FOCUSED]: { outline: 'none' } },
        root: { [`&:has(.Mui-focusVisible) .MuiSwitch-track`]: focusOutline },
      },
    },
  },
});
