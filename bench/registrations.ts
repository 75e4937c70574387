// The registrations part of `bun run bench` (issue 23; alone: BENCH_ONLY=registrations): 200 registrations a second
// for 10 s against the last 50 places of one event, on the executable with mail on (a local SMTP sink), behind a
// trusted proxy (TRUST_PROXY=1) so that each registrant comes from an address of its own, as on the real site. One
// address in twenty is the same one, which the per-IP limit turns away after its 10. Afterwards the database must
// hold exactly the places confirmed (none oversold) and every accepted registration (none lost). Prints the POST's
// p50/p99, the 429s, and /api/events p99 meanwhile.

import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "@tests/server.ts";

const RATE = Number(process.env.BENCH_REGISTRATIONS_PER_SECOND ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CAPACITY = 1000;
const TAKEN = CAPACITY - 50;
const REPEATED_IP = "192.0.2.1";

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;
};

async function waitForHealth(url: string, child: { exitCode: number | null }) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {}
    await Bun.sleep(10);
  }
  throw new Error("server did not start");
}

/** Runs the registrations bench on the executable `exe`, in a folder under `dir`; returns the line to print. */
export async function registrationsBench(exe: string, dir: string): Promise<string> {
  const { SMTPServer } = await import("smtp-server");
  let delivered = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        delivered += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const home = join(dir, "registrations");
  mkdirSync(join(home, "app_data"), { recursive: true });
  const port = freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: join(home, "data"),
    APP_DATA_DIR: join(home, "app_data"),
    ADMIN_PASSWORD: "bench-admin-password",
    SITE_URL: url,
    TRUST_PROXY: "1",
    YOUTUBE_API_BASE: "http://127.0.0.1:9/unreachable",
    WEB_DIST: "",
    SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}?tls=off`,
    MAIL_FROM: "Bench <bench@example.org>",
    MAIL_PER_MINUTE: "1000000",
  };
  const start = () => Bun.spawn([exe, "serve"], { cwd: home, env, stdout: "ignore", stderr: "inherit" });
  const stop = async (child: ReturnType<typeof start>) => {
    child.kill("SIGTERM");
    await child.exited;
  };

  // The event and its first 950 registrations, written while the server is stopped.
  let server = start();
  await waitForHealth(url, server);
  await stop(server);
  const db = new Database(join(home, "data", "site.db"));
  const eventId = db
    .query<{ id: number }, [number]>(
      "INSERT INTO events (name, type, startDate, time, location, description, capacity) VALUES ('Summer Retreat', 'retreat', '2035-01-10', '9:00 am', 'Warburton', '<p>Silence.</p>', ?) RETURNING id",
    )
    .get(CAPACITY)!.id;
  const insert = db.prepare("INSERT INTO event_registrations (eventId, name, email, phone) VALUES (?, ?, ?, '0400 000 000')");
  db.transaction(() => {
    for (let i = 0; i < TAKEN; i++) insert.run(eventId, `Early ${i}`, `early${i}@example.org`);
  })();
  db.close();

  server = start();
  try {
    await waitForHealth(url, server);
    for (let i = 0; i < 200; i++) await (await fetch(`${url}/api/events`)).arrayBuffer();

    const postLatencies: number[] = [];
    const statuses = new Map<number, number>();
    const accepted: string[] = [];
    const readLatencies: number[] = [];
    let reading = true;
    const reader = (async () => {
      while (reading) {
        const asked = performance.now();
        await (await fetch(`${url}/api/events`)).arrayBuffer();
        readLatencies.push(performance.now() - asked);
        await Bun.sleep(5);
      }
    })();

    const total = RATE * SECONDS;
    const began = performance.now();
    const posts: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const due = began + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await Bun.sleep(wait);
      const email = `visitor${i}@example.org`;
      const ip = i % 20 === 19 ? REPEATED_IP : `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      posts.push(
        (async () => {
          const sent = performance.now();
          const response = await fetch(`${url}/api/events/${eventId}/registrations`, {
            method: "POST",
            headers: { "content-type": "application/json", "x-forwarded-for": ip },
            body: JSON.stringify({ name: "Ann Visitor", email, phone: "0400 000 000", additionalInfo: null, website: "" }),
          });
          await response.arrayBuffer();
          postLatencies.push(performance.now() - sent);
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (response.status === 201) accepted.push(email);
        })(),
      );
    }
    await Promise.all(posts);
    const elapsed = (performance.now() - began) / 1000;
    reading = false;
    await reader;

    const check = new Database(join(home, "data", "site.db"), { readonly: true });
    const counts = Object.fromEntries(
      check
        .query<{ state: string; n: number }, [number]>("SELECT state, count(*) AS n FROM event_registrations WHERE eventId = ? GROUP BY state")
        .all(eventId)
        .map(({ state, n }) => [state, n]),
    ) as Record<string, number>;
    const stored = check
      .query<{ n: number }, [number]>("SELECT count(*) AS n FROM event_registrations WHERE eventId = ? AND email LIKE 'visitor%'")
      .get(eventId)!.n;
    check.close();
    const oversold = (counts.confirmed ?? 0) - CAPACITY;
    const lost = accepted.length - stored;
    if (oversold > 0 || lost !== 0) throw new Error(`registrations: ${oversold} oversold, ${lost} lost (${JSON.stringify(counts)})`);
    const codes = [...statuses].map(([status, n]) => `${n} × ${status}`).join(", ");
    return (
      `registrations: ${total} POSTs at ${RATE}/s for the last ${CAPACITY - TAKEN} places (${elapsed.toFixed(1)} s; ${codes}): ` +
      `${counts.confirmed} confirmed of ${CAPACITY} places (none oversold), ${counts.waiting ?? 0} waiting, none lost; ` +
      `POST p50 ${percentile(postLatencies, 0.5).toFixed(1)} ms, p99 ${percentile(postLatencies, 0.99).toFixed(1)} ms; ` +
      `/api/events p99 meanwhile ${percentile(readLatencies, 0.99).toFixed(1)} ms (${readLatencies.length} reads); ${delivered} mails delivered meanwhile`
    );
  } finally {
    await stop(server);
    smtp.close();
  }
}
