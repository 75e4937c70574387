import type { AppContext } from "@server/context.ts";
import { sendCached } from "@server/lib/public-cache.ts";
import { todayIn } from "@server/lib/time.ts";
import { idParam, standard, toId } from "@server/lib/validate.ts";
import { cachedRead } from "@server/plugins/public-cache.ts";
import { archiveEventPatchSchema, archiveEventSchema } from "@server/shared/schemas.ts";
import type { ArchiveItem } from "@server/shared/types.ts";
import { Elysia } from "elysia";
import { type ArchivePage, archivePage, archivePageQuerySchema, type SearchableArchive, searchable } from "./filter.ts";
import { createArchiveService } from "./service.ts";

const JSON_TYPE = "application/json;charset=utf-8";

export function archiveModule(ctx: AppContext) {
  const service = createArchiveService(ctx.db);
  const params = idParam("Archive event not found");
  const list = () => service.list(todayIn(ctx.config.timezone, ctx.now()));
  // The whole archive as it is searched, made again after each change of the public data (a write or a new day).
  let kept: { generation: number; archive: SearchableArchive } | undefined;
  const current = () => {
    if (kept?.generation !== ctx.cache.generation) kept = { generation: ctx.cache.generation, archive: searchable(list()) };
    return kept.archive;
  };
  return (
    new Elysia({ name: "archive", prefix: "/api" })
      .use(ctx.access)
      .get("/archive-events", cachedRead(ctx.cache, list))
      .get(
        "/archive-events/page",
        ({ query, request, set }): ArchivePage => {
          // A page without words is one of a few hundred at most, kept as bytes; a search is answered from the kept
          // archive (each search a new key would let anyone fill the memory).
          const key = `/api/archive-events/page?${JSON.stringify([query.year, query.type, query.sort, query.page])}`;
          // Looked up first in every case: it drops what a write or a new day has made stale.
          const ready = ctx.cache.peek(key);
          if (query.search?.trim()) return archivePage(current(), query);
          if (ready) return sendCached(request, ready, set) as unknown as ArchivePage;
          const build = () => ({ body: JSON.stringify(archivePage(current(), query)), contentType: JSON_TYPE });
          return ctx.cache.get(key, build).then((answer) => sendCached(request, answer, set)) as unknown as ArchivePage;
        },
        { query: standard(archivePageQuerySchema) },
      )
      // One entry, for a link to it (`/?archive=<id>`, `/?event=<id>`) that is not on the page shown. An event's link
      // may be an upcoming event's, so none is an answer, not an error.
      .get("/archive-events/:source/:id", ({ params }): { entry: ArchiveItem | null } => {
        const [source, id] = [params.source, toId(params.id)];
        return { entry: current().items.find((item) => item.source === source && item.id === id) ?? null };
      })
      .group("/admin/archive-events", { admin: true }, (admin) =>
        admin
          .get("", () => service.rows())
          .post(
            "",
            ({ body, set }) => {
              set.status = 201;
              return service.create(body);
            },
            { body: standard(archiveEventSchema) },
          )
          .patch("/:id", ({ params, body }) => service.update(params.id, body), { params, body: standard(archiveEventPatchSchema) })
          .delete("/:id", ({ params }) => service.remove(params.id), { params }),
      )
  );
}
