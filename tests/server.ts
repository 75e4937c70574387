// The real server as a process, as an operator starts it: `bun src/main.ts serve` (or the compiled executable's `serve`)
// on 127.0.0.1 and a free port, with its own DATA_DIR and APP_DATA_DIR. Shared by the browser tests, the hostile suite and the soak.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const ROOT = resolve(import.meta.dir, "..");

/** A free loopback port (servers must not share one: Elysia/Bun's reusePort would hide a clash). */
export function freePort(): number {
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", reusePort: false, fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

export type Server = {
  url: string;
  port: number;
  pid: number;
  dir: string;
  dataDir: string;
  appDataDir: string;
  logs: () => string;
  /** Waits (5 s at most) for a line: stdout and stderr are two pipes, so a warning written before 'Listening on' may come after it. */
  waitForLog: (text: string) => Promise<string>;
  /** Resident memory of the server process in KiB (from /proc). */
  rssKb: () => number;
  alive: () => boolean;
  kill9: () => Promise<void>;
  /** SIGTERM and wait; keeps the folder (use `remove` to delete it). */
  stop: () => Promise<void>;
  remove: () => void;
};

export type StartOptions = {
  /** Reuse a folder (restart after a crash); a new temp folder otherwise. */
  dir?: string;
  /** Copy this folder into APP_DATA_DIR first (the repo's demo content with "demo"); none by default. */
  appData?: string | "demo" | null;
  env?: Record<string, string>;
  /** How long the start may take before 'Listening on' (20 s by default; an auto-restore of a large app_data takes longer). */
  startTimeoutMs?: number;
  /** The compiled executable to start (tests/support/executable.ts) instead of the source. */
  executable?: string;
};

/** Starts `bun src/main.ts serve` (or `EXECUTABLE serve`) on 127.0.0.1 and a free port, with its own DATA_DIR and APP_DATA_DIR. */
export async function startServer(options: StartOptions = {}): Promise<Server> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), "vedanta-server-"));
  const dataDir = join(dir, "data");
  const appDataDir = join(dir, "app_data");
  mkdirSync(appDataDir, { recursive: true });
  const source = options.appData === "demo" ? join(ROOT, "app_data") : options.appData;
  if (source && existsSync(source) && !options.dir) cpSync(source, appDataDir, { recursive: true });
  // A port given in `env` (to name it in SITE_URL beforehand, e.g. http://localhost:PORT for passkeys) is used.
  const port = Number(options.env?.PORT) || freePort();
  const command = options.executable ? [options.executable, "serve"] : ["bun", join(ROOT, "src/main.ts"), "serve"];
  const child = Bun.spawn(command, {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      APP_DATA_DIR: appDataDir,
      SITE_URL: `http://127.0.0.1:${port}`,
      YOUTUBE_API_BASE: "http://127.0.0.1:9/unreachable",
      // The executable serves the web files built into it.
      WEB_DIST: options.executable ? "" : (process.env.WEB_DIST ?? join(ROOT, "dist/public")),
      ...options.env,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  let output = "";
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) output += decoder.decode(chunk, { stream: true });
  };
  void collect(child.stdout);
  void collect(child.stderr);
  const deadline = Date.now() + (options.startTimeoutMs ?? 20_000);
  while (!output.includes("Listening on")) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start:\n${output}`);
    }
    await Bun.sleep(20);
  }
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid,
    dir,
    dataDir,
    appDataDir,
    logs: () => output,
    waitForLog: async (text: string) => {
      const until = Date.now() + 5_000;
      while (!output.includes(text) && Date.now() < until) await Bun.sleep(20);
      return output;
    },
    rssKb: () => {
      try {
        return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1] ?? 0);
      } catch {
        return 0;
      }
    },
    alive,
    kill9: async () => {
      if (alive()) child.kill("SIGKILL");
      await child.exited;
    },
    stop: async () => {
      if (alive()) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await child.exited;
      clearTimeout(timer);
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
