// The passes on sale a first start begins with (issue 40: the demo content's 10-class pass and 5-class concession
// pass): `app_data/passes.json`, read once, when content was just restored into a database with no pass. Passes live
// in the database afterwards (ADR 29): app_data's seven sections are the content's format, and a sync writes no pass.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "@db/client.ts";
import { passes } from "@db/schema.ts";
import { passSchema } from "@server/shared/schemas.ts";
import { array, validate } from "superstruct";

export const PASSES_FILE = "passes.json";

/** Adds the passes of `app_data/passes.json` when the database has none; how many, or why not (a bad file adds none). */
export function seedPasses(db: Db, appDataDir: string): string {
  const path = join(appDataDir, PASSES_FILE);
  if (!existsSync(path) || db.select({ id: passes.id }).from(passes).limit(1).get()) return "no passes to add";
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return `app_data/${PASSES_FILE} is not valid JSON: no passes added`;
  }
  const [error, list] = validate(parsed, array(passSchema), { coerce: true });
  if (error) return `app_data/${PASSES_FILE} is not a list of passes (${error.failures()[0]?.message}): no passes added`;
  db.transaction(() => {
    for (const pass of list) db.insert(passes).values(pass).run();
  });
  return `${list.length === 1 ? "1 pass" : `${list.length} passes`} added from app_data/${PASSES_FILE}`;
}
