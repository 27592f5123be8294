/** Business constants of spec §9, shared by the server and the web app. */
const SECOND = 1000;
const MINUTE = 60 * SECOND;

export const VEHICLE_LIST_REFETCH_MS = 30 * SECOND;
export const VEHICLE_LIST_STALE_MS = 5 * MINUTE;
export const DEVICE_LIST_STALE_MS = 5 * MINUTE;
export const CLIENT_COUNTS_STALE_MS = 30 * SECOND;
export const FLEET_DEVICES_REFETCH_MS = 15 * SECOND;
export const VEHICLE_DEVICE_STATUS_REFETCH_MS = 30 * SECOND;

export const LOCAL_CACHE_FRESHNESS_MS = 60 * MINUTE;

export const VIN_LENGTH = 17;
export const VIN_AUTO_DECODE_DELAY_MS = 1000;

export const YEAR_MIN = 1900;
export const YEAR_MAX_AHEAD = 2;
export const ODOMETER_MAX = 9_999_999;

export const PHOTO_JPEG_QUALITY = 0.8;
export const PHOTO_IDEAL_WIDTH = 1920;
export const PHOTO_IDEAL_HEIGHT = 1080;
/** Largest photo the server accepts, in bytes of decoded JPEG. */
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;

export const MOBILE_MAX_WIDTH_PX = 768;
export const LOW_BATTERY_PERCENT = 30;

export const ROUTE_HISTORY_LIMIT = 10;
export const POST_LOGIN_REDIRECT_MS = 100;

export const TOUR_STEP_COUNT = 12;
export const TOUR_AUTO_ADVANCE_MS = 8000;
export const TOUR_AUTO_OPEN_MS = 1000;

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_MAX_WIDTH_PX = 420;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_HOTKEY = 'F8';
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export const RECENT_MOODS_SHOWN = 5;
export const SPEECH_LANGUAGE = 'en-US';

export const STORAGE_KEYS = {
  token: 'token',
  selectedClientId: 'selectedClientId',
  rememberMe: 'rememberMe',
  tourCompleted: 'tourCompleted',
} as const;

/** Statuses of agencies in use are refreshed from the external system at least this often. */
export const STATUS_REFRESH_MS = 15 * SECOND;
