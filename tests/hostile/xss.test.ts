// Issue 6 item 8: a corpus of XSS and mutation-XSS payloads through every HTML and text field, then the public
// page and the admin area in Chromium: no script runs, no on* attribute, no javascript: URL, no active element.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../e2e/support.ts";
import { figure, login, type Server, startServer } from "./support.ts";

const PAYLOADS = [
  `<script>window.__xss=1</script>`,
  `<img src=x onerror="window.__xss=2">`,
  `<svg onload="window.__xss=3"></svg>`,
  `<a href="javascript:window.__xss=4">link</a>`,
  `<a href="  JaVaScRiPt:window.__xss=5">link</a>`,
  `<a href="jav&#x09;ascript:window.__xss=6">link</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>`,
  `<iframe src="javascript:window.__xss=7"></iframe>`,
  `<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=8">`,
  `<noscript><p title="</noscript><img src=x onerror='window.__xss=9'>">`,
  `<svg><style><img src=x onerror="window.__xss=10"></style></svg>`,
  `<form><math><mtext></form><form><mglyph><svg><mtext><style><path id="</style><img onerror='window.__xss=11' src>">`,
  `<p style="background:url(javascript:window.__xss=12)">styled</p>`,
  `<details open ontoggle="window.__xss=13">d</details>`,
  `"><img src=x onerror="window.__xss=14">`,
  `<object data="data:text/html,<script>window.__xss=15</script>"></object>`,
  `<base href="javascript:window.__xss=16//">`,
  `<template><img src=x onerror="window.__xss=17"></template>`,
  `<!--<img src="--><img src=x onerror="window.__xss=18"//">`,
  `<xmp><p title="</xmp><img src=x onerror='window.__xss=19'>">`,
  `<textarea><img src=x onerror="window.__xss=20"></textarea>`,
  `<a href="x" onclick="window.__xss=21">click</a>`,
  `<p><a href="https://ok.example" onmouseover="window.__xss=22">ok</a></p>`,
  `<h1 onclick="window.__xss=23">h</h1><ul><li onfocus="window.__xss=24" tabindex=1>li</li></ul>`,
  `<svg><a xlink:href="javascript:window.__xss=25"><text>x</text></a></svg>`,
  `<meta http-equiv="refresh" content="0;url=javascript:window.__xss=26">`,
  `<embed src="javascript:window.__xss=27">`,
  `<input autofocus onfocus="window.__xss=28">`,
];
const ALL_HTML = `<p>Payload corpus follows, long enough.</p>${PAYLOADS.join("")}`;
const short = (i: number) => `${PAYLOADS[i % PAYLOADS.length]!.slice(0, 150)} x${i}`;

let server: Server;
let browser: Browser;
let token: string;

beforeAll(async () => {
  server = await startServer();
  token = await login(server);
  const call = async (method: string, path: string, body: unknown, auth = true) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { "content-type": "application/json", ...(auth ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  };
  // A script URL as the profile image is refused (it would become an <img src>); then the rest goes in.
  for (const profileImage of [
    "javascript:window.__xss=99",
    " JavaScript:window.__xss=98",
    "data:text/html,<script>window.__xss=97</script>",
    "//evil.example/x.jpg",
  ]) {
    const refused = await fetch(`${server.url}/api/admin/profile`, {
      method: "PATCH",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ profileImage }),
    });
    expect(`${profileImage} ${refused.status}`).toBe(`${profileImage} 400`);
  }
  await call("PATCH", "/api/admin/profile", {
    name: short(0),
    title: short(1),
    biography: ALL_HTML,
    quote: short(2),
    profileImage: "",
    email: "t@example.org",
    phone: short(3).slice(0, 60),
    address: short(4),
  });
  for (let i = 0; i < 5; i++) {
    const future = i < 4;
    await call("POST", "/api/admin/events", {
      name: short(i),
      type: short(i + 5).slice(0, 60),
      startDate: future ? `2099-0${i + 1}-01` : "2020-01-01",
      time: short(i + 6).slice(0, 100),
      location: short(i + 7),
      description: ALL_HTML,
      archiveDescription: ALL_HTML,
      attachmentName: short(i + 8),
      attachmentFile: "https://example.org/a.pdf",
      images: ["https://example.org/a.jpg"],
      isHighlighted: i === 0,
    });
    await call("POST", "/api/admin/classes", {
      name: short(i + 9),
      level: "Beginner",
      days: short(i + 10),
      time: short(i + 11).slice(0, 100),
      location: short(i + 12),
      description: ALL_HTML,
      icon: "yoga",
    });
    await call("POST", "/api/admin/archive-events", {
      title: short(i + 13),
      date: short(i + 14).slice(0, 100),
      type: short(i + 15).slice(0, 60),
      year: "2019",
      description: ALL_HTML,
      image: "https://example.org/a.jpg",
      attachmentName: short(i + 16),
      attachmentFile: "https://example.org/b.pdf",
    });
    await call("POST", "/api/admin/notifications", { message: ALL_HTML, startDate: "2020-01-01", type: "info", link: "https://example.org/more" });
    await call(
      "POST",
      "/api/contact",
      { name: short(i + 17), email: `x${i}@example.org`, subject: short(i + 18), message: `${ALL_HTML}`.slice(0, 9000) },
      false,
    );
  }
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  server?.remove();
});

/** Everything active in the page: set flags, dialogs, on* attributes, javascript: URLs, active elements. */
async function inspect(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const w = window as unknown as { __xss?: unknown };
    if (w.__xss !== undefined) found.push(`script ran: __xss=${String(w.__xss)}`);
    for (const element of Array.from(document.querySelectorAll("*"))) {
      for (const attribute of Array.from(element.attributes)) {
        if (/^on/i.test(attribute.name)) found.push(`<${element.tagName.toLowerCase()} ${attribute.name}>`);
        if (
          /^(href|src|action|formaction|data|xlink:href|poster)$/i.test(attribute.name) &&
          // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers drop control characters from a URL, so the check does too
          /^\s*(javascript|data:text\/html|vbscript):?/i.test(attribute.value.replace(/[\u0000-\u001f]/g, ""))
        ) {
          found.push(`<${element.tagName.toLowerCase()} ${attribute.name}="${attribute.value.slice(0, 40)}">`);
        }
      }
      // Elements no allowlist lets through (the app's own forms, inputs and textareas are its UI).
      if (
        /^(IFRAME|OBJECT|EMBED|BASE|META|TEMPLATE|XMP|NOSCRIPT|SVG|MATH|STYLE)$/i.test(element.tagName) &&
        element.closest("#root") &&
        (element.outerHTML.includes("__xss") || /^(IFRAME|OBJECT|EMBED|BASE)$/.test(element.tagName))
      ) {
        found.push(`active element <${element.tagName.toLowerCase()}>`);
      }
      // Data scripts (JSON-LD, the query state) may carry the text, but only escaped: no "<" that could close them.
      if (element.tagName === "SCRIPT" && (element.textContent ?? "").includes("__xss")) {
        const type = (element.getAttribute("type") ?? "").toLowerCase();
        if (!/^application\/(ld\+)?json$/.test(type) || (element.textContent ?? "").includes("<"))
          found.push(`<script type="${type}"> with the payload unescaped`);
      }
    }
    return found;
  });
}

test("XSS corpus is inert on the public page and in the admin area (Chromium)", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const problems: string[] = [];
  const check = async (where: string) => {
    await page.waitForTimeout(300);
    for (const problem of await inspect(page)) problems.push(`${where}: ${problem}`);
  };
  const clickAll = async (name: RegExp | string) => {
    const buttons = page.getByRole("button", { name });
    if (await buttons.count())
      await buttons
        .first()
        .click()
        .catch(() => {});
  };
  try {
    await page.goto(`${server.url}/`, { waitUntil: "networkidle" });
    await check("public page");
    await clickAll("View All Events");
    await clickAll("View All Classes");
    await check("public page, lists expanded");
    await clickAll(/^View More/);
    await check("public event dialog");
    await page.keyboard.press("Escape");
    await clickAll(/View Details & Photos/);
    await check("public archive dialog");
    await page.keyboard.press("Escape");

    await page.goto(`${server.url}/admin`);
    await page.evaluate((value) => localStorage.setItem("adminToken", value), token);
    await page.goto(`${server.url}/admin`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor({ timeout: 15_000 });
    await check("admin profile tab");
    for (const tab of ["Events", "Classes", "Messages", "Subscribers", "Notifications"]) {
      const handle = page.getByRole("tab", { name: new RegExp(tab, "i") });
      if (await handle.count()) {
        await handle.first().click();
        await check(`admin ${tab} tab`);
      } else problems.push(`admin: no ${tab} tab found`);
    }
    // Open a message and an event editor: the stored HTML goes through the dialog and the ProseMirror editor.
    await page
      .getByRole("tab", { name: /Messages/i })
      .first()
      .click();
    await clickAll(/view/i);
    await check("admin message dialog");
    await page.keyboard.press("Escape");
    await page
      .getByRole("tab", { name: /Events/i })
      .first()
      .click();
    await clickAll(/edit/i);
    await check("admin event editor");
  } finally {
    await context.close();
  }
  figure(
    "XSS payloads",
    `${PAYLOADS.length} payloads in every HTML field and cut into every text field; pages and dialogs checked: public page, lists, event and archive dialogs, 6 admin tabs, message dialog, event editor; problems ${problems.length}, dialogs ${dialogs.length}`,
  );
  expect(dialogs).toEqual([]);
  expect(problems).toEqual([]);
}, 120_000);
