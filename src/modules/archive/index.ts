import type { ModuleContext } from "@server/context.ts";
import { answers, deleted } from "@server/lib/answers.ts";
import { sendCached } from "@server/lib/public-cache.ts";
import { todayIn } from "@server/lib/time.ts";
import { idParam, standard } from "@server/lib/validate.ts";
import { cachedRead } from "@server/plugins/public-cache.ts";
import { archiveEventSchema } from "@server/shared/schemas.ts";
import { Elysia } from "elysia";
import { archivePage, type SearchableArchive, searchable } from "./filter.ts";
import {
  type ArchivePage,
  adminArchivePage,
  adminArchiveQuerySchema,
  archiveEntry,
  archiveEventAnswer,
  archiveEventList,
  archiveEventPatchSchema,
  archiveItemList,
  archivePageAnswer,
  archivePageQuerySchema,
} from "./model.ts";
import { createArchiveService } from "./service.ts";

export type { ArchiveEvent, ArchiveItem } from "./model.ts";
export { createArchiveService };

const JSON_TYPE = "application/json;charset=utf-8";
const LIST_PATH = "/api/archive-events";
/** Archive pages kept at once between two writes (a few KB each); more are made on each request. */
const MAX_KEPT_PAGES = 200;

export function archiveModule(ctx: ModuleContext<"archive">) {
  const service = ctx.services.archive;
  const params = idParam("Archive event not found");
  const list = () => service.list(todayIn(ctx.config.timezone, ctx.now()));
  // The whole archive as it is searched, made again after each change of the public data (a write or a new day: the
  // look at the whole list's key drops what they made stale), with the keys of the pages kept since.
  let kept: { generation: number; archive: SearchableArchive; pages: Set<string> } | undefined;
  const current = () => {
    ctx.cache.peek(LIST_PATH);
    if (kept?.generation !== ctx.cache.generation) kept = { generation: ctx.cache.generation, archive: searchable(list()), pages: new Set() };
    return kept;
  };
  return (
    new Elysia({ name: "archive", prefix: "/api" })
      .use(ctx.access)
      .get("/archive-events", cachedRead(ctx.cache, archiveItemList, list), { response: answers(archiveItemList) })
      .get(
        "/archive-events/page",
        ({ query, request, set }): ArchivePage => {
          const { archive, pages } = current();
          const answer = () => archivePage(archive, query);
          // A search is answered from the kept archive (each a new key would let anyone fill the memory); so is a
          // page past the first MAX_KEPT_PAGES asked for since the last write. Those are kept as bytes.
          if (query.search?.trim()) return answer();
          const key = `${LIST_PATH}/page?${JSON.stringify([query.year ?? "all", (query.type ?? "all").toLowerCase(), query.sort ?? "newest", query.page ?? 1])}`;
          const ready = ctx.cache.peek(key);
          if (ready) return sendCached(request, ready, set) as unknown as ArchivePage;
          if (!pages.has(key) && pages.size >= MAX_KEPT_PAGES) return answer();
          pages.add(key);
          const build = () => ({ body: JSON.stringify(answer()), contentType: JSON_TYPE });
          return ctx.cache.get(key, build).then((built) => sendCached(request, built, set)) as unknown as ArchivePage;
        },
        { query: standard(archivePageQuerySchema), response: answers(archivePageAnswer) },
      )
      // One entry, for a link to it (`/?archive=<id>`, `/?event=<id>`) that is not on the page shown. An event's link
      // may be an upcoming event's, so none is an answer, not an error.
      .get(
        "/archive-events/:source/:id",
        // Its id as the page wrote it (digits only): anything else names no entry.
        ({ params }) => ({
          entry: current().archive.items.find((item) => item.source === params.source && String(item.id) === params.id) ?? null,
        }),
        { response: answers(archiveEntry) },
      )
      .group("/admin/archive-events", { admin: true }, (admin) =>
        admin
          .get("", () => service.rows(), { response: answers(archiveEventList) })
          // Issue 33: the Events tab's archive entries, a page at a time.
          .get("/page", ({ query }) => service.page(query), { query: standard(adminArchiveQuerySchema), response: answers(adminArchivePage) })
          .post("", ({ body, status }) => status(201, service.create(body)), {
            body: standard(archiveEventSchema),
            response: answers(archiveEventAnswer, 201),
          })
          .patch("/:id", ({ params, body }) => service.update(params.id, body), {
            params,
            body: standard(archiveEventPatchSchema),
            response: answers(archiveEventAnswer),
          })
          .delete("/:id", ({ params }) => service.remove(params.id), { params, response: answers(deleted) }),
      )
  );
}
