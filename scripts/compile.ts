// Builds the web app, then the server with the web files and migrations embedded, into one executable:
// `bun scripts/compile.ts [outfile]` (default dist/vedanta-site). Start time and memory (ADR 0007):
// - bytecode (`--bytecode`): no parsing at start;
// - `--compile-jit-policy`: the JIT is held back until the server gets busy (src/runtime.ts brings it back): code that
//   runs once or seldom (the start, the first render of /, an admin's edits) is not compiled for nothing (ADR 7);
// - `--conditions=module`: packages that ship an ES module build are bundled from it, so the server-side renderer
//   takes only the icons it uses from lucide-react (its CommonJS build, 670 KB, holds every icon);
// - `--bytecode-order`: a first build is run once as a visitor would use it (a restart, /, the public reads), and the
//   final build lays its bytecode out in that order, so a start reads and decodes less of the executable. The run is
//   only a layout hint: when it fails, the build without it is kept, with a warning.

import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { JIT_POLICY_AT_START } from "@server/runtime.ts";
import { freePort } from "@tests/server.ts";
import { $ } from "bun";

const ROOT = resolve(import.meta.dir, "..");
const outfile = resolve(process.argv[2] ?? "dist/vedanta-site");
const FLAGS = ["--compile", "--production", "--bytecode", "--format=esm", "--conditions=module", `--compile-jit-policy=${JIT_POLICY_AT_START}`];
/** The server, and the renderer of `/` as a second module that src/main.ts loads on the first render. */
const ENTRY_POINTS = ["./src/main.ts", "./web/app/server-render.tsx"];

/** The built executable serves `/` without its server-side rendering: a broken build, not a missed layout hint. */
class RendererMissing extends Error {
  override message = "the executable serves / without rendering it on the server (is web/app/server-render.tsx an entry point?)";
}

/** Starts `exe serve` on `dataDir` with the demo app_data, asks for what a visitor's first visit asks, and stops it. */
async function recordOrder(exe: string, dir: string, orderFile: string | null) {
  const port = freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: join(dir, "data"),
    APP_DATA_DIR: join(dir, "app_data"),
    ADMIN_PASSWORD: "bytecode-order-recording",
    SITE_URL: `http://127.0.0.1:${port}`,
    YOUTUBE_API_BASE: "http://127.0.0.1:9/unreachable",
    WEB_DIST: "",
    ...(orderFile && { BUN_BYTECODE_ORDER_OUT: orderFile }),
  };
  const child = Bun.spawn([exe, "serve"], { cwd: dir, env, stdout: "ignore", stderr: "pipe" });
  const url = `http://127.0.0.1:${port}`;
  try {
    const deadline = performance.now() + 20_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${await new Response(child.stderr).text()}`);
      if (performance.now() > deadline) throw new Error("the server did not answer within 20 s");
      const health = await fetch(`${url}/healthz`).catch(() => null);
      if (health?.ok) break;
      await Bun.sleep(5);
    }
    const browser = { "accept-encoding": "gzip, deflate, br" };
    const page = await (await fetch(`${url}/`, { headers: browser })).text();
    if (!page.includes('id="query-state"')) throw new RendererMissing();
    const assets = [...page.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css|svg|png|jpe?g|webp|woff2))"/g)].map((match) => match[1]!).slice(0, 12);
    for (const path of ["/api/profile", "/api/events", "/api/classes", "/api/archive-events", "/api/notifications", "/favicon.ico", ...assets]) {
      await (await fetch(`${url}${path}`, { headers: browser })).arrayBuffer();
    }
  } finally {
    child.kill("SIGTERM");
    await child.exited;
  }
}

await $`bun scripts/build.ts`.cwd(ROOT);
const work = mkdtempSync(join(tmpdir(), "vedanta-compile-"));
try {
  const first = join(work, "vedanta-site");
  await $`bun build ${FLAGS} ${ENTRY_POINTS} --outfile ${first}`.cwd(ROOT).quiet();
  let flags = FLAGS;
  try {
    cpSync(join(ROOT, "app_data"), join(work, "app_data"), { recursive: true });
    // The first start (empty data folder: migrate, restore) and, listed first, the usual one: a restart.
    await recordOrder(first, work, join(work, "first-start.order"));
    await recordOrder(first, work, join(work, "restart.order"));
    flags = [...FLAGS, `--bytecode-order=${join(work, "restart.order")},${join(work, "first-start.order")}`];
  } catch (error) {
    if (error instanceof RendererMissing) throw error;
    console.warn(`warning: the bytecode layout run failed, the executable is built without it: ${error instanceof Error ? error.message : error}`);
  }
  await $`bun build ${flags} ${ENTRY_POINTS} --outfile ${outfile}`.cwd(ROOT).quiet();
} finally {
  rmSync(work, { recursive: true, force: true });
}
const size = Bun.file(outfile).size;
console.log(`compiled ${outfile} (${(size / 1024 / 1024).toFixed(1)} MB)`);
