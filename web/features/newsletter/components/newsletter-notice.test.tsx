// Where the newsletter's links land (issue 15, items 4 and 6): `/?newsletter=<state>` shows its notice at the top of
// the page; the unsubscribe page one button, a form posting to the link; an unknown state shows nothing.

import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, render, screen } from "@testing-library/react";
import { withDom } from "@web/test-dom.tsx";
import { MemoryRouter } from "react-router";
import { NewsletterNotice } from "./newsletter-notice.tsx";

withDom();

afterEach(cleanup);

const TOKEN = `${"a".repeat(40)}-_b`;
const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <NewsletterNotice />
    </MemoryRouter>,
  );
const notice = (title: string) => screen.getByRole("region", { name: title });

describe("NewsletterNotice", () => {
  test.each([
    ["confirmed", "Subscription confirmed", "Thank you! You will receive our newsletter at this address."],
    ["invalid", "This link is not valid", "It may be incomplete, or it belongs to an earlier subscription."],
    ["unsubscribed", "You are unsubscribed", "You will not receive our newsletter any more."],
  ])("/?newsletter=%s: '%s' / '%s'", (state, title, text) => {
    renderAt(`/?newsletter=${state}`);
    expect(screen.getByRole("heading", { level: 2, name: title })).toBeTruthy();
    expect(notice(title).textContent).toBe(`${title}${text}`);
    expect(screen.queryByRole("button")).toBeNull();
  });

  test("the unsubscribe page: one 'Unsubscribe' button in a form posting to the link, marked as the site's", () => {
    renderAt(`/?newsletter=unsubscribe&id=12&token=${TOKEN}`);
    const region = notice("Unsubscribe from the newsletter");
    const form = region.querySelector("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe(`/api/newsletter/unsubscribe?id=12&token=${TOKEN}`);
    expect([...new FormData(form)]).toEqual([["from", "site"]]);
    expect(screen.getAllByRole("button").map((button) => [button.textContent, button.getAttribute("type")])).toEqual([["Unsubscribe", "submit"]]);
  });

  test("an unsubscribe page without a well-formed id and token says the link is not valid", () => {
    for (const query of ["", "&id=12", `&token=${TOKEN}`, `&id=0&token=${TOKEN}`, "&id=12&token=short"]) {
      renderAt(`/?newsletter=unsubscribe${query}`);
      expect(notice("This link is not valid")).toBeTruthy();
      expect(screen.queryByRole("button")).toBeNull();
      cleanup();
    }
  });

  test("no notice on the plain page or for an unknown state", () => {
    for (const path of ["/", "/?newsletter=", "/?newsletter=subscribed", "/?event=1"]) {
      const { container } = renderAt(path);
      expect(container.innerHTML).toBe("");
      cleanup();
    }
  });
});
