// Business constants of spec §9 that only the web app uses (those the server shares: src/shared/constants.ts).

export const INITIAL_VISIBLE_CLASSES = 3;
export const DESCRIPTION_PREVIEW_LENGTH = 150;
export const VIDEO_SKELETONS = 6;
export const VIDEO_FETCH_ATTEMPTS = 5;
export const VIDEO_RETRY_BASE_DELAY_MS = 1000;
export const PAGINATION_SLOTS = 5;
export const NOTIFICATIONS_STALE_MS = 5 * 60 * 1000;
export const TOAST_DURATION_MS = 5000;
export const HEADER_SHRINK_PROGRESS = 0.5;
export const ACTIVE_SECTION_OFFSET = 100;
export const SCROLL_OFFSET = 80;
export const IMPORT_RELOAD_DELAY_MS = 1500;
export const DISMISSED_NOTIFICATIONS_KEY = "dismissed-notifications";

/** The notification types the admin form offers, with their labels (spec §3). */
export const NOTIFICATION_FORM_TYPES = [
  { value: "priority-1", label: "High" },
  { value: "priority-2", label: "Medium" },
  { value: "priority-3", label: "Low" },
  { value: "info", label: "Info" },
] as const;

export const EVENT_TYPES = ["retreat", "workshop", "celebration", "course", "symposium", "training"] as const;

export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
