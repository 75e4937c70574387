import { sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

const id = () => integer("id").primaryKey({ autoIncrement: true });
const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
const createdAt = () => text("createdAt").notNull().default(now);

export const users = sqliteTable("users", {
  id: id(),
  username: text("username").notNull().unique(),
  password: text("password").notNull(),
  tokenVersion: integer("tokenVersion").notNull().default(0),
});

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
  createdAt: createdAt(),
});

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

export const eventRegistrations = sqliteTable("event_registrations", {
  id: id(),
  eventId: integer("eventId")
    .notNull()
    .references(() => events.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  additionalInfo: text("additionalInfo"),
  createdAt: createdAt(),
});

/** Server-side key/value settings: YouTube key and channel, last sync time. */
export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

export type Event = typeof events.$inferSelect;
export type Class = typeof classes.$inferSelect;
export type ArchiveEvent = typeof archiveEvents.$inferSelect;
export type Message = typeof messages.$inferSelect;
export type Subscriber = typeof subscribers.$inferSelect;
export type Profile = typeof profile.$inferSelect;
export type Notification = typeof notifications.$inferSelect;
export type EventRegistration = typeof eventRegistrations.$inferSelect;
