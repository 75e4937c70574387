// The smoke pass of tests/e2e/engines.ts in Firefox: Debian's firefox-esr, headless, driven by puppeteer-core over
// WebDriver BiDi, with the page's errors from BiDi's log events.
import { afterAll, beforeAll, test } from "bun:test";
import puppeteer, { type Browser, type ElementHandle, type Page } from "puppeteer-core";
import { type Engine, FLOWS, node, PAGE_WATCH } from "./engines.ts";
import { type Site, startSite } from "./support.ts";

let site: Site;
let browser: Browser;
let page: Page;
const errors: string[] = [];

async function element(xpath: string): Promise<ElementHandle<Element>> {
  const found = (await page.evaluateHandle(node(xpath))).asElement();
  if (!found) throw new Error(`no element at ${xpath}`);
  return found as ElementHandle<Element>;
}

const firefox: Engine = {
  goto: async (url) => {
    errors.length = 0;
    await page.goto(url);
  },
  resize: (width, height) => page.setViewport({ width, height }),
  evaluate: <T>(expression: string) => page.evaluate(expression) as Promise<T>,
  click: async (xpath) => (await element(xpath)).click(),
  type: async (xpath, text) => (await element(xpath)).type(text),
  select: async (xpath, value) => {
    await (await element(xpath)).select(value);
  },
  pressEscape: () => page.keyboard.press("Escape"),
  errors: async () => [...errors],
};

beforeAll(async () => {
  [site, browser] = await Promise.all([
    startSite(),
    puppeteer.launch({ browser: "firefox", executablePath: "/usr/bin/firefox-esr", headless: true, timeout: 30_000 }),
  ]);
  page = await browser.newPage();
  page.setDefaultTimeout(10_000);
  await page.evaluateOnNewDocument(PAGE_WATCH);
  page.on("pageerror", (error) => errors.push(error instanceof Error ? error.message : String(error)));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

for (const [name, flow] of Object.entries(FLOWS)) test(name, () => flow(firefox, site));
