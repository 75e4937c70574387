// The class-date part of `bun run bench` (issue 39; alone: BENCH_ONLY=classes), on the executable with the tests'
// Stripe-protocol server and mail on (a local SMTP sink): 200 bookings a second for 10 s for the last 5 places of one
// date of a weekly class with a drop-in price, each held place then paid or its session expired (one in two) while
// the race goes on (a freed place goes to the waiting list, whose holders pay by the mailed link). At the end exactly
// the date's places are confirmed, each of the last 5 paid, none oversold; everyone else is on the waiting list or
// was released with their expired hold. Prints the figure and the POST's p50/p99.

import { Database } from "bun:sqlite";
import { join } from "node:path";
import { todayIn } from "@server/lib/time.ts";
import { addDays } from "@server/shared/calendar.ts";
import { freePort } from "@tests/server.ts";
import { startStripeServer } from "@tests/support/stripe.ts";
import { atRate, insertDailyClass, percentile, startPayLinkSink, startRaceSite } from "./race-site.ts";

const RATE = Number(process.env.BENCH_REGISTRATIONS_PER_SECOND ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PLACES = 20;
const LAST = 5;

/** Runs the class-date race on the executable `exe`, in a folder under `dir`; returns the line to print. */
export async function classBookingsBench(exe: string, dir: string): Promise<string> {
  const smtp = await startPayLinkSink();
  const { payLinks } = smtp;
  const stripe = await startStripeServer();
  const port = freePort();
  stripe.setWebhookUrl(`http://127.0.0.1:${port}/api/payments/stripe`);
  const site = await startRaceSite({
    exe,
    home: join(dir, "class-bookings"),
    smtpPort: smtp.port,
    event: { name: "Unused Retreat" },
    env: stripe.env(),
    port,
  });
  const { url } = site;
  // Tomorrow in Melbourne: the class runs every day at 8 PM, so tomorrow's date is open.
  const date = addDays(todayIn("Australia/Melbourne"), 1);
  try {
    // The class and the date's first places, written beside the running server (SQLite's WAL lets a second writer in).
    const beside = new Database(site.dbPath);
    beside.exec("PRAGMA busy_timeout = 5000");
    const classId = insertDailyClass(beside, date, PLACES);
    const early = beside.prepare("INSERT INTO event_registrations (classId, classDate, name, email, phone) VALUES (?, ?, ?, ?, '')");
    beside.transaction(() => {
      for (let i = 0; i < PLACES - LAST; i++) early.run(classId, date, `Early ${i}`, `early${i}@example.org`);
    })();
    const count = (state: string) =>
      beside
        .query<{ n: number }, [number, string, string]>(
          "SELECT count(*) AS n FROM event_registrations WHERE classId = ? AND classDate = ? AND state = ?",
        )
        .get(classId, date, state)!.n;

    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    const outcomes = { completed: 0, expired: 0 };
    const total = RATE * SECONDS;
    const raceSeconds = await atRate(total, RATE, async (i) => {
      const sent = performance.now();
      const response = await fetch(`${url}/api/classes/${classId}/dates/${date}/bookings`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
        body: JSON.stringify({ name: "Ann Visitor", email: `student${i}@example.org`, ticket: "full" }),
      });
      const answer = (await response.json()) as { checkoutUrl?: string };
      latencies.push(performance.now() - sent);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (!answer.checkoutUrl) return;
      // The payment completes or expires a moment later, while the race goes on.
      await Bun.sleep(Math.random() * 500);
      const session = stripe.sessionOf(answer.checkoutUrl);
      if (session?.status !== "open") return;
      if (i % 2 === 0) {
        outcomes.completed += 1;
        await stripe.complete(session.id);
      } else {
        outcomes.expired += 1;
        await stripe.expire(session.id);
      }
    });
    // Then every place still held is paid: open sessions completed, the links mailed to those who moved up followed.
    const deadline = Date.now() + 60_000;
    while (count("pending") > 0) {
      if (Date.now() > deadline) throw new Error("class bookings race: places still held a minute after the race");
      for (const link of payLinks.splice(0)) await (await fetch(`${url}${link}`, { redirect: "manual" })).arrayBuffer();
      for (const open of [...stripe.sessions.values()].filter((session) => session.status === "open")) {
        outcomes.completed += 1;
        await stripe.complete(open.id);
      }
      await Bun.sleep(200);
    }
    const confirmed = count("confirmed");
    const waiting = count("waiting");
    const released = count("cancelled");
    const paid = beside
      .query<{ n: number }, [number, string]>(
        "SELECT count(*) AS n FROM event_registrations r JOIN payments p ON p.registrationId = r.id WHERE r.classId = ? AND r.classDate = ? AND r.state = 'confirmed' AND p.status = 'paid'",
      )
      .get(classId, date)!.n;
    const accepted = statuses.get(201) ?? 0;
    beside.close();
    if (confirmed !== PLACES || paid !== LAST)
      throw new Error(`class bookings race: ${confirmed - (PLACES - LAST)} confirmed of the last ${LAST} places, ${paid} of them paid`);
    if (LAST + waiting + released !== accepted)
      throw new Error(`class bookings race: ${accepted} accepted, but ${LAST} confirmed + ${waiting} waiting + ${released} released`);
    const codes = [...statuses].map(([status, n]) => `${n} × ${status}`).join(", ");
    return (
      `class date race: ${total} bookings at ${RATE}/s for the last ${LAST} paid places of one date (${raceSeconds.toFixed(1)} s; ${codes}), ` +
      `${outcomes.completed} payments completed and ${outcomes.expired} sessions expired meanwhile: exactly ${LAST} confirmed and paid, none oversold, ` +
      `${waiting} waiting, ${released} released with their expired hold; POST p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms`
    );
  } finally {
    await site.stop();
    stripe.stop();
    smtp.close();
  }
}
