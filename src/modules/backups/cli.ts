// The operator's backup subcommands of src/main.ts: backup, list-backups, restore-backup FILE|NAME (issue 7).
import type { Db } from "@db/client.ts";
import type { Config } from "@server/config.ts";
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
  const source = args[0];
  if (command === "restore-backup" && !source) {
    console.error("Usage: vedanta-site restore-backup FILE|NAME   (a name from `list-backups`, a backup folder, a downloaded .tar, or a .db file)");
    return 2;
  }
  if (command === "list-backups") {
    const backups = listBackups(config.dataDir);
    if (!backups.length) console.log(`No backups in ${backupsDir(config.dataDir)}`);
    for (const backup of backups) console.log(`${backup.name}\t${backup.kind}\t${backup.createdAt}\t${formatSize(backup.size)}`);
    return 0;
  }
  let db: Db | undefined;
  try {
    db = openDb();
    const deps = { db, dataDir: config.dataDir };
    if (command === "backup") {
      console.log(takeBackup(deps, "manual").path);
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
