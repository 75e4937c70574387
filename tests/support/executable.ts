// The executable operators run, compiled from this tree by their recipe (`bun scripts/compile.ts`: the web build, the
// renderer as a second entry point, the bytecode layout run), once per test run: every test file that starts it shares
// the build (bun runs a suite's files in one process).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "../server.ts";

let built: Promise<string> | undefined;

/** The path of the compiled executable, built on the first call (about a minute) and removed when the run ends. */
export function compiledExecutable(): Promise<string> {
  built ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), "vedanta-exe-"));
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    const binary = join(dir, "vedanta-site");
    const build = Bun.spawn(["bun", "scripts/compile.ts", binary], { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
    if ((await build.exited) !== 0) throw new Error(`the executable did not build:\n${await new Response(build.stderr).text()}`);
    return binary;
  })();
  return built;
}
