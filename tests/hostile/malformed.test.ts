// Issue 6 item 1: at least 1,000 generated hostile bodies per write endpoint against the real server process.
// No 5xx, the process stays up, memory stable, nothing unknown stored. HOSTILE_SEED replays a run.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { CHOSEN_ID, fuzzBody, templateFor, UNKNOWN_MARKER } from "./fuzz.ts";
import { allRoutes, figure, fillRoute, login, openDb, pool, prng, SEED, type Server, startServer } from "./support.ts";

const BODIES = Number(process.env.HOSTILE_BODIES ?? 1000);
/**
 * Routes that copy the whole database or app_data on every accepted call (sync, restore, backups, and import,
 * which takes a safety backup first): the fast suite sends them 40 bodies each (about 0.3 s of backup work per call on this machine), the soak
 * 1,000 (HOSTILE_HEAVY_BODIES).
 */
const DISK_HEAVY = /\/(sync-to-app-data|restore-from-app-data|import-data|backups)(\/|$)/;
const HEAVY_BODIES = Number(process.env.HOSTILE_HEAVY_BODIES ?? 40);
let server: Server;
let token: string;

beforeAll(async () => {
  server = await startServer();
  token = await login(server);
  const post = (path: string, body: unknown, auth = true) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(auth ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  for (const path of ["/api/admin/events", "/api/admin/classes", "/api/admin/archive-events", "/api/admin/notifications"]) {
    const response = await post(path, templateFor("POST", path));
    expect(response.status).toBe(201);
  }
  expect((await post("/api/contact", templateFor("POST", "/api/contact"), false)).status).toBe(201);
  expect((await post("/api/newsletter", templateFor("POST", "/api/newsletter"), false)).status).toBe(201);
});

afterAll(async () => {
  await server?.stop();
  server?.remove();
});

const dump = (db: ReturnType<typeof openDb>) => {
  const tables = db
    .query<{ name: string; sql: string }, []>("SELECT name, sql FROM sqlite_master WHERE type IN ('table','index') ORDER BY name")
    .all();
  return tables;
};

test(`${BODIES} hostile bodies per write endpoint: no 5xx, still up, memory stable, nothing unknown stored`, async () => {
  const before = openDb(server);
  const schemaBefore = dump(before);
  const userBefore = before.query("SELECT id, username, password, tokenVersion FROM users").all();
  before.close();

  // Deletions and whole-content replacements last, so the other routes find their rows.
  const order = (route: { method: string; path: string }) => (route.method === "DELETE" ? 3 : /restore|import-data/.test(route.path) ? 2 : 1);
  const routes = (await allRoutes()).filter((route) => route.method !== "GET").sort((a, b) => order(a) - order(b));
  const rng = prng(SEED);
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  let total = 0;
  let networkErrors = 0;
  const rss: number[] = [server.rssKb()];
  const started = performance.now();

  const perRoute: [string, number][] = [];
  for (const route of routes) {
    const routeStarted = performance.now();
    const template = templateFor(route.method, route.path);
    const url = `${server.url}${fillRoute(route.path)}`;
    const bodies = Array.from({ length: DISK_HEAVY.test(route.path) ? HEAVY_BODIES : BODIES }, (_, i) => fuzzBody(rng, template, i));
    await pool(bodies, 8, async (fuzz) => {
      const headers: Record<string, string> = {};
      if (fuzz.contentType) headers["content-type"] = fuzz.contentType;
      if (route.path.startsWith("/api/admin") && route.path !== "/api/admin/login") headers.authorization = `Bearer ${token}`;
      const body = fuzz.body === null ? undefined : new Uint8Array(typeof fuzz.body === "string" ? Buffer.from(fuzz.body) : fuzz.body).buffer;
      try {
        const response = await fetch(url, { method: route.method, headers, body });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 500 && failures.length < 20) {
          const preview = typeof fuzz.body === "string" ? fuzz.body.slice(0, 120) : `<${fuzz.body?.length ?? 0} bytes>`;
          failures.push(`${route.method} ${route.path} [${fuzz.kind}] ${response.status}: ${preview}`);
        }
      } catch (error) {
        networkErrors += 1;
        if (failures.length < 20) failures.push(`${route.method} ${route.path} [${fuzz.kind}] network error: ${(error as Error).message}`);
      }
      total += 1;
    });
    if (!server.alive()) failures.push(`server died during ${route.method} ${route.path}`);
    rss.push(server.rssKb());
    perRoute.push([`${route.method} ${route.path}`, performance.now() - routeStarted]);
  }
  const seconds = (performance.now() - started) / 1000;

  figure("write endpoints fuzzed", routes.length);
  figure(
    "bodies sent",
    `${total} (${BODIES} per endpoint, ${HEAVY_BODIES} for the disk-heavy sync/restore/import/backup routes; seed ${SEED}) in ${seconds.toFixed(1)} s`,
  );
  figure(
    "slowest endpoints",
    perRoute
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([r, t]) => `${r} ${(t / 1000).toFixed(1)} s`)
      .join(", "),
  );
  figure(
    "statuses",
    [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(" "),
  );
  figure("5xx / network errors", `${[...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0)} / ${networkErrors}`);
  const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
  const warm = rss[Math.min(3, rss.length - 1)]!;
  figure("server RSS start → after 3 endpoints → max → end", `${mb(rss[0]!)} → ${mb(warm)} → ${mb(Math.max(...rss))} → ${mb(rss.at(-1)!)}`);

  expect(failures).toEqual([]);
  expect(server.alive()).toBe(true);
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  // Memory stable: after the first endpoints warmed the heap, the rest (most of the bodies) may not keep growing it.
  // Margin: 150 MB over the warm figure, for the allocator keeping freed pages of the 1.5 MB strings.
  expect(rss.at(-1)! - warm).toBeLessThan(150 * 1024);

  // Nothing unknown stored: no marker anywhere, no client-chosen id, same schema, the admin user untouched.
  const after = openDb(server);
  try {
    expect(dump(after)).toEqual(schemaBefore);
    expect(after.query("SELECT id, username, password, tokenVersion FROM users").all()).toEqual(userBefore);
    const tables = after
      .query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table'")
      .all()
      .map((row) => row.name);
    let rows = 0;
    for (const table of tables) {
      for (const row of after.query(`SELECT * FROM "${table}"`).all() as Record<string, unknown>[]) {
        rows += 1;
        const text = JSON.stringify(row);
        if (text.includes(UNKNOWN_MARKER)) throw new Error(`unknown field stored in ${table}: ${text.slice(0, 200)}`);
        if (row.id === CHOSEN_ID) throw new Error(`a client-chosen id was stored in ${table}`);
      }
    }
    const settings = after
      .query<{ key: string }, []>("SELECT key FROM settings")
      .all()
      .map((row) => row.key);
    expect(settings.every((key) => ["youtubeApiKey", "youtubeChannelId", "lastSync"].includes(key))).toBe(true);
    figure("rows checked for unknown fields", rows);
  } finally {
    after.close();
  }
  expect(server.logs()).not.toContain("SQLITE_BUSY");
}, 600_000);
