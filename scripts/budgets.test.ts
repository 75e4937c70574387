import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BUDGETS, checkBudgets } from "./budgets.ts";

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** Bytes that gzip barely shrinks, so `kb` of them weigh about `kb` KB gzipped. */
const incompressible = (kb: number) => `/*${Buffer.from(crypto.getRandomValues(new Uint8Array(kb * 1024))).toString("base64")}*/`;

/** A build folder: index.html loads /entry.js, which imports /shared.js statically and the admin route lazily. */
async function build({ sharedKb, adminKb }: { sharedKb: number; adminKb: number }) {
  const folder = mkdtempSync(join(tmpdir(), "budgets-"));
  folders.push(folder);
  await Bun.write(`${folder}/index.html`, `<script type="module" src="/entry.js"></script><link rel="stylesheet" href="/index.css">`);
  await Bun.write(`${folder}/entry.js`, `import { a } from "/shared.js"; const admin = () => import("/admin-route.js");`);
  await Bun.write(`${folder}/shared.js`, `export const a = 1; ${incompressible(sharedKb)}`);
  await Bun.write(`${folder}/admin-route.js`, `import "/editor.js"; ${incompressible(adminKb)}`);
  await Bun.write(`${folder}/editor.js`, incompressible(adminKb));
  await Bun.write(`${folder}/index.css`, "body { color: black }");
  return folder;
}

describe("size budgets (issue 5)", () => {
  test("/ counts the entry and its static imports; the admin chunks are everything only the lazy admin import reaches", async () => {
    const report = await checkBudgets(await build({ sharedKb: 10, adminKb: 5 }));
    expect(report.publicJs.files.sort()).toEqual(["/entry.js", "/shared.js"]);
    expect(report.admin.files.sort()).toEqual(["/admin-route.js", "/editor.js"]);
    expect(report.failures).toEqual([]);
    expect(report.lines.join("\n")).toContain("JavaScript loaded by /:");
  });

  test("a build whose / loads more than 143 KB gzip of JavaScript, or whose admin passes 250 KB, fails", async () => {
    expect(BUDGETS.publicJs.limitKb).toBe(143);
    const report = await checkBudgets(await build({ sharedKb: 150, adminKb: 130 }));
    expect(report.failures).toHaveLength(2);
    expect(report.failures[0]).toStartWith("JavaScript loaded by / is ");
    expect(report.failures[0]).toEndWith("gzip, over its 143 KB budget");
    expect(report.failures[1]).toStartWith("admin chunks (lazy, editor included) is ");
  });
});
