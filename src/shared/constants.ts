// Business constants of spec §9 shared by the server and the web app (those only the web app uses: web/lib/constants.ts).

export const PASSWORD_MIN_LENGTH = 6;
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;
export const DEFAULT_USERNAME = "admin";
/** The app's pages (spec §2); any other path shows the 404 page, answered with status 404. */
export const APP_PAGES = ["/", "/admin", "/admin/reset-password", "/admin/sign-out-everywhere", "/admin/confirm-email", "/practice"] as const;
/** The hidden form field that only bots fill (public forms). */
export const HONEYPOT_FIELD = "website";

export const CLASS_LEVELS = ["None", "Beginner", "Intermediate", "Advanced"] as const;
export type ClassLevel = (typeof CLASS_LEVELS)[number];
/** A class's level as stored: one of CLASS_LEVELS, "None" for anything else. */
export const normalizeLevel = (level: string | undefined): ClassLevel =>
  (CLASS_LEVELS as readonly string[]).includes(level ?? "") ? (level as ClassLevel) : "None";

/** Where a class is held (issue 39), and how the site names each. */
export const CLASS_MODES = ["in-person", "online", "hybrid"] as const;
export const CLASS_MODE_LABELS: Record<(typeof CLASS_MODES)[number], string> = {
  "in-person": "In person",
  online: "Online",
  hybrid: "In person and online",
};
export const CLASS_ICONS = ["book", "yoga", "meditation", "lotus", "sun", "moon", "heart", "breath", "candle", "chant"] as const;
export type ClassIcon = (typeof CLASS_ICONS)[number];
export const DEFAULT_CLASS_ICON: ClassIcon = "book";

/** Every notification type: the admin form's four and the extra types the admin list styles (spec §3). */
export const NOTIFICATION_TYPES = ["priority-1", "priority-2", "priority-3", "info", "success", "warning", "error"] as const;

/** The answer to an admin request whose token has expired or was revoked, shown on the login form. */
export const SESSION_EXPIRED_MESSAGE = "Your session has expired. Please log in again.";
/** Spec §5 import file: the answer when the file is not JSON. */
export const INVALID_JSON_MESSAGE = "Invalid JSON file. Please select a valid exported data file.";
/** The export file's name, `vedanta-export-YYYY-MM-DD.json`: the server's Content-Disposition and the page's download. */
export const exportFileName = (now = new Date()) => `vedanta-export-${now.toISOString().slice(0, 10)}.json`;

/** The seven sections of an export file, in order (spec §3). */
export const EXPORT_SECTIONS = ["events", "classes", "archiveEvents", "messages", "subscribers", "profile", "notifications"] as const;
export type ExportSection = (typeof EXPORT_SECTIONS)[number];

/** What GET /api/profile answers before the teacher's profile is saved (spec §2.1 defaults). */
export const DEFAULT_PROFILE = {
  name: "Swami Atmananda",
  title: "Teacher of Yoga and Vedanta",
  biography:
    "<p>Swami Atmananda is the president of the Vedanta and Yoga Association of Melbourne and has taught yoga and Vedanta for over 27 years.</p>",
  quote: "Come and discover the lightness of life.",
  profileImage: "",
  email: null,
  phone: null,
  address: null,
} as const;

/** Rows on a page of the admin's long lists (issue 33): events, archive entries, registrations. */
export const ADMIN_PAGE_SIZE = 20;
/** Archive entries on a page (spec §9): the server pages the archive (src/modules/archive/filter.ts). */
export const ARCHIVE_PAGE_SIZE = 6;
/** Upcoming events `/` shows before 'View All Events' (spec §9), the first of which it is sent. */
export const INITIAL_VISIBLE_EVENTS = 3;

/**
 * Addresses on a page of the admin's Subscribers (issue 33): one line each, so 50 fill about two screens and twenty
 * thousand are 400 pages; the Messages tab's cards use ADMIN_PAGE_SIZE.
 */
export const SUBSCRIBERS_PAGE_SIZE = 50;
