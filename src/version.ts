// `--version`: the package's version and the commit the executable was built from. scripts/compile.ts writes the
// commit into the executable (--define BUILD_COMMIT); from the sources it is asked of git.
import packageJson from "../package.json" with { type: "json" };

declare const BUILD_COMMIT: string | undefined;

/** The checkout's commit, with "-dirty" when files differ from it; "unknown" outside a git checkout or without git. */
export function sourceCommit(cwd = import.meta.dir): string {
  const program = Bun.which("git");
  if (!program) return "unknown";
  const git = (...args: string[]) => Bun.spawnSync([program, ...args], { cwd, stdout: "pipe", stderr: "ignore" });
  const head = git("rev-parse", "HEAD");
  if (head.exitCode !== 0) return "unknown";
  const dirty = git("status", "--porcelain", "--untracked-files=no").stdout.toString().trim() !== "";
  return `${head.stdout.toString().trim()}${dirty ? "-dirty" : ""}`;
}

export function versionText(): string {
  const commit = typeof BUILD_COMMIT === "string" ? BUILD_COMMIT : sourceCommit();
  return `vedanta-site ${packageJson.version} (commit ${commit})`;
}
