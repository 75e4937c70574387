// Issue 30 item 2 in Chromium against the real server: a session whose last proof is older than 10 minutes is asked
// 'Confirm it's you' (the password, or a passkey of Chromium's virtual authenticator) before a passkey is added or every
// passkey removed, and the change then goes through; 'Also remove all passkeys' on 'Sign out everywhere' and on the
// reset link's page (checked there); the page a new account e-mail's link opens. axe-core checks each state.
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { alertDialog, apiToken, dialog, expectToast, openDashboard } from "./admin-helpers.ts";
import { ADMIN_PASSWORD, axeViolations, launchBrowser, openPage, type Site, startSite } from "./support.ts";

let site: Site;
let browser: Browser;
let db: Database;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite({ appData: null, onLocalhost: true }), launchBrowser()]);
  db = new Database(join(site.dataDir, "site.db"));
});
afterAll(async () => {
  db?.close();
  await browser?.close();
  await site?.stop();
});

/** Every session's last proof is an hour old, as a stolen token's would be. */
const ageProofs = () => db.run("UPDATE devices SET provedAt = ?", [new Date(Date.now() - 60 * 60_000).toISOString()]);
const passkeyCount = () => db.query<{ n: number }, []>("SELECT count(*) AS n FROM passkeys").get()!.n;
/** A mailed link's row as the server stores it: the token's SHA-256, never the token. */
const sha256 = (value: string) => new Bun.CryptoHasher("sha256").update(value).digest("base64url");
const inAnHour = () => new Date(Date.now() + 60 * 60_000).toISOString();

async function addAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

test("an old session confirms it's you with the password, then with a passkey; 'Also remove all passkeys' on 'Sign out everywhere'", async () => {
  const { page, errors } = await openPage(browser);
  await addAuthenticator(page);
  const violations: string[] = [];
  await openDashboard(page, site, await apiToken(site));
  await page.getByRole("button", { name: "Show devices and activity" }).click();

  ageProofs();
  await page.getByLabel("Passkey name").fill("Laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  const confirm = dialog(page, "Confirm it's you");
  await confirm.waitFor();
  violations.push(...(await axeViolations(page, "confirm it's you")));
  await confirm.getByLabel("Password").fill("not-the-password");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await confirm.getByText("That password is not right.").waitFor();
  violations.push(...(await axeViolations(page, "confirm it's you, wrong password")));
  await confirm.getByLabel("Password").fill(ADMIN_PASSWORD);
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expectToast(page, "Passkey added");
  await page.getByRole("list", { name: "Passkeys" }).getByText("Laptop").waitFor();
  expect(await confirm.isVisible()).toBe(false);
  expect(passkeyCount()).toBe(1);

  ageProofs();
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  const signOut = alertDialog(page, "Sign out everywhere");
  const removeAll = signOut.getByLabel("Also remove all passkeys");
  expect(await removeAll.isChecked()).toBe(false);
  await removeAll.check();
  violations.push(...(await axeViolations(page, "sign out everywhere, also remove all passkeys")));
  await signOut.getByRole("button", { name: "Sign out everywhere" }).click();
  await confirm.waitFor();
  await confirm.getByRole("button", { name: "Use a passkey" }).click();
  await page.getByRole("heading", { name: "Admin Login" }).waitFor();
  expect(passkeyCount()).toBe(0);
  expect(violations).toEqual([]);
  // The refusals the steps answer (403 until confirmed, 400 for the wrong password, 401 once signed out) are expected.
  expect(errors.filter((error) => !/status of (400|401|403) /.test(error))).toEqual([]);
});

test("cancelled, 'Confirm it's you' changes nothing and says why", async () => {
  const { page } = await openPage(browser);
  await openDashboard(page, site, await apiToken(site));
  await page.getByRole("button", { name: "Show devices and activity" }).click();
  ageProofs();
  await page.getByLabel("Account e-mail").fill("thief@example.org");
  await page.getByRole("button", { name: "Save e-mail" }).click();
  const confirm = dialog(page, "Confirm it's you");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await page.getByText("Confirm it's you: this change needs your password or a passkey within the last 10 minutes.").waitFor();
  expect(db.query("SELECT email FROM users").get()).toEqual({ email: null });
});

test("'Reset Password' from an old session: 'Confirm it's you' over the dialog, then the password changes", async () => {
  const { page } = await openPage(browser);
  await openDashboard(page, site, await apiToken(site));
  ageProofs();
  await page.getByRole("button", { name: "Reset Password" }).click();
  const form = dialog(page, "Reset Password");
  await form.getByLabel("Current Password").fill(ADMIN_PASSWORD);
  await form.getByLabel("New Password", { exact: true }).fill("changed-password");
  await form.getByLabel("Confirm New Password").fill("changed-password");
  await form.getByRole("button", { name: "Reset Password" }).click();
  const confirm = dialog(page, "Confirm it's you");
  await confirm.getByLabel("Password").fill(ADMIN_PASSWORD);
  expect(await axeViolations(page, "confirm it's you over 'Reset Password'")).toEqual([]);
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expectToast(page, "Password reset successful");
  await form.waitFor({ state: "hidden" });
  expect(await apiToken(site, "changed-password")).toBeTruthy();
});

test("the reset link's page offers 'Also remove all passkeys', checked; the new account e-mail's page confirms it", async () => {
  db.run("INSERT INTO passkeys (id, userId, name, publicKey, createdAt) VALUES ('key-1', 1, 'Laptop', 'AA', ?)", [new Date().toISOString()]);
  db.run("INSERT INTO password_resets (userId, tokenHash, expiresAt) VALUES (1, ?, ?)", [sha256("reset-token"), inAnHour()]);
  const { page, errors } = await openPage(browser);
  await page.goto(`${site.url}/admin/reset-password#reset-token`);
  const removeAll = page.getByLabel("Also remove all passkeys");
  expect(await removeAll.isChecked()).toBe(true);
  expect(await axeViolations(page, "reset link's page")).toEqual([]);
  await page.getByLabel("New Password", { exact: true }).fill("brand-new-password");
  await page.getByLabel("Confirm New Password").fill("brand-new-password");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await page.getByText("Every device was signed out: log in with the new password.").waitFor();
  expect(passkeyCount()).toBe(0);

  db.run("INSERT INTO email_changes (userId, email, tokenHash, expiresAt) VALUES (1, 'swami@example.org', ?, ?)", [
    sha256("email-token"),
    inAnHour(),
  ]);
  await page.goto(`${site.url}/admin/confirm-email#email-token`);
  await page.getByRole("heading", { name: "Confirm your new account e-mail" }).waitFor();
  expect(await axeViolations(page, "confirm-email page")).toEqual([]);
  await page.getByRole("button", { name: "Confirm this address" }).click();
  await page.getByText("swami@example.org is now the account e-mail: reset links, sign-in codes and notices go there.").waitFor();
  expect(db.query("SELECT email FROM users").get()).toEqual({ email: "swami@example.org" });
  expect(await axeViolations(page, "confirm-email page, confirmed")).toEqual([]);
  expect(errors).toEqual([]);
});
