import type { ModuleContext } from "@server/context.ts";
import { answers } from "@server/lib/answers.ts";
import { parseJson, readBodyWithLimit } from "@server/lib/body.ts";
import { standard } from "@server/lib/validate.ts";
import { exportFileName, INVALID_JSON_MESSAGE } from "@server/shared/constants.ts";
import { Elysia } from "elysia";
import { readSyncStatus } from "./app-data.ts";
import { readGitStatus, restoreFromGit, syncToGit } from "./git-sync.ts";
import { exportAnswer, gitStatus, imported, restored, restoreSchema, synced, syncStatus } from "./model.ts";
import { exportData, importData } from "./service.ts";

export type { GitCommit, GitStatus } from "./model.ts";

/** Largest import file accepted; bigger bodies get 413 before they are read whole. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/**
 * An export nests four deep (the sections, their rows, a row's images) and its smallest row (a subscriber) takes ~60
 * bytes, so an import file within the size limit holds fewer arrays and objects than this.
 */
const IMPORT_JSON_BOUNDS = { maxDepth: 16, maxContainers: IMPORT_MAX_BYTES / 40 };

/** Export/import of the content sections and the app_data sync/restore (spec §2.2 Data Sync, §7 admin calls). */
export function dataModule(ctx: ModuleContext) {
  const deps = { db: ctx.db, config: ctx.config, now: ctx.now };
  return new Elysia({ name: "data", prefix: "/api/admin" })
    .use(ctx.access)
    .guard({ admin: true }, (admin) =>
      admin
        .get(
          "/export-data",
          ({ set }) => {
            set.headers["content-disposition"] = `attachment; filename="${exportFileName(ctx.now())}"`;
            return exportData(deps);
          },
          { response: answers(exportAnswer) },
        )
        .get("/sync-status", () => readSyncStatus(ctx.config.appDataDir), { response: answers(syncStatus) })
        .get("/git-status", () => readGitStatus(deps), { response: answers(gitStatus) })
        .post("/sync-to-app-data", () => syncToGit(deps), { response: answers(synced) })
        // The spec's empty object restores the newest version; `{commit}` the one chosen ('Restore this version').
        .post("/restore-from-app-data", ({ body }) => restoreFromGit(deps, body.commit), {
          body: standard(restoreSchema),
          response: answers(restored),
        }),
    )
    .post("/import-data", async ({ request }) => importData(deps, await readJsonBody(request, IMPORT_MAX_BYTES)), {
      admin: "stream",
      response: answers(imported),
    });
}

/** Reads a JSON body of at most `maxBytes` (413 beyond, judged by Content-Length first, then while reading). */
async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const bytes = await readBodyWithLimit(request, maxBytes, `The import file is too large. Maximum size is ${Math.round(maxBytes / 1024 / 1024)} MB.`);
  return parseJson(bytes, IMPORT_JSON_BOUNDS, INVALID_JSON_MESSAGE);
}
