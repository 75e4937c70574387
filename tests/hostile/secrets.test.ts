// Issue 6 item 11: the YouTube key, the JWT secret and the password hash never appear in any response, export,
// app_data file or log line; a slow or dead YouTube upstream is answered within 5 s.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { type FakeYouTube, startFakeYouTube } from "../support/fake-youtube.ts";
import { templateFor } from "./fuzz.ts";
import { allRoutes, figure, fillRoute, JWT_SECRET, login, openDb, type Server, startServer } from "./support.ts";

const KEY = "AIzaHOSTILE-youtube-key-000111";
let fake: FakeYouTube;
let server: Server;
beforeAll(async () => {
  fake = await startFakeYouTube({ apiKey: KEY });
  server = await startServer({ appData: "demo", env: { YOUTUBE_API_BASE: fake.url, YOUTUBE_API_KEY: KEY, YOUTUBE_CHANNEL_ID: fake.channelId } });
});
afterAll(async () => {
  await server?.stop();
  server?.remove();
  await fake?.stop();
});

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });

test("no response, export, app_data file or log line carries the key, the JWT secret or the password hash", async () => {
  const token = await login(server);
  const db = openDb(server);
  const hash = (db.query("SELECT password FROM users").get() as { password: string }).password;
  db.close();
  const secrets = { "YouTube key": KEY, "JWT secret": JWT_SECRET, "password hash": hash, "hash salt": hash.split("$")[4]! };
  const texts: [string, string][] = [];
  // Every route, with and without the token, including error answers; the YouTube calls in each upstream mode.
  for (const mode of ["ok", "badKey", "quota", "forbidden", "500"] as const) {
    fake.setMode(mode);
    await fetch(`${server.url}/api/admin/youtube-api-key`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ apiKey: KEY }),
    });
    const response = await fetch(`${server.url}/api/youtube/videos`);
    texts.push([`videos (${mode})`, `${[...response.headers].join("\n")}\n${await response.text()}`]);
  }
  fake.setMode("ok");
  for (const route of await allRoutes()) {
    for (const auth of [true, false]) {
      const body = templateFor(route.method, route.path);
      const response = await fetch(`${server.url}${fillRoute(route.path)}`, {
        method: route.method,
        headers: {
          ...(auth ? { authorization: `Bearer ${token}` } : {}),
          ...(typeof body === "object" && body ? { "content-type": "application/json" } : {}),
        },
        body: route.method === "GET" || route.method === "DELETE" ? undefined : JSON.stringify(typeof body === "object" ? body : {}),
      });
      texts.push([`${route.method} ${route.path}`, `${[...response.headers].join("\n")}\n${await response.text()}`]);
    }
  }
  const exported = await fetch(`${server.url}/api/admin/export-data`, { headers: { authorization: `Bearer ${token}` } });
  texts.push(["export", await exported.text()]);
  await fetch(`${server.url}/api/admin/sync-to-app-data`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
  for (const file of filesUnder(server.appDataDir)) texts.push([`app_data ${file}`, readFileSync(file, "latin1")]);
  texts.push(["server log", server.logs()]);
  const leaks: string[] = [];
  for (const [where, text] of texts)
    for (const [what, secret] of Object.entries(secrets)) if (text.includes(secret)) leaks.push(`${what} in ${where}`);
  figure(
    "places checked for secrets",
    `${texts.length} (responses of every route with and without a token, 5 upstream modes, export, ${filesUnder(server.appDataDir).length} app_data files, the log): ${leaks.length} leaks`,
  );
  expect(leaks).toEqual([]);
}, 120_000);

test("a slow (held) or dead YouTube upstream is answered within 5 s", async () => {
  const timings: string[] = [];
  const token = await login(server);
  const bumpKey = () =>
    fetch(`${server.url}/api/admin/youtube-api-key`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ apiKey: KEY }),
    });
  fake.setMode("slow");
  await bumpKey(); // drops the cached list, so the next call goes upstream
  let started = performance.now();
  const slow = await fetch(`${server.url}/api/youtube/videos`);
  const slowMs = performance.now() - started;
  timings.push(`slow: ${slow.status} in ${slowMs.toFixed(0)} ms`);
  fake.setMode("ok");
  expect(slow.status).toBe(504);
  expect(slowMs).toBeLessThan(5000);

  const dead = await startServer({ env: { YOUTUBE_API_BASE: "http://127.0.0.1:9", YOUTUBE_API_KEY: KEY, YOUTUBE_CHANNEL_ID: "UCdead" } });
  try {
    started = performance.now();
    const response = await fetch(`${dead.url}/api/youtube/videos`);
    const deadMs = performance.now() - started;
    timings.push(`dead (connection refused): ${response.status} in ${deadMs.toFixed(0)} ms`);
    expect(response.status).toBe(502);
    expect(deadMs).toBeLessThan(5000);
  } finally {
    await dead.stop();
    dead.remove();
  }
  figure("YouTube upstream failures answered", timings.join("; "));
}, 60_000);
