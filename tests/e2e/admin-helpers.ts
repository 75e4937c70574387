// Helpers of the admin browser tests (tests/e2e/admin-*.e2e.test.ts).
import { todayIn } from "@server/lib/time.ts";
import { addDays } from "@server/shared/calendar.ts";
import type { Download, Locator, Page } from "playwright-core";
import type { SmtpServer } from "../support/smtp.ts";
import { ADMIN_PASSWORD, type Site } from "./support.ts";

export const TINY_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
export const TINY_PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

/**
 * A token straight from the API (faster than the login form). While mail is on, a new client is asked for the mailed
 * code (issue 22): give the SMTP server the site mails to, and the code is read from its mail.
 */
export async function apiToken(site: Site, password = ADMIN_PASSWORD, smtp?: SmtpServer): Promise<string> {
  const login = async (body: unknown) => {
    const response = await fetch(`${site.url}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as { token?: string; ticket?: string };
  };
  const seen = smtp?.received.length ?? 0;
  const answer = await login({ username: "admin", password });
  if (answer.token || !answer.ticket || !smtp) return answer.token ?? "";
  const mail = (await smtp.waitFor(seen + 1)).slice(seen).find((item) => item.subject === "Your sign-in code");
  const code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1];
  return (await login({ ticket: answer.ticket, code })).token ?? "";
}

/** Calls an admin endpoint directly, as a second browser tab would. */
export async function adminApi<T = unknown>(site: Site, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${site.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

/** An upcoming event made through the admin's API (2030-10-04, 7:00 pm, free unless `changes` say otherwise): its id. */
export async function createEventViaApi(site: Site, token: string, name: string, changes: Record<string, unknown> = {}) {
  const event = await adminApi<{ id: number }>(site, token, "POST", "/api/admin/events", {
    name,
    type: "celebration",
    startDate: "2030-10-04",
    time: "7:00 pm",
    location: "The Hall, Fitzroy",
    description: "<p>An evening together.</p>",
    ...changes,
  });
  return event.id;
}

/**
 * A weekly class made through the admin's API: every day at 8 PM for an hour from tomorrow (in Melbourne) unless
 * `changes` say otherwise, its dates booked by the date (issue 39): its id.
 */
export async function createClassViaApi(site: Site, token: string, name: string, changes: Record<string, unknown> = {}) {
  const from = addDays(todayIn("Australia/Melbourne"), 1);
  return adminApi<{ id: number }>(site, token, "POST", "/api/admin/classes", {
    name,
    level: "Beginner",
    days: "Every day",
    time: "8:00 PM",
    location: "Association Hall, Fitzroy",
    description: "<p>Breath, posture and a long rest.</p>",
    icon: "sun",
    schedule: { weekdays: [1, 2, 3, 4, 5, 6, 7], start: "20:00", minutes: 60, from, until: null, skip: [] },
    ...changes,
  });
}

/** Opens /admin already logged in (the token is put where the app keeps it). */
export async function openDashboard(page: Page, site: Site, token: string, tab?: string) {
  await page.goto(`${site.url}/admin`);
  await page.evaluate((value) => localStorage.setItem("adminToken", value), token);
  await page.goto(`${site.url}/admin${tab ? `?tab=${tab}` : ""}`);
  await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
}

/**
 * Opens a tab of the dashboard, and waits for the one it leaves to be gone: each panel unmounts on exit (Ark's
 * Presence), once its exit animation has ended, a moment after the new one shows.
 */
export async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name }).click();
  await page.waitForFunction(() => document.querySelectorAll("[role=tabpanel]").length <= 1, null, { timeout: 5_000 });
}

/** Waits for the one visible toast to show this text (title or description); a timeout says what the page showed. */
export async function expectToast(page: Page, text: string) {
  try {
    await page.getByTestId("toast").filter({ hasText: text }).first().waitFor({ timeout: 20_000 });
  } catch (error) {
    const toasts = await page.getByTestId("toast").allInnerTexts();
    const alerts = await page.getByRole("alert").allInnerTexts();
    throw new Error(`no toast "${text}" at ${page.url()}: toasts ${JSON.stringify(toasts)}, alerts ${JSON.stringify(alerts)}`, { cause: error });
  }
}

export const dialog = (page: Page, name: string) => page.getByRole("dialog", { name, exact: true });
export const alertDialog = (page: Page, name: string) => page.getByRole("alertdialog", { name, exact: true });

/** Chooses an option of an Ark select by its label. */
export async function choose(scope: Page | Locator, page: Page, label: string, option: string) {
  await scope.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** Types into a rich-text editor, replacing its content. */
export async function typeRichText(scope: Locator, page: Page, label: string, text: string) {
  const editor = scope.getByRole("textbox", { name: label, exact: true });
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Backspace");
  await page.keyboard.type(text);
}

export async function downloadText(download: Download): Promise<string> {
  const path = await download.path();
  return await Bun.file(path!).text();
}
