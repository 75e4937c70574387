// The operator's subcommands, run as an operator would: `bun src/main.ts <command>` with DATA_DIR/APP_DATA_DIR.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startServer } from "@tests/server.ts";
import { PNG_BYTES, sampleExport, writeSampleUploads } from "@tests/support/data-fixtures.ts";

const ROOT = resolve(import.meta.dir, "../../..");
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "vedanta-cli-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Run = { code: number; stdout: string; stderr: string };

async function run(args: string[], env: { data: string; appData?: string; cwd?: string }): Promise<Run> {
  const child = Bun.spawn(["bun", join(ROOT, "src/main.ts"), ...args], {
    cwd: env.cwd ?? ROOT,
    env: { ...process.env, DATA_DIR: env.data, APP_DATA_DIR: env.appData ?? join(dir, "no-app-data"), ADMIN_PASSWORD: "cli-test-password" },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { code, stdout, stderr };
}

const withoutTime = (path: string) => {
  const { exportedAt: _exportedAt, ...content } = JSON.parse(readFileSync(path, "utf8"));
  return content;
};

describe("CLI data commands", () => {
  test("--help lists export, import, sync and restore", async () => {
    const { code, stdout } = await run(["--help"], { data: join(dir, "help") });
    expect(code).toBe(0);
    for (const line of ["export FILE", "import FILE", "sync ", "restore "]) expect(stdout).toContain(`  ${line}`);
  });

  test("export FILE then import FILE round trip", async () => {
    const a = join(dir, "a");
    const b = join(dir, "b");
    const input = join(dir, "input.json");
    writeFileSync(input, JSON.stringify(sampleExport()));

    const imported = await run(["import", input], { data: a });
    expect(imported.stderr).toBe("");
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain(
      "Data imported successfully: 2 events, 2 classes, 1 archive event, 1 message, 2 subscribers, a profile, 1 notification.",
    );

    const first = join(dir, "first.json");
    const exported = await run(["export", first], { data: a });
    expect(exported.code).toBe(0);
    expect(exported.stdout).toBe(`Exported 2 events, 2 classes, 1 archive event, 1 message, 2 subscribers, a profile, 1 notification to ${first}\n`);
    const content = withoutTime(first);
    expect(content.events.map((event: { id: number }) => event.id)).toEqual([3, 7]);
    expect(JSON.stringify(content)).not.toContain("argon2");

    expect((await run(["import", first], { data: b })).code).toBe(0);
    const second = join(dir, "second.json");
    expect((await run(["export", second], { data: b })).code).toBe(0);
    expect(withoutTime(second)).toEqual(content);
  });

  test("export - writes the whole export (MBs of it) to standard output and no file", async () => {
    const data = join(dir, "to-stdout");
    const input = join(dir, "to-stdout.json");
    const subscribers = Array.from({ length: 20_000 }, (_, i) => ({ id: i + 1, email: `reader-${i}@example.org` }));
    writeFileSync(input, JSON.stringify({ ...sampleExport(), subscribers }));
    expect((await run(["import", input], { data })).code).toBe(0);
    const cwd = join(dir, "to-stdout-cwd");
    mkdirSync(cwd);

    const exported = await run(["export", "-"], { data, cwd });
    expect(exported.stderr).toBe(
      "Exported 2 events, 2 classes, 1 archive event, 1 message, 20000 subscribers, a profile, 1 notification to standard output\n",
    );
    expect(exported.code).toBe(0);
    expect(exported.stdout.length).toBeGreaterThan(2_000_000);
    expect(JSON.parse(exported.stdout).subscribers).toHaveLength(20_000);
    expect(readdirSync(cwd)).toEqual([]);
  });

  // Not a device: on code without the check, run as root, that would replace the machine's device node.
  test("export FILE never replaces a special file (a pipe) or a symbolic link", async () => {
    const d = join(dir, "special");
    mkdirSync(d);
    const fifo = join(d, "pipe");
    expect(Bun.spawnSync(["mkfifo", fifo]).exitCode).toBe(0);
    const target = join(d, "target.txt");
    writeFileSync(target, "keep me");
    const link = join(d, "link.json");
    symlinkSync(target, link);

    for (const path of [fifo, link]) {
      const result = await run(["export", path], { data: join(d, "data") });
      expect({ code: result.code, stderr: result.stderr }).toEqual({
        code: 1,
        stderr: `export failed: ${path} is not a regular file; give a new path, a regular file, or - for standard output\n`,
      });
    }
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(readlinkSync(link)).toBe(target);
    expect(readFileSync(target, "utf8")).toBe("keep me");
    expect(readdirSync(d).sort()).toEqual(["data", "link.json", "pipe", "target.txt"]); // no temp file left
  });

  test("sync then restore into another data folder", async () => {
    const source = join(dir, "sync-source");
    const target = join(dir, "sync-target");
    const appData = join(dir, "app_data");
    writeSampleUploads(source);
    const input = join(dir, "sync-input.json");
    writeFileSync(input, JSON.stringify(sampleExport()));
    expect((await run(["import", input], { data: source })).code).toBe(0);

    const synced = await run(["sync"], { data: source, appData });
    expect(synced.code).toBe(0);
    expect(synced.stdout).toStartWith("Data synced to app_data successfully: 2 events");
    expect(existsSync(join(appData, "manifest.json"))).toBe(true);

    const restored = await run(["restore"], { data: target, appData });
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toStartWith("Data restored from app_data");
    expect(readFileSync(join(target, "uploads", "retreat.png"))).toEqual(Buffer.from(PNG_BYTES));

    const fromSource = join(dir, "from-source.json");
    const fromTarget = join(dir, "from-target.json");
    expect((await run(["export", fromSource], { data: source })).code).toBe(0);
    expect((await run(["export", fromTarget], { data: target })).code).toBe(0);
    expect(withoutTime(fromTarget)).toEqual(withoutTime(fromSource));
  });

  const failures: { name: string; args: (d: string) => string[]; setup?: (d: string) => void; code: number; stderr: string | RegExp }[] = [
    {
      name: "export without FILE",
      args: () => ["export"],
      code: 2,
      stderr: /^FILE\|- is missing\.\n\nUsage: vedanta-site export FILE\|- \[options\]\n/,
    },
    { name: "import without FILE", args: () => ["import"], code: 2, stderr: /^FILE is missing\.\n\nUsage: vedanta-site import FILE \[options\]\n/ },
    {
      name: "import of a missing file",
      args: (d) => ["import", join(d, "nope.json")],
      code: 1,
      stderr: /^import failed: cannot read .*nope\.json: ENOENT\n$/,
    },
    {
      name: "import of a file that is not JSON",
      args: (d) => ["import", join(d, "bad.json")],
      setup: (d) => writeFileSync(join(d, "bad.json"), "{ nope"),
      code: 1,
      stderr: "import failed: Invalid JSON file. Please select a valid exported data file.\n",
    },
    {
      name: "import of a file missing sections",
      args: (d) => ["import", join(d, "partial.json")],
      setup: (d) => writeFileSync(join(d, "partial.json"), JSON.stringify({ events: [], classes: [] })),
      code: 1,
      stderr: "import failed: Invalid data format. Missing required sections: archiveEvents, messages, subscribers, profile, notifications\n",
    },
    {
      name: "restore without app_data",
      args: () => ["restore"],
      code: 1,
      stderr: "restore failed: No saved data found: app_data/manifest.json is missing.\n",
    },
  ];
  for (const f of failures) {
    test(`${f.name} → exit ${f.code} with a clear message`, async () => {
      const d = join(dir, `fail-${f.name.replace(/\W+/g, "-")}`);
      mkdirSync(d, { recursive: true });
      f.setup?.(d);
      const result = await run(f.args(d), { data: join(d, "data") });
      expect(result.code).toBe(f.code);
      if (typeof f.stderr === "string") expect(result.stderr).toBe(f.stderr);
      else expect(result.stderr).toMatch(f.stderr);
    });
  }

  test("serve auto-restores an empty database from app_data at start", async () => {
    const source = join(dir, "serve-source");
    const appData = join(dir, "serve-app-data");
    writeSampleUploads(source);
    const input = join(dir, "serve-input.json");
    writeFileSync(input, JSON.stringify(sampleExport()));
    expect((await run(["import", input], { data: source })).code).toBe(0);
    expect((await run(["sync"], { data: source, appData })).code).toBe(0);

    const web = join(dir, "web");
    mkdirSync(web, { recursive: true });
    writeFileSync(join(web, "index.html"), "<!doctype html><title>test</title>");
    const server = await startServer({ appData, env: { ADMIN_PASSWORD: "cli-test-password", WEB_DIST: web } });
    try {
      expect(server.logs()).toContain("Auto-restore restored: Data restored from app_data");
      const classes = (await (await fetch(`${server.url}/api/classes`)).json()) as { name: string }[];
      expect(classes.map((row) => row.name)).toEqual(["Morning Hatha", "Vedanta Study"]);
    } finally {
      await server.stop();
      server.remove();
    }
  }, 30_000);
});
