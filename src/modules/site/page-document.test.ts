// The page as data in, HTML out: the shell's slots filled, nothing else of it touched.
import { describe, expect, test } from "bun:test";
import { parseShell, renderDocument } from "./page-document.ts";

const SHELL =
  '<!doctype html><html><head><meta charset="utf-8"><!--page:head--><title>Shell</title><!--/page:head-->' +
  '<script type="module" crossorigin src="/index-abcdef12.js"></script></head>' +
  '<body><!--page:root--><div id="root"></div><!--/page:root--></body></html>';

describe("renderDocument", () => {
  test("fills the head and the rendered root, and leaves the script as it is", () => {
    const shell = parseShell(SHELL)!;
    expect(
      renderDocument(shell, {
        head: "<title>Page</title>",
        root: { html: "<main>Hi</main>", tail: '<script type="application/json" id="s">{}</script>' },
      }),
    ).toBe(
      '<!doctype html><html><head><meta charset="utf-8"><title>Page</title>' +
        '<script type="module" crossorigin src="/index-abcdef12.js"></script></head>' +
        '<body><div id="root"><main>Hi</main></div><script type="application/json" id="s">{}</script></body></html>',
    );
  });

  test("without a rendered tree: the empty root, the script as it is", () => {
    const html = renderDocument(parseShell(SHELL)!, { head: "<title>Page</title>" });
    expect(html).toContain('<body><div id="root"></div></body>');
    expect(html).toContain('<script type="module" crossorigin');
    expect(html).not.toContain("<!--page:");
  });

  test("a shell without both slots, or with one twice, is refused", () => {
    expect(parseShell('<!doctype html><div id="root"></div>')).toBeNull();
    expect(parseShell("<!--page:head--><title>x</title><!--/page:head-->")).toBeNull();
    expect(parseShell(`${SHELL}<!--page:root--><div id="root"></div><!--/page:root-->`)).toBeNull();
  });
});
