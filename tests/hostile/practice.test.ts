// Issue 40, hostile: My practice tells a stranger nothing. Its sign-in answers a student's address and anyone else's
// with the same status, headers and body, in the same time band; a code is guessed at most 5 times; a made-up cookie is
// a 401 (another student's booking is a 404: src/modules/practice/practice.test.ts). Real HTTP handling, a real SQLite
// file, the real SMTP server.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { studentPasses } from "@db/schema.ts";
import { createTestApp, type MailWorker, type TestApp } from "../support/app.ts";
import { type SmtpServer, startSmtpServer } from "../support/smtp.ts";
import { figure, percentile } from "./support.ts";

setDefaultTimeout(60_000);

let smtp: SmtpServer;
let t: TestApp;
let worker: MailWorker;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: "Site <site@example.org>", SITE_URL: "https://yoga.example.org" } });
  worker = t.mailWorker();
  for (const email of ["student@example.org", "other@example.org"])
    t.db
      .insert(studentPasses)
      .values({
        email,
        name: "A Student",
        title: "10 classes",
        credits: 10,
        creditsLeft: 10,
        expiresAt: "2099-01-01T00:00:00.000Z",
        price: 15000,
        currency: "aud",
        source: "door",
      })
      .run();
});
afterAll(async () => {
  await worker.stop();
  t.cleanup();
  await smtp.close();
});

const post = (path: string, body: unknown, ip: string, headers: Record<string, string> = {}) => t.request("POST", path, { body, ip, headers });

describe("My practice's sign-in", () => {
  test("a student's address and a stranger's are answered alike, in the same time band", async () => {
    const times: Record<"known" | "unknown", number[]> = { known: [], unknown: [] };
    const answers = new Set<string>();
    for (let i = 0; i < 10; i++) {
      for (const [kind, email] of [
        ["known", i % 2 ? "student@example.org" : "other@example.org"],
        ["unknown", `stranger-${i}@example.org`],
      ] as const) {
        const started = performance.now();
        const response = await post("/api/practice/sign-in", { email }, `198.51.100.${i * 2 + (kind === "known" ? 0 : 1)}`);
        times[kind].push(performance.now() - started);
        answers.add(
          `${response.status} ${JSON.stringify([...response.headers].filter(([name]) => name !== "date" && name !== "x-request-id"))} ${await response.text()}`,
        );
      }
    }
    expect(answers.size).toBe(1);
    expect([...answers][0]).toStartWith("202 ");
    expect([...answers][0]).toEndWith('{"sent":true}');
    const median = (values: number[]) => percentile(values, 50);
    figure("practice sign-in answers (ms, median)", `student ${median(times.known).toFixed(0)}, stranger ${median(times.unknown).toFixed(0)}`);
    expect(Math.abs(median(times.known) - median(times.unknown))).toBeLessThan(50);
  });

  test("a code is tried 5 times at most; a made-up cookie, or none, is a 401", async () => {
    await post("/api/practice/sign-in", { email: "student@example.org" }, "198.51.100.100");
    for (let i = 0; i < 5; i++) await post("/api/practice/verify", { email: "student@example.org", code: String(100000 + i) }, "198.51.100.101");
    await worker.drain();
    const code = /\b(\d{6})\b/.exec(smtp.received.filter((mail) => mail.subject === "Your code for My practice").at(-1)?.text ?? "")?.[1] ?? "";
    expect(code).toMatch(/^\d{6}$/);
    // The right code after 5 wrong tries does not open a session.
    expect((await post("/api/practice/verify", { email: "student@example.org", code }, "198.51.100.102")).status).toBe(400);
    for (const cookie of ["", "practice=", "practice=made-up-token", `practice=${"x".repeat(5000)}`])
      expect((await t.request("GET", "/api/practice", { headers: cookie ? { cookie } : {} })).status).toBe(401);
    expect((await t.request("DELETE", "/api/practice/bookings/1", { headers: { cookie: "practice=made-up-token" } })).status).toBe(401);
  });
});
