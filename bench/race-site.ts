// The site the races of `bun run bench` run against (bench/registrations.ts, bench/payments.ts): the executable with
// mail on (a local SMTP sink), behind a trusted proxy (TRUST_PROXY=1) so that each registrant can come from an address
// of its own, and one event whose places are all taken but the last 50, written while the server is stopped.

import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "@tests/server.ts";

export const CAPACITY = 1000;
export const TAKEN = CAPACITY - 50;

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;
};

/**
 * Starts `send(i)` for each i below `total`, `rate` a second on the clock (each on time, none waiting for the one
 * before), and waits for them all: the seconds from the first start to the last answer.
 */
export async function atRate(total: number, rate: number, send: (i: number) => Promise<unknown>): Promise<number> {
  const began = performance.now();
  const sends: Promise<unknown>[] = [];
  for (let i = 0; i < total; i++) {
    const wait = began + (i * 1000) / rate - performance.now();
    if (wait > 0) await Bun.sleep(wait);
    sends.push(send(i));
  }
  await Promise.all(sends);
  return (performance.now() - began) / 1000;
}

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

type RaceSiteOptions = {
  exe: string;
  /** The folder of this race's data (made here). */
  home: string;
  smtpPort: number;
  /** The event's name, and its price in cents when its places are paid for. */
  event: { name: string; price?: number };
  /** More settings (e.g. the Stripe server's), and the URL's port when it must be known before the start. */
  env?: Record<string, string>;
  port?: number;
};

/** Starts the race's site: its URL, the event's id, a read-only look at its database, and the stop. */
export async function startRaceSite({ exe, home, smtpPort, event, env: more = {}, port = freePort() }: RaceSiteOptions) {
  mkdirSync(join(home, "app_data"), { recursive: true });
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
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}?tls=off`,
    MAIL_FROM: "Bench <bench@example.org>",
    MAIL_PER_MINUTE: "1000000",
    ...more,
  };
  const start = () => Bun.spawn([exe, "serve"], { cwd: home, env, stdout: "ignore", stderr: "inherit" });
  const stop = async (child: ReturnType<typeof start>) => {
    child.kill("SIGTERM");
    await child.exited;
  };

  // A first start makes the database; the event and its first places are written while the server is stopped.
  const first = start();
  await waitForHealth(url, first);
  await stop(first);
  const dbPath = join(home, "data", "site.db");
  const db = new Database(dbPath);
  const eventId = db
    .query<{ id: number }, [string, number, number | null]>(
      "INSERT INTO events (name, type, startDate, time, location, description, capacity, price) VALUES (?, 'retreat', '2035-01-10', '9:00 am', 'Warburton', '<p>Silence.</p>', ?, ?) RETURNING id",
    )
    .get(event.name, CAPACITY, event.price ?? null)!.id;
  const insert = db.prepare("INSERT INTO event_registrations (eventId, name, email, phone) VALUES (?, ?, ?, '0400 000 000')");
  db.transaction(() => {
    for (let i = 0; i < TAKEN; i++) insert.run(eventId, `Early ${i}`, `early${i}@example.org`);
  })();
  db.close();

  const server = start();
  try {
    await waitForHealth(url, server);
  } catch (error) {
    await stop(server);
    throw error;
  }
  /** Another event, written beside the running server (SQLite's WAL lets a second writer in; the site reads it at once). */
  const createEvent = async ({ name, price, capacity }: { name: string; price: number; capacity: number }) => {
    const beside = new Database(dbPath);
    beside.exec("PRAGMA busy_timeout = 5000");
    const id = beside
      .query<{ id: number }, [string, number, number]>(
        "INSERT INTO events (name, type, startDate, time, location, description, capacity, price) VALUES (?, 'retreat', '2035-02-10', '9:00 am', 'Warburton', '<p>Silence.</p>', ?, ?) RETURNING id",
      )
      .get(name, capacity, price)!.id;
    beside.close();
    return id;
  };
  return { url, eventId, dbPath, createEvent, stop: () => stop(server) };
}

/**
 * A class every day at 8 PM from `date`, with `places` a date and a drop-in of A$20, written beside the running server
 * (SQLite's WAL lets a second writer in): its id (bench/class-bookings.ts, bench/credit-bookings.ts).
 */
export function insertDailyClass(beside: Database, date: string, places: number): number {
  const schedule = JSON.stringify({ weekdays: [1, 2, 3, 4, 5, 6, 7], start: "20:00", minutes: 60, from: date, until: null, skip: [] });
  return beside
    .query<{ id: number }, [string, number]>(
      "INSERT INTO classes (name, level, days, time, location, description, icon, schedule, capacity, price) VALUES ('Evening Hatha', 'Beginner', 'Every day', '8:00 PM', 'Fitzroy', '<p>Breath.</p>', 'sun', ?, ?, 2000) RETURNING id",
    )
    .get(schedule, places)!.id;
}

/**
 * The races' SMTP sink (bench/payments.ts, bench/class-bookings.ts): it takes every mail, and keeps the pay links
 * mailed to those who move up from the waiting list ("A place is yours"), to follow them as their holders would.
 */
export async function startPayLinkSink() {
  const { SMTPServer } = await import("smtp-server");
  const payLinks: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString("latin1");
      });
      stream.on("end", () => {
        const text = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
        const link = /\/api\/payments\/pay\?id=\d+&(?:amp;)?token=[\w-]+/.exec(text)?.[0];
        if (link) payLinks.push(link.replace("&amp;", "&"));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  return { payLinks, port: (smtp.server.address() as { port: number }).port, close: () => smtp.close() };
}
