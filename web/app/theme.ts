import {
  createTheme,
  Menu,
  Modal,
  Popover,
  Select,
  Tooltip,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';
import { DROPDOWN_OFFSET, OVERLAY_Z_INDEX, POPOVER_OFFSET, TOOLTIP_OFFSET } from '../../shared/domain/limits';
import { readableLightTextVariables } from './readable-colours';

/** A calm slate blue; shade 8 (the primary shade) keeps white text above 4.5:1 for axe. */
const tenet: MantineColorsTuple = [
  '#eef3fb',
  '#dce5f4',
  '#b5c8e8',
  '#8baadc',
  '#6890d1',
  '#527fcb',
  '#4676c9',
  '#3865b2',
  '#2b579d',
  '#1d4a8b',
];

export const theme = createTheme({
  primaryColor: 'tenet',
  primaryShade: 8,
  colors: { tenet },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    fontWeight: '600',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  autoContrast: true,
  // People who ask their system for less motion get none: Mantine's transitions (dialogs, menus,
  // popovers) then open and close at once, in their timers as well as in CSS (global.css only
  // shortens the CSS part, and a dialog stayed in its opening state for its whole duration).
  respectReducedMotion: true,
  components: {
    // Spec §9: tooltip on hover and focus, offset 6; popover on click, offset 8; dropdowns offset 2;
    // no open or close delay; overlays on layer 1055.
    Tooltip: Tooltip.extend({
      defaultProps: {
        offset: TOOLTIP_OFFSET,
        zIndex: OVERLAY_Z_INDEX,
        openDelay: 0,
        closeDelay: 0,
        withArrow: true,
        events: { hover: true, focus: true, touch: false },
        multiline: true,
        maw: 320,
      },
    }),
    Popover: Popover.extend({
      defaultProps: { offset: POPOVER_OFFSET, zIndex: OVERLAY_Z_INDEX, shadow: 'md', withArrow: true },
    }),
    // No focus placeholder: Mantine's focusable role=presentation div is not allowed inside a menu (axe).
    Menu: Menu.extend({
      defaultProps: {
        offset: DROPDOWN_OFFSET,
        zIndex: OVERLAY_Z_INDEX,
        shadow: 'md',
        withInitialFocusPlaceholder: false,
      },
    }),
    Select: Select.extend({
      defaultProps: { comboboxProps: { offset: DROPDOWN_OFFSET, zIndex: OVERLAY_Z_INDEX } },
    }),
    // Every dialog's ✕ has a name a screen reader can say (Mantine's has none of its own).
    Modal: Modal.extend({
      defaultProps: {
        zIndex: OVERLAY_Z_INDEX,
        centered: true,
        radius: 'md',
        closeButtonProps: { 'aria-label': 'Close' },
      },
    }),
  },
});

/** A grey that reads at AA contrast on white (Mantine's dimmed and placeholder greys do not). */
const READABLE_GREY = '#5b6672';

/**
 * Mantine's dimmed grey is below 4.5:1 on white; a darker grey passes axe colour-contrast. So is its
 * placeholder grey, which is text on the screen where a file input or a date picker has no value
 * yet ('Choose a file'). So is the text of light badges and buttons in several colours (an ACTIVE
 * status in green, a report group in teal): each keeps its colour, in a shade dark enough to read.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolvedTheme) => ({
  variables: {},
  light: {
    ...readableLightTextVariables(resolvedTheme),
    '--mantine-color-dimmed': READABLE_GREY,
    '--mantine-color-placeholder': READABLE_GREY,
    '--mantine-color-body': '#ffffff',
  },
  dark: {},
});
