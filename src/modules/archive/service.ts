import type { Db } from "@db/client.ts";
import { type ArchiveEvent, archiveEvents, type Event } from "@db/schema.ts";
import { notFound } from "@server/lib/errors.ts";
import { containing, type Paged, pageOf } from "@server/lib/paging.ts";
import { sanitizeRichText } from "@server/lib/rich-text.ts";
import { formatDateRange } from "@server/shared/dates.ts";
import type { ArchiveEventInput } from "@server/shared/schemas.ts";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { EventsService } from "../events/index.ts";
import { archiveTypes, archiveYears } from "./filter.ts";
import type { AdminArchiveQuery, ArchiveItem } from "./model.ts";

/** A past event in the archive's shape: its first photo is the main image, the rest are its photos. */
function toArchiveShape(event: Event): ArchiveItem {
  const [image = "", ...images] = event.images;
  return {
    id: event.id,
    source: "event",
    title: event.name,
    date: formatDateRange(event.startDate, event.endDate),
    type: event.type,
    year: event.year ?? event.startDate.slice(0, 4),
    description: event.archiveDescription || event.description,
    image,
    attachmentName: event.attachmentName,
    attachmentFile: event.attachmentFile,
    images,
    createdAt: event.createdAt,
  };
}

const fromRow = (row: ArchiveEvent): ArchiveItem => ({ ...row, source: "archive", images: row.images ?? [] });

/** Sorts newest year first; within a year, by the date when it can be read, newest first. */
function sortKey(item: ArchiveItem, startDate?: string): string {
  const parsed = startDate ?? (Number.isNaN(Date.parse(item.date)) ? "" : new Date(Date.parse(item.date)).toISOString().slice(0, 10));
  return `${item.year}|${parsed}`;
}

function toRow<T extends Partial<ArchiveEventInput>>(input: T): T {
  return { ...input, ...(input.description !== undefined && { description: sanitizeRichText(input.description) }) } as T;
}

/** `events`: the past events the archive shows beside its own rows. */
export function createArchiveService(db: Db, events: Pick<EventsService, "past">) {
  const rows = db.select().from(archiveEvents).orderBy(desc(archiveEvents.year), asc(archiveEvents.id)).prepare();

  return {
    /** The archive rows and the past events, newest year first. */
    list(today: string): ArchiveItem[] {
      const keyed = (item: ArchiveItem, startDate?: string) => ({ item, key: sortKey(item, startDate) });
      const items = [
        ...rows.all().map((row) => keyed(fromRow(row))),
        ...events.past(today).map((event) => keyed(toArchiveShape(event), event.startDate)),
      ];
      return items.sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0)).map(({ item }) => item);
    },

    rows: () => rows.all(),

    /**
     * A page of `rows`, in its order, with the public archive's filters (src/modules/archive/filter.ts): year equal,
     * type case-insensitive, `search` in the title, the description or the type; and the rows' years and types.
     */
    page(query: AdminArchiveQuery): Paged<ArchiveEvent> & { years: string[]; types: string[] } {
      const [year, type] = [query.year ?? "all", (query.type ?? "all").toLowerCase()];
      const where = and(
        containing(query.search, archiveEvents.title, archiveEvents.description, archiveEvents.type),
        year === "all" ? undefined : eq(archiveEvents.year, year),
        type === "all" ? undefined : sql`lower(${archiveEvents.type}) = ${type}`,
      );
      const total = db.select({ n: count() }).from(archiveEvents).where(where).get()?.n ?? 0;
      const { page, pageSize, offset } = pageOf(query.page, total);
      const items = db
        .select()
        .from(archiveEvents)
        .where(where)
        .orderBy(desc(archiveEvents.year), asc(archiveEvents.id))
        .limit(pageSize)
        .offset(offset)
        .all();
      const kinds = db.selectDistinct({ year: archiveEvents.year, type: archiveEvents.type }).from(archiveEvents).all();
      return { items, total, page, pageSize, years: archiveYears(kinds), types: archiveTypes(kinds) };
    },

    create(input: ArchiveEventInput): ArchiveEvent {
      return db.insert(archiveEvents).values(toRow(input)).returning().get();
    },

    update(id: number, input: Partial<ArchiveEventInput>): ArchiveEvent {
      const changes = toRow(input);
      const updated = Object.keys(changes).length
        ? db.update(archiveEvents).set(changes).where(eq(archiveEvents.id, id)).returning().get()
        : db.select().from(archiveEvents).where(eq(archiveEvents.id, id)).get();
      if (!updated) throw notFound("Archive event not found");
      return updated;
    },

    remove(id: number) {
      const deleted = db.delete(archiveEvents).where(eq(archiveEvents.id, id)).returning({ id: archiveEvents.id }).get();
      if (!deleted) throw notFound("Archive event not found");
      return { success: true };
    },
  };
}
