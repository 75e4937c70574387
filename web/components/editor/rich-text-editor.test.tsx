// The rich-text editor in happy-dom (spec §2.2, §5, DESIGN.md): the spec's toolbar, the link input with its schemes,
// prosemirror-example-setup's keymaps under it, and only the allowlist in what it writes.

import { afterEach, describe, expect, mock, test } from "bun:test";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { withDom } from "@web/test-dom.tsx";
import { RichTextEditor } from "./rich-text-editor.tsx";
import { docToHtml, htmlToDoc } from "./schema.ts";

withDom();

afterEach(cleanup);

const TOOLS = ["Bold", "Italic", "Heading 1", "Heading 2", "Bullet list", "Ordered list", "Paragraph", "Link", "Undo", "Redo"];

function renderEditor(value: string) {
  const onChange = mock();
  render(
    <>
      <span id="label">Description</span>
      <RichTextEditor value={value} onChange={onChange} labelledBy="label" />
    </>,
  );
  const editor = screen.getByRole("textbox", { name: "Description" });
  return { editor, onChange, lastHtml: () => onChange.mock.calls.at(-1)?.[0] as string | undefined };
}

describe("RichTextEditor", () => {
  test("the spec's toolbar, in order", () => {
    renderEditor("");
    expect(screen.getAllByRole("button").map((button) => button.getAttribute("aria-label"))).toEqual(TOOLS);
  });

  test("the link input refuses schemes outside §5, and Cancel closes it", () => {
    renderEditor("<p>Kirtan</p>");
    fireEvent.click(screen.getByRole("button", { name: "Link" }));
    fireEvent.change(screen.getByLabelText("Link URL"), { target: { value: "javascript:alert(1)" } });
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    expect(screen.getByRole("alert").textContent).toBe("Only http, https, ftp, ftps, mailto, tel, callto, sms, cid, xmpp links are allowed");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByLabelText("Link URL")).toBeNull();
  });

  test("example-setup's keymap: Shift-Ctrl-2 makes an h2, Shift-Ctrl-3 too (the allowlist stops at h2)", async () => {
    const { editor, lastHtml } = renderEditor("<p>Satsang</p>");
    editor.focus();
    fireEvent.keyDown(editor, { key: "@", code: "Digit2", keyCode: 50, shiftKey: true, ctrlKey: true });
    await waitFor(() => expect(lastHtml()).toBe("<h2>Satsang</h2>"));
    fireEvent.keyDown(editor, { key: "!", code: "Digit1", keyCode: 49, shiftKey: true, ctrlKey: true });
    await waitFor(() => expect(lastHtml()).toBe("<h1>Satsang</h1>"));
    fireEvent.keyDown(editor, { key: "#", code: "Digit3", keyCode: 51, shiftKey: true, ctrlKey: true });
    await waitFor(() => expect(lastHtml()).toBe("<h2>Satsang</h2>"));
  });
});

describe("the editor's schema", () => {
  const roundTrip = (html: string) => docToHtml(htmlToDoc(html));

  test("keeps the allowlist: p, h1, h2, strong, em, ul, ol, li, a, br", () => {
    const html = "<h1>A</h1><h2>B</h2><p><strong>c</strong> <em>d</em><br>e</p><ul><li><p>f</p></li></ul><ol><li><p>g</p></li></ol>";
    expect(roundTrip(html)).toBe(html);
  });

  test("links open in a new tab with rel 'noopener noreferrer nofollow'; other schemes lose the link", () => {
    expect(roundTrip('<p><a href="https://example.com" title="t">site</a> <a href="javascript:alert(1)">bad</a></p>')).toBe(
      '<p><a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">site</a> bad</p>',
    );
    expect(roundTrip('<p><a href="mailto:om@example.com">mail</a></p>')).toContain('href="mailto:om@example.com"');
  });

  test("drops what the allowlist has not: h3, blockquote, code, images, an ordered list's start", () => {
    expect(
      roundTrip('<h3>Deep</h3><blockquote><p>Quote</p></blockquote><p><code>x</code><img src="/a.png"></p><ol start="3"><li><p>i</p></li></ol>'),
    ).toBe("<p>Deep</p><p>Quote</p><p>x</p><ol><li><p>i</p></li></ol>");
  });

  test("an empty document is the empty string", () => {
    expect(roundTrip("")).toBe("");
    expect(roundTrip("<p></p>")).toBe("");
  });
});
