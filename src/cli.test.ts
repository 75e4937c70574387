// The command line against the real entry point (`bun src/main.ts`), as an operator types it (issue 24 item 3):
// every command's --help, an unknown flag, a stray argument, a flag over its variable, healthcheck's address.
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "@tests/server.ts";
import { COMMANDS } from "./cli.ts";

const MAIN = join(import.meta.dir, "main.ts");
const dir = mkdtempSync(join(tmpdir(), "vedanta-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const { PORT: _port, HOST: _host, DATA_DIR: _data, APP_DATA_DIR: _appData, DOMAIN: _domain, ...cleanEnv } = process.env;

/** Runs the entry point in an empty folder of its own; the folder must stay empty (no file named after a flag). */
function run(args: string[], env: Record<string, string> = {}) {
  const work = mkdtempSync(join(dir, "run-"));
  const result = Bun.spawnSync([process.execPath, MAIN, ...args], {
    cwd: work,
    env: { ...cleanEnv, DATA_DIR: join(dir, "shared-data"), APP_DATA_DIR: join(dir, "none"), ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  return { code: result.exitCode, stdout: result.stdout.toString(), stderr: result.stderr.toString(), files: readdirSync(work) };
}

const names = Object.keys(COMMANDS);

describe("every command's --help", () => {
  test.each(names)("%s --help: its usage on standard output, exit 0, nothing done", (name) => {
    const { code, stdout, files } = run([name, "--help"]);
    expect(code).toBe(0);
    expect(stdout).toStartWith(`Usage: vedanta-site ${name}`);
    expect(stdout).toContain(COMMANDS[name]!.summary);
    expect(files).toEqual([]);
  });

  test("--help and help: the commands and every setting", () => {
    for (const args of [["--help"], ["-h"], ["help"]]) {
      const { code, stdout } = run(args);
      expect(code).toBe(0);
      for (const word of [
        ...names,
        "DOMAIN",
        "ACME_EMAIL",
        "ACME_DIRECTORY_URL",
        "ACME_CA_CERT",
        "HTTP_PORT",
        "HTTPS_PORT",
        "LOG_FORMAT",
        "--env-file",
      ])
        expect(stdout).toContain(word);
    }
  });

  test("help COMMAND is COMMAND --help", () => {
    expect(run(["help", "import"]).stdout).toBe(run(["import", "--help"]).stdout);
  });
});

describe("usage errors: exit 2 with the usage, never a file", () => {
  test.each(names)("%s --bogus", (name) => {
    const { code, stdout, stderr, files } = run([name, "--bogus"]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toStartWith("Unknown option '--bogus'.\n\nUsage: vedanta-site");
    expect(files).toEqual([]);
  });

  test.each(names)("%s with one argument too many", (name) => {
    const args = Array.from({ length: COMMANDS[name]!.positionals[1] }, () => "serve");
    const { code, stderr, files } = run([name, ...args, "stray"]);
    expect(code).toBe(2);
    expect(stderr).toStartWith('Unexpected argument "stray".\n\nUsage: vedanta-site');
    expect(files).toEqual([]);
  });

  test.each([
    [["export"], "FILE|- is missing."],
    [["import"], "FILE is missing."],
    [["restore-backup"], "FILE|NAME|s3:latest|s3:NAME is missing."],
    [["bogus"], 'Unknown command "bogus".'],
    [["serve", "--port"], "Option '--port <value>' argument missing."],
    [["--version", "extra"], '--version takes nothing else, got "extra"'],
  ])("%p: %s", (args, message) => {
    const { code, stderr, files } = run(args);
    expect(code).toBe(2);
    expect(stderr).toStartWith(message);
    expect(stderr).toContain("Usage: vedanta-site");
    expect(files).toEqual([]);
  });

  test("a file name is taken after --", () => {
    const { code, files } = run(["export", "--", "--help"]);
    expect(code).toBe(0);
    expect(files).toEqual(["--help"]);
  });
});

test("--version: the version and the commit", () => {
  const { code, stdout } = run(["--version"]);
  expect(code).toBe(0);
  expect(stdout).toMatch(/^vedanta-site \d+\.\d+\.\d+ \(commit [0-9a-f]{40}(-dirty)?\)\n$/);
  expect(run(["-V"]).stdout).toBe(stdout);
});

test("--version without a git program (issue 30): the commit is unknown, nothing fails", () => {
  const { code, stdout, stderr } = run(["--version"], { PATH: join(dir, "none") });
  expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
  expect(stdout).toMatch(/^vedanta-site \d+\.\d+\.\d+ \(commit unknown\)\n$/);
});

describe("a flag wins over its variable", () => {
  test("backup --data-dir", () => {
    const flagDir = join(dir, "flag-data");
    const { code, stdout } = run(["backup", "--data-dir", flagDir], { DATA_DIR: join(dir, "variable-data") });
    expect(code).toBe(0);
    expect(stdout.trim()).toStartWith(join(flagDir, "backups"));
    expect(existsSync(join(dir, "variable-data"))).toBe(false);
  });

  test("--env-file: its settings are used, the environment's win over it, flags over both", () => {
    const file = join(dir, "site.env");
    writeFileSync(file, `DATA_DIR=${join(dir, "file-data")}\nAPP_DATA_DIR=${join(dir, "file-app-data")}\n`);
    const result = Bun.spawnSync(["bun", MAIN, "list-backups", "--env-file", file], { cwd: dir, env: cleanEnv });
    expect(result.stdout.toString()).toBe(`No backups in ${join(dir, "file-data", "backups")}\n`);
    expect(run(["list-backups", "--env-file", file]).stdout).toBe(`No backups in ${join(dir, "shared-data", "backups")}\n`);
    expect(run(["list-backups", "--env-file", file, "--data-dir", join(dir, "flag2")]).stdout).toBe(
      `No backups in ${join(dir, "flag2", "backups")}\n`,
    );
    const missing = run(["list-backups", "--env-file", join(dir, "absent.env")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(`--env-file ${join(dir, "absent.env")} cannot be read: ENOENT\n`);
  });

  test("serve --port --host --data-dir --app-data-dir, and healthcheck follows HOST and PORT or --url", async () => {
    const port = freePort();
    const dataDir = join(dir, "serve-data");
    const child = Bun.spawn(
      ["bun", MAIN, "serve", "--port", String(port), "--host", "127.0.0.2", "--data-dir", dataDir, "--app-data-dir", join(dir, "none")],
      {
        cwd: dir,
        env: { ...cleanEnv, PORT: "9", HOST: "127.0.0.1", DATA_DIR: join(dir, "ignored"), ADMIN_PASSWORD: "cli-password", WEB_DIST: dir },
        stdout: "pipe",
        stderr: "pipe",
      },
    );
    try {
      let answered = false;
      for (let i = 0; i < 400 && !answered; i++) {
        answered = (await fetch(`http://127.0.0.2:${port}/healthz`).catch(() => null))?.ok ?? false;
        if (!answered) await Bun.sleep(25);
      }
      expect(answered).toBe(true);
      expect(existsSync(join(dataDir, "site.db"))).toBe(true);
      expect(existsSync(join(dir, "ignored"))).toBe(false);
      expect(run(["healthcheck"], { HOST: "127.0.0.2", PORT: String(port) }).code).toBe(0);
      expect(run(["healthcheck", "--host", "127.0.0.2", "--port", String(port)], { PORT: "9" }).code).toBe(0);
      expect(run(["healthcheck", "--url", `http://127.0.0.2:${port}/healthz`]).code).toBe(0);
      const elsewhere = run(["healthcheck"], { HOST: "0.0.0.0", PORT: String(port) });
      expect(elsewhere.code).toBe(1);
      expect(elsewhere.stderr).toStartWith(`healthcheck: http://127.0.0.1:${port}/healthz did not answer`);
    } finally {
      child.kill("SIGTERM");
      await child.exited;
    }
  }, 30_000);
});
