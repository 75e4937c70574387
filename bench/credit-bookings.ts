// The credits part of `bun run bench` (issue 40; alone: BENCH_ONLY=credits), on the executable with mail on (a local
// SMTP sink): 200 bookings a second for 10 s, each by a signed-in student with a pass of 1 credit, for the last 5
// places of one class date, while every 100 ms one of those holding a place by a credit cancels it (in time: the
// credit comes back, and the place goes to the first waiting student, booked with her credit). At the end the places and the
// credits agree exactly: every pass's credits left plus the places it holds is 1, no date holds more than its places.
// Prints the figure and the POST's p50/p99, as a ratio to a baseline of the same run: as many drop-in bookings, by the
// public form at the same rate, of another date of the class.

import { Database } from "bun:sqlite";
import { join } from "node:path";
import { hashOf } from "@server/lib/secrets.ts";
import { todayIn } from "@server/lib/time.ts";
import { addDays } from "@server/shared/calendar.ts";
import { atRate, insertDailyClass, percentile, startPayLinkSink, startRaceSite } from "./race-site.ts";

const RATE = Number(process.env.BENCH_REGISTRATIONS_PER_SECOND ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PLACES = 20;
const LAST = 5;

const ratio = (ours: number[], base: number[], p: number) => `${(percentile(ours, p) / percentile(base, p)).toFixed(2)}×`;

/** `total` public bookings of one date at RATE a second, each from an address of its own: their latencies. */
async function dropInLatencies(url: string, classId: number, date: string, total: number): Promise<number[]> {
  const latencies: number[] = [];
  await atRate(total, RATE, async (i) => {
    const sent = performance.now();
    const response = await fetch(`${url}/api/classes/${classId}/dates/${date}/bookings`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `10.200.${(i >> 8) & 255}.${i & 255}` },
      body: JSON.stringify({ name: "Ann Visitor", email: `visitor${i}@example.org`, ticket: "full" }),
    });
    await response.arrayBuffer();
    if (response.status !== 201) throw new Error(`credit race baseline: a drop-in booking answered ${response.status}`);
    latencies.push(performance.now() - sent);
  });
  return latencies;
}

/** Runs the credit race on the executable `exe`, in a folder under `dir`; returns the line to print. */
export async function creditBookingsBench(exe: string, dir: string): Promise<string> {
  const smtp = await startPayLinkSink();
  const site = await startRaceSite({ exe, home: join(dir, "credit-bookings"), smtpPort: smtp.port, event: { name: "Unused Retreat" } });
  const { url } = site;
  // Tomorrow in Melbourne at 8 PM: more than CLASS_CANCEL_HOURS and WAITLIST_AUTO_HOURS ahead.
  const date = addDays(todayIn("Australia/Melbourne"), 1);
  const total = RATE * SECONDS;
  try {
    // The class, its first places, and a student a request: a pass of 1 credit and a session of My practice each.
    const beside = new Database(site.dbPath);
    beside.exec("PRAGMA busy_timeout = 5000");
    const classId = insertDailyClass(beside, date, PLACES);
    const expires = new Date(Date.now() + 90 * 86_400_000).toISOString();
    const early = beside.prepare("INSERT INTO event_registrations (classId, classDate, name, email, phone) VALUES (?, ?, ?, ?, '')");
    const pass = beside.prepare(
      "INSERT INTO student_passes (email, name, title, credits, creditsLeft, expiresAt, price, currency, source) VALUES (?, 'Ann Student', '1 class', 1, 1, ?, 2000, 'aud', 'door')",
    );
    const session = beside.prepare("INSERT INTO practice_sessions (email, tokenHash, expiresAt) VALUES (?, ?, ?)");
    const tokens: string[] = [];
    beside.transaction(() => {
      for (let i = 0; i < PLACES - LAST; i++) early.run(classId, date, `Early ${i}`, `early${i}@example.org`);
      for (let i = 0; i < total; i++) {
        const token = `bench-session-${i}-${crypto.randomUUID()}`;
        tokens.push(token);
        pass.run(`student${i}@example.org`, expires);
        session.run(`student${i}@example.org`, hashOf(token), expires);
      }
    })();

    // The baseline, in the same run: as many drop-in bookings (two fields, paid at the door) at the same rate for
    // another date of the class, by the public form.
    const baseline = await dropInLatencies(url, classId, addDays(date, 1), total);
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let cancels = 0;
    // Meanwhile, every 100 ms, one student holding a place by a credit gives it back through her own session.
    let racing = true;
    const holders = beside.prepare<{ id: number; email: string }, [number, string]>(
      "SELECT id, email FROM event_registrations WHERE classId = ? AND classDate = ? AND state = 'confirmed' AND studentPassId IS NOT NULL",
    );
    const cancelling = (async () => {
      while (racing) {
        await Bun.sleep(100);
        const held = holders.all(classId, date);
        const one = held[Math.floor(Math.random() * held.length)];
        if (!one) continue;
        const cookie = `practice=${tokens[Number(/\d+/.exec(one.email)?.[0])]}`;
        const cancelled = await fetch(`${url}/api/practice/bookings/${one.id}`, { method: "DELETE", headers: { cookie } });
        if (cancelled.ok) cancels += 1;
      }
    })();
    const raceSeconds = await atRate(total, RATE, async (i) => {
      const cookie = `practice=${tokens[i]}`;
      const sent = performance.now();
      const response = await fetch(`${url}/api/practice/bookings`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie, "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
        body: JSON.stringify({ classId, date }),
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - sent);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    });
    racing = false;
    await cancelling;

    const count = (state: string) =>
      beside
        .query<{ n: number }, [number, string, string]>(
          "SELECT count(*) AS n FROM event_registrations WHERE classId = ? AND classDate = ? AND state = ?",
        )
        .get(classId, date, state)!.n;
    const confirmed = count("confirmed");
    const waiting = count("waiting");
    // Each pass: its credits left and the places it holds (confirmed with its credit) make its 1 credit.
    const disagree = beside
      .query<{ n: number }, []>(
        `SELECT count(*) AS n FROM student_passes p WHERE p.creditsLeft + (SELECT count(*) FROM event_registrations r
          WHERE r.studentPassId = p.id AND r.state = 'confirmed') != 1`,
      )
      .get()!.n;
    const creditsLeft = beside.query<{ n: number }, []>("SELECT sum(creditsLeft) AS n FROM student_passes").get()!.n;
    const heldByCredit = beside
      .query<{ n: number }, [number, string]>(
        "SELECT count(*) AS n FROM event_registrations WHERE classId = ? AND classDate = ? AND state = 'confirmed' AND studentPassId IS NOT NULL",
      )
      .get(classId, date)!.n;
    beside.close();
    if (confirmed !== PLACES) throw new Error(`credit race: ${confirmed} confirmed of ${PLACES} places`);
    if (disagree !== 0) throw new Error(`credit race: ${disagree} passes whose credits and places disagree`);
    if (creditsLeft + heldByCredit !== total) throw new Error(`credit race: ${creditsLeft} credits left + ${heldByCredit} places held ≠ ${total}`);
    const codes = [...statuses].map(([status, n]) => `${n} × ${status}`).join(", ");
    return (
      `credit race: ${total} bookings at ${RATE}/s, each by a student with 1 credit, for the last ${LAST} places of one date ` +
      `(${raceSeconds.toFixed(1)} s; ${codes}), ${cancels} cancelled in time meanwhile: ${confirmed} of ${PLACES} places confirmed, ` +
      `${heldByCredit} of them by a credit, ${waiting} waiting; credits and places agree for every one of the ${total} passes ` +
      `(${creditsLeft} credits left + ${heldByCredit} places = ${total}); POST p50 ${percentile(latencies, 0.5).toFixed(1)} ms, ` +
      `p99 ${percentile(latencies, 0.99).toFixed(1)} ms: ${ratio(latencies, baseline, 0.5)} and ${ratio(latencies, baseline, 0.99)} the drop-in ` +
      `booking's (p50 ${percentile(baseline, 0.5).toFixed(1)} ms, p99 ${percentile(baseline, 0.99).toFixed(1)} ms, the same run)`
    );
  } finally {
    await site.stop();
    smtp.close();
  }
}
