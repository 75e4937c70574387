// `bun run release`: the executable for each usual VPS, with a SHA256SUMS file, into dist/release/:
// - vedanta-site-linux-x64: this machine's runtime (x64 CPUs from about 2013 on: AVX2), with the bytecode layout run;
// - vedanta-site-linux-x64-baseline: older x64 CPUs (no AVX2), and vedanta-site-linux-arm64 (Graviton, Ampere, Pi):
//   built with the target's Bun runtime of the same version, from its npm package (@oven/bun-linux-x64-baseline,
//   @oven/bun-linux-aarch64) fetched with `npm pack`, as Bun's own cross-compilation would download it.
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { $ } from "bun";

const ROOT = resolve(import.meta.dir, "..");
const OUT = join(ROOT, "dist/release");
const TARGETS = [
  { name: "linux-x64", target: null, runtimePackage: null },
  { name: "linux-x64-baseline", target: "bun-linux-x64-baseline", runtimePackage: "@oven/bun-linux-x64-baseline" },
  { name: "linux-arm64", target: "bun-linux-arm64", runtimePackage: "@oven/bun-linux-aarch64" },
] as const;

/** The Bun runtime of `pkg` at this Bun's version, unpacked into `dir`; answers the path of its `bun`. */
async function runtimeFrom(pkg: string, dir: string): Promise<string> {
  const tarball = (await $`npm pack ${`${pkg}@${Bun.version}`} --silent --pack-destination ${dir}`.cwd(dir).text()).trim().split("\n").at(-1)!;
  await $`tar -xzf ${join(dir, tarball)} -C ${dir}`;
  return join(dir, "package/bin/bun");
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const work = mkdtempSync(join(tmpdir(), "vedanta-release-"));
try {
  for (const { name, target, runtimePackage } of TARGETS) {
    const outfile = join(OUT, `vedanta-site-${name}`);
    const cross =
      target && runtimePackage
        ? [`--target=${target}`, `--compile-executable-path=${await runtimeFrom(runtimePackage, mkdtempSync(join(work, "runtime-")))}`]
        : [];
    await $`bun scripts/compile.ts ${outfile} ${cross}`.cwd(ROOT);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
const sums = readdirSync(OUT)
  .filter((file) => file.startsWith("vedanta-site-"))
  .sort()
  .map(
    (file) =>
      `${createHash("sha256")
        .update(readFileSync(join(OUT, file)))
        .digest("hex")}  ${file}\n`,
  );
writeFileSync(join(OUT, "SHA256SUMS"), sums.join(""));
console.log(`${OUT}:\n${sums.join("")}Check a copy with: sha256sum --check --ignore-missing SHA256SUMS`);
