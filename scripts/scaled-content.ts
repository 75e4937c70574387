// The demo content at scale (issue 33): `bun scripts/make-demo-content.ts --scale 40 --out DIR` writes, from the
// committed app_data/, an app_data folder of twenty years of a busy site: the demo's archive 40 times over twenty years
// (600 events), its upcoming events 40 times (320), 400 messages and 20,000 subscribers; the classes, the profile and
// the notifications as they are. Every photo is one of the demo's image files under a new name (no image is drawn),
// the PDFs and the portrait are the demo's. Deterministic: the same folder on every run.
import { copyFileSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { EXPORT_SECTIONS, type ExportSection } from "@server/shared/constants.ts";

const DEMO = resolve(import.meta.dir, "../app_data");
const LAST_YEAR = 2026;
const YEARS = 20;
const FIRST_UPCOMING = Date.parse("2027-01-04T00:00:00.000Z");
const DAY_MS = 86_400_000;

type Row = Record<string, unknown>;

const readSection = (name: string) => JSON.parse(readFileSync(join(DEMO, `${name}.json`), "utf8")) as unknown;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The demo's file `url` (/uploads/...) as `target`: a hard link (no space taken), a copy on another file system. */
function reuse(url: string, target: string) {
  try {
    linkSync(join(DEMO, url), target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    copyFileSync(join(DEMO, url), target);
  }
}

/** Counts of what writeScaledAppData wrote. */
export type ScaledCounts = { archiveEvents: number; events: number; photos: number; messages: number; subscribers: number };

/**
 * Writes the demo content `scale` times over into `out` (emptied first) and answers its counts; 40 makes the
 * twenty-years data set of issue 33.
 */
export function writeScaledAppData(out: string, scale = 40): ScaledCounts {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(out, "uploads"), { recursive: true });
  let photos = 0;
  const photo = (url: string, name: string) => {
    reuse(url, join(out, "uploads", name));
    photos += 1;
    return `/uploads/${name}`;
  };

  // The archive: each copy of the demo's fifteen entries, 30 entries a year back from LAST_YEAR.
  const demoArchive = readSection("archiveEvents") as Row[];
  const total = demoArchive.length * scale;
  const archiveEvents = Array.from({ length: total }, (_, i) => {
    const demo = demoArchive[i % demoArchive.length]!;
    const id = i + 1;
    const year = String(LAST_YEAR - Math.floor((i * YEARS) / total));
    const images = (demo.images as string[] | null) ?? [];
    return {
      ...demo,
      id,
      date: String(demo.date).replace(/\b(19|20)\d\d\b/g, year),
      year,
      image: photo(String(demo.image), `scale-archive-${id}-1.jpg`),
      images: images.length ? images.map((url, n) => photo(url, `scale-archive-${id}-${n + 2}.jpg`)) : null,
      createdAt: `${year}-12-01T09:00:00.000Z`,
    };
  });

  // Upcoming events: each copy of the demo's events, one starting every two days from FIRST_UPCOMING.
  const demoEvents = readSection("events") as Row[];
  const events = Array.from({ length: demoEvents.length * scale }, (_, i) => {
    const demo = demoEvents[i % demoEvents.length]!;
    const id = i + 1;
    const start = FIRST_UPCOMING + i * 2 * DAY_MS;
    const length = demo.endDate ? Date.parse(String(demo.endDate)) - Date.parse(String(demo.startDate)) : null;
    return {
      ...demo,
      id,
      startDate: isoDay(start),
      endDate: length === null ? null : isoDay(start + length),
      year: isoDay(start).slice(0, 4),
      archiveDescription: null,
      images: (demo.images as string[]).map((url, n) => photo(url, `scale-event-${id}-${n + 1}.jpg`)),
    };
  });

  // Messages and subscribers: the demo's messages in turn, one every ~18 days; subscribers one every ~9 hours.
  const demoMessages = readSection("messages") as Row[];
  const span = YEARS * 365 * DAY_MS;
  const end = Date.parse(`${LAST_YEAR}-11-20T00:00:00.000Z`);
  const messageCount = 10 * scale;
  const messages = Array.from({ length: messageCount }, (_, i) => ({
    ...demoMessages[i % demoMessages.length]!,
    id: i + 1,
    email: `writer${i + 1}@example.org`,
    createdAt: new Date(end - span + Math.floor((i * span) / messageCount)).toISOString(),
    isRead: i < messageCount - 12,
  }));
  const subscriberCount = 500 * scale;
  const subscribers = Array.from({ length: subscriberCount }, (_, i) => ({
    id: i + 1,
    email: `reader${i + 1}@example.org`,
    createdAt: new Date(end - span + Math.floor((i * span) / subscriberCount)).toISOString(),
    state: i % 20 === 7 ? "pending" : i % 50 === 3 ? "unsubscribed" : "confirmed",
  }));

  // The profile's portrait and the PDFs the rows point at are the demo's own files.
  const profile = readSection("profile") as Row;
  const shared = new Set([profile.profileImage, ...[...demoEvents, ...demoArchive].map((row) => row.attachmentFile)]);
  for (const url of shared) {
    if (typeof url === "string") reuse(url, join(out, url));
  }
  const sections: Record<ExportSection, unknown> = {
    events,
    classes: readSection("classes"),
    archiveEvents,
    messages,
    subscribers,
    profile,
    notifications: readSection("notifications"),
  };
  const files = EXPORT_SECTIONS.map((section) => `${section}.json`);
  for (const section of EXPORT_SECTIONS) writeFileSync(join(out, `${section}.json`), `${JSON.stringify(sections[section])}\n`);
  writeFileSync(join(out, "manifest.json"), `${JSON.stringify({ version: 1, lastSync: "2026-11-21T00:00:00.000Z", files }, null, 2)}\n`);
  return { archiveEvents: archiveEvents.length, events: events.length, photos, messages: messages.length, subscribers: subscribers.length };
}
