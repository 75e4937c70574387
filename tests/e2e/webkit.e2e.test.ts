// The smoke pass of tests/e2e/engines.ts in WebKit: Debian's webkit2gtk-driver (WebKitWebDriver) driving its
// MiniBrowser, which has no headless mode, on an Xvfb display of its own. WebDriver has no console API here, so the
// page's errors are kept by a script the test's copy of the build runs before the app (PAGE_WATCH).
import { afterAll, beforeAll, test } from "bun:test";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "../server.ts";
import { type Engine, FLOWS, node, PAGE_WATCH } from "./engines.ts";
import { freePort, type Site, startSite } from "./support.ts";
import { ESCAPE, newSession, type WebDriverSession } from "./webdriver.ts";

let site: Site;
let web: string;
let display: Bun.Subprocess;
let driver: Bun.Subprocess;
let session: WebDriverSession;

/** The build with PAGE_WATCH as the first script of every page. */
function watchedBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), "vedanta-webkit-"));
  cpSync(join(ROOT, "dist/public"), dir, { recursive: true });
  writeFileSync(join(dir, "page-watch.js"), PAGE_WATCH);
  const shell = readFileSync(join(dir, "index.html"), "utf8");
  writeFileSync(join(dir, "index.html"), shell.replace("<head>", '<head><script src="/page-watch.js"></script>'));
  for (const compressed of ["index.html.br", "index.html.gz"]) rmSync(join(dir, compressed));
  return dir;
}

/** Starts Xvfb on a free display (it names the one it took) and answers ":N". */
async function startDisplay(): Promise<string> {
  const xvfb = Bun.spawn(["Xvfb", "-displayfd", "1", "-screen", "0", "1600x1200x24", "-nolisten", "tcp"], { stdout: "pipe", stderr: "ignore" });
  display = xvfb;
  const reader = xvfb.stdout.getReader();
  let named = "";
  while (!named.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error("Xvfb did not start");
    named += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  return `:${named.trim()}`;
}

async function startDriver(displayName: string): Promise<string> {
  const port = freePort();
  driver = Bun.spawn(["WebKitWebDriver", `--port=${port}`], { env: { ...process.env, DISPLAY: displayName }, stdout: "ignore", stderr: "ignore" });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  while (
    !(await fetch(`${base}/status`).then(
      (response) => response.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline) throw new Error("WebKitWebDriver did not start");
    await Bun.sleep(100);
  }
  return base;
}

const miniBrowser = () => {
  const [path] = new Bun.Glob("*/webkit2gtk-4.1/MiniBrowser").scanSync({ cwd: "/usr/lib", absolute: true });
  if (!path) throw new Error("MiniBrowser not found: apt-get install webkit2gtk-driver");
  return path;
};

const webkit: Engine = {
  goto: (url) => session.navigate(url),
  // The window's size less its frame gives the page's (MiniBrowser's window is 447 px wide at least).
  resize: async (width, height) => {
    await session.setWindowSize(width, height);
    const [innerWidth, innerHeight] = await session.execute<number[]>("return [innerWidth, innerHeight]");
    await session.setWindowSize(2 * width - innerWidth!, 2 * height - innerHeight!);
  },
  evaluate: (expression) => session.execute(`return (${expression})`),
  click: (xpath) => session.click(xpath),
  type: (xpath, text) => session.sendKeys(xpath, text),
  // Typing an option's label chooses it (WebKitWebDriver finds an option of a closed select not interactable).
  select: async (xpath, value) =>
    session.sendKeys(xpath, await webkit.evaluate(`[...${node(xpath)}.options].find((option) => option.value === ${JSON.stringify(value)}).label`)),
  pressEscape: () => session.pressKey(ESCAPE),
  errors: () => session.execute("return window.pageErrors ?? ['the page watch did not run']"),
};

beforeAll(async () => {
  web = watchedBuild();
  const [started, base] = await Promise.all([startSite({ env: { WEB_DIST: web } }), startDisplay().then(startDriver)]);
  site = started;
  session = await newSession(base, {
    browserName: "MiniBrowser",
    "webkitgtk:browserOptions": { binary: miniBrowser(), args: ["--automation"] },
  });
});
afterAll(async () => {
  await session?.quit().catch(() => {});
  driver?.kill();
  display?.kill();
  await Promise.all([driver?.exited, display?.exited]);
  await site?.stop();
  if (web) rmSync(web, { recursive: true, force: true });
});

for (const [name, flow] of Object.entries(FLOWS)) test(name, () => flow(webkit, site));
