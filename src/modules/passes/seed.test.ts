// The first start's passes (app_data/passes.json): added once, into a database with none; a bad file adds none.
import { afterEach, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { passes } from "@db/schema.ts";
import { createTestApp, type TestApp } from "@tests/support/app.ts";
import { PASSES_FILE, seedPasses } from "./seed.ts";

let t: TestApp | undefined;
const dir = mkdtempSync(join(tmpdir(), "passes-seed-"));
afterEach(() => {
  t?.cleanup();
  rmSync(join(dir, PASSES_FILE), { force: true });
});

test("added when the database has no pass, once; a file that is not a list of passes adds none and says why", async () => {
  t = await createTestApp();
  expect(seedPasses(t.db, dir)).toBe("no passes to add");
  writeFileSync(join(dir, PASSES_FILE), JSON.stringify([{ name: "Too many", credits: 500, price: 100, validDays: 10 }]));
  expect(seedPasses(t.db, dir)).toBe("app_data/passes.json is not a list of passes (Credits must be a whole number from 1 to 100): no passes added");
  writeFileSync(join(dir, PASSES_FILE), "{");
  expect(seedPasses(t.db, dir)).toBe("app_data/passes.json is not valid JSON: no passes added");
  expect(t.db.select().from(passes).all()).toEqual([]);
  writeFileSync(join(dir, PASSES_FILE), JSON.stringify([{ name: "10 classes", credits: 10, price: 15000, validDays: 180 }]));
  expect(seedPasses(t.db, dir)).toBe("1 pass added from app_data/passes.json");
  expect(seedPasses(t.db, dir)).toBe("no passes to add");
  expect(t.db.select().from(passes).all()).toMatchObject([{ name: "10 classes", credits: 10, classIds: null, active: true }]);
});
