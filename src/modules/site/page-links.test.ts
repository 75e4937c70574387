// Issue 16: each event's and archive entry's link (`/?event=<id>`, `/?archive=<id>`) is a page of its own for crawlers
// and link previews (title, description, canonical, Open Graph and Twitter cards with its resized image, JSON-LD),
// cached like `/` and rebuilt after a write; an unknown id gets the plain page; the sitemap lists every link.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { archiveEvents, classDateCancellations, classes, events, profile } from "@db/schema.ts";
import { createTestApp, SITE_SHELL, type TestApp } from "@tests/support/app.ts";
import { eq } from "drizzle-orm";

const SITE = "https://yoga.example.org";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ shell: SITE_SHELL, now: () => new Date("2026-11-21T00:00:00Z"), env: { SITE_URL: SITE } });
  // A 1200 x 800 photo: its preview copy is not enlarged to 1280.
  mkdirSync(join(t.config.dataDir, "uploads"), { recursive: true });
  copyFileSync(join(import.meta.dir, "../../../app_data/uploads/event-summer-retreat-1.jpg"), join(t.config.dataDir, "uploads/talk.jpg"));
  t.db
    .insert(profile)
    .values({
      name: "Swami Test",
      title: "Teacher",
      biography: "<p>Bio</p>",
      quote: "Be still.",
      profileImage: "/uploads/me.jpg",
      email: "hi@example.org",
    })
    .run();
  t.db
    .insert(events)
    .values([
      {
        name: "Winter Talk",
        type: "talk",
        startDate: "2027-07-10",
        time: "7:00 pm – 9:00 pm",
        location: "Hall, Fitzroy",
        description: "<p>A talk on the <em>Gita</em>.</p>",
        images: ["/uploads/talk.jpg"],
        createdAt: "2026-10-01T08:00:00.000Z",
      },
      {
        name: "Old Retreat",
        type: "retreat",
        startDate: "2025-01-10",
        endDate: "2025-01-12",
        time: "9 am",
        location: "Hills",
        description: "<p>Long ago.</p>",
        images: ["https://photos.example.net/old.jpg"],
        createdAt: "2024-11-02T08:00:00.000Z",
      },
    ])
    .run();
  t.db
    .insert(archiveEvents)
    .values({
      title: "Symposium 2022",
      date: "September 10-11, 2022",
      type: "symposium",
      year: "2022",
      description: "<p>Two days of talks.</p>",
      image: "/uploads/symposium.png",
      images: ["/uploads/symposium-2.png"],
      createdAt: "2022-09-20T08:00:00.000Z",
    })
    .run();
});
afterAll(() => t.cleanup());

const html = async (path: string) => (await t.request("GET", path)).text();
const jsonLd = (page: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(page)![1]!) as { "@graph": Record<string, unknown>[] };

describe("a link's own page", () => {
  test("/?event=<id> of an upcoming event: its title, description, canonical, Open Graph and Twitter cards, and an Event", async () => {
    const page = await html("/?event=1");
    expect(page).toContain("<title>Winter Talk · Vedanta &amp; Yoga Melbourne</title>");
    expect(page).toContain('<meta name="description" content="A talk on the Gita.">');
    expect(page).toContain(`<link rel="canonical" href="${SITE}/?event=1">`);
    expect(page).toContain(`<meta property="og:url" content="${SITE}/?event=1">`);
    expect(page).toContain('<meta property="og:title" content="Winter Talk · Vedanta &amp; Yoga Melbourne">');
    expect(page).toContain(`<meta property="og:image" content="${SITE}/uploads/talk.jpg?w=1280">`);
    expect(page).toContain('<meta property="og:image:width" content="1200"><meta property="og:image:height" content="800">');
    expect(page).toContain('<meta property="og:image:alt" content="Winter Talk">');
    expect(page).toContain(`<meta name="twitter:image" content="${SITE}/uploads/talk.jpg?w=1280">`);
    expect(page).toContain('<meta name="twitter:image:alt" content="Winter Talk">');
    const graph = jsonLd(page)["@graph"];
    expect(graph.map((node) => node["@type"])).toEqual(["Person", "Organization", "Event"]);
    expect(graph[2]).toMatchObject({ name: "Winter Talk", startDate: "2027-07-10T19:00:00+10:00", url: `${SITE}/?event=1` });
  });

  // Issue 38 item 1.
  test("/?event=<id> of a cancelled event: its Event says EventCancelled", async () => {
    t.db.update(events).set({ cancelledAt: "2027-03-01T00:00:00.000Z", cancelReason: "Swamiji is unwell" }).where(eq(events.id, 1)).run();
    // Written beside the app, as an admin write would not be: the kept pages are built again.
    t.app.publicCache.invalidate();
    try {
      expect(jsonLd(await html("/?event=1"))["@graph"][2]).toMatchObject({ eventStatus: "https://schema.org/EventCancelled" });
    } finally {
      t.db.update(events).set({ cancelledAt: null, cancelReason: null }).where(eq(events.id, 1)).run();
      t.app.publicCache.invalidate();
    }
  });

  test("/?event=<id> of a past event: an Event in the past, with its link; an image elsewhere is shown as it is", async () => {
    const page = await html("/?event=2");
    expect(page).toContain("<title>Old Retreat · Vedanta &amp; Yoga Melbourne</title>");
    expect(page).toContain(`<link rel="canonical" href="${SITE}/?event=2">`);
    expect(page).toContain('<meta property="og:image" content="https://photos.example.net/old.jpg">');
    expect(page).not.toContain("og:image:width");
    expect(jsonLd(page)["@graph"][2]).toMatchObject({
      "@type": "Event",
      name: "Old Retreat",
      startDate: "2025-01-10",
      endDate: "2025-01-12",
      url: `${SITE}/?event=2`,
    });
  });

  test("/?archive=<id>: the entry's page with its main image, and an ImageGallery", async () => {
    const page = await html("/?archive=1");
    expect(page).toContain("<title>Symposium 2022 · Vedanta &amp; Yoga Melbourne</title>");
    expect(page).toContain(`<link rel="canonical" href="${SITE}/?archive=1">`);
    // An upload Bun.Image cannot read (here: none on disk): the copy's address, its size unknown.
    expect(page).toContain(`<meta property="og:image" content="${SITE}/uploads/symposium.png?w=1280">`);
    expect(jsonLd(page)["@graph"][2]).toMatchObject({
      "@type": "ImageGallery",
      name: "Symposium 2022",
      image: [`${SITE}/uploads/symposium.png`, `${SITE}/uploads/symposium-2.png`],
      url: `${SITE}/?archive=1`,
    });
  });

  test("an unknown id, a deleted one or a malformed one gets the plain page; so does Checkout's return, which names its event", async () => {
    const home = await t.request("GET", "/");
    for (const path of ["/?event=99", "/?archive=2", "/?event=abc", "/?archive=-1", "/?payment=success&event=1"]) {
      const response = await t.request("GET", path);
      expect(response.status).toBe(200);
      expect(response.headers.get("etag")).toBe(home.headers.get("etag"));
      expect(await response.text()).toContain(`<link rel="canonical" href="${SITE}/">`);
    }
  });

  test("the link alone is the page: other query parameters do not make another one", async () => {
    const page = await html("/?utm_source=whatsapp&event=1");
    expect(page).toContain(`<link rel="canonical" href="${SITE}/?event=1">`);
  });

  test("cached with an ETag; rebuilt after an admin write; plain once the event is deleted", async () => {
    const first = await t.request("GET", "/?event=1");
    const etag = first.headers.get("etag")!;
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect((await t.request("GET", "/?event=1", { headers: { "if-none-match": etag } })).status).toBe(304);
    const token = await t.login();
    expect((await t.api({ token }).admin.events({ id: 1 }).patch({ name: "Spring Talk" })).status).toBe(200);
    const renamed = await t.request("GET", "/?event=1", { headers: { "if-none-match": etag } });
    expect(renamed.status).toBe(200);
    expect(await renamed.text()).toContain("<title>Spring Talk ·");
    expect((await t.api({ token }).admin.events({ id: 1 }).delete()).status).toBe(200);
    expect(await html("/?event=1")).toContain(`<link rel="canonical" href="${SITE}/">`);
  });
});

describe("everywhere the site points at an event", () => {
  test("the JSON-LD of / gives each upcoming event its link", async () => {
    const token = await t.login();
    const created = await t.api({ token }).admin.events.post({
      name: "New Course",
      type: "course",
      startDate: "2027-02-01",
      time: "10 am",
      location: "Hall",
      description: "Weekly readings.",
    });
    const id = created.data!.id;
    const graph = jsonLd(await html("/"))["@graph"];
    const course = graph.find((node) => node.name === "New Course")!;
    expect(course.url).toBe(`${SITE}/?event=${id}`);
  });

  // Issue 39: a weekly class's link.
  test("/?class=<id>: the class's page, an Event a next date (a date called off EventCancelled), never its join link; in the sitemap", async () => {
    t.db
      .insert(classes)
      .values({
        id: 5,
        name: "Evening Pranayama",
        level: "None",
        days: "Tuesday, Thursday",
        time: "6:30 pm",
        location: "Hall, Fitzroy",
        description: "<p>Slow breathing.</p>",
        icon: "breath",
        schedule: { weekdays: [2, 4], start: "18:30", minutes: 75, from: "2026-11-24", until: null, skip: [] },
        capacity: 12,
        price: 1800,
        mode: "hybrid",
        joinUrl: "https://meet.example.org/secret-room",
        createdAt: "2026-11-01T08:00:00.000Z",
      })
      .run();
    t.db.insert(classDateCancellations).values({ classId: 5, date: "2026-11-26", reason: "Swamiji is unwell" }).run();
    t.app.publicCache.invalidate();
    const page = await html("/?class=5");
    expect(page).toContain("<title>Evening Pranayama · Vedanta &amp; Yoga Melbourne</title>");
    expect(page).toContain(`<link rel="canonical" href="${SITE}/?class=5">`);
    expect(page).not.toContain("secret-room");
    const dates = jsonLd(page)["@graph"].slice(2);
    expect(dates.map((node) => [node.startDate, node.eventStatus])).toEqual([
      ["2026-11-24T07:30:00.000Z", "https://schema.org/EventScheduled"],
      ["2026-11-26T07:30:00.000Z", "https://schema.org/EventCancelled"],
      ["2026-12-01T07:30:00.000Z", "https://schema.org/EventScheduled"],
      ["2026-12-03T07:30:00.000Z", "https://schema.org/EventScheduled"],
    ]);
    expect(dates[0]).toMatchObject({
      name: "Evening Pranayama",
      endDate: "2026-11-24T08:45:00.000Z",
      eventAttendanceMode: "https://schema.org/MixedEventAttendanceMode",
      remainingAttendeeCapacity: 12,
      offers: { price: 18, priceCurrency: "AUD" },
      url: `${SITE}/?class=5`,
    });
    expect(await html("/sitemap.xml")).toContain(`<url><loc>${SITE}/?class=5</loc><lastmod>2026-11-01</lastmod></url>`);
  });

  test("sitemap.xml lists the page and each link with its lastmod, and follows writes", async () => {
    const sitemap = await html("/sitemap.xml");
    expect(sitemap).toContain(`<url><loc>${SITE}/</loc>`);
    expect(sitemap).toContain(`<url><loc>${SITE}/?event=2</loc><lastmod>2024-11-02</lastmod></url>`);
    expect(sitemap).toContain(`<url><loc>${SITE}/?archive=1</loc><lastmod>2022-09-20</lastmod></url>`);
    const token = await t.login();
    expect((await t.api({ token }).admin["archive-events"]({ id: 1 }).delete()).status).toBe(200);
    expect(await html("/sitemap.xml")).not.toContain("?archive=1<");
  });
});
