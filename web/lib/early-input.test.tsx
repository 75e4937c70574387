// What a visitor does before the app has started is held, then done again once it has (web/boot.ts).
import { expect, test } from "bun:test";
import { withDom } from "../test-dom.tsx";
import { holdEarlyInput } from "./early-input.ts";

withDom();

function page() {
  document.body.innerHTML =
    '<form id="signup"><input name="email"><button type="submit">Subscribe</button></form>' +
    '<form id="search"><input name="q"></form><button id="more" type="button">View All Events</button>';
  const $ = <T extends HTMLElement>(selector: string) => document.querySelector(selector) as T;
  return {
    email: $<HTMLInputElement>("[name=email]"),
    signup: $<HTMLFormElement>("#signup"),
    search: $<HTMLFormElement>("#search"),
    more: $("#more"),
  };
}

test("a click is held, then done again in order once the app has started", () => {
  const { more, signup } = page();
  const done: string[] = [];
  const held = holdEarlyInput(document);
  const clickMore = new MouseEvent("click", { bubbles: true, cancelable: true });
  more.dispatchEvent(clickMore);
  signup.querySelector("button")!.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
  expect(clickMore.defaultPrevented).toBe(true);
  // The app's handlers, there once it has hydrated, see the clicks only then.
  more.addEventListener("click", () => done.push("more"));
  signup.addEventListener("submit", (event) => {
    event.preventDefault();
    done.push("signup");
  });
  expect(done).toEqual([]);
  held.replay();
  expect(done).toEqual(["more", "signup"]);
});

test("a click meant for a new tab, or another button than the main one, is the browser's", () => {
  const { more } = page();
  const held = holdEarlyInput(document);
  for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
    const click = new MouseEvent("click", { bubbles: true, cancelable: true, ...init });
    more.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
  }
  held.replay();
});

test("Enter in a form without a submit button: the submit is held, then asked for again", () => {
  const { search } = page();
  let submits = 0;
  const held = holdEarlyInput(document);
  const submit = new Event("submit", { bubbles: true, cancelable: true });
  search.dispatchEvent(submit);
  expect(submit.defaultPrevented).toBe(true);
  search.addEventListener("submit", (event) => {
    event.preventDefault();
    submits += 1;
  });
  held.replay();
  expect(submits).toBe(1);
});

test("text typed before is given back to a field the app has reset, as typing would", () => {
  const { email } = page();
  const held = holdEarlyInput(document);
  email.value = "visitor@example.com";
  email.dispatchEvent(new Event("input", { bubbles: true }));
  email.value = ""; // what a form does to its field's DOM value as it hydrates with its defaults
  const seen: string[] = [];
  email.addEventListener("input", () => seen.push(email.value));
  held.replay();
  expect(email.value).toBe("visitor@example.com");
  expect(seen).toEqual(["visitor@example.com"]);
});

test("once replayed, nothing more is held", () => {
  const { more } = page();
  holdEarlyInput(document).replay();
  const click = new MouseEvent("click", { bubbles: true, cancelable: true });
  more.dispatchEvent(click);
  expect(click.defaultPrevented).toBe(false);
});

test("a click on what is inside a button (its icon) is held and done again there, as a click on the button", () => {
  document.body.innerHTML = '<form><button type="submit"><svg><path d="M0 0h1"/></svg>Subscribe</button></form>';
  const icon = document.querySelector("path")!;
  let submits = 0;
  const held = holdEarlyInput(document);
  const click = new MouseEvent("click", { bubbles: true, cancelable: true });
  icon.dispatchEvent(click);
  expect(click.defaultPrevented).toBe(true);
  document.querySelector("form")!.addEventListener("submit", (event) => {
    event.preventDefault();
    submits += 1;
  });
  held.replay();
  expect(submits).toBe(1);
});
