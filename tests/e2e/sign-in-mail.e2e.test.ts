// Issue 22's mail steps in Chromium against the real server and the real SMTP server: 'Forgot password?' and the
// reset page (its browser then known: issue 30), the new device's code ('Check your e-mail'), and a notice's 'Not you? Sign out everywhere'; axe-core in
// every new state.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { type SmtpServer, startSmtpServer } from "../support/smtp.ts";
import { expectToast } from "./admin-helpers.ts";
import { ADMIN_PASSWORD, axeViolations, launchBrowser, openPage, type Site, startSite } from "./support.ts";

let smtp: SmtpServer;
let site: Site;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  [site, browser] = await Promise.all([
    startSite({
      appData: null,
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: "Vedanta & Yoga <hello@example.org>",
        NOTIFY_EMAIL: "teacher@example.org",
        ADMIN_EMAIL: "teacher@example.org",
        MAIL_PER_MINUTE: "6000",
      },
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await smtp?.close();
});

/** The next mail with this subject, after the `seen` first. */
async function nextMail(subject: string, seen: number) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mail = smtp.received.slice(seen).find((item) => item.subject === subject);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}"`);
    await Bun.sleep(50);
  }
}

test("forgot password by mail, the reset page, then a new device's code, then 'Not you? Sign out everywhere'", async () => {
  const { page, context, errors } = await openPage(browser);
  const violations: string[] = [];
  await page.goto(`${site.url}/admin`);
  await page.getByRole("heading", { name: "Admin Login" }).waitFor();
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await page.getByRole("heading", { name: "Forgot password?" }).waitFor();
  violations.push(...(await axeViolations(page, "forgot")));
  let seen = smtp.received.length;
  await page.getByLabel("Username or e-mail").fill("admin");
  await page.getByRole("button", { name: "Send the link" }).click();
  await page.getByText("If that account exists, a link is on its way.").waitFor();
  violations.push(...(await axeViolations(page, "forgot: sent")));

  const mail = await nextMail("Set a new password", seen);
  expect(mail.envelopeTo).toEqual(["teacher@example.org"]);
  const link = new RegExp(`${site.url}/admin/reset-password#[\\w-]+`).exec(mail.text!)![0];
  await page.goto(link);
  await page.getByRole("heading", { name: "Reset Password" }).waitFor();
  violations.push(...(await axeViolations(page, "reset page")));
  await page.getByLabel("New Password", { exact: true }).fill("abc");
  await page.getByLabel("Confirm New Password").fill("abc");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await page.getByText("New password must be at least 6 characters long").waitFor();
  await page.getByLabel("New Password", { exact: true }).fill("mailed-password-1");
  await page.getByLabel("Confirm New Password").fill("mailed-password-2");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await page.getByText("New passwords do not match").waitFor();
  violations.push(...(await axeViolations(page, "reset page: errors")));
  await page.getByLabel("Confirm New Password").fill("mailed-password-1");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expectToast(page, "Password reset successful");
  await page.getByText(/Your password has been updated successfully\. Every device/).waitFor();
  expect(page.url()).not.toContain("#");
  violations.push(...(await axeViolations(page, "reset page: done")));

  // The link is spent (a fresh load: the same path with a fragment would not load the page again).
  await page.goto("about:blank");
  await page.goto(link);
  await page.getByLabel("New Password", { exact: true }).fill("mailed-password-3");
  await page.getByLabel("Confirm New Password").fill("mailed-password-3");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await page.getByRole("alert").filter({ hasText: "This link is not valid any more" }).first().waitFor();

  // The link proved this browser (issue 30): it is a known device now, and the new password signs in with no code.
  await page.goto(`${site.url}/admin`);
  await page.getByLabel("Password").fill("mailed-password-1");
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
  await page.getByRole("button", { name: "Logout" }).click();
  await page.getByRole("heading", { name: "Admin Login" }).waitFor();

  // Its cookies cleared, this browser is a new device: the password, then the mailed code.
  await context.clearCookies();
  await page.goto(`${site.url}/admin`);
  seen = smtp.received.length;
  await page.getByLabel("Password").fill("mailed-password-1");
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByRole("heading", { name: "Check your e-mail" }).waitFor();
  violations.push(...(await axeViolations(page, "code step")));
  const code = /\b(\d{6})\b/.exec((await nextMail("Your sign-in code", seen)).text!)![1]!;
  await page.getByLabel("Code").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("alert").filter({ hasText: "That code is not right. 4 tries left." }).first().waitFor();
  violations.push(...(await axeViolations(page, "code step: wrong code")));
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
  await expectToast(page, "You are now logged in as admin");

  // The notice of the new device, with its signed link.
  const notice = await nextMail("A sign-in from a new device", seen);
  expect(notice.text).toContain("Not you? Sign out everywhere");
  const signOut = new RegExp(`${site.url}/admin/sign-out-everywhere#[\\w.-]+`).exec(notice.text!)![0];
  const token = await page.evaluate(() => localStorage.getItem("adminToken"));
  const other = await openPage(browser);
  await other.page.goto(signOut);
  await other.page.getByRole("heading", { name: "Sign out everywhere" }).waitFor();
  violations.push(...(await axeViolations(other.page, "sign-out page")));
  await other.page.getByRole("button", { name: "Sign out everywhere" }).click();
  await other.page.getByText("Every device is signed out.").waitFor();
  violations.push(...(await axeViolations(other.page, "sign-out page: done")));
  expect((await fetch(`${site.url}/api/admin/messages`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
  await other.context.close();

  // This browser's next call returns it to the login card; it is forgotten, so the code is asked again.
  await page.getByRole("tab", { name: "Messages" }).click();
  await page.getByRole("heading", { name: "Admin Login" }).waitFor();
  seen = smtp.received.length;
  await page.getByLabel("Password").fill("mailed-password-1");
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByRole("heading", { name: "Check your e-mail" }).waitFor();
  await nextMail("Your sign-in code", seen);

  expect(violations).toEqual([]);
  expect(errors.filter((error) => !/40[01]/.test(error))).toEqual([]);
  await context.close();
}, 120_000);

test("with mail off, 'Forgot password?' says to ask whoever runs the server", async () => {
  const off = await startSite({ appData: null });
  try {
    const { page, context } = await openPage(browser);
    await page.goto(`${off.url}/admin`);
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await page.getByText(/Ask whoever runs the server to set a new password with/).waitFor();
    expect(await page.getByText("reset-admin-password").isVisible()).toBe(true);
    expect(await axeViolations(page, "forgot: mail off")).toEqual([]);
    await page.getByRole("button", { name: "Back to the login" }).click();
    await page.getByLabel("Password").fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    await context.close();
  } finally {
    await off.stop();
  }
}, 60_000);
