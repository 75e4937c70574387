import type { ModuleContext } from "@server/context.ts";
import { answers, done } from "@server/lib/answers.ts";
import { badRequest } from "@server/lib/errors.ts";
import { log } from "@server/lib/log.ts";
import { Elysia } from "elysia";
import { backupList, backupTaken, type OffsiteAnswer, offsiteAnswer } from "./model.ts";
import { createOffsiteBackups, listOffsiteCopies, readIdentities, restoreOffsiteCopy, safeMessage, UNENCRYPTED_WARNING } from "./offsite.ts";
import { type Backup, type BackupInfo, backupTarEntries, findBackup, listBackups, restoreBackup, takeBackup } from "./service.ts";
import { tarSize, tarStream } from "./tar.ts";

export { BACKUPS_KEPT, takeBackup } from "./service.ts";

const info = ({ name, kind, createdAt, size }: Backup): BackupInfo => ({ name, kind, createdAt, size });

const OFFSITE_OFF: OffsiteAnswer = {
  enabled: false,
  bucket: null,
  encrypted: false,
  warning: null,
  running: false,
  lastCopy: null,
  lastError: null,
  nextRetryAt: null,
  canRestore: false,
  copies: [],
  listError: null,
};

/**
 * Backups in the admin area (issues 7 and 21): list, take one now, download as .tar, restore; and, with S3_BUCKET,
 * the off-site copier (started here, so a serving site copies every change) with its state, copies and restore.
 * All under the admin guard.
 */
export function backupsModule(ctx: ModuleContext) {
  const deps = { db: ctx.db, dataDir: ctx.config.dataDir, now: ctx.now, keep: ctx.config.backupKeep };
  const config = ctx.config.offsite;
  const offsite = config && createOffsiteBackups({ db: ctx.db, dataDir: ctx.config.dataDir, config, keep: ctx.config.backupKeep, now: ctx.now });
  offsite?.start();
  if (config && !config.recipient) log.warn(UNENCRYPTED_WARNING);
  return new Elysia({ name: "backups", prefix: "/api/admin" }).use(ctx.access).group("/backups", { admin: true }, (admin) =>
    admin
      .get("", () => listBackups(ctx.config.dataDir).map(info), { response: answers(backupList) })
      .post(
        "",
        ({ status }) => {
          const backup = takeBackup(deps, "manual");
          offsite?.run().catch(() => {}); // its state shows in the off-site answer
          const message = `Backup ${backup.name} taken.${offsite ? " An off-site copy is under way." : ""}`;
          return status(201, { success: true, message, backup: info(backup) });
        },
        { response: answers(backupTaken, 201) },
      )
      .get(
        "/offsite",
        async (): Promise<OffsiteAnswer> => {
          if (!config || !offsite) return OFFSITE_OFF;
          try {
            return { ...offsite.status(), copies: await listOffsiteCopies(config), listError: null };
          } catch (error) {
            return { ...offsite.status(), copies: [], listError: safeMessage(config, error) };
          }
        },
        { response: answers(offsiteAnswer) },
      )
      .post(
        "/offsite/:name/restore",
        async ({ params }) => {
          if (!config) throw badRequest("Off-site backups are off (S3_BUCKET is not set)");
          const identities = config.identityFile ? readIdentities(config.identityFile) : [];
          const { success, message } = await restoreOffsiteCopy(deps, config, params.name, identities);
          return { success, message };
        },
        { response: answers(done) },
      )
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
      .post(
        "/:name/restore",
        async ({ params }) => {
          const { success, message } = await restoreBackup(deps, params.name);
          return { success, message };
        },
        { response: answers(done) },
      ),
  );
}
