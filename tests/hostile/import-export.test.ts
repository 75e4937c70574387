// Issue 6 item 14: hostile or oversized imports are refused whole; nothing is partly imported.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../support/app.ts";
import { exportWith } from "./crash.ts";
import { figure } from "./support.ts";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  expect((await t.api({ token }).admin["import-data"].post(exportWith("OLDx", 20, 5))).status).toBe(200);
});
afterAll(() => t.cleanup());

const snapshot = () => {
  const tables = [
    "events",
    "classes",
    "archive_events",
    "messages",
    "subscribers",
    "profile",
    "notifications",
    "event_registrations",
    "users",
    "settings",
  ];
  return Bun.hash(JSON.stringify(tables.map((table) => t.db.$client.query(`SELECT * FROM "${table}" ORDER BY 1`).all()))).toString(36);
};
const importRaw = (body: BodyInit, headers: Record<string, string> = { "content-type": "application/json" }) =>
  t.app.handle(
    new Request("http://localhost/api/admin/import-data", { method: "POST", headers: { authorization: `Bearer ${token}`, ...headers }, body }),
  );

test("every hostile import is refused with 4xx and the content stays exactly as it was", async () => {
  const before = snapshot();
  const good = exportWith("NEWx", 50, 5);
  const lastBad = (mutate: (data: ReturnType<typeof exportWith>) => void) => {
    const data = structuredClone(good);
    mutate(data);
    return JSON.stringify(data);
  };
  const cases: [string, BodyInit][] = [
    ["not JSON", '{"events": ['],
    ["an array", "[]"],
    ["a section missing", JSON.stringify({ ...good, notifications: undefined })],
    ["a section of the wrong type", lastBad((d) => ((d as Record<string, unknown>).messages = { 0: d.messages[0] }))],
    ["the last record invalid", lastBad((d) => ((d.messages.at(-1) as Record<string, unknown>).email = "not an email"))],
    ["a duplicate id at the end", lastBad((d) => d.messages.push({ ...d.messages[0]! }))],
    ["a duplicate subscriber e-mail in another case", lastBad((d) => d.subscribers.push({ id: 9999, email: d.subscribers[0]!.email.toUpperCase() }))],
    ["an id that is not a whole number", lastBad((d) => ((d.events[0] as Record<string, unknown>).id = 1.5))],
    ["a negative id", lastBad((d) => ((d.events[0] as Record<string, unknown>).id = -3))],
    ["a huge id", lastBad((d) => ((d.events[0] as Record<string, unknown>).id = 2 ** 63))],
    ["a future format version", lastBad((d) => ((d as Record<string, unknown>).version = 2))],
    ["a string 200 kB long", lastBad((d) => ((d.messages[3] as Record<string, unknown>).subject = "s".repeat(200_000)))],
    ["deep nesting", `{"events":${"[".repeat(50_000)}${"]".repeat(50_000)}}`],
    ["the sections only under __proto__", `{"__proto__":${JSON.stringify(good)}}`],
    ["the sections only under constructor.prototype", `{"constructor":{"prototype":${JSON.stringify(good)}}}`],
    [
      "a record that is __proto__ only",
      lastBad(() => {}).replace(
        '"classes":[]',
        '"classes":[{"__proto__":{"name":"Hatha","days":"Mon","time":"6","location":"Hall","description":"<p>long enough text</p>"}}]',
      ),
    ],
    ["an images list of 10,000", lastBad((d) => ((d.events[0] as Record<string, unknown>).images = Array(10_000).fill("https://x.example/a.jpg")))],
    ["a non-http image", lastBad((d) => ((d.events[0] as Record<string, unknown>).images = ["javascript:alert(1)"]))],
    ["an upload path that climbs", lastBad((d) => ((d.events[0] as Record<string, unknown>).attachmentFile = "/uploads/../../site.db"))],
    ["a profile that is a list", lastBad((d) => ((d as Record<string, unknown>).profile = []))],
    ["a registration link with javascript:", lastBad((d) => ((d.events[0] as Record<string, unknown>).registrationLink = "javascript:alert(1)"))],
  ];
  const wrong: string[] = [];
  for (const [name, body] of cases) {
    const response = await importRaw(body);
    if (response.status < 400 || response.status >= 500) wrong.push(`${name}: ${response.status} ${(await response.text()).slice(0, 200)}`);
    if (snapshot() !== before) wrong.push(`${name}: content changed`);
  }
  // Over the 20 MB limit: refused by Content-Length, and while streaming when the length is absent.
  const big = `{"events":[],"pad":"${"x".repeat(21 * 1024 * 1024)}"}`;
  const declared = await importRaw(big);
  if (declared.status !== 413) wrong.push(`oversized (declared): ${declared.status}`);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < 22; i++) controller.enqueue(new Uint8Array(1024 * 1024).fill(32));
      controller.close();
    },
  });
  const streamed = await importRaw(stream);
  if (streamed.status !== 413) wrong.push(`oversized (streamed): ${streamed.status}`);
  expect(wrong).toEqual([]);
  expect(snapshot()).toBe(before);
  expect(Object.prototype).not.toHaveProperty("events");
  figure("hostile imports refused whole", `${cases.length + 2} (incl. 21 MB declared and 22 MB streamed), content unchanged`);
});

test("export never carries users, settings, the password hash or the YouTube key", async () => {
  await t.api({ token }).admin["youtube-api-key"].post({ apiKey: "AIzaSECRET-KEY-123456" });
  // Raw: the export's text is searched.
  const response = await t.request("GET", "/api/admin/export-data", { token });
  const text = await response.text();
  const hash = (t.db.$client.query("SELECT password FROM users").get() as { password: string }).password;
  expect(text).not.toContain(hash);
  expect(text).not.toContain("argon2");
  expect(text).not.toContain("AIzaSECRET-KEY-123456");
  expect(Object.keys(JSON.parse(text)).sort()).toEqual([
    "archiveEvents",
    "classes",
    "events",
    "exportedAt",
    "messages",
    "notifications",
    "profile",
    "subscribers",
    "version",
  ]);
});

test("an archive entry's image is an upload of this site or an http(s) URL, as the profile image", async () => {
  const entry = { title: "Past retreat", date: "May 2020", type: "retreat", year: "2020", description: "<p>A long enough description.</p>" };
  const before = snapshot();
  const wrong: string[] = [];
  for (const image of [
    "javascript:alert(1)",
    " JavaScript:alert(1)",
    "data:image/svg+xml,<svg onload=alert(1)>",
    "//evil.example/x.png",
    "/uploads/../site.db",
    "x.png",
  ]) {
    const created = await t.request("POST", "/api/admin/archive-events", { token, body: { ...entry, image } });
    const createdText = await created.text();
    if (created.status !== 400 || !createdText.includes("Image must be a valid URL"))
      wrong.push(`create ${image}: ${created.status} ${createdText.slice(0, 200)}`);
    const imported = await importRaw(JSON.stringify({ ...exportWith("ARCx", 1, 1), archiveEvents: [{ ...entry, image }] }));
    const importedText = await imported.text();
    if (imported.status !== 400 || !importedText.includes("Invalid record in archiveEvents at index 0: image: Image must be a valid URL")) {
      wrong.push(`import ${image}: ${imported.status} ${importedText.slice(0, 200)}`);
    }
  }
  expect(wrong).toEqual([]);
  expect(snapshot()).toBe(before);
  for (const image of ["/uploads/past.jpg", "https://example.org/past.jpg"]) {
    expect((await t.api({ token }).admin["archive-events"].post({ ...entry, image })).status).toBe(201);
  }
});
