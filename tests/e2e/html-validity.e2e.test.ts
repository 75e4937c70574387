// Issue 12, accessibility: the Nu HTML Checker (vnu-jar, run with Java) finds no error in the HTML the server sends:
// `/` rendered with the demo content, an event's link (issue 16), the `/admin` and `/practice` shells and the 404 page,
// the inline stylesheet included.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { type FakeYouTube, startFakeYouTube } from "../support/fake-youtube.ts";
import { type Site, startSite } from "./support.ts";

// The package's export is the path of its vnu.jar.
const VNU_JAR = String(require("vnu-jar"));

let site: Site;
let youtube: FakeYouTube;

beforeAll(async () => {
  // YouTube configured, so `/` carries the videos' loading placeholders as a first visit gets them.
  youtube = await startFakeYouTube();
  site = await startSite({ env: youtube.env });
});
afterAll(async () => {
  await site?.stop();
  await youtube?.stop();
});

type VnuMessage = { type: "error" | "info" | "non-document-error"; subType?: string; message: string; extract?: string; lastLine?: number };

/** The checker's errors on one document, each as "line N: message «extract»". */
async function vnuErrors(html: string): Promise<string[]> {
  const checker = Bun.spawn(["java", "-jar", VNU_JAR, "--format", "json", "--stdout", "-"], {
    stdin: new Blob([html]),
    stdout: "pipe",
    stderr: "pipe",
  });
  const [output, exitCode] = await Promise.all([new Response(checker.stdout).text(), checker.exited]);
  if (!output.trim()) throw new Error(`vnu exited with ${exitCode}: ${await new Response(checker.stderr).text()}`);
  const { messages } = JSON.parse(output) as { messages: VnuMessage[] };
  return messages
    .filter((message) => message.type !== "info")
    .map((message) => `line ${message.lastLine}: ${message.message} «${message.extract?.trim().slice(0, 120)}»`);
}

async function page(path: string) {
  const response = await fetch(`${site.url}${path}`);
  expect(response.headers.get("content-type")).toContain("text/html");
  return { status: response.status, html: await response.text() };
}

test("/ rendered on the server with the demo content has no HTML or CSS error", async () => {
  const home = await page("/");
  expect(home.status).toBe(200);
  expect(home.html).toContain("Swami Atmananda");
  expect(home.html).toContain('data-testid="video-skeleton"');
  expect(await vnuErrors(home.html)).toEqual([]);
});

test("an event's link, /?event=1, rendered as its own page has no HTML or CSS error", async () => {
  const linked = await page("/?event=1");
  expect(linked.status).toBe(200);
  expect(linked.html).toContain("<title>Summer Silence Retreat");
  expect(await vnuErrors(linked.html)).toEqual([]);
});

test("the /admin shell and My practice's (/practice, issue 40) have no HTML or CSS error", async () => {
  for (const path of ["/admin", "/practice"]) {
    const shell = await page(path);
    expect(shell.status).toBe(200);
    expect(await vnuErrors(shell.html)).toEqual([]);
  }
});

test("the 404 page has no HTML or CSS error", async () => {
  const missing = await page("/no/such/page");
  expect(missing.status).toBe(404);
  expect(await vnuErrors(missing.html)).toEqual([]);
});
