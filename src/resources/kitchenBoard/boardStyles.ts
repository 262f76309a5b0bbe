/**
 * What the board's controls share: a focus outline a cook sees from the keyboard (3 px of white,
 * clear of the control, over the dark page and cards at more than 15:1), whatever the app's theme
 * does for focus, and the sizes of a finger on a tablet.
 */
export const FOCUS_RING = {
  '&:focus-visible, &.Mui-focusVisible': {
    outline: '3px solid #ffffff',
    outlineOffset: '2px',
    // Above its neighbours, so the outline is never hidden under the next button of a group.
    zIndex: 1,
  },
} as const;

/** The same outline drawn inside, for what sits flush against its container (a menu's rows). */
export const FOCUS_RING_INSIDE = {
  '&:focus-visible, &.Mui-focusVisible': { outline: '3px solid #ffffff', outlineOffset: '-3px' },
} as const;

/** The smallest a control the kitchen presses is, each way. */
export const TOUCH = 44;
