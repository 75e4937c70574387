import { Elysia } from "elysia";
import type { AppContext } from "../../context.ts";
import { badRequest, payloadTooLarge } from "../../lib/errors.ts";
import { readSyncStatus, restoreFromAppData, syncToAppData } from "./app-data.ts";
import { exportData, exportFileName, importData, INVALID_JSON_MESSAGE } from "./service.ts";

export { INVALID_JSON_MESSAGE };

/** Largest import file accepted; bigger bodies get 413 before they are read whole. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/** Export/import of the content sections and the app_data sync/restore (spec §2.2 Data Sync, §7 admin calls). */
export function dataModule(ctx: AppContext) {
  const deps = { db: ctx.db, config: ctx.config, now: ctx.now };
  return new Elysia()
    .get("/api/admin/export-data", ({ set }) => {
      set.headers["content-disposition"] = `attachment; filename="${exportFileName(ctx.now())}"`;
      return exportData(deps);
    })
    .post(
      "/api/admin/import-data",
      async ({ request }) => {
        const result = importData(deps, await readJsonBody(request, IMPORT_MAX_BYTES));
        ctx.onPublicChange();
        return result;
      },
      { parse: "none" },
    )
    .get("/api/admin/sync-status", () => readSyncStatus(ctx.config.appDataDir))
    .post("/api/admin/sync-to-app-data", () => syncToAppData(deps), { parse: "none" })
    .post(
      "/api/admin/restore-from-app-data",
      () => {
        const result = restoreFromAppData(deps);
        ctx.onPublicChange();
        return result;
      },
      { parse: "none" },
    );
}

/** Reads a JSON body of at most `maxBytes` (413 beyond, judged by Content-Length first, then while reading). */
async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const tooLarge = () => payloadTooLarge(`The import file is too large. Maximum size is ${Math.round(maxBytes / 1024 / 1024)} MB.`);
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > maxBytes) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    for await (const chunk of request.body) {
      size += chunk.byteLength;
      if (size > maxBytes) throw tooLarge();
      chunks.push(chunk);
    }
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw badRequest(INVALID_JSON_MESSAGE);
  }
}
