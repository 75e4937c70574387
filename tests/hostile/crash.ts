// Issue 6 items 2 and 3: kill -9 of the real server at a random moment, then restart and check what survived.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { integrityCheck, login, openDb, type Rng, type Server, startServer } from "./support.ts";

export type PostCrashRun = { sent: number; acked: number; lost: string[]; killAtMs: number; integrity: string };

/**
 * 200 concurrent contact and newsletter posts (half each), kill -9 after a random delay, restart on the same data
 * folder: every post answered 201 must be stored. Posts come through a trusted proxy (TRUST_PROXY=1) with one
 * X-Forwarded-For address each, as real visitors would, so the per-IP spam limit does not refuse them.
 */
export async function crashDuringPosts(rng: Rng, run: number, posts = 200): Promise<PostCrashRun> {
  const env = { TRUST_PROXY: "1" };
  let server: Server | null = await startServer({ env });
  const dir = server.dir;
  try {
    // The moment: once a random number of posts were acknowledged (so the kill lands while posts are in flight).
    const killAfterAcks = rng.int(1, posts - 10);
    const acked: string[] = [];
    const started = performance.now();
    let killAtMs = 0;
    const requests = Array.from({ length: posts }, (_, i) => {
      const id = `r${run}-${i}`;
      const contact = i % 2 === 0;
      const body = contact
        ? { name: "Visitor", email: `${id}@example.org`, subject: id, message: "A message long enough to be stored." }
        : { email: `${id}@example.org` };
      return fetch(`${server!.url}${contact ? "/api/contact" : "/api/newsletter"}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `10.${run % 250}.${Math.floor(i / 250)}.${i % 250}` },
        body: JSON.stringify(body),
      })
        .then(async (response) => {
          await response.arrayBuffer();
          if (response.status === 201) acked.push(id);
        })
        .catch(() => {});
    });
    const deadline = Date.now() + 20_000;
    while (acked.length < killAfterAcks && Date.now() < deadline) await Bun.sleep(1);
    killAtMs = Math.round(performance.now() - started);
    await server.kill9();
    await Promise.all(requests);

    server = await startServer({ dir, env });
    const token = await login(server);
    const headers = { authorization: `Bearer ${token}` };
    const messages = (await (await fetch(`${server.url}/api/admin/messages`, { headers })).json()) as { subject: string }[];
    const subscribers = (await (await fetch(`${server.url}/api/admin/subscribers`, { headers })).json()) as { email: string }[];
    const stored = new Set([...messages.map((m) => m.subject), ...subscribers.map((s) => s.email.split("@")[0]!)]);
    const lost = acked.filter((id) => !stored.has(id));
    await server.stop();
    server = null;
    return { sent: posts, acked: acked.length, lost, killAtMs, integrity: integrityCheck({ dataDir: join(dir, "data") }) };
  } finally {
    if (server) await server.kill9();
    const { rmSync } = await import("node:fs");
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A snapshot of what the site holds, compared as a whole: which of two known states is it? */
function contentFingerprint(server: Pick<Server, "dataDir">): string {
  const db = openDb(server);
  try {
    const count = (table: string) => (db.query(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    const marks = db
      .query<{ subject: string }, []>("SELECT DISTINCT substr(subject, 1, 4) AS subject FROM messages ORDER BY 1")
      .all()
      .map((row) => row.subject);
    return JSON.stringify({ events: count("events"), messages: count("messages"), subscribers: count("subscribers"), marks });
  } finally {
    db.close();
  }
}

/** The app_data files: each must be whole JSON (never half written); the manifest lists files that exist. */
function checkAppData(appDataDir: string): { ok: boolean; problems: string[]; sectionStamps: string[] } {
  const problems: string[] = [];
  const stamps: string[] = [];
  if (!existsSync(join(appDataDir, "manifest.json"))) return { ok: true, problems, sectionStamps: stamps };
  for (const name of readdirSync(appDataDir)) {
    const path = join(appDataDir, name);
    if (!name.endsWith(".json") || !statSync(path).isFile()) continue;
    try {
      const value = JSON.parse(readFileSync(path, "utf8"));
      const first = Array.isArray(value) ? value[0] : undefined;
      if (name === "messages.json") stamps.push(String(first?.subject ?? "").slice(0, 4));
      if (name === "events.json") stamps.push(String(first?.name ?? "").slice(0, 4));
      if (name === "subscribers.json")
        stamps.push(
          String(first?.email ?? "")
            .slice(0, 4)
            .replace(/x$/, "x")
            .toUpperCase()
            .replace(/X$/, "x"),
        );
    } catch {
      problems.push(`${name} is not whole JSON`);
    }
  }
  return { ok: problems.length === 0, problems, sectionStamps: stamps };
}

/** "refused": an interrupted sync left no manifest, so restore refuses app_data instead of reading a mix. */
export type DataCrashRun = {
  operation: string;
  killAtMs: number;
  state: "old" | "new" | "mixed" | "refused";
  integrity: string;
  appData: string[];
  autoRestore: string;
};

/** Content of N messages whose subjects start with `mark` (4 characters), as an export file. */
export function exportWith(mark: string, messages: number, events = 50) {
  return {
    version: 1,
    events: Array.from({ length: events }, (_, i) => ({
      id: i + 1,
      name: `${mark} event ${i}`,
      type: "retreat",
      startDate: "2099-01-01",
      time: "9 AM",
      location: "Hall",
      description: `<p>${mark} description ${i} ${"x".repeat(200)}</p>`,
    })),
    classes: [],
    archiveEvents: [],
    messages: Array.from({ length: messages }, (_, i) => ({
      id: i + 1,
      name: "Ann",
      email: `m${i}@example.org`,
      subject: `${mark}-${i}`,
      message: `A stored message ${"y".repeat(300)}`,
    })),
    subscribers: Array.from({ length: messages }, (_, i) => ({ id: i + 1, email: `${mark.toLowerCase()}${i}@example.org` })),
    profile: null,
    notifications: [],
  };
}

/**
 * One run: the site holds content OLD (also synced into app_data), then one operation that would make it NEW is
 * started (import of NEW; restore from an app_data holding NEW; sync of NEW over an app_data holding OLD) and the
 * process is killed with SIGKILL after a random delay. After restart the database must be wholly OLD or wholly NEW,
 * pass integrity_check, and every app_data file must be whole JSON.
 */
export async function crashDuringDataOperation(rng: Rng, operation: "import" | "restore" | "sync", size = 2000): Promise<DataCrashRun> {
  let server: Server | null = await startServer();
  const dir = server.dir;
  const call = async (path: string, body?: unknown, token?: string) =>
    fetch(`${server!.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  try {
    let token = await login(server);
    const OLD = exportWith("OLDx", size);
    const NEW = exportWith("NEWx", size + 500);
    // Set up: NEW synced into app_data when restoring; OLD everywhere otherwise.
    if (operation === "restore") {
      if ((await call("/api/admin/import-data", NEW, token)).status !== 200) throw new Error("setup import failed");
      if ((await call("/api/admin/sync-to-app-data", undefined, token)).status !== 200) throw new Error("setup sync failed");
    }
    let t0 = performance.now();
    if ((await call("/api/admin/import-data", OLD, token)).status !== 200) throw new Error("setup import failed");
    // How long the operation takes here and now, so that the kill lands anywhere from before it to just after it.
    let duration = performance.now() - t0;
    if (operation === "sync") {
      t0 = performance.now();
      if ((await call("/api/admin/sync-to-app-data", undefined, token)).status !== 200) throw new Error("setup sync failed");
      duration = performance.now() - t0;
      // The database becomes NEW; the sync below writes NEW over the OLD app_data.
      if ((await call("/api/admin/import-data", NEW, token)).status !== 200) throw new Error("setup import failed");
    }
    const oldState = contentFingerprint(server);
    const newExpected = operation === "sync" ? oldState : null;

    const killAtMs = rng.int(0, Math.ceil(duration * 1.2));
    const pending =
      operation === "import"
        ? call("/api/admin/import-data", NEW, token)
        : operation === "restore"
          ? call("/api/admin/restore-from-app-data", undefined, token)
          : call("/api/admin/sync-to-app-data", undefined, token);
    const outcome = pending.then((r) => r.status).catch(() => 0);
    await Bun.sleep(killAtMs);
    await server.kill9();
    await outcome;

    const appData = checkAppData(join(dir, "app_data"));
    server = await startServer({ dir });
    const autoRestore = /Auto-restore (\w+)/.exec(server.logs())?.[1] ?? "?";
    const state = contentFingerprint(server);
    token = await login(server);
    void token;
    await server.stop();
    server = null;
    const integrity = integrityCheck({ dataDir: join(dir, "data") });
    let verdict: DataCrashRun["state"];
    if (operation === "sync") {
      // The database is NEW before and after; the question is app_data, whose messages.json must be one whole file.
      // Every section file (messages, events, subscribers) must come from the same sync.
      const stamps = new Set(appData.sectionStamps);
      const manifest = existsSync(join(dir, "app_data", "manifest.json"));
      verdict = state !== newExpected ? "mixed" : !manifest ? "refused" : stamps.size !== 1 ? "mixed" : stamps.has("NEWx") ? "new" : "old";
    } else {
      const marks = (JSON.parse(state) as { marks: string[] }).marks;
      verdict = state === oldState ? "old" : marks.length === 1 && marks[0] === "NEWx" && JSON.parse(state).messages === size + 500 ? "new" : "mixed";
    }
    return { operation, killAtMs, state: verdict, integrity, appData: appData.problems, autoRestore };
  } finally {
    if (server) await server.kill9();
    const { rmSync } = await import("node:fs");
    rmSync(dir, { recursive: true, force: true });
  }
}
