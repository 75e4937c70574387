import { Elysia } from "elysia";
import type { AppContext, Module } from "../../context.ts";
import { readBodyWithLimit } from "../../lib/body.ts";
import { badRequest } from "../../lib/errors.ts";
import { readSyncStatus, restoreFromAppData, syncToAppData } from "./app-data.ts";
import { exportData, exportFileName, importData, INVALID_JSON_MESSAGE } from "./service.ts";

export { INVALID_JSON_MESSAGE };

/** Largest import file accepted; bigger bodies get 413 before they are read whole. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/** Export/import of the content sections and the app_data sync/restore (spec §2.2 Data Sync, §7 admin calls). */
export function dataModule(ctx: AppContext): Module {
  const deps = { db: ctx.db, config: ctx.config, now: ctx.now };
  return {
    // Paths under /api/admin, behind the login guard (src/api.ts).
    admin: new Elysia()
      .get("/export-data", ({ set }) => {
        set.headers["content-disposition"] = `attachment; filename="${exportFileName(ctx.now())}"`;
        return exportData(deps);
      })
      .get("/sync-status", () => readSyncStatus(ctx.config.appDataDir))
      .post("/sync-to-app-data", () => syncToAppData(deps))
      .post("/restore-from-app-data", () => {
        const result = restoreFromAppData(deps);
        ctx.onPublicChange();
        return result;
      }),
    adminUploads: new Elysia().post(
      "/import-data",
      async ({ request }) => {
        const result = importData(deps, await readJsonBody(request, IMPORT_MAX_BYTES));
        ctx.onPublicChange();
        return result;
      },
      { parse: "none" },
    ),
  };
}

/** Reads a JSON body of at most `maxBytes` (413 beyond, judged by Content-Length first, then while reading). */
async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const bytes = await readBodyWithLimit(request, maxBytes, `The import file is too large. Maximum size is ${Math.round(maxBytes / 1024 / 1024)} MB.`);
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw badRequest(INVALID_JSON_MESSAGE);
  }
}
