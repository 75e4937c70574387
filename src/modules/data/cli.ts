// The operator's data subcommands of src/main.ts: export FILE, import FILE, sync, restore [COMMIT] (issue 2 item 12,
// issue 21).
import { lstatSync, readFileSync, writeSync } from "node:fs";
import { resolve } from "node:path";
import type { Db } from "@db/client.ts";
import type { Config } from "@server/config.ts";
import { writeFileAtomic } from "@server/lib/files.ts";
import { INVALID_JSON_MESSAGE } from "@server/shared/constants.ts";
import { restoreFromGit, syncToGit } from "./git-sync.ts";
import { countSections, describeCounts, exportData, importData } from "./service.ts";

const DATA_COMMANDS = ["export", "import", "sync", "restore"] as const;
export type DataCommand = (typeof DATA_COMMANDS)[number];

/**
 * Runs one data subcommand on the data folder that `openDb` opens (as `serve` does), printing the result.
 * Returns the exit code: 0 on success, 1 when the operation failed, 2 on a usage error.
 */
export async function runDataCommand(command: DataCommand, args: string[], config: Config, openDb: () => Db): Promise<number> {
  const file = args[0];
  if ((command === "export" || command === "import") && !file) {
    console.error(`Usage: vedanta-site ${command} FILE`);
    return 2;
  }
  // A commit id or an abbreviation of one (at least 4 hexadecimal digits), never anything git could take as an option.
  if (command === "restore" && file !== undefined && !/^[0-9a-f]{4,40}$/.test(file)) {
    console.error(`Usage: vedanta-site restore [COMMIT] (a commit id from the history of ${config.appDataDir}, got "${file}")`);
    return 2;
  }
  let db: Db | undefined;
  try {
    db = openDb();
    const deps = { db, config };
    switch (command) {
      case "export": {
        const data = exportData(deps);
        const json = `${JSON.stringify(data, null, 2)}\n`;
        if (file === "-") {
          // Written before returning: the process exits right after, which would cut an asynchronous write short.
          const bytes = Buffer.from(json);
          for (let offset = 0; offset < bytes.length; ) offset += writeSync(1, bytes, offset);
          console.error(`Exported ${describeCounts(countSections(data))} to standard output`);
          break;
        }
        // biome-ignore lint/style/noNonNullAssertion: the argument was required by the usage check above
        const path = resolve(file!);
        // The file is replaced by a rename: only ever a regular file, never a device, a pipe or a symbolic link.
        const existing = lstatSync(path, { throwIfNoEntry: false });
        if (existing && !existing.isFile())
          throw new Error(`${path} is not a regular file; give a new path, a regular file, or - for standard output`);
        writeFileAtomic(path, json);
        console.log(`Exported ${describeCounts(countSections(data))} to ${path}`);
        break;
      }
      case "import": {
        // biome-ignore lint/style/noNonNullAssertion: the argument was required by the usage check above
        const path = resolve(file!);
        let text: string;
        try {
          text = readFileSync(path, "utf8");
        } catch (error) {
          throw new Error(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
        }
        let input: unknown;
        try {
          input = JSON.parse(text);
        } catch {
          throw new Error(INVALID_JSON_MESSAGE);
        }
        const result = importData(deps, input);
        console.log(`${result.message} (safety copy: ${result.backup} in ${resolve(config.dataDir, "backups")})`);
        break;
      }
      case "sync":
        console.log(`${(await syncToGit(deps)).message} (${config.appDataDir})`);
        break;
      case "restore":
        console.log(`${(await restoreFromGit(deps, file)).message} (from ${config.appDataDir})`);
        break;
    }
    return 0;
  } catch (error) {
    console.error(`${command} failed: ${(error as Error).message}`);
    return 1;
  } finally {
    db?.$client.close();
  }
}
