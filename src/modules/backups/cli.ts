// The operator's backup subcommands of src/main.ts: backup, list-backups, restore-backup FILE|NAME|s3:NAME (issues 7, 21).
import type { Db } from "@db/client.ts";
import type { Config } from "@server/config.ts";
import { listOffsiteCopies, maskedBucket, readIdentities, restoreOffsiteCopy, safeMessage } from "./offsite.ts";
import { backupsDir, listBackups, restoreBackup, takeBackup } from "./service.ts";

const BACKUP_COMMANDS = ["backup", "list-backups", "restore-backup"] as const;
export type BackupCommand = (typeof BACKUP_COMMANDS)[number];

const formatSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Runs one backup subcommand on the data folder that `openDb` opens (as `serve` does), printing the result.
 * Returns the exit code: 0 on success, 1 when the operation failed, 2 on a usage error.
 */
export async function runBackupCommand(command: BackupCommand, args: string[], config: Config, openDb: () => Db): Promise<number> {
  const identityAt = args.indexOf("--identity");
  const identityFile = identityAt >= 0 ? args[identityAt + 1] : undefined;
  const source = identityAt >= 0 ? args.filter((_, index) => index !== identityAt && index !== identityAt + 1)[0] : args[0];
  if (command === "restore-backup" && (!source || (identityAt >= 0 && !identityFile))) {
    console.error(
      "Usage: vedanta-site restore-backup FILE|NAME|s3:latest|s3:NAME [--identity key.txt]\n" +
        "  (a name from `list-backups`, a backup folder, a downloaded .tar, a .db file, or an off-site copy; --identity: the age identity file of encrypted copies)",
    );
    return 2;
  }
  if (command === "list-backups") {
    const backups = listBackups(config.dataDir);
    if (!backups.length) console.log(`No backups in ${backupsDir(config.dataDir)}`);
    for (const backup of backups) console.log(`${backup.name}\t${backup.kind}\t${backup.createdAt}\t${formatSize(backup.size)}`);
    if (!config.offsite) return 0;
    try {
      const copies = await listOffsiteCopies(config.offsite);
      if (!copies.length) console.log(`No off-site backups in ${maskedBucket(config.offsite)}`);
      for (const copy of copies) console.log(`s3:${copy.name}\toff-site${copy.encrypted ? " (encrypted)" : ""}\t${copy.createdAt}`);
      return 0;
    } catch (error) {
      console.error(`The off-site backups in ${maskedBucket(config.offsite)} cannot be listed: ${safeMessage(config.offsite, error)}`);
      return 1;
    }
  }
  let db: Db | undefined;
  try {
    db = openDb();
    const deps = { db, dataDir: config.dataDir };
    if (command === "backup") {
      console.log(takeBackup(deps, "manual").path);
    } else if (source?.startsWith("s3:")) {
      if (!config.offsite) throw new Error("S3_BUCKET is not set: give the bucket's S3_* settings to restore an off-site copy");
      const identities = identityFile ? readIdentities(identityFile) : [];
      console.log((await restoreOffsiteCopy({ ...deps, keep: config.backupKeep }, config.offsite, source.slice(3), identities)).message);
    } else {
      // biome-ignore lint/style/noNonNullAssertion: the argument was required by the usage check above
      console.log((await restoreBackup(deps, source!, { allowPaths: true })).message);
      console.log("A running server shows the restored data at once; no restart is needed.");
    }
    return 0;
  } catch (error) {
    console.error(`${command} failed: ${(error as Error).message}`);
    return 1;
  } finally {
    db?.$client.close();
  }
}
