// GET / with its metadata (title, description, canonical, Open Graph, Twitter, JSON-LD), cached with the public
// answers; robots.txt, sitemap.xml, favicon and web manifest; the inline stylesheet's hash in the CSP.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { events, profile } from "@db/schema.ts";
import { styleHash } from "@server/plugins/security-headers.ts";
import { createTestApp, SITE_SHELL, type TestApp } from "@tests/support/app.ts";
import { eventDateTimes, offsetAt, portraitPreload } from "./metadata.ts";

const SITE = "https://yoga.example.org";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    shell: `<!doctype html><html lang="en"><head><meta charset="utf-8"><!--page:head--><title>Shell</title><meta name="description" content="shell"><link rel="icon" type="image/svg+xml" href="/favicon-abcdef12.svg"><!--/page:head--><script type="module" src="/index-abcdef12.js"></script></head><body><!--page:root--><div id="root"></div><!--/page:root--></body></html>`,
    now: () => new Date("2026-11-21T00:00:00Z"),
    env: { SITE_URL: SITE },
  });
  t.db
    .insert(profile)
    .values({
      name: "Swami Test",
      title: "Teacher of Vedanta",
      biography: "<p>Teaches <strong>Vedanta</strong> & yoga.</p>",
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
        description: "<p>A talk on the Gita.</p>",
        images: ["/uploads/talk.jpg"],
      },
      { name: "Old Talk", type: "talk", startDate: "2025-01-01", time: "7 pm", location: "Hall", description: "<p>Long ago.</p>" },
    ])
    .run();
});
afterAll(() => t.cleanup());

const jsonLd = (html: string) =>
  // biome-ignore lint/suspicious/noExplicitAny: JSON-LD is free-form; the tests read its nested nodes by name
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!) as { "@graph": Record<string, any>[] };

describe("GET /", () => {
  test("carries title, description, canonical, Open Graph and Twitter cards with the teacher's image", async () => {
    const response = await t.request("GET", "/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain("<title>Swami Test · Vedanta &amp; Yoga Melbourne</title>");
    expect(html).not.toContain("<title>Shell</title>");
    expect(html).toContain('<meta name="description" content="Teacher of Vedanta. Teaches Vedanta &amp; yoga.">');
    expect(html).toContain(`<link rel="canonical" href="${SITE}/">`);
    expect(html).toContain(`<meta property="og:image" content="${SITE}/uploads/me.jpg">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    // Each once: the shell's own description and icon give way.
    for (const tag of [
      '<meta name="description"',
      '<link rel="icon" href="/favicon.svg"',
      'rel="icon" type="image/svg+xml"',
      '<meta property="og:title"',
      '<meta name="theme-color"',
    ]) {
      expect(html.split(tag).length - 1).toBeLessThanOrEqual(1);
    }
    expect(html).not.toContain("favicon-abcdef12.svg");
  });

  test("JSON-LD: Person, Organization and one Event per upcoming event", async () => {
    const graph = jsonLd(await (await t.request("GET", "/")).text())["@graph"];
    expect(graph.map((node) => node["@type"])).toEqual(["Person", "Organization", "Event"]);
    const event = graph[2]!;
    expect(event).toMatchObject({
      name: "Winter Talk",
      startDate: "2027-07-10T19:00:00+10:00",
      endDate: "2027-07-10T21:00:00+10:00",
      eventStatus: "https://schema.org/EventScheduled",
      location: { "@type": "Place", name: "Hall, Fitzroy" },
      description: "A talk on the Gita.",
      image: [`${SITE}/uploads/talk.jpg`],
      url: `${SITE}/?event=1`,
    });
    expect(graph[0]).toMatchObject({ name: "Swami Test", image: `${SITE}/uploads/me.jpg` });
  });

  test("is cached with an ETag and rebuilt after an admin write", async () => {
    const first = await t.request("GET", "/");
    const etag = first.headers.get("etag")!;
    expect((await t.request("GET", "/", { headers: { "if-none-match": etag } })).status).toBe(304);
    const token = await t.login();
    const patched = await t.api({ token }).admin.profile.patch({ name: "Swami Renamed" });
    expect(patched.status).toBe(200);
    const after = await t.request("GET", "/", { headers: { "if-none-match": etag } });
    expect(after.status).toBe(200);
    expect(await after.text()).toContain("<title>Swami Renamed");
  });

  test("large pages are compressed when accepted", async () => {
    const response = await t.request("GET", "/", { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });

  test("other page paths get the plain app shell", async () => {
    const html = await (await t.request("GET", "/admin")).text();
    expect(html).toContain("<title>Shell</title>");
    expect(html).not.toContain("application/ld+json");
  });
});

describe("dates with the site's offset", () => {
  test("daylight saving in Melbourne", () => {
    expect(offsetAt("Australia/Melbourne", "2027-01-15", "15:00")).toBe("+11:00");
    expect(offsetAt("Australia/Melbourne", "2027-07-15", "15:00")).toBe("+10:00");
    expect(offsetAt("America/New_York", "2027-01-15", "15:00")).toBe("-05:00");
  });
  test("free-text times: start, end, multi-day, past midnight, none", () => {
    const tz = "Australia/Melbourne";
    expect(eventDateTimes({ startDate: "2027-01-15", endDate: "2027-01-18", time: "Fri 3:00 pm – Mon 2:00 pm" }, tz)).toEqual({
      startDate: "2027-01-15T15:00:00+11:00",
      endDate: "2027-01-18T14:00:00+11:00",
    });
    expect(eventDateTimes({ startDate: "2027-02-06", endDate: null, time: "7:00 pm – 12:00 am" }, tz)).toEqual({
      startDate: "2027-02-06T19:00:00+11:00",
      endDate: "2027-02-07T00:00:00+11:00",
    });
    expect(eventDateTimes({ startDate: "2027-02-06", endDate: null, time: "All day" }, tz).startDate).toBe("2027-02-06T00:00:00+11:00");
  });
});

describe("root files", () => {
  test("robots.txt allows all but /admin and /api, and names the sitemap", async () => {
    const text = await (await t.request("GET", "/robots.txt")).text();
    expect(text).toContain("User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/");
    expect(text).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });

  test("sitemap.xml lists the home page", async () => {
    const response = await t.request("GET", "/sitemap.xml");
    expect(response.headers.get("content-type")).toContain("xml");
    expect(await response.text()).toContain(`<loc>${SITE}/</loc>`);
  });

  test("favicon (SVG, and an .ico holding a PNG), icons and the manifest", async () => {
    const svg = await t.request("GET", "/favicon.svg");
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
    expect(await svg.text()).toStartWith("<svg");
    const ico = new Uint8Array(await (await t.request("GET", "/favicon.ico")).arrayBuffer());
    expect([...ico.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect([...ico.subarray(23, 26)]).toEqual([0x50, 0x4e, 0x47]);
    const png = await t.request("GET", "/icon-512.png");
    expect(png.headers.get("content-type")).toBe("image/png");
    const manifest = (await (await t.request("GET", "/manifest.webmanifest")).json()) as {
      name: string;
      theme_color: string;
      icons: { sizes: string }[];
    };
    expect(manifest.name).toBe("Vedanta & Yoga Melbourne");
    expect(manifest.theme_color).toBe("#1a1f3d");
    expect(manifest.icons.map((icon) => icon.sizes)).toContain("512x512");
  });
});

describe("server-side rendering", () => {
  test("/ holds the rendered app with its data and the dehydrated query cache; rebuilt after a write", async () => {
    const { renderHomePage } = await import("@web/app/server-render.tsx");
    const app = await createTestApp({
      shell: `<!doctype html><html><head><!--page:head--><title>Shell</title><!--/page:head--></head><body><!--page:root--><div id="root"></div><!--/page:root--></body></html>`,
      renderPage: renderHomePage,
      now: () => new Date("2026-11-21T00:00:00Z"),
    });
    try {
      app.db
        .insert(events)
        .values({
          name: "Rendered Retreat",
          type: "retreat",
          startDate: "2027-01-15",
          time: "9 am",
          location: "Hills",
          description: "<p>Days of silence.</p>",
        })
        .run();
      const html = await (await app.request("GET", "/")).text();
      const root = /<div id="root">([\s\S]*)<\/div><script type="application\/json" id="query-state">(.*?)<\/script>/.exec(html);
      expect(root).not.toBeNull();
      expect(root![1]).toContain("Rendered Retreat");
      const state = JSON.parse(root![2]!) as { queries: { queryKey: string[] }[] };
      expect(state.queries.map(({ queryKey }) => queryKey[0]).sort()).toEqual([
        "/api/archive-events",
        "/api/classes",
        "/api/events",
        "/api/notifications",
        "/api/profile",
        "/api/youtube/status",
      ]);
      const token = await app.login();
      await app.request("PATCH", "/api/admin/events/1", { token, body: { name: "Renamed Retreat" } });
      expect(await (await app.request("GET", "/")).text()).toContain("Renamed Retreat");
    } finally {
      app.cleanup();
    }
  });
});

describe("the built shell's inline stylesheet and the rendered page's loading order", () => {
  const STYLE = "html{color:#221f1a}.p_4{padding:1rem}";
  const SHELL =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><!--page:head--><title>Shell</title><!--/page:head--><style>${STYLE}</style>` +
    `<script type="module" crossorigin src="/index-abcdef12.js"></script></head><body><!--page:root--><div id="root"></div><!--/page:root--></body></html>`;
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ shell: SHELL, renderPage: () => ({ root: "<main>Rendered</main>" }) });
    app.db
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
  });
  afterAll(() => app.cleanup());

  const directive = (csp: string, name: string) =>
    csp
      .split(";")
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${name} `)) ?? "";

  test("the CSP allows exactly that <style> by its sha256 hash, on / and on the shell pages; style attributes stay allowed", async () => {
    const hash = `'sha256-${createHash("sha256").update(STYLE).digest("base64")}'`;
    expect(styleHash(STYLE)).toBe(hash);
    for (const path of ["/", "/admin", "/no-such-page"]) {
      const csp = (await app.request("GET", path)).headers.get("content-security-policy")!;
      expect(directive(csp, "style-src-elem").split(" ")).toEqual(expect.arrayContaining(["'self'", hash]));
      expect(directive(csp, "style-src-elem")).not.toContain("unsafe-inline");
      expect(directive(csp, "style-src-attr")).toBe("style-src-attr 'unsafe-inline'");
      expect(directive(csp, "script-src")).toBe("script-src 'self'");
    }
  });

  test("/ has no render-blocking stylesheet and preloads the portrait before the stylesheet", async () => {
    const html = await (await app.request("GET", "/")).text();
    expect(html).not.toMatch(/<link[^>]*rel="stylesheet"/);
    const preload = html.indexOf('<link rel="preload" as="image" href="/uploads/me.jpg" imagesrcset="/uploads/me.jpg?w=320 320w');
    expect(preload).toBeGreaterThan(0);
    expect(preload).toBeLessThan(html.indexOf("<style>"));
  });
});

describe("portraitPreload", () => {
  test("an escaped preload of the profile's image, with the sizes the page shows it at, or nothing without one", () => {
    expect(portraitPreload({ profileImage: '/uploads/a"b.jpg' })).toBe(
      '<link rel="preload" as="image" href="/uploads/a&quot;b.jpg" fetchpriority="high">',
    );
    expect(portraitPreload({ profileImage: " /uploads/me.jpg " })).toBe(
      '<link rel="preload" as="image" href="/uploads/me.jpg" imagesrcset="/uploads/me.jpg?w=320 320w, /uploads/me.jpg?w=480 480w, ' +
        '/uploads/me.jpg?w=640 640w, /uploads/me.jpg?w=960 960w, /uploads/me.jpg?w=1280 1280w, /uploads/me.jpg?w=1920 1920w" ' +
        'imagesizes="(min-width: 768px) 440px, (min-width: 640px) 360px, 300px" fetchpriority="high">',
    );
    expect(portraitPreload({ profileImage: "  " })).toBe("");
    expect(portraitPreload(null)).toBe("");
  });
});

describe("JSON-LD of an event's places (issue 23)", () => {
  test("remainingAttendeeCapacity and offers.availability: InStock, LimitedAvailability, SoldOut", async () => {
    const app = await createTestApp({
      shell: SITE_SHELL,
      now: () => new Date("2026-11-21T00:00:00Z"),
      env: { SITE_URL: SITE },
    });
    try {
      const base = { type: "retreat", startDate: "2027-07-10", time: "9 am", location: "Hall", description: "<p>Silence.</p>" };
      app.db
        .insert(events)
        .values([
          { ...base, name: "Open hall" },
          { ...base, name: "Roomy", capacity: 20, price: 2500 },
          { ...base, name: "Nearly full", capacity: 20 },
          { ...base, name: "Full", capacity: 1 },
        ])
        .run();
      const register = (eventId: number, i: number) =>
        app.request("POST", `/api/events/${eventId}/registrations`, {
          body: { name: "Guest", email: `guest${i}@example.org`, phone: "0400 000 000" },
          ip: `10.0.0.${i}`,
        });
      for (let i = 0; i < 16; i++) expect((await register(3, i)).status).toBe(201);
      expect((await register(4, 100)).status).toBe(201);
      // `/` lists the events it shows (the first 3, issue 33); the fourth is on its own link's page (and the sitemap).
      const eventsOf = async (path: string) =>
        jsonLd(await (await app.request("GET", path)).text())["@graph"].filter((node) => node["@type"] === "Event");
      const graph = [...(await eventsOf("/")), ...(await eventsOf("/?event=4"))];
      const places = graph.map((node) => [node.name, node.remainingAttendeeCapacity, node.offers.availability]);
      expect(places).toEqual([
        ["Open hall", undefined, "https://schema.org/InStock"],
        ["Roomy", 20, "https://schema.org/InStock"],
        ["Nearly full", 4, "https://schema.org/LimitedAvailability"],
        ["Full", 0, "https://schema.org/SoldOut"],
      ]);
      expect(graph[0]!.offers.url).toBe(`${SITE}/?event=1`);
      // Issue 32: a priced event's offer carries its price and currency; a free one price 0.
      expect(graph.slice(0, 2).map((node) => [node.offers.price, node.offers.priceCurrency])).toEqual([
        [0, "AUD"],
        [25, "AUD"],
      ]);
    } finally {
      app.cleanup();
    }
  });
});
