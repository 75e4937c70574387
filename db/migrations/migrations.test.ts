// The embedded list (index.ts, written by hand so the compiled binary carries each file) against drizzle-kit's
// journal: a migration generated but not listed, listed out of order, or listed with another file's text fails here.
import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { migrations } from "./index.ts";
import journal from "./meta/_journal.json";

const folder = import.meta.dir;

describe("db/migrations/index.ts", () => {
  test("lists every journal entry, in the journal's order", () => {
    const tags = [...journal.entries].sort((a, b) => a.idx - b.idx).map((entry) => entry.tag);
    expect(migrations.map((migration) => migration.name)).toEqual(tags);
  });

  test("embeds each migration's own file", async () => {
    for (const { name, sql } of migrations) expect(sql, name).toBe(await Bun.file(join(folder, `${name}.sql`)).text());
  });

  test("every .sql file here is in the journal", () => {
    const files = readdirSync(folder)
      .filter((file) => file.endsWith(".sql"))
      .map((file) => file.slice(0, -4));
    expect(files.sort()).toEqual(journal.entries.map((entry) => entry.tag).sort());
  });
});
