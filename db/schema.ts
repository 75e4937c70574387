import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const id = () => integer("id").primaryKey({ autoIncrement: true });
const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
const createdAt = () => text("createdAt").notNull().default(now);

export const users = sqliteTable("users", {
  id: id(),
  username: text("username").notNull().unique(),
  password: text("password").notNull(),
  tokenVersion: integer("tokenVersion").notNull().default(0),
  /**
   * 'Account e-mail', confirmed: the one address reset links, codes and notices go to (ADMIN_EMAIL at first start; a new
   * one takes effect when its mailed link is opened). Restores and imports leave it as it is.
   */
  email: text("email"),
});

/**
 * A browser that signed in (issue 22). Its device cookie names `id`: it stays trusted (no mailed code, its own login
 * limit) while the row exists, a year after it was last seen. It is signed in while `sessionId` is set and not expired:
 * the token names the session, and the guard reads this row on every admin call, so a signed-out device is refused at once.
 */
export const devices = sqliteTable(
  "devices",
  {
    id: text("id").primaryKey(),
    userId: integer("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: text("sessionId").unique(),
    sessionExpiresAt: text("sessionExpiresAt"),
    userAgent: text("userAgent").notNull(),
    ip: text("ip").notNull(),
    createdAt: createdAt(),
    lastSeenAt: text("lastSeenAt").notNull().default(now),
    /** When this session last proved who it is (a password or a passkey): sensitive changes ask for one within 10 minutes. */
    provedAt: text("provedAt"),
  },
  (table) => [index("devices_user").on(table.userId)],
);

/** A passkey (WebAuthn credential) of the account: named, several allowed, each removable, with its last use. */
export const passkeys = sqliteTable("passkeys", {
  id: text("id").primaryKey(),
  userId: integer("userId")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  publicKey: text("publicKey").notNull(),
  counter: integer("counter").notNull().default(0),
  transports: text("transports", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
  createdAt: createdAt(),
  lastUsedAt: text("lastUsedAt"),
});

/** A mailed 'Forgot password?' link: its token stored hashed, valid 30 minutes, used once. */
export const passwordResets = sqliteTable("password_resets", {
  id: id(),
  userId: integer("userId")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  tokenHash: text("tokenHash").notNull().unique(),
  expiresAt: text("expiresAt").notNull(),
  usedAt: text("usedAt"),
  createdAt: createdAt(),
});

/** A new 'Account e-mail' waiting for its mailed link to be opened: the link's token stored hashed, valid 24 hours. */
export const emailChanges = sqliteTable("email_changes", {
  id: id(),
  userId: integer("userId")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  email: text("email").notNull(),
  tokenHash: text("tokenHash").notNull().unique(),
  expiresAt: text("expiresAt").notNull(),
  createdAt: createdAt(),
});

/**
 * A sign-in from a new device waiting for its mailed 6-digit code: the browser holds the ticket (stored hashed), the
 * code is stored hashed, valid 10 minutes, 5 tries.
 */
export const signInCodes = sqliteTable("sign_in_codes", {
  id: id(),
  userId: integer("userId")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  ticketHash: text("ticketHash").notNull().unique(),
  codeHash: text("codeHash").notNull(),
  tries: integer("tries").notNull().default(0),
  expiresAt: text("expiresAt").notNull(),
  createdAt: createdAt(),
});

/** The account's activity (issue 22): writes, sign-ins, codes, passkeys, password changes, lockouts; kept a year and
 * 100,000 rows at most, nothing secret. */
export const activity = sqliteTable(
  "activity",
  {
    id: id(),
    kind: text("kind").notNull(),
    summary: text("summary").notNull(),
    target: text("target"),
    ip: text("ip"),
    device: text("device"),
    /** How many times it happened: a refused sign-in's row counts its repeats for 15 minutes. */
    count: integer("count").notNull().default(1),
    /** Written for someone not signed in (a refused sign-in, a wrong code): kept apart, so a flood never pushes out the owner's rows. */
    stranger: integer("stranger", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    index("activity_kind").on(table.kind, table.id),
    index("activity_created").on(table.createdAt),
    index("activity_stranger").on(table.stranger, table.id),
  ],
);

export const events = sqliteTable("events", {
  id: id(),
  name: text("name").notNull(),
  type: text("type").notNull(),
  startDate: text("startDate").notNull(),
  endDate: text("endDate"),
  time: text("time").notNull(),
  location: text("location").notNull(),
  description: text("description").notNull(),
  isHighlighted: integer("isHighlighted", { mode: "boolean" }).notNull().default(false),
  registrationLink: text("registrationLink"),
  attachmentName: text("attachmentName"),
  attachmentFile: text("attachmentFile"),
  archiveDescription: text("archiveDescription"),
  images: text("images", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
  year: text("year"),
  /** Places (issue 23): null is unlimited. */
  capacity: integer("capacity"),
  /** The first day (YYYY-MM-DD, SITE_TIMEZONE) on which registration is closed; it also closes when the event starts. */
  registrationCloses: text("registrationCloses"),
  /** Issue 32: integer cents (≥ 100) or null for free; the concession below it; by donation: `price` is the suggestion. */
  price: integer("price"),
  concessionPrice: integer("concessionPrice"),
  byDonation: integer("byDonation", { mode: "boolean" }).notNull().default(false),
  /** 'Cancel this event' (issue 38): when, and the teacher's message to everyone; the event stays on the site, off. */
  cancelledAt: text("cancelledAt"),
  cancelReason: text("cancelReason"),
  createdAt: createdAt(),
});

export const classes = sqliteTable("classes", {
  id: id(),
  name: text("name").notNull(),
  level: text("level").notNull(),
  days: text("days").notNull(),
  time: text("time").notNull(),
  location: text("location").notNull(),
  description: text("description").notNull(),
  icon: text("icon").notNull(),
  /** Issue 39: the weekly dates it runs on (null: a card with free-text days and time, no dates). */
  schedule: text("schedule", { mode: "json" }).$type<ClassSchedule>(),
  /** Places per date; null: the dates show and nobody books ("Just come along"). */
  capacity: integer("capacity"),
  /** A date's drop-in price, as an event's: integer cents, the concession below it, by donation the suggestion. */
  price: integer("price"),
  concessionPrice: integer("concessionPrice"),
  byDonation: integer("byDonation", { mode: "boolean" }).notNull().default(false),
  mode: text("mode", { enum: ["in-person", "online", "hybrid"] })
    .notNull()
    .default("in-person"),
  /** An online or hybrid class's meeting link: in no public answer, page, feed or mail (issue 39). */
  joinUrl: text("joinUrl"),
  createdAt: createdAt(),
});

/** Issue 39: a date of a scheduled class that the teacher called off, with her message. */
export const classDateCancellations = sqliteTable(
  "class_date_cancellations",
  {
    id: id(),
    classId: integer("classId")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("class_date_cancellations_date").on(table.classId, table.date)],
);

export const archiveEvents = sqliteTable("archive_events", {
  id: id(),
  title: text("title").notNull(),
  date: text("date").notNull(),
  type: text("type").notNull(),
  year: text("year").notNull(),
  description: text("description").notNull(),
  image: text("image").notNull(),
  attachmentName: text("attachmentName"),
  attachmentFile: text("attachmentFile"),
  images: text("images", { mode: "json" }).$type<string[]>(),
  createdAt: createdAt(),
});

export const messages = sqliteTable("messages", {
  id: id(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  createdAt: createdAt(),
  isRead: integer("isRead", { mode: "boolean" }).notNull().default(false),
});

export const subscribers = sqliteTable("subscribers", {
  id: id(),
  email: text("email").notNull().unique(),
  createdAt: createdAt(),
  /** Double opt-in while mail is on: pending until the link in the confirmation mail is followed. */
  state: text("state").$type<"pending" | "confirmed" | "unsubscribed">().notNull().default("confirmed"),
});

export const profile = sqliteTable("profile", {
  id: id(),
  name: text("name").notNull(),
  title: text("title").notNull(),
  biography: text("biography").notNull(),
  quote: text("quote").notNull(),
  profileImage: text("profileImage").notNull(),
  email: text("email"),
  phone: text("phone"),
  address: text("address"),
  updatedAt: text("updatedAt").notNull().default(now),
});

export const notifications = sqliteTable("notifications", {
  id: id(),
  message: text("message").notNull(),
  isActive: integer("isActive", { mode: "boolean" }).notNull().default(true),
  startDate: text("startDate").notNull(),
  endDate: text("endDate"),
  type: text("type").notNull().default("info"),
  link: text("link"),
  createdAt: createdAt(),
});

/**
 * A place, a place on the waiting list, or one given back (issue 23). The waiting list is in the order of `id` (the
 * order of arrival); a waiting registrant's position is counted, never stored, so it has no gaps.
 */
export const eventRegistrations = sqliteTable(
  "event_registrations",
  {
    id: id(),
    /** What the place is in: an event, or one date (YYYY-MM-DD) of a weekly class (issue 39); exactly one of the two. */
    eventId: integer("eventId").references(() => events.id, { onDelete: "cascade" }),
    classId: integer("classId").references(() => classes.id, { onDelete: "cascade" }),
    classDate: text("classDate"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    additionalInfo: text("additionalInfo"),
    createdAt: createdAt(),
    /** `pending`: a place held for its payment until `holdUntil` (issue 32); it counts against the places. */
    state: text("state").$type<"confirmed" | "pending" | "waiting" | "cancelled">().notNull().default("confirmed"),
    holdUntil: text("holdUntil"),
    /** What this place costs in integer cents, decided by the server from the event's price when it was taken. */
    amountDue: integer("amountDue"),
    ticket: text("ticket").$type<"full" | "concession" | "donation" | "credit">(),
    checkedIn: integer("checkedIn", { mode: "boolean" }).notNull().default(false),
    /** When the reminder was queued (in the outbox, in the same transaction): never twice. */
    remindedAt: text("remindedAt"),
    cancelledAt: text("cancelledAt"),
    /** Who holds an unpaid place: the visitor's address (an IPv6 /64), while the place is held (issue 37: 3 at most). */
    heldBy: text("heldBy"),
    /** A class date's door (issue 39): came (true), did not (false), not marked yet (null). */
    attended: integer("attended", { mode: "boolean" }),
    /** An online or hybrid class date's own join link, `/join/{joinToken}` (issue 39): unguessable, one per booking. */
    joinToken: text("joinToken").unique(),
    /** Issue 40: the pass whose credit this place took (a `student_passes` id); null for a drop-in or a free place. */
    studentPassId: integer("studentPassId"),
    /** The credit came back to its pass (cancelled in time, or the class called off). */
    creditReturned: integer("creditReturned", { mode: "boolean" }).notNull().default(false),
    /** The standing booking that made this place (issue 40). */
    standingId: integer("standingId"),
  },
  (table) => [
    index("event_registrations_event").on(table.eventId, table.state, table.id),
    index("event_registrations_email").on(table.eventId, table.email),
    index("event_registrations_held").on(table.state, table.heldBy),
    index("event_registrations_held_email").on(table.state, table.email),
    index("event_registrations_class_date").on(table.classId, table.classDate, table.state, table.id),
    index("event_registrations_student").on(table.email, table.state),
    check("event_registrations_place_of", sql`("eventId" is null) <> ("classId" is null or "classDate" is null)`),
  ],
);

/**
 * A payment for a place or a gift, through Stripe Checkout (issue 32): `amount` in integer cents, decided by the server.
 * `status`: pending → (processing →) paid → (refunding →) refunded, or expired, or failed (a bank debit that did not go
 * through). `processing`: Checkout completed with a payment the bank has not confirmed yet (a direct debit). A place has
 * one live (pending or processing) payment at most. Kept in the database (and its backups) only: never in APP_DATA_DIR.
 */
export const payments = sqliteTable(
  "payments",
  {
    id: id(),
    kind: text("kind").$type<"registration" | "donation" | "pass">().notNull(),
    // No foreign keys: a payment is the treasurer's record, kept when its event or registration is deleted or imported over.
    registrationId: integer("registrationId"),
    eventId: integer("eventId"),
    /** Issue 40: the pass bought (a `passes` id), issued to `email` when paid. */
    passId: integer("passId"),
    /** What was paid for, as the receipt and the Money tab name it ("Silent Retreat (concession)", "Monthly gift"). */
    description: text("description").notNull(),
    name: text("name"),
    email: text("email"),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    monthly: integer("monthly", { mode: "boolean" }).notNull().default(false),
    status: text("status").$type<PaymentStatus>().notNull().default("pending"),
    sessionId: text("sessionId").unique(),
    paymentIntentId: text("paymentIntentId"),
    subscriptionId: text("subscriptionId"),
    createdAt: createdAt(),
    paidAt: text("paidAt"),
    refundedAt: text("refundedAt"),
    /** What was given back (cents): all of `amount`, or a part (the admin kept a deposit, issue 38); null before a refund. */
    refundedAmount: integer("refundedAmount"),
    /** A monthly gift stopped by its donor's link. */
    stoppedAt: text("stoppedAt"),
    /** Why the treasurer must look at it (Stripe's amount or currency differs from this row's): never confirmed by itself. */
    attention: text("attention"),
  },
  (table) => [
    index("payments_registration").on(table.registrationId),
    index("payments_created").on(table.createdAt),
    uniqueIndex("payments_live_place")
      .on(table.registrationId)
      .where(sql`${table.status} in ('pending', 'processing') and ${table.registrationId} is not null`),
  ],
);
/**
 * Issue 39: the weekly dates a class runs on. ISO weekdays (1 = Monday); `start` a local "HH:MM" in SITE_TIMEZONE;
 * `minutes` long; from `from` until `until` (null: no end), both YYYY-MM-DD; `skip`: dates it does not run.
 */
export type ClassSchedule = { weekdays: number[]; start: string; minutes: number; from: string; until: string | null; skip: string[] };

export type PaymentStatus = "pending" | "processing" | "paid" | "refunding" | "refunded" | "expired" | "failed";

/**
 * A refund the site owes (issue 37): written in the transaction of its cause (a late or second payment, a cancelled
 * place within the policy, the admin's 'Refund', a cancelled event) and made by the refunds job, which tries again
 * (backing off to every 5 minutes) until Stripe has made it: once, under the idempotency key `refund-owed-{id}`.
 */
export const owedRefunds = sqliteTable(
  "owed_refunds",
  {
    id: id(),
    paymentId: integer("paymentId").notNull(),
    amount: integer("amount").notNull(),
    /** What the payer's mail says, after "Your payment is refunded because ". */
    reason: text("reason").notNull(),
    state: text("state").$type<"owed" | "made">().notNull().default("owed"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: text("nextAttemptAt").notNull().default(now),
    /** Stripe's last refusal, for the Money tab (never a key or a card detail: Stripe's own message). */
    lastError: text("lastError"),
    createdAt: createdAt(),
    madeAt: text("madeAt"),
  },
  (table) => [index("owed_refunds_due").on(table.state, table.nextAttemptAt), uniqueIndex("owed_refunds_payment").on(table.paymentId)],
);

/** Each Stripe webhook event id, stored in the transaction that acted on it: a replay does nothing. */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  createdAt: createdAt(),
});

/** Server-side key/value settings: YouTube key and channel, last sync time. */
export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/** A newsletter as sent (issue 15): one outbox row per confirmed subscriber, linked by `outbox.newsletterId`. */
export const newsletters = sqliteTable("newsletters", {
  id: id(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  recipients: integer("recipients").notNull(),
  createdAt: createdAt(),
});

/**
 * Every mail, written in the same transaction as what caused it and sent by the worker (src/modules/mail/worker.ts).
 * `kind` and `data` are what the mail is rendered from at send time, with `sealed`: its secrets (links, codes) encrypted
 * under a key no copy of the database holds, erased once sent or failed (src/modules/mail/sealed.ts);
 * `state`: waiting → sending → sent | failed.
 */
export const outbox = sqliteTable(
  "outbox",
  {
    id: id(),
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    sealed: text("sealed"),
    /** 1 for the mail the account waits for (codes, reset links, notices): sent before anything queued earlier. */
    priority: integer("priority").notNull().default(0),
    state: text("state").$type<"waiting" | "sending" | "sent" | "failed">().notNull().default("waiting"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: text("nextAttemptAt").notNull().default(now),
    lastAnswer: text("lastAnswer"),
    newsletterId: integer("newsletterId"),
    createdAt: createdAt(),
    sentAt: text("sentAt"),
  },
  // `outbox_due`: the worker's next row, the most urgent then the oldest due, without a sort however long the queue;
  // `outbox_recipient`: the public forms count an address's mails of the last hour (issue 30).
  (table) => [
    index("outbox_due").on(table.state, sql`${table.priority} DESC`, table.nextAttemptAt),
    index("outbox_recipient").on(table.recipient, table.createdAt),
  ],
);

/**
 * Issue 40: a pass the teacher sells ("10 classes for $150, six months"): prices in integer cents; `classIds` the classes
 * it covers, null for every class. A pass bought keeps its own copy of what it was (`student_passes`).
 */
export const passes = sqliteTable("passes", {
  id: id(),
  name: text("name").notNull(),
  credits: integer("credits").notNull(),
  price: integer("price").notNull(),
  concessionPrice: integer("concessionPrice"),
  validDays: integer("validDays").notNull(),
  classIds: text("classIds", { mode: "json" }).$type<number[] | null>(),
  active: integer("active", { mode: "boolean" }).notNull().default(true),
  createdAt: createdAt(),
});

/**
 * A pass a student holds (issue 40): bought, issued at the door, or imported from a paper card. `creditsLeft` never goes
 * below zero (a CHECK, on top of the one transaction that spends it); `expiresAt` an instant (23:59 in SITE_TIMEZONE of
 * its last day); `price` what was paid for it, the books' price per credit. Kept in the database and its backups only.
 */
export const studentPasses = sqliteTable(
  "student_passes",
  {
    id: id(),
    /** The product it was (no foreign key: a pass bought stays valid when its product changes or is deleted). */
    passId: integer("passId"),
    email: text("email").notNull(),
    name: text("name").notNull(),
    title: text("title").notNull(),
    credits: integer("credits").notNull(),
    creditsLeft: integer("creditsLeft").notNull(),
    classIds: text("classIds", { mode: "json" }).$type<number[] | null>(),
    expiresAt: text("expiresAt").notNull(),
    price: integer("price").notNull(),
    currency: text("currency").notNull(),
    source: text("source").$type<"stripe" | "door" | "import">().notNull(),
    paymentId: integer("paymentId"),
    /** When the "2 credits left" and "expires in 7 days" mails were queued: once each. */
    lowMailedAt: text("lowMailedAt"),
    expiryMailedAt: text("expiryMailedAt"),
    createdAt: createdAt(),
  },
  (table) => [
    index("student_passes_email").on(table.email, table.expiresAt),
    uniqueIndex("student_passes_payment").on(table.paymentId),
    check("student_passes_credits_left", sql`"creditsLeft" >= 0`),
  ],
);

/** My practice's sign-in (issue 40): a mailed 6-digit code, stored hashed, valid 15 minutes, used once, 5 tries. */
export const practiceCodes = sqliteTable(
  "practice_codes",
  {
    id: id(),
    email: text("email").notNull(),
    codeHash: text("codeHash").notNull(),
    tries: integer("tries").notNull().default(0),
    expiresAt: text("expiresAt").notNull(),
    usedAt: text("usedAt"),
    createdAt: createdAt(),
  },
  (table) => [index("practice_codes_email").on(table.email, table.expiresAt)],
);

/** A signed-in student's browser (issue 40): its cookie's token stored hashed, 30 days. */
export const practiceSessions = sqliteTable(
  "practice_sessions",
  {
    id: id(),
    email: text("email").notNull(),
    tokenHash: text("tokenHash").notNull().unique(),
    expiresAt: text("expiresAt").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("practice_sessions_email").on(table.email)],
);

/** A student's standing booking (issue 40): every date of a class on one weekday, booked with credits as it opens. */
export const standingBookings = sqliteTable(
  "standing_bookings",
  {
    id: id(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    classId: integer("classId")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    /** ISO weekday, 1 = Monday. */
    weekday: integer("weekday").notNull(),
    createdAt: createdAt(),
    endedAt: text("endedAt"),
    /** Why it ended by itself ("no credit left"), for the student's page; null when she ended it. */
    endedBecause: text("endedBecause"),
  },
  (table) => [index("standing_bookings_class").on(table.classId, table.endedAt)],
);

export type Event = typeof events.$inferSelect;
export type Class = typeof classes.$inferSelect;
export type ArchiveEvent = typeof archiveEvents.$inferSelect;
export type Message = typeof messages.$inferSelect;
export type Subscriber = typeof subscribers.$inferSelect;
export type Profile = typeof profile.$inferSelect;
export type Notification = typeof notifications.$inferSelect;
export type EventRegistration = typeof eventRegistrations.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
export type Device = typeof devices.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type ActivityRow = typeof activity.$inferSelect;
export type PassProduct = typeof passes.$inferSelect;
export type StudentPass = typeof studentPasses.$inferSelect;
export type StandingBooking = typeof standingBookings.$inferSelect;
