// Issue 30 items 14 and 15 in Chromium against the real server: a write made in the Events tab reads in the activity
// log as the teacher would say it, with the event's name as it was, and the log's 'Show' select filters by kind; a
// refused change's toast says first what failed. axe-core checks each state.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { adminApi, alertDialog, apiToken, choose, dialog, expectToast, openDashboard, openTab } from "./admin-helpers.ts";
import { axeViolations, launchBrowser, openPage, type Site, startSite } from "./support.ts";

let site: Site;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite({ appData: "demo" }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

test("an event deleted in the Events tab reads 'Deleted the event …' in the activity, and 'Show: Events' keeps only such lines", async () => {
  const { page, context, errors } = await openPage(browser);
  const token = await apiToken(site);
  await openDashboard(page, site, token, "events");
  await page.getByRole("button", { name: "Delete Summer Silence Retreat" }).click();
  await alertDialog(page, "Delete Event").getByRole("button", { name: "Delete", exact: true }).click();
  await expectToast(page, "Event deleted successfully");

  await openTab(page, "Profile");
  await page.getByRole("button", { name: "Show devices and activity" }).click();
  const log = page.getByRole("list", { name: "Activity" });
  await log.getByText("Deleted the event 'Summer Silence Retreat'", { exact: true }).waitFor();
  await log.getByText("Signed in with the password").first().waitFor();
  expect(await log.getByText(/^(POST|PATCH|DELETE) \//).count()).toBe(0);
  expect(await axeViolations(page, "the activity, all kinds")).toEqual([]);

  await choose(page, page, "Show", "Events");
  await log.getByText("Signed in with the password").first().waitFor({ state: "detached" });
  // The filtered list replaces the whole one: wait for its line before reading them all.
  await log.getByText("Deleted the event 'Summer Silence Retreat'", { exact: true }).waitFor();
  expect(await log.getByRole("listitem").allTextContents()).toEqual([expect.stringContaining("Deleted the event 'Summer Silence Retreat'")]);
  expect(await axeViolations(page, "the activity, events only")).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test("a refused change of places: the toast begins with what failed, then the server's reason", async () => {
  const { page, context, errors } = await openPage(browser);
  const token = await apiToken(site);
  const event = await adminApi<{ id: number }>(site, token, "POST", "/api/admin/events", {
    name: "E2E Full Workshop",
    type: "workshop",
    startDate: "2099-03-01",
    time: "10:00 AM",
    location: "Hall",
    description: "<p>Two places, both taken.</p>",
    capacity: 2,
  });
  for (const name of ["Asha", "Bela"]) {
    const answer = await fetch(`${site.url}/api/events/${event.id}/registrations`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name, email: `${name.toLowerCase()}@example.org`, phone: "0400 000 000" }),
    });
    expect(answer.status).toBe(201);
  }
  await openDashboard(page, site, token, "events");
  await page.getByRole("button", { name: "Edit E2E Full Workshop" }).click();
  const edit = dialog(page, "Edit Event");
  await edit.getByLabel("Places").fill("1");
  await edit.getByRole("button", { name: "Update Event" }).click();
  await expectToast(page, "Failed to update event: Places cannot be fewer than the 2 people who already have one. Cancel registrations first.");
  expect(await edit.isVisible()).toBe(true);
  expect(await axeViolations(page, "a refused change of places")).toEqual([]);
  expect(errors.filter((error) => !/409/.test(error))).toEqual([]);
  await context.close();
});
