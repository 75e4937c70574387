import type { AppContext } from "@server/context.ts";
import { parseJson, readBodyWithLimit } from "@server/lib/body.ts";
import { standard } from "@server/lib/validate.ts";
import { exportFileName, INVALID_JSON_MESSAGE } from "@server/shared/constants.ts";
import { Elysia } from "elysia";
import { readSyncStatus } from "./app-data.ts";
import { readGitStatus, restoreFromGit, syncToGit } from "./git-sync.ts";
import { restoreSchema } from "./model.ts";
import { exportData, importData } from "./service.ts";

/** Largest import file accepted; bigger bodies get 413 before they are read whole. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/**
 * An export nests four deep (the sections, their rows, a row's images) and its smallest row (a subscriber) takes ~60
 * bytes, so an import file within the size limit holds fewer arrays and objects than this.
 */
const IMPORT_JSON_BOUNDS = { maxDepth: 16, maxContainers: IMPORT_MAX_BYTES / 40 };

/** Export/import of the content sections and the app_data sync/restore (spec §2.2 Data Sync, §7 admin calls). */
export function dataModule(ctx: AppContext) {
  const deps = { db: ctx.db, config: ctx.config, now: ctx.now };
  return new Elysia({ name: "data", prefix: "/api/admin" })
    .use(ctx.access)
    .guard({ admin: true }, (admin) =>
      admin
        .get("/export-data", ({ set }) => {
          set.headers["content-disposition"] = `attachment; filename="${exportFileName(ctx.now())}"`;
          return exportData(deps);
        })
        .get("/sync-status", () => readSyncStatus(ctx.config.appDataDir))
        .get("/git-status", () => readGitStatus(deps))
        .post("/sync-to-app-data", () => syncToGit(deps))
        // The spec's empty object restores the newest version; `{commit}` the one chosen ('Restore this version').
        .post("/restore-from-app-data", ({ body }) => restoreFromGit(deps, body.commit), { body: standard(restoreSchema) }),
    )
    .post("/import-data", async ({ request }) => importData(deps, await readJsonBody(request, IMPORT_MAX_BYTES)), { admin: "stream" });
}

/** Reads a JSON body of at most `maxBytes` (413 beyond, judged by Content-Length first, then while reading). */
async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const bytes = await readBodyWithLimit(request, maxBytes, `The import file is too large. Maximum size is ${Math.round(maxBytes / 1024 / 1024)} MB.`);
  return parseJson(bytes, IMPORT_JSON_BOUNDS, INVALID_JSON_MESSAGE);
}
