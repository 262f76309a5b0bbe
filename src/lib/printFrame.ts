/**
 * What a printed screen does with the app around it, in its `@media print` styles: the page bare,
 * black on white whatever the theme, and the app bar, the side menu, the notices and the screen's
 * own `hidden` selectors left on screen.
 */
export const printFrame = (hidden: string) => ({
  'html, body, #root, .RaLayout-root, .RaLayout-appFrame, .RaLayout-contentWithSidebar, .RaLayout-content': {
    background: '#fff !important',
    color: '#000 !important',
    margin: '0 !important',
    padding: '0 !important',
    minHeight: '0 !important',
  },
  [`.MuiAppBar-root, .RaSidebar-root, .MuiDrawer-root, .MuiSnackbar-root, ${hidden}`]: {
    display: 'none !important',
  },
});
