import type { AppContext } from "@server/context.ts";
import { Elysia } from "elysia";
import { type Backup, type BackupInfo, backupTarEntries, findBackup, listBackups, restoreBackup, takeBackup } from "./service.ts";
import { tarSize, tarStream } from "./tar.ts";

const info = ({ name, kind, createdAt, size }: Backup): BackupInfo => ({ name, kind, createdAt, size });

/** Backups in the admin area (issue 7): list, take one now, download as .tar, restore. All under the admin guard. */
export function backupsModule(ctx: AppContext) {
  const deps = { db: ctx.db, dataDir: ctx.config.dataDir, now: ctx.now };
  return new Elysia({ name: "backups", prefix: "/api/admin" }).use(ctx.access).group("/backups", { admin: true }, (admin) =>
    admin
      .get("", () => listBackups(ctx.config.dataDir).map(info))
      .post("", ({ set }) => {
        const backup = takeBackup(deps, "manual");
        set.status = 201;
        return { success: true, message: `Backup ${backup.name} taken.`, backup: info(backup) };
      })
      .get("/:name/download", async ({ params }) => {
        const backup = findBackup(ctx.config.dataDir, params.name);
        const entries = backupTarEntries(backup);
        return new Response(tarStream(entries), {
          headers: {
            "Content-Type": "application/x-tar",
            "Content-Length": String(await tarSize(entries)),
            "Content-Disposition": `attachment; filename="vedanta-backup-${backup.name}.tar"`,
          },
        });
      })
      .post("/:name/restore", async ({ params }) => {
        const { success, message } = await restoreBackup(deps, params.name);
        return { success, message };
      }),
  );
}
