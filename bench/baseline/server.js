// The baseline of `bun run bench`: the same public reads and the same HTML page served the way a typical site of
// this kind does it, Node + Express + better-sqlite3 (prepared statements, JSON serialised per request, the page
// sent with express's sendFile, which sets an ETag). Usage: DB=site.db PAGE=index.html PORT=4000 node server.js
import Database from "better-sqlite3";
import express from "express";

const db = new Database(process.env.DB, { fileMustExist: true });
db.pragma("journal_mode = WAL");
const timezone = process.env.SITE_TIMEZONE || "Australia/Melbourne";
const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: timezone, year: "numeric", month: "2-digit", day: "2-digit" });
const today = () => dayFormat.format(new Date());

const upcoming = db.prepare("SELECT * FROM events WHERE coalesce(endDate, startDate) >= ? ORDER BY startDate ASC, id ASC");
const past = db.prepare("SELECT * FROM events WHERE coalesce(endDate, startDate) < ? ORDER BY startDate DESC");
const archiveRows = db.prepare("SELECT * FROM archive_events ORDER BY year DESC, id ASC");
const profileRow = db.prepare("SELECT * FROM profile LIMIT 1");

const toEvent = (row) => ({ ...row, isHighlighted: Boolean(row.isHighlighted), images: JSON.parse(row.images ?? "[]") });
const longDate = (date) => {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime())
    ? date
    : parsed.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
};
const toArchiveShape = (event) => {
  const [image = "", ...images] = event.images;
  const days = event.endDate && event.endDate !== event.startDate;
  return {
    id: event.id,
    source: "event",
    title: event.name,
    date: days ? `${longDate(event.startDate)} – ${longDate(event.endDate)}` : longDate(event.startDate),
    type: event.type,
    year: event.year ?? event.startDate.slice(0, 4),
    description: event.archiveDescription || event.description,
    image,
    attachmentName: event.attachmentName,
    attachmentFile: event.attachmentFile,
    images,
    createdAt: event.createdAt,
  };
};
const sortKey = (item, startDate) =>
  `${item.year}|${startDate ?? (Number.isNaN(Date.parse(item.date)) ? "" : new Date(Date.parse(item.date)).toISOString().slice(0, 10))}`;

const app = express();
app.disable("x-powered-by");
app.get("/api/events", (_req, res) => res.json(upcoming.all(today()).map(toEvent)));
app.get("/api/profile", (_req, res) => res.json(profileRow.get() ?? null));
app.get("/api/archive-events", (_req, res) => {
  const items = [
    ...archiveRows
      .all()
      .map((row) => ({ ...row, source: "archive", images: JSON.parse(row.images ?? "[]") }))
      .map((item) => ({ item, key: sortKey(item) })),
    ...past
      .all(today())
      .map(toEvent)
      .map((event) => ({ item: toArchiveShape(event), key: sortKey(toArchiveShape(event), event.startDate) })),
  ];
  res.json(items.sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0)).map(({ item }) => item));
});
app.get("/", (_req, res) => res.sendFile(process.env.PAGE));

const server = app.listen(Number(process.env.PORT ?? 4000), "127.0.0.1", () => console.log(`Listening on http://127.0.0.1:${server.address().port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
