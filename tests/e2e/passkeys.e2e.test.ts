// Issue 22 item 2 in Chromium: passkeys added and used for real through the DevTools protocol's virtual authenticator
// (ctap2, internal, resident key, user verification), against the real server as http://localhost:PORT (browsers
// refuse an IP address as a passkey's domain). A replayed or forged assertion of the browser's is refused; axe-core
// checks the new states.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { expectToast } from "./admin-helpers.ts";
import { ADMIN_PASSWORD, axeViolations, launchBrowser, openPage, type Site, startSite } from "./support.ts";

let site: Site;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite({ appData: null, onLocalhost: true }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

test("'Add a passkey', then 'Sign in with a passkey' with no other step; a replayed or forged assertion is refused", async () => {
  const { page, context, errors } = await openPage(browser);
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const violations: string[] = [];

  await page.goto(`${site.url}/admin`);
  await page.getByRole("button", { name: "Sign in with a passkey" }).waitFor();
  violations.push(...(await axeViolations(page, "login with passkey button")));
  await page.getByLabel("Password").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
  await page.getByRole("button", { name: "Show devices and activity" }).click();
  await page.getByLabel("Passkey name").fill("Laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expectToast(page, "Passkey added");
  const keys = page.getByRole("list", { name: "Passkeys" });
  await keys.getByText("Laptop").waitFor();
  await keys.getByText("not used yet").waitFor();
  violations.push(...(await axeViolations(page, "account area with a passkey")));
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials.length).toBe(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);
  expect(credentials[0]!.rpId).toBe("localhost");

  // Logout, then the passkey alone signs in; the browser's assertion is kept to be replayed.
  let assertion: string | undefined;
  page.on("request", (request) => {
    if (request.url().endsWith("/api/admin/login") && request.postData()?.includes('"passkey"')) assertion = request.postData()!;
  });
  // The login card asks for the browser's passkey autofill at once: the virtual authenticator, present and verified,
  // answers it, as a person picking the account from the username field would.
  await page.getByRole("button", { name: "Logout" }).click();
  await expectToast(page, "Login successful");
  await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
  // Without presence the autofill waits; the button then asks on its own. Presence comes back only once the card's
  // autofill request is pending (counted at the browser's API), or that request, made later, would sign in first.
  await cdp.send("WebAuthn.setAutomaticPresenceSimulation", { authenticatorId, enabled: false });
  await page.evaluate(() => {
    const counted = window as Window & { autofillAsks?: number };
    const get = navigator.credentials.get.bind(navigator.credentials);
    counted.autofillAsks = 0;
    navigator.credentials.get = (options) => {
      if (options?.mediation === "conditional") counted.autofillAsks = (counted.autofillAsks ?? 0) + 1;
      return get(options);
    };
  });
  await page.getByRole("button", { name: "Logout" }).click();
  await page.getByRole("heading", { name: "Admin Login" }).waitFor();
  await page.waitForFunction(() => ((window as Window & { autofillAsks?: number }).autofillAsks ?? 0) > 0);
  await cdp.send("WebAuthn.setAutomaticPresenceSimulation", { authenticatorId, enabled: true });
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
  await expectToast(page, "Login successful");
  await page.getByRole("button", { name: "Show devices and activity" }).click();
  await keys.getByText(/last used/).waitFor();
  await page.getByRole("list", { name: "Activity" }).getByText("Signed in with a passkey").first().waitFor();
  expect(await page.getByRole("list", { name: "Activity" }).getByText("Signed in with a passkey").count()).toBeGreaterThanOrEqual(2);

  const login = (body: string) => fetch(`${site.url}/api/admin/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body });
  expect(assertion).toBeDefined();
  const replayed = await login(assertion!);
  expect(replayed.status).toBe(401);
  expect(await replayed.text()).not.toContain("token");
  const parsed = JSON.parse(assertion!) as { passkey: { response: { signature: string; clientDataJSON: string } } };
  const signature = parsed.passkey.response.signature;
  parsed.passkey.response.signature = `${signature.slice(0, 10)}${signature[10] === "A" ? "B" : "A"}${signature.slice(11)}`;
  // A fresh challenge, so only the forged signature can fail it.
  const fresh = (await (
    await fetch(`${site.url}/api/auth/passkey-options`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" })
  ).json()) as {
    challenge: string;
  };
  const client = JSON.parse(Buffer.from(parsed.passkey.response.clientDataJSON, "base64url").toString()) as { challenge: string };
  parsed.passkey.response.clientDataJSON = Buffer.from(JSON.stringify({ ...client, challenge: fresh.challenge })).toString("base64url");
  expect((await login(JSON.stringify(parsed))).status).toBe(401);

  // Removed, the passkey signs in no more.
  await keys.getByRole("button", { name: "Remove Laptop" }).click();
  await expectToast(page, "Passkey removed");
  await page.getByRole("list", { name: "Activity" }).getByText('Passkey "Laptop" removed').waitFor();
  await cdp.send("WebAuthn.setAutomaticPresenceSimulation", { authenticatorId, enabled: false });
  await page.getByRole("button", { name: "Logout" }).click();
  await page.getByRole("heading", { name: "Admin Login" }).waitFor();
  await cdp.send("WebAuthn.setAutomaticPresenceSimulation", { authenticatorId, enabled: true });
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await page.getByRole("alert").filter({ hasText: "That passkey was not accepted." }).first().waitFor();
  violations.push(...(await axeViolations(page, "login: passkey refused")));

  expect(violations).toEqual([]);
  expect(errors.filter((error) => !/40[01]/.test(error))).toEqual([]);
  await context.close();
}, 120_000);
