// Issue 30 item 14 through real HTTP handling on a temp SQLite file: each admin write is recorded in the teacher's
// words, with the record's name as it was at the time, under a kind the activity log filters by.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { messages } from "@db/schema.ts";
import { DESCRIBED_WRITES } from "@server/modules/activity/record-writes.ts";
import { createTestApp, type TestApp } from "@tests/support/app.ts";
import { createClass, createEvent, createNotification, createRegistration, createSubscriber } from "@tests/support/factories.ts";
import { startSmtpServer } from "@tests/support/smtp.ts";

type Entry = { kind: string; summary: string; target: string | null };

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(() => t.cleanup());

const admin = async (method: string, path: string, body?: unknown) => {
  const response = await t.request(method, `/api/admin${path}`, { token, body });
  expect(response.status).toBeLessThan(300);
  return response;
};
const activityOf = async (kind?: string) =>
  (await (await t.request("GET", `/api/admin/activity${kind ? `?kind=${kind}` : ""}`, { token })).json()) as Entry[];
const newest = async () => (await activityOf())[0];

describe("the activity speaks the teacher's language", () => {
  test("an event created, renamed and deleted: each line names it as it was then", async () => {
    const created = await admin("POST", "/events", {
      name: "Winter Retreat",
      type: "retreat",
      startDate: "2099-06-12",
      time: "9:00 AM",
      location: "Dandenong Ranges",
      description: "<p>Three days of silence and study.</p>",
    });
    const { id } = (await created.json()) as { id: number };
    expect(await newest()).toMatchObject({ kind: "events", summary: "Created the event 'Winter Retreat'", target: String(id) });
    await admin("PATCH", `/events/${id}`, { location: "Healesville" });
    expect((await newest())?.summary).toBe("Changed the event 'Winter Retreat'");
    await admin("PATCH", `/events/${id}`, { name: "Winter Retreat 2099" });
    expect((await newest())?.summary).toBe("Changed the event 'Winter Retreat' (now 'Winter Retreat 2099')");
    await admin("DELETE", `/events/${id}`);
    expect((await newest())?.summary).toBe("Deleted the event 'Winter Retreat 2099'");
  });

  test("classes, notifications, messages, subscribers, registrations, the profile and the data each say what they did", async () => {
    const yoga = createClass(t.db, { name: "Hatha Yoga" });
    await admin("DELETE", `/classes/${yoga.id}`);
    expect(await newest()).toMatchObject({ kind: "classes", summary: "Deleted the class 'Hatha Yoga'" });

    const notice = createNotification(t.db, { message: "<p>The <strong>hall</strong> is closed on Monday</p>" });
    await admin("DELETE", `/notifications/${notice.id}`);
    expect(await newest()).toMatchObject({ kind: "notifications", summary: "Deleted the notification 'The hall is closed on Monday'" });

    const message = t.db
      .insert(messages)
      .values({ name: "Jane Doe", email: "jane@example.org", subject: "Retreat question", message: "Is there parking?" })
      .returning()
      .get();
    await admin("PATCH", `/messages/${message.id}/read`);
    expect(await newest()).toMatchObject({ kind: "messages", summary: "Marked the message 'Retreat question' from Jane Doe as read" });
    await admin("DELETE", `/messages/${message.id}`);
    expect((await newest())?.summary).toBe("Deleted the message 'Retreat question' from Jane Doe");

    const reader = createSubscriber(t.db, { email: "reader@example.org" });
    await admin("DELETE", `/subscribers/${reader.id}`);
    expect(await newest()).toMatchObject({ kind: "subscribers", summary: "Deleted the subscriber reader@example.org" });

    const retreat = createEvent(t.db, { name: "Silent Retreat" });
    const guest = createRegistration(t.db, retreat.id, { name: "Ravi Kumar" });
    await admin("PATCH", `/events/${retreat.id}/registrations/${guest.id}`, { checkedIn: true });
    expect(await newest()).toMatchObject({ kind: "registrations", summary: "Checked in Ravi Kumar at the event 'Silent Retreat'" });
    await admin("POST", `/events/${retreat.id}/registrations/${guest.id}/cancel`);
    expect((await newest())?.summary).toBe("Cancelled the registration of Ravi Kumar for the event 'Silent Retreat'");

    await admin("PATCH", "/profile", { name: "Swami Example" });
    expect(await newest()).toMatchObject({ kind: "profile", summary: "Changed the profile" });
    await admin("POST", "/youtube-api-key", { apiKey: "AIzaSyTestKey-0123456789abcdefghijklmn" });
    expect(await newest()).toMatchObject({ kind: "settings", summary: "Changed the YouTube API key" });
    await admin("POST", "/sync-to-app-data", {});
    expect(await newest()).toMatchObject({ kind: "data", summary: expect.stringMatching(/^Synced the data to app_data \(version [0-9a-f]{7}\)$/) });
    await admin("POST", "/backups");
    expect(await newest()).toMatchObject({ kind: "data", summary: expect.stringMatching(/^Took the backup \S+$/) });

    // Nothing a route's raw pattern or a record's number: the log reads as sentences.
    for (const entry of await activityOf()) expect(entry.summary).not.toMatch(/^(POST|PATCH|DELETE|PUT) \/|#\d/);
    expect(JSON.stringify(await activityOf())).not.toContain("AIzaSyTestKey");
  });

  test("?kind= filters by what was changed", async () => {
    const events = await activityOf("events");
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((entry) => entry.kind === "events")).toBe(true);
    expect((await activityOf("classes")).map((entry) => entry.summary)).toEqual(["Deleted the class 'Hatha Yoga'"]);
    expect((await activityOf("registrations")).map((entry) => entry.summary)).toEqual([
      "Cancelled the registration of Ravi Kumar for the event 'Silent Retreat'",
      "Checked in Ravi Kumar at the event 'Silent Retreat'",
    ]);
  });

  test("every admin write route is described (the account's routes record their own entries)", () => {
    const recordsItself = [
      "POST /login",
      "POST /confirm",
      "POST /reset-password",
      "PATCH /account",
      "POST /passkeys/options",
      "POST /passkeys",
      "DELETE /passkeys/:id",
      "DELETE /sessions/:id",
    ];
    const writes = t.app.routes
      .filter((route) => route.path.startsWith("/api/admin/") && !["GET", "HEAD", "ALL"].includes(route.method))
      .map((route) => `${route.method} ${route.path.replace("/api/admin", "")}`)
      .filter((write) => !recordsItself.includes(write));
    expect(writes.filter((write) => !DESCRIBED_WRITES.includes(write))).toEqual([]);
  });
});

test("with mail on: a newsletter and a mail to an event's registrants are named by their subject", async () => {
  const smtp = await startSmtpServer();
  const mailing = await createTestApp({
    env: { SMTP_URL: smtp.url, MAIL_FROM: "Vedanta & Yoga <hello@example.org>", NOTIFY_EMAIL: "teacher@example.org" },
  });
  try {
    const signedIn = await mailing.login();
    const write = async (path: string, body: unknown) =>
      expect((await mailing.request("POST", `/api/admin${path}`, { token: signedIn, body })).status).toBe(201);
    createSubscriber(mailing.db);
    const retreat = createEvent(mailing.db, { name: "Silent Retreat" });
    createRegistration(mailing.db, retreat.id);
    await write("/newsletters/test", { subject: "Spring news", body: "<p>Hello</p>" });
    await write("/newsletters", { subject: "Spring news", body: "<p>Hello</p>" });
    await write(`/events/${retreat.id}/mail`, { subject: "Bring a blanket", body: "<p>It is cold.</p>" });
    const entries = (await (await mailing.request("GET", "/api/admin/activity", { token: signedIn })).json()) as Entry[];
    expect(entries.slice(0, 3).map(({ kind, summary }) => [kind, summary])).toEqual([
      ["registrations", "Mailed the registrants of the event 'Silent Retreat': 'Bring a blanket'"],
      ["newsletters", "Sent the newsletter 'Spring news'"],
      ["newsletters", "Sent a test copy of the newsletter 'Spring news'"],
    ]);
  } finally {
    mailing.cleanup();
    await smtp.close();
  }
});
