// Issue 40's admin side in Chromium at 390 and 1280 px, axe clean, against the real server with the suite's SMTP
// server: the Classes tab's 'Passes' (a pass created, one added at the door, paper cards imported, a credit given back
// with a note), the door list's credits left and first visit with a credit taken at the door, and the Money tab's
// classes still owed.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { todayIn } from "@server/lib/time.ts";
import { addDays } from "@server/shared/calendar.ts";
import type { Browser } from "playwright-core";
import { type SmtpServer, startSmtpServer } from "../support/smtp.ts";
import { adminApi, apiToken, createClassViaApi, dialog, expectToast, openDashboard, openTab } from "./admin-helpers.ts";
import { axeViolations, launchBrowser, openPage, type Site, startSite } from "./support.ts";

const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } };

let smtp: SmtpServer;
let site: Site;
let browser: Browser;
let token: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  const env = { SMTP_URL: smtp.url, MAIL_FROM: "Vedanta & Yoga <hello@example.org>", MAIL_PER_MINUTE: "6000", TRUST_PROXY: "1" };
  [site, browser] = await Promise.all([startSite({ appData: null, env }), launchBrowser()]);
  token = await apiToken(site, undefined, smtp);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await smtp?.close();
});

const day = (days: number) => addDays(todayIn("Australia/Melbourne"), days);

describe.each(Object.entries(SIZES))("the passes of the Classes tab and the Money tab, at %s size", (size, viewport) => {
  test("a pass created; one added at the door; paper cards imported; a credit given back; the door and the books", async () => {
    const className = `Pass Yoga (${size})`;
    const { id } = await createClassViaApi(site, token, className, {
      schedule: { weekdays: [1, 2, 3, 4, 5, 6, 7], start: "20:00", minutes: 60, from: day(-7), until: null, skip: [] },
      capacity: 5,
      price: 2500,
    });
    const student = `asha-${size}@example.org`;
    const { context, page, errors } = await openPage(browser, viewport);
    try {
      await openDashboard(page, site, token, "classes");
      const passes = page.getByRole("region", { name: "Passes" });
      await passes.getByRole("button", { name: "+ Create Pass" }).click();
      const create = dialog(page, "Create Pass");
      await create.getByLabel("Name", { exact: true }).fill(`Ten ${size}`);
      await create.getByLabel("Price (A$)", { exact: true }).fill("150");
      await create.getByLabel("Concession price (A$)").fill("120");
      expect(await axeViolations(page, "the pass form")).toEqual([]);
      await create.getByRole("button", { name: "Create Pass" }).click();
      await expectToast(page, "Pass created");
      await passes.getByText(`Ten ${size}`).first().waitFor();

      // Sold at the door: the student is mailed, the Money tab has it.
      await passes.getByRole("button", { name: "Add a pass" }).click();
      const add = dialog(page, "Add a pass");
      await add.getByLabel("Student's e-mail").fill(student);
      await add.getByLabel("Student's name").fill("Asha Devi");
      await add.getByLabel("Pass").selectOption({ label: `Ten ${size}` });
      await add.getByLabel("Last day").fill(day(90));
      await add.getByLabel("Paid at the door (A$)").fill("150");
      expect(await axeViolations(page, "adding a pass")).toEqual([]);
      await add.getByRole("button", { name: "Add the pass" }).click();
      await expectToast(page, "Pass added");

      // Her paper cards: one issued, one refused with its reason.
      const folder = mkdtempSync(join(tmpdir(), "passes-"));
      const csv = join(folder, "cards.csv");
      writeFileSync(csv, `email,name,credits,expires\ncard-${size}@example.org,Card Holder,4,${day(60)}\nnot-an-address,Someone,2,${day(60)}\n`);
      await passes.getByRole("button", { name: "Import passes" }).click();
      const importing = dialog(page, "Import passes");
      await importing.getByLabel("CSV file").setInputFiles(csv);
      await importing.getByRole("button", { name: "Import" }).click();
      await importing.getByText("1 pass issued, 1 refused.").waitFor();
      await importing.getByText("Line 3, not-an-address: refused: The e-mail is not valid").waitFor();
      expect(await axeViolations(page, "passes imported")).toEqual([]);
      await importing.getByRole("button", { name: "Close" }).first().click();
      await importing.waitFor({ state: "detached" });

      // The door: she takes a credit at the door; her credits left and her first visit show.
      await adminApi(site, token, "POST", `/api/admin/classes/${id}/dates/${day(-1)}/bookings`, {
        name: "Asha Devi",
        email: student,
        useCredit: true,
      });
      const other = page.getByRole("form", { name: `Door list of another date of ${className}` });
      await other.getByLabel("Another date's door list").fill(day(-1));
      await other.getByRole("button", { name: "Open" }).click();
      const door = dialog(page, "Door list");
      await door.getByText("A credit of a pass · 9 credits left · first visit").waitFor();
      const late = door.getByRole("form", { name: "Add at the door" });
      await late.getByLabel("Name").fill("Card Holder");
      await late.getByLabel("Email").fill(`card-${size}@example.org`);
      await late.getByLabel("Take a credit of their pass").check();
      await late.getByRole("button", { name: "Add at the door" }).click();
      await door.getByText("A credit of a pass · 3 credits left · first visit").waitFor();
      expect(await axeViolations(page, "the door with passes")).toEqual([]);
      await door.getByRole("button", { name: "Close" }).first().click();
      await door.waitFor({ state: "detached" });

      // A credit given back, with a note the activity log keeps.
      const held = page.getByRole("region", { name: "Passes held" });
      await held.getByLabel("Student's e-mail").fill(student);
      await held.getByRole("button", { name: "Find" }).click();
      await held.getByText("9 of 10").first().waitFor();
      await held.getByRole("button", { name: `Give back or extend Asha Devi's Ten ${size}` }).click();
      const adjust = dialog(page, "Give back or extend");
      await adjust.getByLabel("Note (for the activity log)").fill("Sick week");
      await adjust.getByRole("button", { name: "Save" }).click();
      await expectToast(page, "Pass changed");
      await held.getByText("10 of 10").first().waitFor();

      await openTab(page, "Money");
      const owed = page.getByTestId("owed-classes");
      await owed.waitFor();
      expect(await owed.innerText()).toMatch(/classes still owed on valid passes: A\$/);
      expect(await page.getByRole("region", { name: "Money" }).innerText()).toContain(`Ten ${size} (at the door)`);
      expect(await axeViolations(page, "the Money tab with passes")).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
