// The admin group's activity hook: every successful admin write is recorded in the teacher's words ("Deleted the
// class 'Hatha Yoga'"), under the kind of what it changed, with the record's name as it was at the time: read before
// the write runs (a delete leaves nothing to read after), or taken from the answer (a creation, a rename).
// Routes that record their own, more telling entry (a password change, a passkey) are left to it.

import type { Db } from "@db/client.ts";
import { archiveEvents, classes, events, messages, notifications, passes, payments, studentPasses, subscribers } from "@db/schema.ts";
import { describeUserAgent } from "@server/lib/user-agent.ts";
import type { ActivityKind } from "@server/shared/activity-kinds.ts";
import { formatMoney } from "@server/shared/money.ts";
import { htmlToText } from "@server/shared/rich-text.ts";
import { eq } from "drizzle-orm";
import type { Activity } from "./service.ts";

type Fields = Record<string, unknown>;
/** What the access macro (src/plugins/access.ts) hands over before and after an admin route runs. */
type WriteContext = { request: Request; route: string; params: Record<string, unknown> };
type AfterWrite = WriteContext & { before: Fields | undefined; body?: unknown; set: { status?: unknown }; responseValue: unknown };

/** What the sentence of a write is made of: the record as it was before, the answer, the body and the route's params. */
type Said = { before: Fields | undefined; answer: Fields; body: Fields; params: Record<string, unknown> };
type Write = {
  kind: ActivityKind;
  /** The record the route's `:id` names, read before the write runs. */
  read?: (db: Db, id: number) => Fields | undefined;
  say: (said: Said) => string;
};

/** A name in a line of the log: plain text (a notification is rich text), at most `length` characters. */
const clip = (text: unknown, length = 80) => {
  const words = htmlToText(String(text ?? ""))
    .replace(/\s+/g, " ")
    .trim();
  return words.length > length ? `${words.slice(0, length - 1)}…` : words;
};
const quoted = (text: unknown) => `'${clip(text)}'`;
const short = (commit: unknown) => (typeof commit === "string" ? ` (version ${commit.slice(0, 7)})` : "");

/** The tables whose records a write names. */
type Named =
  | typeof events
  | typeof classes
  | typeof archiveEvents
  | typeof messages
  | typeof subscribers
  | typeof notifications
  | typeof payments
  | typeof passes
  | typeof studentPasses;

/** A record of `table`, read as it is now. */
const rowOf = (table: Named) => (db: Db, id: number) => db.select().from(table).where(eq(table.id, id)).get() as Fields | undefined;

/** POST, PATCH and DELETE of one collection: "Created the event 'X'", "Changed the event 'X'", "Deleted the event 'X'". */
function collection(path: string, kind: ActivityKind, table: Named, noun: string, field: string) {
  const read = rowOf(table);
  const name = (row: Fields | undefined) => (row ? `${noun} ${quoted(row[field])}` : `${noun} (already gone)`);
  return {
    [`POST ${path}`]: { kind, say: ({ answer }) => `Created ${name(answer)}` },
    [`PATCH ${path}/:id`]: {
      kind,
      read,
      say: ({ before, answer }) =>
        before && clip(before[field]) !== clip(answer[field]) ? `Changed ${name(before)} (now ${quoted(answer[field])})` : `Changed ${name(answer)}`,
    },
    [`DELETE ${path}/:id`]: { kind, read, say: ({ before }) => `Deleted ${name(before)}` },
  } satisfies Record<string, Write>;
}

const theEvent = (row: Fields | undefined) => (row ? `the event ${quoted(row.name)}` : "a new event");
const theMessage = (row: Fields) => `the message ${quoted(row.subject)} from ${clip(row.name)}`;
const readEvent = rowOf(events);

/** Every admin write, by "METHOD /route" (the route's pattern after /api/admin): what it says and its kind. */
const WRITES: Record<string, Write> = {
  ...collection("/events", "events", events, "the event", "name"),
  ...collection("/classes", "classes", classes, "the class", "name"),
  ...collection("/archive-events", "archive", archiveEvents, "the archive entry", "title"),
  ...collection("/notifications", "notifications", notifications, "the notification", "message"),
  ...collection("/passes", "passes", passes, "the pass", "name"),
  "POST /passes/issued": {
    kind: "passes",
    say: ({ answer, body }) =>
      `Added the pass ${quoted(answer.title)} (${clip(answer.credits)} classes) for ${clip(answer.name)}, paid ${formatMoney(Number(body.amount ?? 0), String(answer.currency ?? "aud"))} at the door`,
  },
  "POST /passes/issued/:id/adjust": {
    kind: "passes",
    read: rowOf(studentPasses),
    say: ({ before, body }) => {
      const what = [
        typeof body.credits === "number" && `gave back ${body.credits === 1 ? "1 credit" : `${body.credits} credits`}`,
        typeof body.expires === "string" && `extended it to ${clip(body.expires, 10)}`,
      ].filter(Boolean);
      return `On the pass ${quoted(before?.title)} of ${clip(before?.name)}: ${what.join(" and ")} (${quoted(body.note)})`;
    },
  },
  "POST /passes/import": { kind: "passes", say: ({ answer }) => `Imported ${clip(answer.issued)} passes from a CSV` },
  "POST /events/:id/registrations/:registrationId/move-up": {
    kind: "registrations",
    read: readEvent,
    say: ({ before, answer }) => `Moved ${clip(answer.name)} up from the waiting list of ${theEvent(before)}`,
  },
  "POST /events/:id/registrations/:registrationId/cancel": {
    kind: "registrations",
    read: readEvent,
    say: ({ before, answer }) => `Cancelled the registration of ${clip(answer.name)} for ${theEvent(before)}`,
  },
  "PATCH /events/:id/registrations/:registrationId": {
    kind: "registrations",
    read: readEvent,
    say: ({ before, answer }) =>
      answer.checkedIn
        ? `Checked in ${clip(answer.name)} at ${theEvent(before)}`
        : `Took back the check-in of ${clip(answer.name)} at ${theEvent(before)}`,
  },
  "POST /events/:id/mail": {
    kind: "registrations",
    read: readEvent,
    say: ({ before, body }) => `Mailed the registrants of ${theEvent(before)}: ${quoted(body.subject)}`,
  },
  "POST /events/:id/cancel": {
    kind: "events",
    read: readEvent,
    say: ({ before, body }) =>
      `Cancelled ${theEvent(before)}${body.reason ? ` (${quoted(body.reason)})` : ""}: every registrant mailed, every payment refunded`,
  },
  "POST /classes/:id/dates/:date/cancel": {
    kind: "classes",
    read: rowOf(classes),
    say: ({ before, body, params }) =>
      `Cancelled the class ${quoted(before?.name)} on ${clip(params.date, 10)}${body.reason ? ` (${quoted(body.reason)})` : ""}`,
  },
  "POST /classes/:id/dates/:date/bookings": {
    kind: "registrations",
    read: rowOf(classes),
    say: ({ before, answer, params }) => `Added ${clip(answer.name)} at the door of ${quoted(before?.name)} on ${clip(params.date, 10)}`,
  },
  "PUT /classes/:id/dates/:date/bookings/:bookingId/attendance": {
    kind: "registrations",
    read: rowOf(classes),
    say: ({ before, answer, params }) =>
      `Marked ${clip(answer.name)} as ${answer.attended ? "came" : "did not come"} to ${quoted(before?.name)} on ${clip(params.date, 10)}`,
  },
  "POST /payments/:id/refund": {
    kind: "money",
    read: rowOf(payments),
    say: ({ before, body }) =>
      `Refunded ${typeof body.amount === "number" && body.amount !== before?.amount ? `${formatMoney(body.amount, String(before?.currency ?? "aud"))} to ` : ""}${
        clip(before?.name) || "a payer"
      } for ${quoted(before?.description)}${body.cancelPlace === true ? ", and cancelled the place" : ""}`,
  },
  "POST /payments/:id/stop": {
    kind: "money",
    read: rowOf(payments),
    say: ({ before }) => `Stopped the monthly gift of ${clip(before?.name) || clip(before?.email) || "a donor"}`,
  },
  "PATCH /messages/:id/read": { kind: "messages", say: ({ answer }) => `Marked ${theMessage(answer)} as read` },
  "DELETE /messages/:id": { kind: "messages", read: rowOf(messages), say: ({ before }) => `Deleted ${before ? theMessage(before) : "a message"}` },
  "DELETE /subscribers/:id": { kind: "subscribers", read: rowOf(subscribers), say: ({ before }) => `Deleted the subscriber ${clip(before?.email)}` },
  "POST /newsletters": { kind: "newsletters", say: ({ body }) => `Sent the newsletter ${quoted(body.subject)}` },
  "POST /newsletters/test": { kind: "newsletters", say: ({ body }) => `Sent a test copy of the newsletter ${quoted(body.subject)}` },
  "PATCH /profile": { kind: "profile", say: () => "Changed the profile" },
  "POST /profile/image": { kind: "profile", say: () => "Uploaded a new profile image" },
  "POST /uploads/image": { kind: "uploads", say: ({ answer }) => `Uploaded the image ${clip(answer.url)}` },
  "POST /events/:id/attachment": { kind: "uploads", read: readEvent, say: ({ before }) => `Uploaded a PDF for ${theEvent(before)}` },
  "POST /sync-to-app-data": { kind: "data", say: ({ answer }) => `Synced the data to app_data${short(answer.commit)}` },
  "POST /restore-from-app-data": { kind: "data", say: ({ answer }) => `Restored the data from app_data${short(answer.commit)}` },
  "POST /import-data": { kind: "data", say: () => "Imported data from a file" },
  "POST /backups": { kind: "data", say: ({ answer }) => `Took the backup ${clip((answer.backup as Fields | undefined)?.name)}` },
  "POST /backups/:name/restore": { kind: "data", say: ({ params }) => `Restored the backup ${clip(params.name)}` },
  "POST /backups/offsite/:name/restore": { kind: "data", say: ({ params }) => `Restored the off-site copy ${clip(params.name)}` },
  "POST /youtube-api-key": { kind: "settings", say: () => "Changed the YouTube API key" },
  "POST /mail/test": { kind: "settings", say: () => "Sent a test mail" },
};

/** The write a request makes: "DELETE /events/:id" for /api/admin/events/:id. */
const writeOf = ({ request, route }: WriteContext) => WRITES[`${request.method} ${route.replace(/^\/api\/admin/, "")}`];

const fields = (value: unknown): Fields => (value && typeof value === "object" && !(value instanceof Response) ? (value as Fields) : {});

/** The admin routes' writes, as the access macro runs them: `before` reads the record, `after` records the write. */
export function recordAdminWrites({ db, activity, clientIp }: { db: Db; activity: Activity; clientIp: (request: Request) => string }) {
  return {
    before(context: WriteContext): Fields | undefined {
      const id = Number(context.params?.id);
      const read = writeOf(context)?.read;
      return read && Number.isInteger(id) ? read(db, id) : undefined;
    },
    after(context: AfterWrite) {
      const { request, route, params, set, responseValue, before } = context;
      if (request.method === "GET" || request.method === "HEAD") return;
      const status = responseValue instanceof Response ? responseValue.status : typeof set.status === "number" ? set.status : 200;
      if (status >= 400) return;
      const write = writeOf(context);
      const answer = fields(responseValue);
      activity.record({
        // A route not described above still leaves a trace, in its own words.
        kind: write?.kind ?? "settings",
        summary: write
          ? write.say({ before, answer, body: fields(context.body), params: params ?? {} })
          : `${request.method} ${route.replace(/^\/api\/admin/, "")}`,
        target: String(params?.id ?? params?.name ?? answer.id ?? "").slice(0, 100) || null,
        ip: clientIp(request),
        device: describeUserAgent(request.headers.get("user-agent") ?? ""),
      });
    },
  };
}

/** The "METHOD /route" of every described write: a test checks that every admin write route is among them. */
export const DESCRIBED_WRITES = Object.keys(WRITES);
