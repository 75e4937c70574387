// docs/operations.md's systemd units, as written there: systemd's own checker finds nothing to say of them, and the
// HTTPS one hands queued connections over at a renewal (net.ipv4.tcp_migrate_req, src/modules/https/listen.ts).
import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const docs = readFileSync(join(import.meta.dir, "../docs/operations.md"), "utf8");
const units = [...docs.matchAll(/```ini\n(\[Unit\][\s\S]*?)```/g)].map((match) => match[1] ?? "");
const systemdAnalyze = Bun.which("systemd-analyze");

describe("docs/operations.md's systemd units", () => {
  test("there are two: with DOMAIN, and behind a reverse proxy", () => {
    expect(units).toHaveLength(2);
    expect(units[0]).toContain("serve --domain example.org");
  });

  test("the HTTPS unit sets tcp_migrate_req as root before the start, and its failure (an old kernel) stops nothing", () => {
    expect(units[0]).toContain("ExecStartPre=+-/usr/sbin/sysctl -q -w net.ipv4.tcp_migrate_req=1");
  });

  test.skipIf(!systemdAnalyze)("systemd-analyze verify has nothing to say of either", () => {
    const dir = mkdtempSync(join(tmpdir(), "vedanta-units-"));
    for (const [index, unit] of units.entries()) {
      // The executable the unit starts must exist for the check: this test's own runtime stands in for it.
      const path = join(dir, `vedanta-site-${index}.service`);
      writeFileSync(path, unit.replaceAll("/opt/vedanta/vedanta-site", process.execPath));
      const result = Bun.spawnSync([systemdAnalyze ?? "", "verify", path], { stderr: "pipe", stdout: "pipe" });
      expect({ unit: index, exitCode: result.exitCode, said: `${result.stdout}${result.stderr}`.trim() }).toEqual({
        unit: index,
        exitCode: 0,
        said: "",
      });
    }
  });
});
if (!systemdAnalyze) console.warn("skipped: systemd-analyze is not installed (apt-get install systemd)");
