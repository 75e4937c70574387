// Shared parts of the hostile suite (tests/hostile) and the soak (scripts/soak.ts): a seeded PRNG, the real server
// as a process (kill -9 and restart on the same data), raw HTTP for paths fetch would normalise, small statistics.
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "@db/client.ts";
import { createApp } from "@server/app.ts";
import { loadConfig } from "@server/config.ts";
import { ROOT, type Server, type StartOptions, startServer as startProcess } from "../server.ts";

export { ROOT };
export const ADMIN_PASSWORD = "hostile-admin-password";
export const JWT_SECRET = "hostile-jwt-secret-0123456789abcdef0123456789";

/** mulberry32: a small seeded PRNG, so every generated body and every kill moment repeats from the seed. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Rng = ReturnType<typeof prng>;

/** The seed of this run: HOSTILE_SEED when set (to replay a failure), else a fixed one. */
export const SEED = Number(process.env.HOSTILE_SEED ?? 20261121);

export type { Server };

/** The server with the hostile suite's admin password and JWT secret (so tokens can be forged against it). */
export const startServer = (options: StartOptions = {}): Promise<Server> =>
  startProcess({ ...options, env: { ADMIN_PASSWORD, JWT_SECRET, ...options.env } });

/** Logs in against a running server and returns the bearer token. */
export async function login(server: Server): Promise<string> {
  const response = await fetch(`${server.url}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** Opens the server's database read-only (after the process stopped, or beside it: WAL allows readers). */
export function openDb(server: Pick<Server, "dataDir">, readonly = true): Database {
  return new Database(join(server.dataDir, "site.db"), readonly ? { readonly: true } : {});
}

/** PRAGMA integrity_check of a database file: "ok" when sound. */
export function integrityCheck(server: Pick<Server, "dataDir">): string {
  const db = openDb(server, false);
  try {
    return (db.query("PRAGMA integrity_check").all() as { integrity_check: string }[]).map((row) => row.integrity_check).join("; ");
  } finally {
    db.close();
  }
}

export type RawResponse = { status: number; headers: string; body: Buffer };

/** One HTTP/1.1 request written byte for byte (fetch and URL would normalise `..` and percent escapes). */
export function rawRequest(port: number, requestLine: string, extraHeaders = ""): Promise<RawResponse> {
  return rawExchange(port, `${requestLine}\r\nHost: 127.0.0.1\r\nConnection: close\r\n${extraHeaders}\r\n`);
}

/** Writes `bytes` to the server as they are and reads its answer until it closes the connection. */
export function rawExchange(port: number, bytes: string): Promise<RawResponse> {
  return new Promise((resolvePromise, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(new Error(`timeout: ${bytes.split("\r\n", 1)[0]}`)), 10_000);
    socket.on("connect", () => socket.write(bytes));
    socket.on("data", (chunk) => chunks.push(Buffer.from(chunk)));
    socket.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on("close", () => {
      clearTimeout(timer);
      const all = Buffer.concat(chunks);
      const split = all.indexOf("\r\n\r\n");
      const head = all.subarray(0, split < 0 ? all.length : split).toString("latin1");
      resolvePromise({
        status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0),
        headers: head,
        body: split < 0 ? Buffer.alloc(0) : all.subarray(split + 4),
      });
    });
  });
}

/** Runs `task` over `items` with at most `limit` at once. */
export async function pool<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The p-th percentile (0..100) of a list of numbers. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Prints one figure line, in a form easy to find in the test output. */
export function figure(label: string, value: string | number) {
  console.log(`  [figure] ${label}: ${value}`);
}

/**
 * Every route of the API, public and admin, from Elysia's own route table (what the router matches), so a new route
 * is covered without editing a list. The catch-alls (unknown paths, the web app's files) are left out.
 */
export const allRoutes = async (): Promise<{ method: string; path: string }[]> => (routeTable ??= readRouteTable());
let routeTable: Promise<{ method: string; path: string }[]> | undefined;

async function readRouteTable() {
  const dir = mkdtempSync(join(tmpdir(), "vedanta-routes-"));
  const db = openDatabase(join(dir, "site.db"));
  try {
    const app = await createApp({ db, config: loadConfig({ DATA_DIR: dir }), jwtSecret: JWT_SECRET });
    return app.routes
      .filter(
        (route) => !route.path.endsWith("*") && route.method !== "HEAD" && (route.path.startsWith("/api/") || route.path.startsWith("/calendar/")),
      )
      .map(({ method, path }) => ({ method, path }));
  } finally {
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every admin route but the login: each must answer 401 without a token. */
export const adminRoutes = async () =>
  (await allRoutes()).filter((route) => route.path.startsWith("/api/admin/") && route.path !== "/api/admin/login");

/** A concrete URL for a route pattern: `:id` → `id`, `:name`/`:file` → a harmless value. */
export const fillRoute = (path: string, id = "1") =>
  path
    .replace(/:id\b/g, id)
    .replace(/:file\b/g, `${id}.ics`)
    .replace(/:name\b/g, "nothing");
