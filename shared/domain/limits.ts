/** Business constants and limits of spec §9. */
export const APP_VERSION = '1.18.1';
export const BULK_UPLOAD_LOADER_STOP_MS = 3500;
export const BULK_ASSIGN_LOADER_MS = 3500;
export const BULK_INVITE_FLAG_RESET_MS = 5000;
export const INACTIVITY_CHECK_MS = 15_000;
export const SYSTEM_MESSAGE_POLL_MS = 60_000;
export const SYSTEM_MESSAGE_REFRESH_MS = 1000;
export const ALERT_DISMISS_MS = 10_000;
export const TOAST_DISMISS_MS = 5000;
export const REVIEW_CYCLE_YEARS = [1, 2, 3] as const;
export const REMINDER_DAYS_BEFORE = [30, 60, 90, 180] as const;
export const RECENT_WINDOW_DAYS = 365;
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 40;
export const DEFAULT_PAGE_SIZE = 10;
export const DEFAULT_PAGE = 1;
export const MAX_PAGE_LINKS = 3;
export const DATE_DISPLAY_FORMAT = 'MMM dd, yyyy';
export const DATE_SORT_FORMAT = 'M/d/yy';
export const APP_TIMEZONE = 'UTC';
export const DEFAULT_CURRENCY = 'USD';
export const TREE_NODE_HEIGHT = 22;
export const TREE_DROP_SLOT_HEIGHT = 2;
export const TREE_VIRTUAL_SCROLL_BLOCK = 150;
export const POPOVER_OFFSET = 8;
export const TOOLTIP_OFFSET = 6;
export const DROPDOWN_OFFSET = 2;
export const OVERLAY_Z_INDEX = 1055;
export const STORE_DEVTOOLS_MAX_AGE = 25;
/** Longest free-text name we accept (our bound; the spec shows none). */
export const NAME_MAX_LENGTH = 255;
export const DESCRIPTION_MAX_LENGTH = 4000;

/**
 * Lists whose counts are walks, not kept figures, count only as far as the pager can go from the
 * page shown: this many pages past its first row ('100+' on a first page of 10; docs/adr/0023).
 */
export const PAGER_COUNT_PAGES = 10;
