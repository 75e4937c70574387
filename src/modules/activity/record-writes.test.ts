// Issue 30 item 14 through real HTTP handling on a temp SQLite file: each admin write is recorded in the teacher's
// words, with the record's name as it was at the time, under a kind the activity log filters by.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { messages } from "@db/schema.ts";
import { DESCRIBED_WRITES } from "@server/modules/activity/record-writes.ts";
import { type Api, createTestApp, type TestApp } from "@tests/support/app.ts";
import { createClass, createEvent, createNotification, createRegistration, createSubscriber } from "@tests/support/factories.ts";
import { startSmtpServer } from "@tests/support/smtp.ts";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(() => t.cleanup());

/** An admin write through the typed client; it must succeed. */
const admin = async <T extends { status: number }>(write: (api: Api["admin"]) => Promise<T>) => {
  const answer = await write(t.api({ token }).admin);
  expect(answer.status).toBeLessThan(300);
  return answer;
};
const activityOf = async (kind?: string) => (await t.api({ token }).admin.activity.get({ query: kind ? { kind } : {} })).data ?? [];
const newest = async () => (await activityOf())[0];

describe("the activity speaks the teacher's language", () => {
  test("an event created, renamed and deleted: each line names it as it was then", async () => {
    const created = await admin((api) =>
      api.events.post({
        name: "Winter Retreat",
        type: "retreat",
        startDate: "2099-06-12",
        time: "9:00 AM",
        location: "Dandenong Ranges",
        description: "<p>Three days of silence and study.</p>",
      }),
    );
    const id = created.data!.id;
    expect(await newest()).toMatchObject({ kind: "events", summary: "Created the event 'Winter Retreat'", target: String(id) });
    await admin((api) => api.events({ id }).patch({ location: "Healesville" }));
    expect((await newest())?.summary).toBe("Changed the event 'Winter Retreat'");
    await admin((api) => api.events({ id }).patch({ name: "Winter Retreat 2099" }));
    expect((await newest())?.summary).toBe("Changed the event 'Winter Retreat' (now 'Winter Retreat 2099')");
    await admin((api) => api.events({ id }).delete());
    expect((await newest())?.summary).toBe("Deleted the event 'Winter Retreat 2099'");
  });

  test("classes, notifications, messages, subscribers, registrations, the profile and the data each say what they did", async () => {
    const yoga = createClass(t.db, { name: "Hatha Yoga" });
    await admin((api) => api.classes({ id: yoga.id }).delete());
    expect(await newest()).toMatchObject({ kind: "classes", summary: "Deleted the class 'Hatha Yoga'" });

    const notice = createNotification(t.db, { message: "<p>The <strong>hall</strong> is closed on Monday</p>" });
    await admin((api) => api.notifications({ id: notice.id }).delete());
    expect(await newest()).toMatchObject({ kind: "notifications", summary: "Deleted the notification 'The hall is closed on Monday'" });

    const message = t.db
      .insert(messages)
      .values({ name: "Jane Doe", email: "jane@example.org", subject: "Retreat question", message: "Is there parking?" })
      .returning()
      .get();
    await admin((api) => api.messages({ id: message.id }).read.patch());
    expect(await newest()).toMatchObject({ kind: "messages", summary: "Marked the message 'Retreat question' from Jane Doe as read" });
    await admin((api) => api.messages({ id: message.id }).delete());
    expect((await newest())?.summary).toBe("Deleted the message 'Retreat question' from Jane Doe");

    const reader = createSubscriber(t.db, { email: "reader@example.org" });
    await admin((api) => api.subscribers({ id: reader.id }).delete());
    expect(await newest()).toMatchObject({ kind: "subscribers", summary: "Deleted the subscriber reader@example.org" });

    const retreat = createEvent(t.db, { name: "Silent Retreat" });
    const guest = createRegistration(t.db, retreat.id, { name: "Ravi Kumar" });
    await admin((api) => api.events({ id: retreat.id }).registrations({ registrationId: guest.id }).patch({ checkedIn: true }));
    expect(await newest()).toMatchObject({ kind: "registrations", summary: "Checked in Ravi Kumar at the event 'Silent Retreat'" });
    await admin((api) => api.events({ id: retreat.id }).registrations({ registrationId: guest.id }).cancel.post());
    expect((await newest())?.summary).toBe("Cancelled the registration of Ravi Kumar for the event 'Silent Retreat'");

    await admin((api) => api.profile.patch({ name: "Swami Example" }));
    expect(await newest()).toMatchObject({ kind: "profile", summary: "Changed the profile" });
    await admin((api) => api["youtube-api-key"].post({ apiKey: "AIzaSyTestKey-0123456789abcdefghijklmn" }));
    expect(await newest()).toMatchObject({ kind: "settings", summary: "Changed the YouTube API key" });
    await admin((api) => api["sync-to-app-data"].post({}));
    expect(await newest()).toMatchObject({ kind: "data", summary: expect.stringMatching(/^Synced the data to app_data \(version [0-9a-f]{7}\)$/) });
    await admin((api) => api.backups.post());
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
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: "Vedanta & Yoga <hello@example.org>",
      NOTIFY_EMAIL: "teacher@example.org",
      ADMIN_EMAIL: "owner@example.org",
    },
  });
  try {
    const signedIn = await mailing.login();
    const api = mailing.api({ token: signedIn }).admin;
    createSubscriber(mailing.db);
    const retreat = createEvent(mailing.db, { name: "Silent Retreat" });
    createRegistration(mailing.db, retreat.id);
    expect((await api.newsletters.test.post({ subject: "Spring news", body: "<p>Hello</p>" })).status).toBe(201);
    expect((await api.newsletters.post({ subject: "Spring news", body: "<p>Hello</p>" })).status).toBe(201);
    expect((await api.events({ id: retreat.id }).mail.post({ subject: "Bring a blanket", body: "<p>It is cold.</p>" })).status).toBe(201);
    const entries = (await api.activity.get()).data ?? [];
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
