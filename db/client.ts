import { Database } from "bun:sqlite";
import { chmodSync, closeSync, existsSync, openSync } from "node:fs";
import { type BunSQLiteDatabase, drizzle } from "drizzle-orm/bun-sqlite";
import { migrations } from "./migrations/index.ts";
import * as schema from "./schema.ts";

export type Db = BunSQLiteDatabase<typeof schema> & { $client: Database };

/** The database holds the password hash and every visitor's message: readable by the service's user only. */
const PRIVATE_FILE = 0o600;

/**
 * Opens (creating if needed) the SQLite file, readable by its owner only, with the pragmas of DESIGN.md and applies
 * pending migrations.
 */
export function openDatabase(path: string): Db {
  closeSync(openSync(path, "a", PRIVATE_FILE));
  // SQLite gives a new -wal and -shm file the database file's mode; files made before are tightened too.
  for (const file of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(file)) tighten(file, PRIVATE_FILE);
  const sqlite = new Database(path, { create: true, strict: true });
  sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec("PRAGMA synchronous = NORMAL");
  sqlite.exec("PRAGMA busy_timeout = 5000");
  sqlite.exec("PRAGMA foreign_keys = ON");
  migrate(sqlite);
  return drizzle({ client: sqlite, schema }) as Db;
}

function migrate(sqlite: Database) {
  sqlite.exec("CREATE TABLE IF NOT EXISTS __migrations (name TEXT PRIMARY KEY, appliedAt TEXT NOT NULL)");
  const applied = new Set(
    sqlite
      .query<{ name: string }, []>("SELECT name FROM __migrations")
      .all()
      .map((row) => row.name),
  );
  for (const migration of migrations) {
    if (applied.has(migration.name)) continue;
    sqlite.transaction(() => {
      for (const statement of migration.sql.split("--> statement-breakpoint")) {
        if (statement.trim()) sqlite.exec(statement);
      }
      sqlite.query("INSERT INTO __migrations (name, appliedAt) VALUES (?, ?)").run(migration.name, new Date().toISOString());
    })();
  }
}

/** Sets `mode` on a file or folder of ours; one of another owner (an operator's command as another user) is left as it is. */
export function tighten(path: string, mode: number) {
  try {
    chmodSync(path, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") throw error;
  }
}
