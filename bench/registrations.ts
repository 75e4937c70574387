// The registrations part of `bun run bench` (issue 23; alone: BENCH_ONLY=registrations): 200 registrations a second
// for 10 s against the last 50 places of one event, on the executable with mail on (a local SMTP sink), behind a
// trusted proxy (TRUST_PROXY=1) so that each registrant comes from an address of its own, as on the real site. One
// address in twenty is the same one, which the per-IP limit turns away after its 10. Afterwards the database must
// hold exactly the places confirmed (none oversold) and every accepted registration (none lost). Prints the POST's
// p50/p99, the 429s, and /api/events p99 meanwhile.

import { Database } from "bun:sqlite";
import { join } from "node:path";
import { atRate, CAPACITY, percentile, startRaceSite, TAKEN } from "./race-site.ts";

const RATE = Number(process.env.BENCH_REGISTRATIONS_PER_SECOND ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const REPEATED_IP = "192.0.2.1";

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
  const site = await startRaceSite({
    exe,
    home: join(dir, "registrations"),
    smtpPort: (smtp.server.address() as { port: number }).port,
    event: { name: "Summer Retreat" },
  });
  const { url, eventId } = site;
  try {
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
    const elapsed = await atRate(total, RATE, async (i) => {
      const email = `visitor${i}@example.org`;
      const ip = i % 20 === 19 ? REPEATED_IP : `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
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
    });
    reading = false;
    await reader;

    const check = new Database(site.dbPath, { readonly: true });
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
    await site.stop();
    smtp.close();
  }
}
