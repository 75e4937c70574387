// The data module's bodies and answers: the version to restore, the rows of an import, app_data's sync state and its
// git history.
import { archiveEvents, classes, events, messages, notifications, profile, subscribers } from "@db/schema.ts";
import { type AnswerOf, answer, doneWith, rowOf } from "@server/lib/answers.ts";
import { EXPORT_SECTIONS } from "@server/shared/constants.ts";
import { archiveEventSchema, classSchema, eventSchema, notificationSchema, profileSchema } from "@server/shared/schemas.ts";
import { text } from "@server/shared/validation.ts";
import { array, assign, boolean, define, enums, type Infer, nullable, number, object, optional, record, size, string } from "superstruct";
import { contactSchema } from "../messages/index.ts";
import { newsletterSchema } from "../subscribers/index.ts";

export const syncStatus = answer(object({ hasAppData: boolean(), lastSync: nullable(string()), files: array(string()) }));
export type SyncStatus = AnswerOf<typeof syncStatus>;

/** The result of the last push to GIT_REMOTE_URL: when, whether it worked, which commit, and what the remote said. */
const lastPush = object({ at: string(), ok: boolean(), commit: string(), message: string() });
export type LastPush = Infer<typeof lastPush>;
/** One commit of app_data's history; `pushed` is null when no remote is set. */
const gitCommit = object({ id: string(), shortId: string(), date: string(), message: string(), pushed: nullable(boolean()) });
export type GitCommit = Infer<typeof gitCommit>;
/** GET /api/admin/git-status: the remote as shown (never with credentials), the branch, the last push, the newest commits. */
export const gitStatus = answer(object({ remote: nullable(string()), branch: string(), lastPush: nullable(lastPush), commits: array(gitCommit) }));
export type GitStatus = AnswerOf<typeof gitStatus>;

const counts = record(enums(EXPORT_SECTIONS), number());
/** POST /api/admin/sync-to-app-data: what was written, and the commit made of it (null: nothing changed, or no git). */
export const synced = doneWith({ lastSync: string(), files: array(string()), commit: nullable(string()) });
/** POST /api/admin/restore-from-app-data: what was restored, and from which version when from git. */
export const restored = doneWith({ counts, commit: optional(string()) });
/** POST /api/admin/import-data: what was imported, and the backup taken before. */
export const imported = doneWith({ counts, backup: string() });
/** GET /api/admin/export-data: the export file (spec §3): its format's version, when, and every content section. */
export const exportAnswer = answer(
  object({
    version: number(),
    exportedAt: string(),
    events: array(rowOf(events)),
    classes: array(rowOf(classes)),
    archiveEvents: array(rowOf(archiveEvents)),
    messages: array(rowOf(messages)),
    subscribers: array(rowOf(subscribers)),
    profile: nullable(rowOf(profile)),
    notifications: array(rowOf(notifications)),
  }),
);

/** A commit id as git writes it in full: 40 lowercase hexadecimal digits. */
const COMMIT_ID = /^[0-9a-f]{40}$/;
/** POST /api/admin/restore-from-app-data: the spec's empty object, or the version ('Restore this version') to restore. */
export const restoreSchema = object({
  commit: optional(
    define<string>("commit", (value) => (typeof value === "string" && COMMIT_ID.test(value)) || "A version is a 40-character commit id"),
  ),
});

// Rows of an export file or app_data section (spec §3, docs/architecture.md): a form's fields plus the stored id and
// timestamps. Missing optional columns take their defaults on import; unknown fields are dropped.
const rowId = optional(
  define<number>("id", (value) => (typeof value === "number" && Number.isSafeInteger(value) && value > 0) || "Id must be a positive whole number"),
);
const rowTimestamp = (field: string) =>
  optional(
    define<string>(
      "timestamp",
      (value) => (typeof value === "string" && value.length <= 40 && !Number.isNaN(Date.parse(value))) || `${field} must be a date-time`,
    ),
  );
const rowColumns = { id: rowId, createdAt: rowTimestamp("createdAt") };

/** Issue 38: a cancelled event keeps its mark and message (an older export has neither: the event is on). */
export const eventRowSchema = assign(
  eventSchema,
  object({ ...rowColumns, cancelledAt: optional(nullable(rowTimestamp("cancelledAt"))), cancelReason: optional(nullable(size(string(), 0, 1000))) }),
);
export const classRowSchema = assign(classSchema, object(rowColumns));
/** Archive rows may store no extra images (null). */
export const archiveEventRowSchema = assign(
  archiveEventSchema,
  object({ ...rowColumns, images: optional(nullable(archiveEventSchema.schema.images)) }),
);
export const messageRowSchema = assign(contactSchema, object({ ...rowColumns, isRead: optional(boolean()) }));
/** A subscriber row keeps its opt-in state (issue 15); rows from older exports are confirmed. */
export const subscriberRowSchema = assign(
  newsletterSchema,
  object({ ...rowColumns, state: optional(enums(["pending", "confirmed", "unsubscribed"])) }),
);
export const profileRowSchema = assign(profileSchema, object({ id: rowId, updatedAt: rowTimestamp("updatedAt") }));
/** Stored notifications may carry any type name; the admin list shows unknown ones as info (spec §3). */
export const notificationRowSchema = assign(notificationSchema, object({ ...rowColumns, type: optional(text(1, "Type is required", 40)) }));
