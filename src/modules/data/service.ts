// Export and import of the seven content sections (spec §3 export sections, §5 import file; issue 2 item 9).
import { basename } from "node:path";
import type { Db } from "@db/client.ts";
import {
  type ArchiveEvent,
  archiveEvents,
  type Class,
  classDateCancellations,
  classes,
  type Event,
  eventRegistrations,
  events,
  type Message,
  messages,
  type Notification,
  notifications,
  type Profile,
  profile,
  type Subscriber,
  subscribers,
} from "@db/schema.ts";
import type { Config } from "@server/config.ts";
import { badRequest, type Issue } from "@server/lib/errors.ts";
import { sanitizeRichText } from "@server/lib/rich-text.ts";
import { DEFAULT_CLASS_ICON, EXPORT_SECTIONS, type ExportSection, normalizeLevel } from "@server/shared/constants.ts";
import { asc } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { type Struct, validate } from "superstruct";
import { BACKUPS_KEPT as BACKUPS_KEPT_BY_KIND, takeBackup } from "../backups/index.ts";
import {
  archiveEventRowSchema,
  classRowSchema,
  eventRowSchema,
  messageRowSchema,
  notificationRowSchema,
  profileRowSchema,
  subscriberRowSchema,
} from "./model.ts";

/** The format version written into export files and the app_data manifest. */
export const DATA_FORMAT_VERSION = 1;
/** How many safety copies before an import `DATA_DIR/backups/` keeps (oldest removed first). */
export const BACKUPS_KEPT = BACKUPS_KEPT_BY_KIND["before-import"];

/** The seven content sections, as stored (rows with every column, ids included). */
export type ContentSections = {
  events: Event[];
  classes: Class[];
  archiveEvents: ArchiveEvent[];
  messages: Message[];
  subscribers: Subscriber[];
  profile: Profile | null;
  notifications: Notification[];
};

/** GET /api/admin/export-data: the content sections plus a format version and the export time. */
export type ExportData = { version: number; exportedAt: string } & ContentSections;

/** What the data functions need: the database and the two folders (an AppContext fits). */
export type DataDeps = { db: Db; config: Pick<Config, "dataDir" | "appDataDir">; now?: () => Date };

/** Validated rows ready to insert (defaults filled, rich text sanitised). */
export type ContentRows = {
  events: (typeof events.$inferInsert)[];
  classes: (typeof classes.$inferInsert)[];
  archiveEvents: (typeof archiveEvents.$inferInsert)[];
  messages: (typeof messages.$inferInsert)[];
  subscribers: (typeof subscribers.$inferInsert)[];
  profile: typeof profile.$inferInsert | null;
  notifications: (typeof notifications.$inferInsert)[];
};

export type ReplaceResult = { counts: Record<ExportSection, number>; registrationsKept: number; registrationsDropped: number };

const TABLES = {
  events,
  classes,
  archiveEvents,
  messages,
  subscribers,
  profile,
  notifications,
} satisfies Record<ExportSection, SQLiteTable>;

/** Every content row, each section ordered by id. */
export function readContent(db: Db): ContentSections {
  return {
    events: db.select().from(events).orderBy(asc(events.id)).all(),
    classes: db.select().from(classes).orderBy(asc(classes.id)).all(),
    archiveEvents: db.select().from(archiveEvents).orderBy(asc(archiveEvents.id)).all(),
    messages: db.select().from(messages).orderBy(asc(messages.id)).all(),
    subscribers: db.select().from(subscribers).orderBy(asc(subscribers.id)).all(),
    profile: db.select().from(profile).orderBy(asc(profile.id)).limit(1).get() ?? null,
    notifications: db.select().from(notifications).orderBy(asc(notifications.id)).all(),
  };
}

/** The export file's content: never users, settings or secrets. */
export function exportData(deps: DataDeps): ExportData {
  const now = deps.now?.() ?? new Date();
  return { version: DATA_FORMAT_VERSION, exportedAt: now.toISOString(), ...readContent(deps.db) };
}

/** True when any of the seven content tables holds a row (users and settings do not count). */
export function hasContent(db: Db): boolean {
  return Object.values(TABLES).some((table) => db.select().from(table).limit(1).get() !== undefined);
}

/** One line of counts, e.g. "3 events, 2 classes, 0 archive events, 1 message, 4 subscribers, a profile, 2 notifications". */
export function describeCounts(counts: Record<ExportSection, number>): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return [
    plural(counts.events, "event", "events"),
    plural(counts.classes, "class", "classes"),
    plural(counts.archiveEvents, "archive event", "archive events"),
    plural(counts.messages, "message", "messages"),
    plural(counts.subscribers, "subscriber", "subscribers"),
    counts.profile ? "a profile" : "no profile",
    plural(counts.notifications, "notification", "notifications"),
  ].join(", ");
}

export const countSections = (content: ContentSections | ContentRows): Record<ExportSection, number> => ({
  events: content.events.length,
  classes: content.classes.length,
  archiveEvents: content.archiveEvents.length,
  messages: content.messages.length,
  subscribers: content.subscribers.length,
  profile: content.profile ? 1 : 0,
  notifications: content.notifications.length,
});

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Checks an export file (or the sections read from app_data) and returns rows ready to insert. Every section is
 * required; every record is validated with the shared row schemas (unknown fields dropped, ids kept, rich text
 * sanitised). Throws a 400 naming the section (`where(section)`) and the record index on the first bad section.
 */
export function parseContent(input: unknown, where: (section: ExportSection) => string = (section) => section): ContentRows {
  if (!isRecord(input)) {
    throw badRequest(`Invalid data format. Missing required sections: ${EXPORT_SECTIONS.join(", ")}`);
  }
  const missing = EXPORT_SECTIONS.filter((section) => input[section] === undefined);
  if (missing.length) throw badRequest(`Invalid data format. Missing required sections: ${missing.join(", ")}`);
  if (input.version !== undefined && input.version !== DATA_FORMAT_VERSION) {
    throw badRequest(`Unsupported data format version ${JSON.stringify(input.version)}; this site reads version ${DATA_FORMAT_VERSION}.`);
  }

  const section = <T>(name: Exclude<ExportSection, "profile">, schema: Struct<T, unknown>): T[] => {
    const records = input[name];
    if (!Array.isArray(records)) throw badRequest(`Invalid data format. ${where(name)} must be a list of records.`);
    return records.map((record, index) => checkRecord(record, schema, where(name), index));
  };

  const eventRows = section("events", eventRowSchema);
  const classRows = section("classes", classRowSchema);
  const archiveRows = section("archiveEvents", archiveEventRowSchema);
  const messageRows = section("messages", messageRowSchema);
  const subscriberRows = section("subscribers", subscriberRowSchema);
  const notificationRows = section("notifications", notificationRowSchema);
  const profileRow = input.profile === null ? null : checkRecord(input.profile, profileRowSchema, where("profile"), null);

  const byId = (row: { id?: number }) => row.id;
  ensureUnique(eventRows, where("events"), byId, "id");
  ensureUnique(classRows, where("classes"), byId, "id");
  ensureUnique(archiveRows, where("archiveEvents"), byId, "id");
  ensureUnique(messageRows, where("messages"), byId, "id");
  ensureUnique(subscriberRows, where("subscribers"), byId, "id");
  ensureUnique(subscriberRows, where("subscribers"), (row) => row.email.toLowerCase(), "email");
  ensureUnique(notificationRows, where("notifications"), byId, "id");

  const rich = (html: string) => sanitizeRichText(html);
  return {
    events: eventRows.map((row) => ({
      ...row,
      description: rich(row.description),
      archiveDescription: row.archiveDescription == null ? row.archiveDescription : rich(row.archiveDescription),
      images: row.images ?? [],
      isHighlighted: row.isHighlighted ?? false,
    })),
    classes: classRows.map((row) => ({
      ...row,
      description: rich(row.description),
      level: normalizeLevel(row.level),
      icon: row.icon ?? DEFAULT_CLASS_ICON,
    })),
    archiveEvents: archiveRows.map((row) => ({ ...row, description: rich(row.description), images: row.images ?? null })),
    messages: messageRows.map((row) => ({ ...row, isRead: row.isRead ?? false })),
    subscribers: subscriberRows,
    profile: profileRow && { ...profileRow, biography: rich(profileRow.biography) },
    notifications: notificationRows.map((row) => ({
      ...row,
      message: rich(row.message),
      type: row.type ?? "info",
      isActive: row.isActive ?? true,
    })),
  };
}

function checkRecord<T>(record: unknown, schema: Struct<T, unknown>, where: string, index: number | null): T {
  const at = index === null ? where : `${where} at index ${index}`;
  if (!isRecord(record))
    throw badRequest(`Invalid record in ${at}: expected an object`, { issues: [{ path: pathOf(where, index, ""), message: "Expected an object" }] });
  const [error, value] = validate(record, schema, { coerce: true, mask: true });
  if (error) {
    const issues: Issue[] = error.failures().map((failure) => ({ path: pathOf(where, index, failure.path.join(".")), message: failure.message }));
    // biome-ignore lint/style/noNonNullAssertion: a StructError has at least one failure
    const first = error.failures()[0]!;
    throw badRequest(`Invalid record in ${at}: ${first.path.join(".") || "record"}: ${first.message}`, { issues });
  }
  return value;
}

const pathOf = (where: string, index: number | null, field: string) => [where, index === null ? "" : String(index), field].filter(Boolean).join(".");

function ensureUnique<T>(rows: T[], where: string, key: (row: T) => unknown, label: string) {
  const seen = new Map<unknown, number>();
  rows.forEach((row, index) => {
    const value = key(row);
    if (value === undefined || value === null) return;
    const earlier = seen.get(value);
    if (earlier !== undefined) {
      throw badRequest(`Invalid record in ${where} at index ${index}: ${label} ${JSON.stringify(value)} is already used at index ${earlier}`, {
        issues: [{ path: pathOf(where, index, label), message: `Duplicate ${label}` }],
      });
    }
    seen.set(value, index);
  });
}

/**
 * Replaces every content row with `rows` in one transaction. Registrations and class bookings whose event or class id
 * still exists are kept, the others dropped; users and settings are untouched. Nothing changes when it throws.
 */
export function replaceContent(db: Db, rows: ContentRows): ReplaceResult {
  return db.transaction(
    (tx) => {
      // What lives beside the content (places booked, dates called off) stays with what remains of it.
      const registrations = tx.select().from(eventRegistrations).all();
      const cancelledDates = tx.select().from(classDateCancellations).all();
      tx.delete(eventRegistrations).run();
      tx.delete(classDateCancellations).run();
      for (const table of Object.values(TABLES)) tx.delete(table).run();

      const eventIds = new Set<number>();
      for (const chunk of chunks(rows.events)) {
        for (const { id } of tx.insert(events).values(chunk).returning({ id: events.id }).all()) eventIds.add(id);
      }
      const classIds = new Set<number>();
      for (const chunk of chunks(rows.classes)) {
        for (const { id } of tx.insert(classes).values(chunk).returning({ id: classes.id }).all()) classIds.add(id);
      }
      for (const chunk of chunks(rows.archiveEvents)) tx.insert(archiveEvents).values(chunk).run();
      for (const chunk of chunks(rows.messages)) tx.insert(messages).values(chunk).run();
      for (const chunk of chunks(rows.subscribers)) tx.insert(subscribers).values(chunk).run();
      if (rows.profile) tx.insert(profile).values(rows.profile).run();
      for (const chunk of chunks(rows.notifications)) tx.insert(notifications).values(chunk).run();

      const kept = registrations.filter((registration) =>
        registration.eventId !== null ? eventIds.has(registration.eventId) : registration.classId !== null && classIds.has(registration.classId),
      );
      for (const chunk of chunks(kept)) tx.insert(eventRegistrations).values(chunk).run();
      for (const chunk of chunks(cancelledDates.filter((row) => classIds.has(row.classId)))) tx.insert(classDateCancellations).values(chunk).run();
      return { counts: countSections(rows), registrationsKept: kept.length, registrationsDropped: registrations.length - kept.length };
    },
    { behavior: "immediate" },
  );
}

// Keeps each INSERT well under SQLite's bound-variable limit.
function* chunks<T>(rows: T[], size = 200): Generator<T[]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

/**
 * Takes a full backup (database and uploads) into `DATA_DIR/backups/<time>-before-<reason>/` through the backups
 * module, which keeps the newest BACKUPS_KEPT of each kind; returns its folder.
 */
export function safetyCopy(db: Db, dataDir: string, reason: "import" | "restore", now: Date = new Date()): string {
  return takeBackup({ db, dataDir, now: () => now }, `before-${reason}`).path;
}

/** Validates an export file's content, makes a safety copy, then replaces all content in one transaction. */
export function importData(deps: DataDeps, input: unknown) {
  const rows = parseContent(input);
  const backup = safetyCopy(deps.db, deps.config.dataDir, "import", deps.now?.());
  const result = replaceContent(deps.db, rows);
  return {
    success: true as const,
    message: `Data imported successfully: ${describeCounts(result.counts)}.`,
    counts: result.counts,
    backup: basename(backup),
  };
}
